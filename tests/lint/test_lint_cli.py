"""`gitmem lint` as users and CI call it: targets, selection, exit codes, output, notices."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gitutil import commit_all, git, make_repo, write
from lintutil import cli

BAD = "---\nconfidence: 3\n---\n- Fixed in commit 4f3c2b1a9e.\n"
# a wrong path: the helper is `lib/gone.py` (a path no commit ever held is GM314, off by default)
WARN = "- Helper in `src/gone.py`.\n"
INFO = "- Hosts in `/etc/hosts`.\n"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "r", {
        "memory/bad.md": BAD, "memory/warn.md": WARN, "memory/info.md": INFO,
        "notes/ok.md": "# Fine\n\nNothing to see.\n", "README.md": BAD,
        "lib/gone.py": "x = 1\n", "lib/never.py": "x = 1\n", "lib/x.py": "x = 1\n",
    })


def codes(run_out: str) -> list[tuple[str, str]]:
    return [(f["path"], f["code"]) for f in json.loads(run_out)["findings"]]


def test_default_lints_the_working_tree_and_fails_on_errors(repo: Path) -> None:
    run = cli(repo, "lint", "--format", "json")
    assert run.code == 1
    assert codes(run.out) == [("memory/bad.md", "GM102"), ("memory/bad.md", "GM301"),
                              ("memory/warn.md", "GM311")]
    assert json.loads(run.out)["summary"]["files"] == 4, "README.md is excluded by default"
    # the info note on memory/info.md needs no action: reported only when asked for, as are
    # possible duplicates (docs/rules/GM202.md)
    assert json.loads(run.out)["rules_left_out"] == ["GM202", "GM312", "GM313", "GM314"]
    assert ("memory/info.md", "GM312") in codes(
        cli(repo, "lint", "--format", "json", "--select", "GM3").out)
    write(repo, {"memory/new.md": "---\nprotected: maybe\n---\nx\n"})  # untracked: linted too
    assert ("memory/new.md", "GM102") in codes(cli(repo, "lint", "--format", "json").out)


@pytest.mark.parametrize(("fail_on", "expected"),
                         [("error", 1), ("warning", 1), ("info", 1), ("never", 0)])
def test_fail_on_decides_the_exit_code(repo: Path, fail_on: str, expected: int) -> None:
    write(repo, {".gitmem.toml": f'[lint]\nfail_on = "{fail_on}"\nselect = ["GM"]\n'})
    assert cli(repo, "lint").code == expected
    assert cli(repo, "lint", "memory/info.md").code == (0 if fail_on in ("error", "warning",
                                                                         "never") else 1)
    assert cli(repo, "lint", "memory/warn.md").code == (1 if fail_on in ("warning", "info")
                                                        else 0)


def test_select_and_ignore_by_prefix_and_name(repo: Path) -> None:
    assert codes(cli(repo, "lint", "--format", "json", "--select", "GM3").out) == [
        ("memory/bad.md", "GM301"), ("memory/info.md", "GM312"), ("memory/warn.md", "GM311")]
    run = cli(repo, "lint", "--format", "json", "--select", "GM3,invalid-field",
              "--ignore", "GM31", "--ignore", "unknown-commit")
    assert codes(run.out) == [("memory/bad.md", "GM102")]
    assert run.code == 1
    assert cli(repo, "lint", "--ignore", "GM1", "--ignore", "GM301").code == 0


def test_unknown_select_code_is_a_usage_error_naming_valid_codes(repo: Path) -> None:
    run = cli(repo, "lint", "--select", "GM999")
    assert run.code == 2
    assert "GM999" in run.err and "GM301 (unknown-commit)" in run.err
    assert cli(repo, "lint", "--ignore", "no-such-rule").code == 2
    assert cli(repo, "lint", "--format", "xml").code == 2


def test_unknown_configured_selectors_only_warn(repo: Path) -> None:
    write(repo, {".gitmem.toml": '[lint]\nignore = ["GM9", "GM301"]\nnonsense = 1\n'})
    run = cli(repo, "lint", "--format", "json")
    assert run.code == 1 and ("memory/bad.md", "GM301") not in codes(run.out)
    assert "GM9" in run.err and "nonsense" in run.err
    json.loads(run.out)  # stdout stays pure JSON


def test_paths_restrict_the_report_but_corpus_rules_see_everything(repo: Path) -> None:
    write(repo, {"memory/a.md": "---\nsuperseded_by: memory/b.md\n---\nA\n",
                 "memory/b.md": "---\nsuperseded_by: memory/a.md\n---\nB\n"})
    run = cli(repo, "lint", "--format", "json", "memory/b.md")
    assert codes(run.out) == [("memory/a.md", "GM104")]  # the cycle touches b.md
    assert json.loads(run.out)["summary"]["files"] == 1
    run = cli(repo, "lint", "--format", "json", "notes")
    assert codes(run.out) == [] and run.code == 0
    assert cli(repo, "lint", "nowhere.md").code == 2
    assert cli(repo, "lint", "../outside.md").code == 2


def test_staged_lints_only_what_the_index_changes_with_staged_content(repo: Path) -> None:
    write(repo, {"notes/ok.md": "---\nconfidence: 9\n---\nstaged\n"})
    git(repo, "add", "notes/ok.md")
    write(repo, {"notes/ok.md": "# fixed in the working tree, not staged\n"})
    run = cli(repo, "lint", "--staged", "--format", "json")
    assert codes(run.out) == [("notes/ok.md", "GM102")] and run.code == 1
    git(repo, "reset", "-q")
    run = cli(repo, "lint", "--staged", "--format", "json")
    assert codes(run.out) == [] and run.code == 0


def test_since_lints_only_memories_changed_since_a_revision(repo: Path) -> None:
    base = git(repo, "rev-parse", "HEAD").strip()
    write(repo, {"memory/later.md": "- See `src/never.py`.\n"})
    commit_all(repo, "later")
    run = cli(repo, "lint", "--since", base, "--format", "json", "--select", "GM1,GM3")
    assert codes(run.out) == [("memory/later.md", "GM311")]
    assert cli(repo, "lint", "--since", "no-such-rev").code == 2
    assert cli(repo, "lint", "--since", base, "--staged").code == 2


def test_output_file_and_quiet(repo: Path, tmp_path: Path) -> None:
    target = tmp_path / "report.sarif"
    run = cli(repo, "lint", "--format", "sarif", "--output", str(target))
    assert run.code == 1 and run.out == ""
    assert json.loads(target.read_text())["version"] == "2.1.0"
    assert cli(repo, "lint", "--output", str(tmp_path / "no" / "such" / "dir.txt")).code == 2
    quiet = cli(repo, "lint", "--quiet")
    assert quiet.out.splitlines()[0].startswith("memory/bad.md:2: GM102")
    assert "findings" not in quiet.out and quiet.err == ""


def test_text_has_no_colour_when_not_a_terminal(repo: Path) -> None:
    run = cli(repo, "lint")
    assert "\x1b[" not in run.out
    assert run.out.rstrip().splitlines()[-2].startswith("3 findings (2 errors, 1 warning)")
    assert run.out.rstrip().splitlines()[-1].startswith("GM202 possible-duplicate, GM312")


def test_invalid_config_is_exit_3_and_no_repository_exit_4(repo: Path, tmp_path: Path) -> None:
    write(repo, {".gitmem.toml": '[lint]\nfail_on = "sometimes"\n'})
    run = cli(repo, "lint")
    assert run.code == 3 and "fail_on" in run.err
    empty = tmp_path / "plain"
    empty.mkdir()
    assert cli(empty, "lint").code == 4


def test_broken_files_give_notices_and_the_run_goes_on(repo: Path) -> None:
    write(repo, {"memory/binary.md": b"\x00\x01\x02PNG", "memory/latin.md": b"caf\xe9 `src/x.py`\n",
                 "memory/empty.md": b"", "memory/dash.md": b"---"})
    run = cli(repo, "lint", "--format", "json")
    assert run.code == 1, run
    assert "memory/binary.md" in run.err and "memory/latin.md" in run.err
    assert ("memory/latin.md", "GM311") in codes(run.out)
    assert "internal error" not in run.err


def test_staged_runs_the_staged_change_guards(repo: Path) -> None:
    write(repo, {"memory/pinned.md": "---\nprotected: true\n---\n- Keep the API stable.\n"})
    commit_all(repo, "pin")
    git(repo, "rm", "-q", "--cached", "memory/info.md")
    write(repo, {"memory/pinned.md": "---\nprotected: true\n---\n- Break the API freely.\n"})
    git(repo, "add", "memory/pinned.md")
    run = cli(repo, "lint", "--staged", "--format", "json")
    assert codes(run.out) == [("memory/info.md", "GM402"), ("memory/pinned.md", "GM403")]
    assert run.code == 1
    assert codes(cli(repo, "lint", "--staged", "--format", "json", "--ignore", "GM4").out) == []
    assert codes(cli(repo, "lint", "--staged", "--format", "json", "memory/pinned.md").out) == [
        ("memory/pinned.md", "GM403")]


def test_json_is_the_same_as_format_json(repo: Path) -> None:
    flag, option = cli(repo, "lint", "--json").json(), cli(repo, "lint", "--format", "json").json()
    flag["summary"].pop("seconds"), option["summary"].pop("seconds")
    assert flag == option and flag["findings"]
    assert cli(repo, "lint", "--json", "--format", "sarif").code == 2

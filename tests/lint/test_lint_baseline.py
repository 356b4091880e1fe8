"""`--baseline` / `--write-baseline`: old debt recorded once, only what is new reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gitutil import commit_all, git, make_repo, write
from lintutil import cli

DEBT = {
    "memory/a.md": "- Released in commit 0badc0ffee1.\n- Helper in `src/gone.py`.\n",
    "lib/gone.py": "x = 1\n",  # the helper is in lib/: the memory's path is wrong (GM311)
    "memory/b.md": "---\nconfidence: 7\n---\n- Indent Python code with tabs.\n",
}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "r", DEBT)


def codes(run_out: str) -> list[tuple[str, str]]:
    return [(f["path"], f["code"]) for f in json.loads(run_out)["findings"]]


def test_a_written_baseline_is_sorted_one_entry_a_line_and_silences_old_debt(
    repo: Path, tmp_path: Path,
) -> None:
    before = cli(repo, "lint", "--format", "json")
    assert before.code == 1 and len(codes(before.out)) == 3
    file = repo / ".gitmem-baseline.json"
    wrote = cli(repo, "lint", "--write-baseline", str(file))
    assert wrote.code == 0 and "wrote 3 findings" in wrote.err
    lines = file.read_text().splitlines()
    assert lines[0] == '{"version": 1, "findings": [' and lines[-1] == "]}"
    rows = [json.loads(line.rstrip(",")) for line in lines[1:-1]]
    assert [(r["path"], r["code"]) for r in rows] == sorted((r["path"], r["code"]) for r in rows)
    assert set(rows[0]) == {"fingerprint", "code", "path", "message"}  # no line numbers
    assert cli(repo, "lint", "--write-baseline", str(file)).code == 0
    assert file.read_text().splitlines() == lines  # the same memory writes the same file
    run = cli(repo, "lint", "--baseline", str(file), "--format", "json")
    assert run.code == 0 and codes(run.out) == []
    assert run.json()["baseline"] == {"known": 3, "fixed": []}


def test_moved_lines_stay_known_new_findings_are_reported_and_fixed_ones_listed(
    repo: Path,
) -> None:
    file = repo / "baseline.json"
    cli(repo, "lint", "--write-baseline", str(file))
    write(repo, {"memory/a.md": "# Notes\n\n- Helper in `src/gone.py`.\n"  # moved, hash fixed
                                "- Released in commit 0badc0ffee1.\n"
                                "- Fixed in commit 4f2a9c81be.\n".replace(
                                    "- Released in commit 0badc0ffee1.\n", "")})
    run = cli(repo, "lint", "--baseline", str(file), "--format", "json")
    assert codes(run.out) == [("memory/a.md", "GM301")] and run.code == 1
    assert "4f2a9c81be" in run.json()["findings"][0]["message"]
    fixed = run.json()["baseline"]["fixed"]
    assert [(e["path"], e["code"]) for e in fixed] == [("memory/a.md", "GM301")]
    assert "0badc0ffee1" in fixed[0]["message"]
    text = cli(repo, "lint", "--baseline", str(file))
    assert "1 baseline entry no longer found (fixed)" in text.err
    wrote = cli(repo, "lint", "--write-baseline", str(file))
    assert "dropped 1 fixed" in wrote.err
    assert "0badc0ffee1" not in file.read_text() and "4f2a9c81be" in file.read_text()


def test_a_pull_request_with_a_baseline_sees_only_its_one_contradiction(repo: Path) -> None:
    file = repo / ".gitmem-baseline.json"
    cli(repo, "lint", "--write-baseline", str(file))
    commit_all(repo, "record the debt")
    git(repo, "checkout", "-q", "-b", "agent")
    write(repo, {"memory/c.md": "- Indent Python code with spaces.\n"})
    commit_all(repo, "agent changes its mind")
    full = cli(repo, "lint", "--baseline", str(file), "--format", "json")
    diff = cli(repo, "lint", "--diff", "main", "--baseline", str(file), "--format", "json")
    for run in (full, diff):
        assert [f["code"] for f in run.json()["findings"]] == ["GM211"], run
    assert full.json()["findings"][0]["fingerprint"] == diff.json()["findings"][0]["fingerprint"]
    assert diff.json()["findings"][0]["path"] == "memory/c.md"  # annotated on the new claim
    assert diff.json()["baseline"]["fixed"] == []  # a scoped run cannot tell what is fixed


def test_refusals(repo: Path, tmp_path: Path) -> None:
    assert cli(repo, "lint", "--baseline", str(tmp_path / "none.json")).code == 3
    (tmp_path / "bad.json").write_text("[1, 2]")
    run = cli(repo, "lint", "--baseline", str(tmp_path / "bad.json"))
    assert run.code == 3 and "--write-baseline" in run.err
    run = cli(repo, "lint", "--diff", "HEAD", "--write-baseline", str(tmp_path / "b.json"))
    assert run.code == 2 and not (tmp_path / "b.json").exists()
    assert cli(repo, "lint", "--write-baseline", str(tmp_path / "bad.json")).code == 0  # replaced

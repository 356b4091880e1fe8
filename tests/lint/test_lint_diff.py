"""`gitmem lint --diff REV` and `--staged`: only what a change adds, read from git's own diff."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gitutil import commit_all, git, make_repo, write
from lintutil import cli

OLD = "- Released in commit 0badc0ffee1.\n- Indent Python code with tabs.\n"


def findings(run_out: str) -> list[dict]:
    return json.loads(run_out)["findings"]


def where(run_out: str) -> list[tuple[str, int, str]]:
    return [(f["path"], f["line"], f["code"]) for f in findings(run_out)]


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    # the helper the memories cite as `src/gone.py` is in lib/: a wrong path, GM311
    repo = make_repo(tmp_path / "r", {"memory/old.md": OLD, "memory/style.md": "- Be brief.\n",
                                      "lib/gone.py": "x = 1\n"})
    git(repo, "checkout", "-q", "-b", "topic")
    return repo


def test_old_debt_on_untouched_lines_is_not_reported(repo: Path) -> None:
    assert ("memory/old.md", 1, "GM301") in where(cli(repo, "lint", "--format", "json").out)
    write(repo, {"memory/old.md": OLD + "- The cache bug was fixed in commit 4f2a9c81be.\n",
                 "memory/new.md": "- Helper in `src/gone.py`.\n"})
    commit_all(repo, "topic work")
    run = cli(repo, "lint", "--diff", "main", "--format", "json")
    assert where(run.out) == [("memory/new.md", 1, "GM311"), ("memory/old.md", 3, "GM301")]
    assert run.code == 1
    assert json.loads(run.out)["summary"]["files"] == 2


def test_a_renamed_memory_brings_no_new_lines(repo: Path) -> None:
    git(repo, "mv", "memory/old.md", "memory/moved.md")
    commit_all(repo, "rename")
    run = cli(repo, "lint", "--diff", "main", "--format", "json")
    assert where(run.out) == [] and run.code == 0
    write(repo, {"memory/moved.md": OLD + "- See `src/gone.py`.\n"})  # uncommitted: read too
    assert where(cli(repo, "lint", "--diff", "main", "--format", "json").out) == [
        ("memory/moved.md", 3, "GM311")]


def test_an_untracked_memory_is_wholly_new(repo: Path) -> None:
    write(repo, {"memory/draft.md": "- Fixed in commit 4f2a9c81be.\n"})
    assert where(cli(repo, "lint", "--diff", "main", "--format", "json").out) == [
        ("memory/draft.md", 1, "GM301")]


def test_a_new_claim_contradicting_an_old_one_is_reported_on_the_new_side(repo: Path) -> None:
    write(repo, {"memory/style.md": "- Be brief.\n- Indent Python code with spaces.\n"})
    commit_all(repo, "change of mind")
    pairs = [f for f in findings(cli(repo, "lint", "--diff", "main", "--format", "json").out)
             if f["code"] == "GM211"]
    assert len(pairs) == 1
    pair = pairs[0]
    assert (pair["path"], pair["line"]) == ("memory/style.md", 2)  # the new claim
    assert pair["related"] == [{"path": "memory/old.md", "line": 2}]  # the old side, named
    assert "memory/old.md:2" in pair["message"]
    full = [f for f in findings(cli(repo, "lint", "--format", "json").out) if f["code"] == "GM211"]
    assert [f["fingerprint"] for f in full] == [pair["fingerprint"]]  # one alert, either way


def test_staged_diff_and_full_lint_agree_on_what_is_new(repo: Path) -> None:
    write(repo, {"memory/old.md": "- Fixed in commit 4f2a9c81be.\n" + OLD})
    git(repo, "add", "-A")
    staged = cli(repo, "lint", "--staged", "--format", "json")
    diff = cli(repo, "lint", "--diff", "HEAD", "--format", "json")
    assert where(staged.out) == where(diff.out) == [("memory/old.md", 1, "GM301")]
    full = {(f["line"], f["fingerprint"]) for f in findings(cli(repo, "lint", "--format",
                                                                "json").out)}
    assert (1, findings(staged.out)[0]["fingerprint"]) in full
    assert findings(staged.out)[0]["fingerprint"] == findings(diff.out)[0]["fingerprint"]


def test_diff_refuses_a_bad_revision_and_a_second_scope(repo: Path) -> None:
    assert cli(repo, "lint", "--diff", "no-such-rev").code == 2
    run = cli(repo, "lint", "--diff", "main", "--staged")
    assert run.code == 2 and "cannot be combined" in run.err
    assert cli(repo, "lint", "--diff", "main", "--since", "main").code == 2
    assert cli(repo, "lint", "--diff", "main", "nowhere.md").code == 2

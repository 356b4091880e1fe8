"""Lever 7 of the red-team report: an op killed (or interrupted by Ctrl-C) after its branch
moved leaves the index and the file holding the old content; a plain `git commit` that follows
must not commit that stale index and silently revert the op while `gitmem log` still shows it.
The pre-commit hook finishes the journaled op first (and says so); a commit git builds from a
separate index (`git commit <paths>`) is blocked until a gitmem command has finished it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from gitutil import git, gitmem, make_repo, write

ROOT = Path(__file__).resolve().parents[2]
MEMORY = "---\nname: a\ntype: project\n---\n- A fact.\n"
JOURNAL = ".git/gitmem/journal.json"


def run(repo: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    full = dict(os.environ, PYTHONPATH=str(ROOT), **env)
    return subprocess.run(args, cwd=repo, env=full, capture_output=True, text=True, check=False)


def interrupted_protect(tmp_path: Path, how: str) -> Path:
    repo = make_repo(tmp_path / "repo", {"memory/a.md": MEMORY, "notes.txt": "one\n"})
    assert gitmem(repo, "hooks", "install").code == 0
    variable = {"kill": "GITMEM_TEST_CRASH_AT", "ctrl-c": "GITMEM_TEST_INTERRUPT_AT"}[how]
    done = run(repo, sys.executable, "-m", "gitmem", "protect", "memory/a.md",
               **{variable: "after-move-ref"})
    assert done.returncode == (137 if how == "kill" else 130), done.stderr
    assert (repo / JOURNAL).exists()
    assert "protected" in git(repo, "show", "HEAD:memory/a.md")  # the branch moved
    assert "protected" not in git(repo, "show", ":memory/a.md")  # the index did not
    return repo


def assert_op_in_force(repo: Path) -> None:
    assert "protected: true" in git(repo, "show", "HEAD:memory/a.md")
    assert "protected: true" in (repo / "memory/a.md").read_text()
    assert git(repo, "status", "--porcelain", "--", "memory") == ""
    assert not (repo / JOURNAL).exists()
    log = gitmem(repo, "log")
    assert log.code == 0 and "protect memory/a.md" in log.out, log


@pytest.mark.parametrize("how", ["kill", "ctrl-c"])
@pytest.mark.parametrize("commit_args", [[], ["-a"]], ids=["index", "all"])
def test_a_plain_git_commit_after_an_interrupted_op_does_not_revert_it(
    tmp_path: Path, how: str, commit_args: list[str]
) -> None:
    repo = interrupted_protect(tmp_path, how)
    write(repo, {"notes.txt": "one\ntwo\n"})
    git(repo, "add", "notes.txt")
    done = run(repo, "git", "commit", "-q", "-m", "next", *commit_args)
    assert done.returncode == 0, done.stderr
    assert "finished an interrupted operation (gitmem: protect memory/a.md)" in done.stderr
    assert git(repo, "show", "HEAD:notes.txt") == "one\ntwo\n"  # the person's commit landed
    assert_op_in_force(repo)


def test_a_commit_of_named_paths_is_blocked_until_the_op_is_finished(tmp_path: Path) -> None:
    repo = interrupted_protect(tmp_path, "kill")
    write(repo, {"notes.txt": "one\ntwo\n"})
    head = git(repo, "rev-parse", "HEAD")
    blocked = run(repo, "git", "commit", "-q", "-m", "next", "notes.txt")
    assert blocked.returncode != 0
    assert "interrupted gitmem operation" in blocked.stderr and "gitmem log" in blocked.stderr
    assert git(repo, "rev-parse", "HEAD") == head
    assert gitmem(repo, "log").code == 0  # what the message says to do
    done = run(repo, "git", "commit", "-q", "-m", "next", "notes.txt")
    assert done.returncode == 0, done.stderr
    assert_op_in_force(repo)


def test_an_edit_made_after_the_crash_is_kept_and_its_commit_is_blocked_once(
    tmp_path: Path,
) -> None:
    """The person edits the memory (still the old content) after the crash and commits: their
    edit is never overwritten, but committing it would silently undo the op's change, so the
    hook says so and blocks that commit once."""
    repo = interrupted_protect(tmp_path, "kill")
    edited = MEMORY + "- A line written after the crash.\n"
    write(repo, {"memory/a.md": edited})
    git(repo, "add", "memory/a.md")
    head = git(repo, "rev-parse", "HEAD")
    blocked = run(repo, "git", "commit", "-q", "-m", "my edit")
    assert blocked.returncode != 0
    assert "memory/a.md was edited since" in blocked.stderr, blocked.stderr
    assert "git diff HEAD" in blocked.stderr
    assert git(repo, "rev-parse", "HEAD") == head
    assert (repo / "memory/a.md").read_text() == edited  # never overwritten
    assert not (repo / JOURNAL).exists()
    again = run(repo, "git", "commit", "-q", "-m", "my edit")  # the person's call now
    assert "edited since" not in again.stderr  # (GM403 may still block it: a protected body)

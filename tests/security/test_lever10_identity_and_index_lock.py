"""Lever 10 of the red-team report: the environment git honours. An identity given only in
GIT_AUTHOR_* / GIT_COMMITTER_* (as CI jobs and agents often do) must work as it does for
`git commit`, and override a configured identity role by role, exactly as git does; a stale
`.git/index.lock` must be refused before anything changes (exit 4 promises HEAD unchanged),
not after the op has committed.
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest
from gitutil import git, gitmem, make_repo, snapshot, write

MEMORY = "---\nname: a\ntype: project\n---\n- A fact.\n"
IDENT = "--format=%an%n%ae%n%ad%n%cn%n%ce%n%cd"


def idents(repo: Path, rev: str = "HEAD") -> list[str]:
    return git(repo, "log", "-1", "--date=raw", IDENT, rev).splitlines()


def plain_git_commit(repo: Path) -> list[str]:
    """What `git commit` records with the same environment: the ground truth."""
    write(repo, {"other.txt": f"{time.time_ns()}\n"})
    subprocess.run(["git", "add", "other.txt"], cwd=repo, check=True)
    subprocess.run(["git", "commit", "-q", "--no-verify", "-m", "plain"], cwd=repo, check=True)
    return idents(repo)


ENV_ONLY = {"GIT_AUTHOR_NAME": "Agent Author", "GIT_AUTHOR_EMAIL": "author@agents.example",
            "GIT_COMMITTER_NAME": "CI Committer", "GIT_COMMITTER_EMAIL": "ci@ci.example"}


@pytest.mark.parametrize("env", [
    ENV_ONLY,
    {"GIT_AUTHOR_NAME": "Only The Author Name"},  # the rest from config
    {"GIT_COMMITTER_EMAIL": "robot@ci.example", "GIT_AUTHOR_DATE": "1600000000 +0200",
     "GIT_COMMITTER_DATE": "2021-03-04T05:06:07+0100"},
], ids=["env-only", "author-name", "committer-email-and-dates"])
def test_the_identity_is_the_one_git_commit_would_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, env: dict[str, str]
) -> None:
    repo = make_repo(tmp_path / "repo", {"memory/a.md": MEMORY})
    if env is ENV_ONLY:  # no identity in any config file at all
        (Path(os.environ["HOME"]) / ".gitconfig").write_text("")
        monkeypatch.setenv("EMAIL", "")
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    result = gitmem(repo, "protect", "memory/a.md")
    assert result.code == 0, result
    ours = idents(repo)
    want = plain_git_commit(repo)
    if "GIT_AUTHOR_DATE" not in env:  # the clock moved between the two commits
        ours[2] = want[2] = ""
    if "GIT_COMMITTER_DATE" not in env:
        ours[5] = want[5] = ""
    assert ours == want
    for key, value in env.items():
        if key.endswith(("_NAME", "_EMAIL")):
            assert value in ours


def test_a_stale_index_lock_is_refused_before_anything_changes(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"memory/a.md": MEMORY})
    assert gitmem(repo, "init").code == 0
    lock = repo / ".git/index.lock"
    lock.write_bytes(b"")
    before = snapshot(repo)
    start = time.monotonic()
    result = gitmem(repo, "protect", "memory/a.md")
    seconds = time.monotonic() - start
    assert result.code == 4, result
    assert "index.lock" in result.err and "another git process" in result.err, result
    assert snapshot(repo) == before  # HEAD, index and files exactly as they were
    assert seconds < 5, seconds
    assert lock.exists()  # not ours to remove
    assert "protect" not in gitmem(repo, "log").out
    lock.unlink()  # what the message says to do when no git process is running
    assert gitmem(repo, "protect", "memory/a.md").code == 0
    assert git(repo, "status", "--porcelain") == ""

"""GM105 through git: a real merge leaves conflict markers in a memory; lint reports them and the
pre-commit hook blocks with GM105 (not with GM401, which the hidden claims used to trigger)."""

from __future__ import annotations

import json
from pathlib import Path

from gitutil import commit_all, git, gitmem, make_repo, write
from hookutil import run_git

FRONT = "---\nname: deploy\n---\n"
BASE = "We deploy on Fridays.\nTraffic is low then.\nLunch is at noon.\nThe team is small.\n"
OURS = "We deploy on Tuesdays.\nTraffic is low at night.\nLunch is at two.\nThe team is six.\n"
THEIRS = "We deploy on Mondays.\nTraffic peaks at noon.\nLunch is at one.\n"


def conflicted(tmp_path: Path) -> Path:
    """A real `git merge` (git's own, no driver) that leaves markers around a prose memory both
    sides rewrote: `=======` makes our four sentences a heading, so the staged file seems to
    have lost them."""
    repo = make_repo(tmp_path / "r", {"memory/deploy.md": FRONT + BASE})
    git(repo, "switch", "-q", "-c", "side")
    write(repo, {"memory/deploy.md": FRONT + THEIRS})
    commit_all(repo, "side")
    git(repo, "switch", "-q", "main")
    write(repo, {"memory/deploy.md": FRONT + OURS})
    commit_all(repo, "main")
    assert run_git(repo, "merge", "side").returncode != 0
    assert "<<<<<<< HEAD\n" in (repo / "memory/deploy.md").read_text()
    return repo


def test_lint_reports_the_conflict_a_merge_left(tmp_path: Path) -> None:
    repo = conflicted(tmp_path)
    run = gitmem(repo, "lint", "--format", "json")
    assert run.code == 1 and [f["code"] for f in json.loads(run.out)["findings"]] == ["GM105"]


def test_the_pre_commit_hook_blocks_with_gm105_not_gm401(tmp_path: Path) -> None:
    repo = conflicted(tmp_path)
    assert gitmem(repo, "hooks", "install").code == 0
    git(repo, "add", "memory/deploy.md")
    head = git(repo, "rev-parse", "HEAD")
    proc = run_git(repo, "commit", "--no-edit")
    assert proc.returncode != 0
    assert "GM105" in proc.stderr and "unresolved merge conflict" in proc.stderr
    assert "GM401" not in proc.stderr  # the markers hide claims; that is not a rewrite
    assert git(repo, "rev-parse", "HEAD") == head

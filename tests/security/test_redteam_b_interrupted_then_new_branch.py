"""Red team (sec-b), beyond the report: an op killed after its branch moved, then `git checkout
-b topic` (HEAD still at the op's commit, the stale index carried along), then `git commit` on
that branch: the commit must not revert the op there either (a later merge would carry the
revert back). The recovery finishes the op whenever HEAD is at its commit, whatever the branch;
a checkout of another commit is still left alone (tests/reliability/test_kill_points.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from gitutil import git, gitmem, make_repo, write

ROOT = Path(__file__).resolve().parents[2]
MEMORY = "---\nname: a\ntype: project\n---\n- A fact.\n"


def test_a_commit_on_a_branch_made_after_the_crash_keeps_the_op(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"memory/a.md": MEMORY, "notes.txt": "one\n"})
    assert gitmem(repo, "hooks", "install").code == 0
    killed = subprocess.run(
        [sys.executable, "-m", "gitmem", "protect", "memory/a.md"], cwd=repo,
        env=dict(os.environ, PYTHONPATH=str(ROOT), GITMEM_TEST_CRASH_AT="after-move-ref"),
        capture_output=True, check=False)
    assert killed.returncode == 137
    git(repo, "checkout", "-q", "-b", "topic")
    write(repo, {"notes.txt": "one\ntwo\n"})
    git(repo, "add", "notes.txt")
    done = subprocess.run(["git", "commit", "-q", "-m", "on topic"], cwd=repo,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "finished an interrupted operation" in done.stderr
    assert "protected: true" in git(repo, "show", "topic:memory/a.md")
    assert git(repo, "status", "--porcelain") == ""

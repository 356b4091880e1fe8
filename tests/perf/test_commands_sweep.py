"""`commands_real_repos.py` checks what it runs: an undo that leaves the tree changed is a
problem, and a refusal that changed HEAD, the index or the work tree is one too. (A whole
session is ~45 gitmem runs, too long for the suite: the script's run over the public
repositories is its test.)"""

from __future__ import annotations

import os
from pathlib import Path

from gitutil import git, make_repo

from benchmarks import commands_real_repos as sweep

RULE = "---\ndescription: {what}\nalwaysApply: true\n---\n- {what}.\n"


def _source(root: Path) -> tuple[dict[str, str], Path]:
    repo = make_repo(root, {
        "CLAUDE.md": "# Project\n\n- Run the linter before a push.\n",
        ".cursor/rules/db.mdc": RULE.format(what="Migrations run with alembic"),
        ".cursor/rules/style.mdc": RULE.format(what="Use four spaces in Python files"),
        ".cursor/rules/tests.mdc": RULE.format(what="Tests use a real database"),
        "src/app.py": "print('hi')\n",
    })
    return {"repo": "example/app", "commit": git(repo, "rev-parse", "HEAD").strip()}, repo


def test_an_undo_that_leaves_the_tree_changed_is_reported(tmp_path: Path) -> None:
    _, source = _source(tmp_path / "source")
    work = tmp_path / "work"
    git(tmp_path, "clone", "-q", str(source), str(work))
    session = sweep.Session("example/app", work, 60, dict(os.environ))
    before = session.tree()
    (work / "stray.txt").write_text("left behind\n")
    session.undo_check("undo", before, ["--version"])  # exits 0 and restores nothing
    assert session.rows[-1]["problem"] == "not_restored"
    assert session.stopped


def test_a_refusal_that_changed_the_work_tree_is_reported(tmp_path: Path) -> None:
    _, source = _source(tmp_path / "source")
    work = tmp_path / "work"
    git(tmp_path, "clone", "-q", str(source), str(work))
    session = sweep.Session("example/app", work, 60, dict(os.environ))
    # `git apply --reject` writes the hunk that applies and exits 1 for the one that does not
    patch = tmp_path / "half.patch"
    patch.write_text(
        "--- a/src/app.py\n+++ b/src/app.py\n@@ -1 +1 @@\n-print('hi')\n+print('hello')\n"
        "--- a/CLAUDE.md\n+++ b/CLAUDE.md\n@@ -1 +1 @@\n-# No such line\n+# Changed\n")
    row = session.run("refuse half", ["apply", "--reject", str(patch)], ok=sweep.REFUSALS,
                      refusal=True, git=True)
    assert row is not None and row["exit"] == 1 and row["problem"] == "state_changed", row

"""The pre-commit hook's first job: an op interrupted after its branch moved.

A gitmem op killed (or stopped by Ctrl-C) after it moved the branch leaves the index and the
working tree holding the old content until the next gitmem command finishes it. A plain
`git commit` in between would commit that stale index and silently revert the op, while
`gitmem log` still lists it. So the hook finishes the op before anything else:

- a commit of the whole index (`git commit`, `git commit -a`): git hands the hook the
  repository's index (GIT_INDEX_FILE = `.git/index`, or `.git/index.lock` that git holds and
  renames into place afterwards) and reads it back after the hook, so the op's files are
  written and staged there, and the commit keeps the op;
- a commit git builds from a separate index (`git commit <paths>`, `--only`): the repository's
  own index is locked by git and would still hold the old content after the commit, so the
  commit is blocked until a gitmem command has finished the op.

A memory the person edited after the crash is never overwritten; a commit of that edit would
undo the op's change to it (the edit was made on the old content), so it is blocked once, with
the way to look at it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TextIO

from gitmem.gitrepo import Repo
from gitmem.ops.journal import JOURNAL, recover_interrupted, unfinished_op


def _is_the_repository_index(repo: Repo, index_file: str) -> bool:
    """Whether git's index for this commit is the repository's own (or its lock file)."""
    path = Path(index_file)
    if not path.is_absolute():
        path = Path.cwd() / path  # git runs hooks at the top of the working tree
    return os.path.realpath(path) in {
        os.path.realpath(repo.git_dir / name) for name in ("index", "index.lock")
    }


def finish_interrupted_op(repo: Repo, index_file: str | None, err: TextIO) -> int:
    """Finish or roll back a journaled op before the commit is checked; 1 blocks the commit."""
    if not (repo.state_dir / JOURNAL).exists():
        return 0
    if index_file is None or _is_the_repository_index(repo, index_file):
        kept = recover_interrupted(repo, index_file)  # says what it did on stderr
        if kept:
            err.write(
                "gitmem pre-commit: this commit would record an edit made on the content from "
                "before the operation, undoing its change; the commit is blocked once: look at "
                "`git diff HEAD`, stage what you mean to keep, then commit again\n"
            )
            return 1
        return 0
    summary = unfinished_op(repo)
    if summary is None:
        recover_interrupted(repo)  # a roll-back or a note: the index is not touched
        return 0
    err.write(
        f"gitmem pre-commit: an interrupted gitmem operation ({summary}) is committed but the "
        "index still holds the old content, and this commit (of named paths) cannot bring it "
        "along: run `gitmem log` (any gitmem command finishes it), then commit again\n"
    )
    return 1

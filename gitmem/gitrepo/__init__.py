"""Every git access gitmem makes. THE ONLY package that imports pygit2.

Reads (trees, the index, the working tree, history) and the one write path, `commit_op`, which
builds an op commit from HEAD's tree plus the changed memory blobs, moves the branch with a
compare-and-swap under git's own ref lock, then updates just those paths in the user's index and
working tree. The crash journal that makes that sequence atomic lives in gitmem/ops/journal.py.

One module per concept: `records` (plain values), `commands` (git as a program), `opening`,
`core` (HEAD, state, config), `reading`, `diffs`, `history`, `revert`, `path_checks`,
`committing` (the commit and the ref), `worktree_writes`, `repo` (`Repo`, made of those) and
`code_repo` (the repositories memories cite). Import the names from `gitmem.gitrepo`.
"""

from __future__ import annotations

from gitmem.gitrepo.code_repo import CodeRepo, CommitLookup, UnreadableRepo
from gitmem.gitrepo.commands import clean_git_env, git_as_invoked, merge_file, run_to_the_end
from gitmem.gitrepo.opening import make_state_dir
from gitmem.gitrepo.records import (
    EXEC_MODE,
    FILE_MODE,
    ZERO,
    CommitInfo,
    IndexLockedError,
    StagedEntry,
    hash_blob,
)
from gitmem.gitrepo.repo import Repo

__all__ = [
    "EXEC_MODE",
    "FILE_MODE",
    "ZERO",
    "CodeRepo",
    "CommitInfo",
    "CommitLookup",
    "IndexLockedError",
    "Repo",
    "StagedEntry",
    "UnreadableRepo",
    "clean_git_env",
    "git_as_invoked",
    "hash_blob",
    "make_state_dir",
    "merge_file",
    "run_to_the_end",
]

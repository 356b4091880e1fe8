"""`Repo`: the memory repository, a non-bare repository with a working tree; each concept of
it is a base class in its own module of this package."""

from __future__ import annotations

import os
from pathlib import Path

import pygit2

from gitmem.errors import GitStateError, UsageError
from gitmem.gitrepo.committing import RepoCommits
from gitmem.gitrepo.diffs import RepoDiffs
from gitmem.gitrepo.history import RepoHistory
from gitmem.gitrepo.opening import _open_trusted
from gitmem.gitrepo.path_checks import RepoPathChecks
from gitmem.gitrepo.revert import RepoRevert
from gitmem.gitrepo.worktree_writes import RepoWrites


class Repo(RepoDiffs, RepoHistory, RepoRevert, RepoPathChecks, RepoCommits, RepoWrites):
    """A non-bare repository with a working tree."""

    @classmethod
    def discover(cls, start: str | os.PathLike[str]) -> Repo:
        start_path = Path(start)
        if not start_path.is_dir():
            raise UsageError(f"{start}: no such directory")
        found = pygit2.discover_repository(str(start_path))
        if found is None:
            raise GitStateError(
                f"{start_path.resolve()} is not inside a git repository; run `git init` there "
                "first (or pass -C PATH)"
            )
        repo, trust_env = _open_trusted(found, start_path)
        if repo.is_bare or repo.workdir is None:
            raise GitStateError(
                f"{found} is a bare repository; gitmem needs a working tree: clone it and run "
                "gitmem in the clone"
            )
        return cls(repo, trust_env)

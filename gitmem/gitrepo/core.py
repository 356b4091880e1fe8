"""The base of `Repo`: the pygit2 repository and its folders, HEAD and the state that blocks a
write, identities, configuration and commits by id."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Mapping
from pathlib import Path

import pygit2

from gitmem.errors import GitStateError, UsageError
from gitmem.gitrepo.commands import clean_git_env, run_to_the_end
from gitmem.gitrepo.records import CommitInfo


class RepoCore:
    """What every part of `Repo` stands on."""

    def __init__(self, repo: pygit2.Repository, trust_env: Mapping[str, str] | None = None) -> None:
        self._repo = repo
        # what gitmem's git calls need to work where git trusts the repository only through the
        # caller's environment (gitmem/ownership.py)
        self.trust_env = dict(trust_env or {})
        self.root = Path(repo.workdir).resolve()
        self._root_prefix = os.path.join(str(self.root), "")  # "/abs/root/": joined by f-string
        self.git_dir = Path(repo.path).resolve()
        self.state_dir = self.git_dir / "gitmem"
        self._leaving_dirs: dict[str, bool] = {}  # leaves_worktree of a directory, for reads

    def git_env(self) -> dict[str, str]:
        """The environment for git subprocesses in this repository."""
        return {**clean_git_env(), **self.trust_env}

    def head_id(self) -> str | None:
        """The commit HEAD points at, or None on an unborn branch."""
        if self._repo.head_is_unborn:
            return None
        return str(self._repo.head.target)

    def branch_ref(self) -> str | None:
        """The full ref HEAD names (`refs/heads/main`), or None when HEAD is detached."""
        if self._repo.head_is_detached:
            return None
        return str(self._repo.references["HEAD"].target)

    def require_writable(self) -> str:
        """Refuse to write an op commit where git itself would need the user's attention."""
        ref = self.branch_ref()
        if ref is None:
            raise GitStateError(
                "HEAD is detached; check out a branch (git switch <branch>) before running an "
                "operation that commits"
            )
        state = self._repo.state()
        if state != pygit2.enums.RepositoryState.NONE:
            name = pygit2.enums.RepositoryState(state).name.lower().replace("_", " ")
            raise GitStateError(
                f"a {name} is in progress; finish or abort it first (see `git status`)"
            )
        return ref

    def signatures(self) -> tuple[pygit2.Signature, pygit2.Signature]:
        """The author and committer `git commit` would record (environment first, then config,
        role by role: gitmem/identity.py); InvalidInputError when git has none."""
        from gitmem.identity import git_ident

        out = []
        for role in ("AUTHOR", "COMMITTER"):
            ident = git_ident(self.root, role)
            out.append(pygit2.Signature(ident.name, ident.email, ident.time, ident.offset))
        return out[0], out[1]

    def config_entries(self, prefix: str = "gitmem.") -> dict[str, str]:
        out: dict[str, str] = {}
        for entry in self._repo.config:
            if entry.name.startswith(prefix) and entry.value is not None:
                out[entry.name] = entry.value
        return out

    def resolve_commit(self, rev: str) -> str:
        """A full commit id for a revision expression; UsageError when it names no commit."""
        try:
            obj = self._repo.revparse_single(rev)
            commit = obj.peel(pygit2.Commit)
        except pygit2.AmbiguousError:
            raise UsageError(f"{rev!r} is ambiguous; give more characters of the id") from None
        except (KeyError, ValueError, pygit2.GitError, pygit2.InvalidSpecError):
            raise UsageError(f"{rev!r} does not name a commit in this repository") from None
        return str(commit.id)

    def _commit(self, commit_id: str) -> pygit2.Commit:
        return self._repo[commit_id].peel(pygit2.Commit)

    def commit_info(self, commit_id: str) -> CommitInfo:
        c = self._commit(commit_id)
        return CommitInfo(
            str(c.id), c.message, c.commit_time, c.commit_time_offset, tuple(map(str, c.parent_ids))
        )

    def is_shallow(self) -> bool:
        return bool(self._repo.is_shallow)

    def run_git(self, *args: str, input: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
        return run_to_the_end(["git", *args], cwd=self.root, input=input,
                              extra_env=self.trust_env)

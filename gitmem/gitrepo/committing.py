"""The op commit and the branch: build the commit object, then move the ref by compare-and-swap
under git's own ref lock (and clear the lock a killed gitmem left)."""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pygit2

from gitmem.errors import GitStateError
from gitmem.gitrepo.core import RepoCore
from gitmem.gitrepo.records import FILE_MODE
from gitmem.model import FileChange


class RepoCommits(RepoCore):
    """Writing commit objects and moving refs."""

    def build_commit(self, message: str, changes: Sequence[FileChange], parent: str | None) -> str:
        """Write blobs, a tree (HEAD's tree plus the changes) and a commit; move no ref."""
        author, committer = self.signatures()
        index = pygit2.Index()
        if parent is not None:
            index.read_tree(self._repo[parent].tree)
        for change in changes:
            if change.after is None:
                if change.path in index:
                    index.remove(change.path)
                continue
            blob = self._repo.create_blob(change.after)
            mode = FILE_MODE
            if change.path in index:
                mode = index[change.path].mode
            index.add(pygit2.IndexEntry(change.path, blob, mode))
        tree = index.write_tree(self._repo)
        parents = [pygit2.Oid(hex=parent)] if parent else []
        return str(self._repo.create_commit(None, author, committer, message, tree, parents))

    def move_ref(
        self, ref: str, new: str, expected: str | None, message: str,
        step: Callable[[str], None] | None = None,
    ) -> None:
        """Compare-and-swap `ref` from `expected` to `new` under git's ref lock (`step` is
        called with "ref-locked" while the lock is held: a crash point of tests/reliability)."""
        try:
            with self._repo.transaction() as txn:
                txn.lock_ref(ref)
                if step is not None:
                    step("ref-locked")
                current = self._ref_target(ref)
                if current != expected:
                    raise GitStateError(
                        "the branch moved while gitmem was working (another commit landed); "
                        "nothing was changed: run the command again"
                    )
                txn.set_target(ref, pygit2.Oid(hex=new), message=message)
        except pygit2.GitError as exc:
            raise GitStateError(
                f"could not update {ref} ({exc}); another git process may hold its lock: "
                "nothing was changed, run the command again"
            ) from None

    def common_dir(self) -> Path:
        """The directory linked worktrees share (branches, `info/grafts`): the one their
        `commondir` file names, or the git directory itself in a main worktree."""
        pointer = self.git_dir / "commondir"
        if not pointer.is_file():
            return self.git_dir
        return (self.git_dir / pointer.read_text(encoding="utf-8").strip()).resolve()

    def ref_lock_path(self, ref: str) -> Path:
        """The lock file git and libgit2 create beside a ref while they move it (branches live
        in the common directory of linked worktrees)."""
        common = self.common_dir() if ref.startswith("refs/heads/") else self.git_dir
        return common / f"{ref}.lock"

    def drop_stale_ref_lock(self, ref: str, new: str, settle: float = 1.0) -> bool:
        """Remove the ref lock a killed gitmem left; True if one was removed.

        Call only under the op lock with a journal for this ref: then the process that moved it
        is dead. libgit2's lock file is empty from `lock_ref` until it writes `new` just before
        the rename. A lock that holds `new` can only be that process's (nobody else knows the
        id); an empty one could also be a live git's that has just created it, so it is removed
        only once it has stayed empty for `settle` seconds (git holds a ref lock for
        microseconds). A lock with other content belongs to someone else and is left alone."""
        lock = self.ref_lock_path(ref)
        deadline = time.monotonic() + settle + 1.0
        while True:
            try:
                before = os.lstat(lock)
                data = lock.read_bytes() if stat.S_ISREG(before.st_mode) else b"?"
            except FileNotFoundError:
                return False
            ours = data.strip() == new.encode("ascii")
            settled = data == b"" and time.time() - before.st_mtime >= settle
            if ours or settled:
                after = os.lstat(lock)
                if (after.st_ino, after.st_mtime_ns, after.st_size) == (
                    before.st_ino, before.st_mtime_ns, before.st_size
                ):
                    os.unlink(lock)
                    return True
            if (data and not ours) or time.monotonic() > deadline:
                return False
            time.sleep(0.05)

    def _ref_target(self, ref: str) -> str | None:
        try:
            return str(self._repo.references[ref].resolve().target)
        except (KeyError, pygit2.GitError):
            return None

    def ref_target(self, ref: str) -> str | None:
        return self._ref_target(ref)

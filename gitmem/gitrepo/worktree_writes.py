"""After the branch moved: write the op's files into the working tree (never over a person's
edit made meanwhile) and stage them under git's own index.lock."""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from gitmem import safe_write
from gitmem.errors import GitStateError
from gitmem.gitrepo.commands import run_to_the_end
from gitmem.gitrepo.reading import RepoReads
from gitmem.gitrepo.records import IndexLockedError, hash_blob


class RepoWrites(RepoReads):
    """Updating the working tree and the index for the paths an op changed."""

    def sync_paths(
        self,
        changes: Sequence[tuple[str, bytes | None]],
        *,
        old_blobs: Mapping[str, str | None] | None = None,
        step: Callable[[str], None] | None = None,
        lock_timeout: float = 10.0,
        index_file: str | None = None,
    ) -> list[str]:
        """Make the working tree and the index hold exactly this content for these paths.

        With `old_blobs` (path -> the blob the file held before the op, None for absent), a file
        that holds neither that nor the new content was edited by someone while the op ran: it
        is left alone, in the working tree and the index, and returned. `step` is called with
        "after-worktree-file" after each file and "after-worktree" before the index is written
        (the crash points of tests/reliability). `index_file`: the index to stage into (the
        one a running `git commit` hands its pre-commit hook), else the repository's own."""
        kept: list[str] = []
        done: list[str] = []
        for path, data in changes:
            try:
                safe_write.check_writable(self.root, path)
            except safe_write.UnsafePathError:  # a link appeared on the way since the check
                kept.append(path)
                continue
            if old_blobs is not None and path in old_blobs:
                if not self._replace_unedited(path, data, old_blobs[path], step):
                    kept.append(path)
                    continue
            else:
                self._write_worktree(path, data, step)
            done.append(path)
            if step is not None:
                step("after-worktree-file")
        if step is not None:
            step("after-worktree")
        self._update_index(done, lock_timeout, index_file)
        return kept

    def _replace_unedited(self, path: str, data: bytes | None, old_blob: str | None,
                          step: Callable[[str], None] | None) -> bool:
        """Write `data` over a file only while it still holds `old_blob` (or already `data`);
        False, with the person's bytes left in place, when someone edited it during the op.

        The file is read through an open descriptor and that descriptor is checked again after
        the rename: a write that reached the old file between the check and the rename (the
        person's editor still had it open) is noticed and their content put back."""
        full = self.root / path
        wanted = None if data is None else hash_blob(data)
        try:
            fd = os.open(full, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            if self._worktree_blob(path) not in (old_blob, wanted):
                return False
            self._write_worktree(path, data, step)
            return True
        try:
            before = os.fstat(fd)
            seen = b"".join(iter(lambda: os.read(fd, 1 << 20), b""))
            if not stat.S_ISREG(before.st_mode) or (
                hash_blob(self.to_odb(path, seen)) not in (old_blob, wanted)
            ):
                return False
            self._write_worktree(path, data, step)
            after = os.fstat(fd)
            if (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns):
                return True
            os.lseek(fd, 0, os.SEEK_SET)
            theirs = b"".join(iter(lambda: os.read(fd, 1 << 20), b""))
        finally:
            os.close(fd)
        self._write_worktree(path, theirs)  # their edit landed in the old file: keep it
        return False

    def _worktree_blob(self, path: str) -> str | None:
        """The blob id of a working-tree file; None when absent; "not-a-file" for anything else."""
        data = self.read_worktree(path)
        if data is None:
            return "not-a-file" if os.path.lexists(self.root / path) else None
        return hash_blob(self.to_odb(path, data))

    def _write_worktree(
        self, path: str, data: bytes | None, step: Callable[[str], None] | None = None
    ) -> None:
        """Write (or remove) a working-tree file without following any link on the way; the
        new copy is made in the git dir (`scratch_dir`), never in the working tree."""
        if data is None:
            safe_write.remove_file(self.root, path)
            return
        safe_write.write_file(self.root, path, self.to_worktree(path, data),
                              scratch=self.scratch_dir, step=step)

    @property
    def scratch_dir(self) -> Path:
        """Where new copies of working-tree files are written before being renamed into place
        (this worktree's own git dir: `.git/gitmem/tmp`, `.git/worktrees/<name>/gitmem/tmp`)."""
        return self.state_dir / "tmp"

    def _update_index(self, paths: Sequence[str], lock_timeout: float,
                      index_file: str | None = None) -> None:
        """Stage exactly these paths as they now are in the working tree.

        `git update-index` does the read-modify-write of the index under git's own index.lock, so
        a `git add` or `git commit` running at the same time is never overwritten by a stale copy
        (libgit2's Index.write rewrites the whole index from what it read earlier). When a live
        git process holds the lock, wait for it, up to `lock_timeout` seconds."""
        if not paths:
            return
        listing = b"".join(p.encode("utf-8", "surrogateescape") + b"\0" for p in paths)
        deadline = time.monotonic() + lock_timeout
        while True:
            proc = run_to_the_end(
                ["git", f"--git-dir={self.git_dir}", f"--work-tree={self.root}", "update-index",
                 "--add", "--remove", "-z", "--stdin"],
                cwd=self.root, input=listing,
                extra_env={**self.trust_env,
                           **({} if index_file is None else {"GIT_INDEX_FILE": index_file})},
            )
            if proc.returncode == 0:
                self._repo.index.read(True)
                return
            error = proc.stderr.decode("utf-8", "replace").strip()
            if "index.lock" in error and time.monotonic() > deadline:
                raise IndexLockedError(
                    "the operation is committed and its files are written, but another git "
                    "process held .git/index.lock, so the index still lists the old content; "
                    "once it ends (or, if no git process is running, after removing "
                    ".git/index.lock) run any gitmem command to finish the operation"
                )
            if "index.lock" not in error:
                raise GitStateError(
                    f"the operation is committed but the index could not be updated ({error}); "
                    "run any gitmem command to finish the operation"
                )
            time.sleep(0.02)

    def require_index_unlocked(self, wait: float = 1.0) -> None:
        """Refuse (exit 4, before anything changes) while `.git/index.lock` exists: an op could
        move the branch but never stage its files. A live git holds it for milliseconds, so it
        is waited for up to `wait` seconds; one that stays is a running `git commit` (its
        editor open) or the leftover of a crashed git."""
        lock = self.git_dir / "index.lock"
        deadline = time.monotonic() + wait
        while os.path.lexists(lock):
            if time.monotonic() > deadline:
                raise GitStateError(
                    f"{lock} exists: another git process is running in this repository (finish "
                    "it, e.g. close the editor of a `git commit`), or one crashed and left the "
                    "lock behind (then remove the file); nothing was changed: run the command "
                    "again"
                )
            time.sleep(0.02)

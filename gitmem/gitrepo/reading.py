"""Reading content: commit trees, the index, blobs and the working tree (without following a
link out of it), with git's clean and smudge filters."""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

import pygit2

from gitmem.errors import GitStateError
from gitmem.gitrepo.core import RepoCore
from gitmem.gitrepo.records import EXEC_MODE, FILE_MODE

_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


def _is_regular_file(full: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(full).st_mode)
    except OSError:
        return False


class RepoReads(RepoCore):
    """Reading trees, the index, blobs and the working tree."""

    def tree_files(self, rev: str | None = "HEAD") -> dict[str, str]:
        """path -> blob id of every file in a commit's tree ({} on an unborn branch)."""
        if rev is None or (rev == "HEAD" and self.head_id() is None):
            return {}
        commit_id = self.resolve_commit(rev)
        listed = self._git_listing(["ls-tree", "-r", "-z", "--full-tree", commit_id], 2)
        if listed is not None:
            return {path: blob for path, blob, _ in listed}
        index = pygit2.Index()
        index.read_tree(self._repo[commit_id].tree)
        return {e.path: str(e.id) for e in index if e.mode in (FILE_MODE, EXEC_MODE)}

    def index_files(self, index_file: str | os.PathLike[str] | None = None) -> dict[str, str]:
        """path -> blob id of every stage-0 entry of the user's index (or of `index_file`).

        Listed by `git ls-files --stage` (milliseconds for 10,000 entries, where a Python loop
        over pygit2 entries takes a fifth of a second); the answer is the one that loop gives,
        whose last entry of a path wins (during a conflict, the highest stage)."""
        env = None
        if index_file is not None:
            env = {"GIT_INDEX_FILE": str(self.root / index_file)}
        listed = self._git_listing(["ls-files", "--stage", "-z"], 1, env)
        if listed is not None:
            return {path: blob for path, blob, _ in listed}
        index = self._index(index_file)
        return {e.path: str(e.id) for e in index if e.mode in (FILE_MODE, EXEC_MODE)}

    def _git_listing(
        self, args: list[str], id_field: int, env: dict[str, str] | None = None
    ) -> list[tuple[str, str, bytes]] | None:
        """(path, blob id, mode) of the regular files `git ls-files --stage` / `git ls-tree -r`
        print, in their order; None when git cannot answer (the caller falls back to pygit2)."""
        try:
            proc = subprocess.run(["git", *args], cwd=self.root, capture_output=True,
                                  env={**self.git_env(), **(env or {})}, check=False)
        except OSError:
            return None
        if proc.returncode != 0:
            return None
        out = []
        for record in proc.stdout.split(b"\0"):
            meta, tab, path = record.partition(b"\t")
            fields = meta.split()
            if tab and len(fields) == 3 and fields[0] in (b"100644", b"100755"):
                out.append((os.fsdecode(path), fields[id_field].decode("ascii"), fields[0]))
        return out

    def index_blobs(self, index_file: str | os.PathLike[str] | None = None) -> dict[str, str]:
        """index_files() computed by `git ls-files` in C: the same answer, but 10,000 entries
        cost milliseconds instead of a Python loop over pygit2 entries (the pre-commit hook)."""
        env = self.git_env()
        if index_file is not None:
            env["GIT_INDEX_FILE"] = str(self.root / index_file)
        proc = subprocess.run(["git", "ls-files", "--stage", "-z"], cwd=self.root,
                              capture_output=True, env=env, check=False)
        if proc.returncode != 0:
            raise GitStateError(
                f"git ls-files failed ({proc.stderr.decode(errors='replace').strip()}); "
                "check the repository with `git status`"
            )
        out = {}
        for record in proc.stdout.split(b"\0"):
            meta, _, path = record.partition(b"\t")
            fields = meta.split()
            if len(fields) == 3 and fields[2] == b"0" and fields[0] in (b"100644", b"100755"):
                out[os.fsdecode(path)] = fields[1].decode()
        return out

    def _index(self, index_file: str | os.PathLike[str] | None) -> pygit2.Index:
        """The user's index, or another index file: while a hook runs for `git commit -a` or
        `git commit <paths>`, git stages into a temporary index and names it in GIT_INDEX_FILE
        (relative paths are relative to the working tree root, where git runs hooks)."""
        if index_file is None:
            index = self._repo.index
            index.read(False)
            return index
        return pygit2.Index(str(self.root / index_file))

    def read_blob(self, blob_id: str) -> bytes:
        """A blob's bytes, straight from the object database (no Blob object is built)."""
        try:
            kind, data = self._repo.odb.read(blob_id)
        except (KeyError, ValueError, pygit2.GitError):
            kind, data = None, b""
        if kind != pygit2.enums.ObjectType.BLOB:
            # not a blob (or absent): fail exactly as reading it as a blob always did
            return self._repo[blob_id].data  # type: ignore[attr-defined,no-any-return]
        return data  # type: ignore[no-any-return]

    def read_at(self, rev: str, path: str) -> bytes | None:
        blob = self.tree_files(rev).get(path)
        return None if blob is None else self.read_blob(blob)

    def blob_in(self, commit_id: str, path: str) -> str | None:
        tree = self._repo[commit_id].tree
        try:
            entry = tree[path]
        except KeyError:
            return None
        return str(entry.id) if entry.type_str == "blob" else None

    def read_worktree(self, path: str) -> bytes | None:
        """A tracked file's bytes in the working tree; None if absent or not a regular file."""
        found = self.read_worktree_stat(path)
        return None if found is None else found[0]

    def read_worktree_stat(self, path: str) -> tuple[bytes, os.stat_result] | None:
        """A working-tree file's bytes and the stat data they were read under; None if absent
        or not a regular file (a symlink is not followed, a FIFO is not waited on, a path
        under a directory link that leads out of the working tree is not read). One open and
        one fstat: about a third of the cost of lstat + Path.read_bytes."""
        if "/" in path and self.leaves_worktree(path, cached=True):
            return None
        try:
            fd = os.open(f"{self._root_prefix}{path}", _READ_FLAGS)
        except OSError:
            return None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                return None
            chunks = [os.read(fd, st.st_size + 1)]
            while chunks[-1]:  # a file that grew since the fstat: read to the end
                chunks.append(os.read(fd, 1 << 20))
            return b"".join(chunks), st
        except OSError:
            return None
        finally:
            os.close(fd)

    def leaves_worktree(self, path: str, *, cached: bool = False) -> bool:
        """True when a directory on the way to `path` is a symbolic link out of the working
        tree (or into .git): reading or writing the file would reach somewhere else. `cached`
        remembers the answer per directory for this Repo (reads of many memories); writes ask
        afresh."""
        folder = path.rpartition("/")[0]
        if cached:
            known = self._leaving_dirs.get(folder)
            if known is None:
                known = self._leaving_dirs[folder] = self.leaves_worktree(path)
            return known
        existing = (self.root / path).parent
        while not os.path.lexists(existing) and existing != self.root:
            existing = existing.parent
        parent = existing.resolve()
        outside = parent != self.root and self.root not in parent.parents
        return outside or parent == self.git_dir or self.git_dir in parent.parents

    def worktree_files(self) -> list[str]:
        """Tracked paths plus untracked, not-ignored files of the working tree (no symlinks)."""
        listed = self.worktree_candidates()
        if listed is not None:
            return sorted(p for p in listed if _is_regular_file(self.root / p))
        return self._walk_worktree_files()

    def worktree_candidates(self) -> list[str] | None:
        """Tracked paths and untracked, not-ignored paths as `git ls-files --cached --others
        --exclude-standard` lists them (one C directory walk instead of a Python one asking
        libgit2 about every entry); not checked to exist. None when git cannot answer."""
        try:
            proc = subprocess.run(
                ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                cwd=self.root, capture_output=True, env=self.git_env(), check=False,
            )
        except OSError:
            return None
        if proc.returncode != 0:
            return None
        # an untracked nested repository is listed as "dir/": not a file
        paths = {os.fsdecode(p) for p in proc.stdout.split(b"\0") if p and not p.endswith(b"/")}
        return sorted(paths)

    def _walk_worktree_files(self) -> list[str]:
        tracked = set(self.index_files())
        out = [p for p in tracked if os.path.isfile(self.root / p) and not os.path.islink(self.root / p)]
        for dirpath, dirnames, filenames in os.walk(self.root):
            rel_dir = os.path.relpath(dirpath, self.root)
            rel_dir = "" if rel_dir == "." else rel_dir.replace(os.sep, "/") + "/"
            keep = []
            for d in dirnames:
                if d == ".git" or os.path.islink(os.path.join(dirpath, d)):
                    continue
                if self._repo.path_is_ignored(rel_dir + d + "/"):
                    continue
                keep.append(d)
            dirnames[:] = keep
            for name in filenames:
                rel = rel_dir + name
                if rel in tracked or os.path.islink(os.path.join(dirpath, name)):
                    continue
                if not self._repo.path_is_ignored(rel):
                    out.append(rel)
        return sorted(out)

    def to_odb(self, path: str, data: bytes) -> bytes:
        """A working-tree file's bytes as git stores them: its clean filters applied
        (`core.autocrlf`, `eol=crlf` and `ident` in .gitattributes)."""
        return self._filtered(path, data, pygit2.enums.FilterMode.TO_ODB)

    def to_worktree(self, path: str, data: bytes) -> bytes:
        """Stored bytes as git checks them out: its smudge filters applied."""
        return self._filtered(path, data, pygit2.enums.FilterMode.TO_WORKTREE)

    def _filtered(self, path: str, data: bytes, mode: pygit2.enums.FilterMode) -> bytes:
        try:
            filters = self._repo.load_filter_list(path, mode)
            return data if filters is None else filters.apply_to_buffer(data)
        except (pygit2.GitError, ValueError):
            return data  # a filter libgit2 cannot run: compare and write the bytes as they are

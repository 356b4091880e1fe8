"""Before an op writes: refuse paths it cannot write (git-reserved, too long, not UTF-8, under a
file or a submodule, a folder) and paths with uncommitted changes."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import pygit2

from gitmem import safe_write
from gitmem.errors import GitStateError, UsageError
from gitmem.gitrepo.reading import RepoReads
from gitmem.gitrepo.records import FILE_MODE, ZERO, hash_blob


def _check_name_fits(root: Path, path: str) -> None:
    """Refuse a path git reserves (`.git` in any letter case or with trailing dots or spaces,
    `git~1`, in any folder: libgit2's own rule, asked of an in-memory index) or one longer than
    the file system takes, before anything is written."""
    try:
        pygit2.Index().add(pygit2.IndexEntry(path, pygit2.Oid(hex=ZERO), FILE_MODE))
    except (pygit2.GitError, ValueError):
        raise UsageError(
            f"{path!r} names a folder or file git reserves for itself (like .git in any letter "
            "case, or git~1); choose another name (nothing was changed)"
        ) from None
    try:
        name_max = os.pathconf(root, "PC_NAME_MAX")
    except (OSError, ValueError):
        name_max = 255
    encoded = os.fsencode(path)
    longest = max(encoded.split(b"/"), key=len)
    if len(longest) > name_max or len(os.fsencode(root)) + 1 + len(encoded) > 4095:
        shown = path if len(path) <= 80 else path[:77] + "..."
        raise UsageError(
            f"{shown} is too long for the file system (a name of {len(longest)} bytes; at most "
            f"{name_max}); choose a shorter name (nothing was changed)"
        )


class RepoPathChecks(RepoReads):
    """The checks an op passes before it changes anything."""

    def check_clean(self, paths: Sequence[str], head: str | None) -> None:
        """Refuse when a path the op must change has staged or unstaged edits."""
        index = self._repo.index
        index.read(False)
        tree = self._repo[head].peel(pygit2.Tree) if head else None
        for path in paths:
            self._check_path_shape(path, tree)
            safe_write.check_writable(self.root, path)  # no link on the way, nor at the file
            committed = self.blob_in(head, path) if head else None
            try:
                staged: str | None = str(index[path].id)
            except KeyError:
                staged = None
            data = self.read_worktree(path)
            on_disk = None if data is None else hash_blob(self.to_odb(path, data))
            if os.path.lexists(self.root / path) and data is None:
                on_disk = "not-a-file"
            if staged != committed or on_disk != committed:
                raise GitStateError(
                    f"{path} has uncommitted changes; commit or stash them, then run the "
                    "command again"
                )

    def _check_path_shape(self, path: str, tree: pygit2.Tree | None) -> None:
        """Refuse a path no op can write: one that is not valid UTF-8, one outside the working
        tree or in .git, one whose folder is a file or a submodule (committing it would delete
        that file from the tree), or one that is a folder."""
        try:
            path.encode("utf-8")
        except UnicodeEncodeError:
            shown = path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
            raise UsageError(
                f"the file name {shown} is not valid UTF-8, and an op's commit message names "
                "every file it changes; rename it to a UTF-8 name (git mv), then run again"
            ) from None
        parts = path.split("/")
        if not path or path.startswith("/") or any(p in ("", ".", "..") for p in parts) or (
            parts[0] == ".git"
        ):
            raise UsageError(
                f"{path!r} is not a file path inside the working tree; give a relative path "
                "such as memory/notes.md"
            )
        _check_name_fits(self.root, path)
        for depth in range(1, len(parts) + 1):
            prefix = "/".join(parts[:depth])
            kind = None
            if tree is not None:
                try:
                    kind = tree[prefix].type_str
                except KeyError:
                    kind = None
            on_disk = self.root / prefix
            if depth < len(parts):
                if kind in ("blob", "commit") or (
                    os.path.lexists(on_disk) and not on_disk.is_dir()
                ):
                    what = "a submodule" if kind == "commit" else "a file"
                    raise UsageError(
                        f"{prefix} is {what}, so {path} cannot be created; choose another "
                        "folder (nothing was changed)"
                    )
            elif kind == "tree" or (on_disk.is_dir() and not on_disk.is_symlink()):
                raise UsageError(
                    f"{path} is a folder, not a file; choose another name (nothing was changed)"
                )

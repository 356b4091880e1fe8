"""Opening a repository the way git would (owner trust, SHA-256 refused clearly), and gitmem's
state folder inside it."""

from __future__ import annotations

from pathlib import Path

import pygit2

from gitmem import ownership
from gitmem.errors import GitStateError


def make_state_dir(folder: Path) -> None:
    """Create gitmem's folder in .git (or one inside it), refusing clearly when it cannot be."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise GitStateError(
            f"cannot use {folder} as gitmem's state folder ({exc.strerror}); it must be a "
            "writable directory: move aside whatever is there, then run again"
        ) from None


def _open_trusted(found: str, start: Path) -> tuple[pygit2.Repository, dict[str, str]]:
    """Open the repository at `found`; where libgit2 refuses it for its owner, trust it exactly
    when git does (gitmem/ownership.py), else refuse with the line that trusts it (exit 4)."""
    try:
        return _open_repository(found), {}
    except pygit2.GitError as exc:
        if ownership.NOT_OWNED not in str(exc):
            raise
    root = ownership.work_tree_of(found)
    if not ownership.git_trusts(start, found):
        raise ownership.foreign_owner_error(root) from None
    return _open_unvalidated(found), ownership.trusting_env(root)


def _open_unvalidated(found: str) -> pygit2.Repository:
    """Open a repository whose owner the caller has already vouched for."""
    validating = pygit2.option(pygit2.enums.Option.GET_OWNER_VALIDATION)
    pygit2.option(pygit2.enums.Option.SET_OWNER_VALIDATION, False)
    try:
        return _open_repository(found)
    finally:
        pygit2.option(pygit2.enums.Option.SET_OWNER_VALIDATION, validating)


def _open_repository(found: str) -> pygit2.Repository:
    """pygit2's Repository, or a refusal naming what kind of repository libgit2 cannot read."""
    try:
        return pygit2.Repository(found)
    except pygit2.GitError as exc:
        if "object format" not in str(exc):
            raise
        raise GitStateError(
            f"{found} uses SHA-256 object ids (git init --object-format=sha256); gitmem "
            "reads SHA-1 repositories only, because its git library (libgit2 "
            f"{pygit2.LIBGIT2_VERSION}) cannot open SHA-256 ones: keep the memory in a SHA-1 "
            "repository"
        ) from None

"""The crash journal and the op lock that make an op commit all-or-nothing.

An op commit is three steps: move the branch (atomic, under git's ref lock), then update the
index and the working tree for the op's paths. Before the first step a journal under
`.git/gitmem/` records the old and new commit. If the process dies (Ctrl-C, kill -9, power),
the next gitmem command finishes the job (branch moved: bring index and files up to the new
commit) or drops it (branch not moved: nothing user-visible had changed).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from gitmem import safe_write
from gitmem.errors import GitStateError
from gitmem.gitrepo import Repo, make_state_dir

JOURNAL = "journal.json"
LOCK = "lock"
CRASH_ENV = "GITMEM_TEST_CRASH_AT"
INTERRUPT_ENV = "GITMEM_TEST_INTERRUPT_AT"


def crash_point(step: str) -> None:
    """Test hook: die as `kill -9` would at a named step of an op when GITMEM_TEST_CRASH_AT names
    it, or stop as Ctrl-C would when GITMEM_TEST_INTERRUPT_AT does (tests/reliability,
    tests/security). Inert unless one of those variables is set to exactly this step."""
    if os.environ.get(CRASH_ENV) == step:
        os._exit(137)
    if os.environ.get(INTERRUPT_ENV) == step:
        raise KeyboardInterrupt


@contextlib.contextmanager
def op_lock(repo: Repo, timeout: float = 10.0) -> Iterator[None]:
    """Serialise gitmem writers. flock is released by the kernel if the holder dies."""
    make_state_dir(repo.state_dir)
    fd = os.open(repo.state_dir / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    deadline = time.monotonic() + timeout
    try:
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EACCES):
                    raise
                if time.monotonic() > deadline:
                    raise GitStateError(
                        "another gitmem operation is running in this repository; wait for it to "
                        "finish and run the command again"
                    ) from None
                time.sleep(0.05)
        yield
    finally:
        os.close(fd)


def write_journal(repo: Repo, entry: dict[str, Any]) -> None:
    make_state_dir(repo.state_dir)
    safe_write.write_file(repo.state_dir, JOURNAL, json.dumps(entry).encode("utf-8"),
                          scratch=None)


def clear_journal(repo: Repo) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(repo.state_dir / JOURNAL)


def _read_journal(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, RecursionError):  # damaged: not a journal we can follow
        return {}
    return data if isinstance(data, dict) else {}


def recover_interrupted(repo: Repo, index_file: str | None = None) -> list[str] | None:
    """Finish or drop an op that a dead process left half-done, saying what was done on
    stderr; return the paths whose edit made since was kept (None when there was no journal).
    `index_file`: stage into this index (a running `git commit`'s, from its pre-commit hook)."""
    path = repo.state_dir / JOURNAL
    if not path.exists():
        return None
    kept: list[str] = []
    with op_lock(repo):
        entry = _read_journal(path)
        if entry is None:
            return None  # a live op finished while we waited for the lock
        message = _recover(repo, entry, index_file, kept)
        clear_journal(repo)
    if message:
        sys.stderr.write(f"gitmem: {message}\n")
    for rel in kept:
        sys.stderr.write(
            f"gitmem: {rel} was edited since; your edit was kept, but it was made on the "
            f"content before the operation (the operation's version is committed: see "
            f"`git diff HEAD -- {rel}`)\n"
        )
    say_set_aside(repo)
    return kept


def say_set_aside(repo: Repo) -> None:
    """Name each version of a file that two edits made during an op left out of the working
    tree (gitrepo.Repo.set_aside): nothing is lost, but a person has to pick what to keep."""
    for rel, saved in repo.set_aside:
        sys.stderr.write(
            f"gitmem: warning: {rel} was written twice while the operation ran; one "
            f"version is in the working tree, the other is saved as {saved} (compare them "
            f"with `git diff --no-index {saved} {rel}`)\n"
        )
    repo.set_aside.clear()
    sys.stderr.flush()


def unfinished_op(repo: Repo) -> str | None:
    """The summary of a journaled op whose branch moved but whose index and files were never
    brought along (finishing it writes the index); None when there is none."""
    entry = _read_journal(repo.state_dir / JOURNAL)
    if not entry or not isinstance(entry.get("ref"), str):
        return None
    ref = entry["ref"]
    if repo.ref_target(ref) != entry.get("new") or repo.head_id() != entry.get("new"):
        return None
    return str(entry.get("summary", "unknown"))


def _recover(repo: Repo, entry: dict[str, Any], index_file: str | None,
             kept: list[str]) -> str | None:
    ref, old, new = entry.get("ref"), entry.get("old"), entry.get("new")
    paths = entry.get("paths")
    if not isinstance(ref, str) or not isinstance(new, str) or not isinstance(paths, dict):
        return "dropped an unreadable journal of an interrupted operation"
    _drop_temp_files(repo, paths)
    current = repo.ref_target(ref)
    if current == old:
        # killed while libgit2 held the branch lock: git would refuse every commit until the
        # lock file is gone, and the process that made it is dead (we hold the op lock)
        repo.drop_stale_ref_lock(ref, new)
        return f"rolled back an interrupted operation ({entry.get('summary', 'unknown')}): nothing had changed"
    if current != new:
        return "an interrupted operation's branch has moved on since; left the files as they are"
    if repo.head_id() != new:
        # the working tree now belongs to another commit (checked out after the crash): the
        # op is committed on its own branch, and its files must not be written into this one.
        # A branch made at the op's commit (`git checkout -b`) holds the op: it is finished.
        return (
            f"an interrupted operation ({entry.get('summary', 'unknown')}) is committed on "
            f"{ref}, which is no longer checked out; left the files as they are"
        )
    if index_file is None:
        repo.require_index_unlocked()  # before a file is written (a hook passes git's own lock)
    todo: list[tuple[str, bytes | None]] = []
    old_blobs: dict[str, str | None] = {}
    for rel, (old_blob, new_blob) in paths.items():
        todo.append((rel, None if new_blob is None else repo.read_blob(new_blob)))
        old_blobs[rel] = old_blob
    # a file edited after the crash holds neither blob: never overwrite a user's edit
    kept.extend(repo.sync_paths(todo, old_blobs=old_blobs, index_file=index_file))
    return f"finished an interrupted operation ({entry.get('summary', 'unknown')})"


def _drop_temp_files(repo: Repo, paths: dict[str, Any]) -> None:
    """Remove the half-written copies a process killed inside a file write leaves: in the
    scratch folder of the git dir, or (scratch on another file system) beside the file."""
    safe_write.clear_scratch(repo.scratch_dir)
    safe_write.drop_stray_copies(repo.state_dir, JOURNAL, lambda _: False)
    tracked = repo.index_files()
    for rel in paths:
        safe_write.drop_stray_copies(repo.root, rel, tracked.__contains__)

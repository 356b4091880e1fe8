"""Putting back an edit that reached a file while gitmem replaced it.

gitmem replaces a working-tree file by renaming a new copy over it. Someone who opened the old
file just before the rename (an editor, a `>>` in a script) writes into a file that is no longer
in the tree. `Repo._replace_unedited` notices that the old file changed and puts their version
back; putting it back is a rename too, with the same window. Whatever reached the file being
replaced meanwhile is carried over, rename after rename, until one goes by with nothing
written behind it.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path

TRIES = 8


def put_back(
    full: Path, placed: bytes | None, want: bytes, write: Callable[[bytes | None], None]
) -> bytes | None:
    """Make `full` hold `want` (a person's version) where gitmem placed `placed` (None: gitmem
    removed the file), keeping whatever was appended to the file since.

    Returns None when every byte anyone wrote is in the file; else the bytes that could not be
    put in it (someone rewrote the file rather than appending to it, or it kept changing under
    us), for the caller to save elsewhere."""
    for _ in range(TRIES):
        try:
            fd = os.open(full, os.O_RDONLY | os.O_NOFOLLOW)
        except FileNotFoundError:
            if placed is not None:
                return want  # removed since gitmem wrote it: that was someone's choice
            write(want)
            return None
        except OSError:
            return want  # a link or something else now stands there
        try:
            before = os.fstat(fd)
            if not stat.S_ISREG(before.st_mode):
                return want
            now = read_all(fd)
            if placed is None or not now.startswith(placed):
                return want  # replaced by someone's own version: it stays, theirs is saved
            want += now[len(placed):]
            if want == now:
                return None
            late = replaced(fd, before, write, want)
            if late is None:
                return None
        finally:
            os.close(fd)
        if not late.startswith(now):
            return late
        placed, want = want, want + late[len(now):]
    return want


def replaced(fd: int, before: os.stat_result, write: Callable[[bytes | None], None],
             data: bytes | None) -> bytes | None:
    """`write(data)`, a rename over the file open at `fd` (stat'ed `before` it was read): None
    when nothing reached that file since, else all it holds now (a late write into it)."""
    write(data)
    after = os.fstat(fd)
    if (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns):
        return None
    os.lseek(fd, 0, os.SEEK_SET)
    return read_all(fd)


def read_all(fd: int) -> bytes:
    """Everything from the descriptor's position to the end of its file."""
    return b"".join(iter(lambda: os.read(fd, 1 << 20), b""))

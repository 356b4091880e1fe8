"""What gitmem reads out of git as plain values: commits, staged entries, blob ids and modes."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import pygit2

from gitmem.errors import GitStateError

ZERO = "0" * 40
FILE_MODE = pygit2.enums.FileMode.BLOB
EXEC_MODE = pygit2.enums.FileMode.BLOB_EXECUTABLE


class IndexLockedError(GitStateError):
    """git's index.lock stayed held while an op that had already committed tried to stage."""


def hash_blob(data: bytes) -> str:
    return str(pygit2.hash(data))


@dataclass(frozen=True)
class CommitInfo:
    id: str
    message: str
    time: int  # committer time, seconds since the epoch
    offset: int  # committer UTC offset in minutes
    parents: tuple[str, ...]

    @property
    def summary(self) -> str:
        return self.message.split("\n", 1)[0]

    @property
    def iso_date(self) -> str:
        tz = dt.timezone(dt.timedelta(minutes=self.offset))
        return dt.datetime.fromtimestamp(self.time, tz).isoformat()


@dataclass(frozen=True)
class StagedEntry:
    """One memory path the index changes against HEAD."""

    path: str
    status: str  # "added" | "modified" | "deleted" | "renamed"
    old_blob: str | None
    new_blob: str | None
    old_path: str | None = None

"""Hashes a memory wrote about work older than the history it is checked against.

A project moved into a fresh repository as one snapshot commit keeps its memory's log of the
old history ("## 2026-02-11 ... shipped in `f674f9b`"): those commits are in no repository
here. `written_before` reads the copy of a memory in a root commit (where the history began)
and names the hashes it cites on a line dated before that commit, by the line's own date or the
nearest heading above it. A hash the first commit holds with no such date is still checked: an
agent in a new repository that cites a commit has none to cite.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable

_DAY = re.compile(r"(?<!\d)((?:19|20)\d{2})-(\d{1,2})-(\d{1,2})(?!\d)")
_HEADING = re.compile(r"\s{0,3}#{1,6}\s")
_HEX = re.compile(r"(?<![0-9a-fA-F])[0-9a-fA-F]{7,40}(?![0-9a-fA-F])")


def _day(line: str) -> dt.date | None:
    match = _DAY.search(line)
    if match is None:
        return None
    try:
        return dt.date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        return None


def _local_day(commit_time: int, offset: int) -> dt.date | None:
    """The day `commit_time` fell on where it was committed (`offset`: the committer's minutes
    east of UTC), or None when the commit holds a time or an offset no date or zone can (a
    cloned repository may: git fsck lets "99999999999999 +0000" pass)."""
    try:
        zone = dt.timezone(dt.timedelta(minutes=offset))
        return dt.datetime.fromtimestamp(commit_time, zone).date()
    except (ValueError, OverflowError, OSError):
        return None


def written_before(text: str, tokens: Iterable[str], commit_time: int,
                   offset: int = 0) -> set[str]:
    """Of `tokens` (lowercase hex), those `text` cites on a line dated before the day of
    `commit_time` (seconds since the epoch, the root commit's) in the committer's own zone
    (`offset`, minutes east of UTC: a line dated the evening's day in California was written
    that day, though UTC was on the next): by a date on the line itself, else by one in the
    nearest heading above it. Nothing for a commit whose time names no day."""
    wanted = set(tokens)
    began = _local_day(commit_time, offset)
    if began is None:
        return set()
    out: set[str] = set()
    heading_day: dt.date | None = None
    for line in text.split("\n"):
        if _HEADING.match(line):
            heading_day = _day(line)
        cited = {m.group().lower() for m in _HEX.finditer(line)}
        hits = {t for t in wanted if any(c.startswith(t) for c in cited)}
        if not hits:
            continue
        day = _day(line) or heading_day
        if day is not None and day < began:
            out |= hits
    return out

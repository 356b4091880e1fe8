"""Time travel: which commit was current at a date, and a memory's timeline."""

from __future__ import annotations

import datetime as dt

from gitmem import trailers as t
from gitmem.errors import UsageError
from gitmem.gitrepo import Repo


def parse_when(text: str) -> dt.datetime | None:
    """A date or datetime the user typed; a bare date means the end of that day (local time)."""
    try:
        if len(text) == 10:
            day = dt.date.fromisoformat(text)
            return dt.datetime.combine(day, dt.time.max).astimezone()
        when = dt.datetime.fromisoformat(text)
    except ValueError:
        return None
    return when if when.tzinfo else when.astimezone()


def resolve_as_of(repo: Repo, as_of: str) -> str:
    """The commit for --as-of: a revision if it names one, else the newest commit on the
    first-parent line at or before the date."""
    when = parse_when(as_of)
    if when is None:
        return repo.resolve_commit(as_of)
    limit = when.timestamp()
    for commit in repo.walk(first_parent=True):
        if commit.time <= limit:
            return commit.id
    raise UsageError(f"nothing was committed on this branch as of {as_of}")


def path_timeline(repo: Repo, path: str) -> list[dict[str, object]]:
    """Every first-parent commit that changed `path`, newest first, with its op if any."""
    events: list[dict[str, object]] = []
    commits = list(repo.walk(first_parent=True))
    for commit in commits:
        blob = repo.blob_in(commit.id, path)
        parent_blob = repo.blob_in(commit.parents[0], path) if commit.parents else None
        if blob == parent_blob:
            continue
        op = t.gitmem_trailers(commit.message).get(t.OP, (None,))[0]
        events.append({
            "id": commit.id, "date": commit.iso_date, "summary": commit.summary, "op": op,
            "change": "added" if parent_blob is None else "deleted" if blob is None else "modified",
        })
    return events

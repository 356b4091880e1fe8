"""Which claims are still in force: a resolution annotates a losing claim's line instead of
deleting it, and recall, review and the detectors skip claims that carry that note."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Iterator

from gitmem.model import Claim, Memory

SUPERSEDED_NOTE = re.compile(r"\(superseded \d{4}-\d{2}-\d{2} by [^)]*\)")


def superseded_note(day: dt.date, winner: str, reason: str) -> str:
    """The note appended to a losing claim's line: `(superseded 2026-11-22 by memory/a.md: why)`."""
    reason = " ".join(reason.replace(")", "]").replace("(", "[").split())
    # a full stop inside the note would let a sentence splitter cut it off its claim
    reason = re.sub(r"[.!?]+ ", "; ", reason)
    tail = f": {reason}" if reason else ""
    return f"(superseded {day.isoformat()} by {winner}{tail})"


def claim_in_force(claim: Claim) -> bool:
    return SUPERSEDED_NOTE.search(claim.text) is None


def claim_standing(memory: Memory | None, text: str, line: int | None = None,
                   other_than: Claim | None = None) -> Claim | None:
    """The claim of an active memory that says exactly `text` and is still in force, if any:
    the one on `line` when it is there, and never `other_than` (a claim written twice in one
    file pairs its two copies, not one copy with itself)."""
    if memory is None or not memory.active:
        return None
    found = [c for c in memory.claims
             if c.text == text and claim_in_force(c) and c != other_than]
    return next((c for c in found if c.line == line), found[0] if found else None)


def claims_in_force(memories: Iterable[Memory]) -> Iterator[Claim]:
    """Claims of active memories that no resolution has marked superseded."""
    for memory in memories:
        if memory.active:
            yield from (c for c in memory.claims if claim_in_force(c))


def dismissed_until(memory: Memory, partner: str) -> dt.date | None:
    """The latest `do_not_reopen` cooldown this memory records for a partner, if any."""
    entries = memory.meta.get("do_not_reopen")
    latest = None
    if isinstance(entries, list):
        for entry in entries:
            if not isinstance(entry, dict) or entry.get("partner") != partner:
                continue
            before = entry.get("before")
            if isinstance(before, str):
                try:
                    before = dt.date.fromisoformat(before)
                except ValueError:
                    continue
            if isinstance(before, dt.datetime):
                before = before.date()
            if isinstance(before, dt.date) and (latest is None or before > latest):
                latest = before
    return latest


def pair_dismissed(a: Memory, b: Memory, today: dt.date) -> bool:
    """True while either memory records a cooldown for the other that has not expired."""
    for memory, partner in ((a, b.path), (b, a.path)):
        until = dismissed_until(memory, partner)
        if until is not None and today < until:
            return True
    return False

"""Pure planners for review decisions: resolve a pair, dismiss a pair, decide a winner.

A resolution acts on the losing *claim*: when the losing memory holds other claims, that one
line is annotated `(superseded <date> by <path>: <reason>)` and the claim leaves recall; the
whole file is superseded only when the file is that one claim.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from gitmem import trailers as t
from gitmem.errors import GitStateError
from gitmem.memory.fields import annotate_line, editing, set_field
from gitmem.memory.inforce import claim_in_force, dismissed_until, superseded_note
from gitmem.model import Claim, FileChange, Memory, Plan
from gitmem.ops.agent_effects import retire_memory

USER_TYPES = ("user",)
CORRECTION_TAGS = ("correction", "user-correction")
CONFIDENCE_GAP = 0.2


@dataclass(frozen=True)
class Side:
    memory: Memory
    claim: Claim
    evidence: str = "none"  # "verified" | "broken" | "none": how the claim's citations fare


def is_user_correction(memory: Memory) -> bool:
    return (memory.type in USER_TYPES or any(tag in CORRECTION_TAGS for tag in memory.tags)
            or memory.meta.get("source") == "user")


def decide_winner(a: Side, b: Side) -> tuple[Side, Side, str] | None:
    """(winner, loser, basis) by the resolution order, or None when it stays in review:
    a user correction beats an agent's note; then a claim whose citations verify beats one
    without; then confidence when the gap is at least 0.2."""
    user_a, user_b = is_user_correction(a.memory), is_user_correction(b.memory)
    if user_a != user_b:
        return (a, b, "user correction") if user_a else (b, a, "user correction")
    ev_a, ev_b = a.evidence == "verified", b.evidence == "verified"
    if ev_a != ev_b:
        return (a, b, "evidence") if ev_a else (b, a, "evidence")
    conf_a, conf_b = a.memory.confidence, b.memory.confidence
    if conf_a is not None and conf_b is not None and abs(conf_a - conf_b) >= CONFIDENCE_GAP - 1e-9:
        return (a, b, "confidence") if conf_a > conf_b else (b, a, "confidence")
    return None


def _anchor(memory: Memory, claim: Claim) -> tuple[str, bool, bool]:
    """Verbatim text of the claim on its first line, to check the line still says it, and
    whether the note goes right after it: a sentence with more text after it on its line
    ("Never squash merges. Keep pull requests small.") is marked where it ends, or the next
    sentence would carry the note; and whether the line writes the whole claim (then it is
    struck through)."""
    lines = memory.raw.split(b"\n")
    line = lines[claim.line - 1].decode("utf-8", "surrogateescape").rstrip("\r")
    words = claim.text.split()
    # the claim as the line writes it: its words with whatever spacing the file has
    written = re.search(r"\s+".join(map(re.escape, words)), line) if words else None
    if written is not None:
        return written.group(), bool(line[written.end():].strip()), True
    head = claim.text[:40]
    return (head if head and head in line else line.strip()), False, False


def lose_claim(winner: Memory, loser: Memory, claim: Claim, today: dt.date, reason: str,
               basis: str) -> FileChange:
    """The edit that takes one losing claim out of force (both may be in one memory: then
    the winning claim stays in force beside it and only the losing line is annotated)."""
    if loser.protected:
        raise GitStateError(f"{loser.path} is protected; its claims cannot be superseded "
                            f"(run `gitmem unprotect {loser.path}` first if you mean it)")
    in_force = [c for c in loser.claims if claim_in_force(c)]
    if not claim_in_force(claim):
        raise GitStateError(f"{loser.path}:{claim.line} is already marked superseded")
    if len(in_force) <= 1:
        if winner.path == loser.path:  # the winning claim would go with the file
            raise GitStateError(f"{loser.path} holds no other claim in force to keep")
        after = retire_memory(loser, winner.path, today, reason or basis)
        with editing(loser.path):
            after = set_field(after, "resolution_basis", basis)
        return FileChange(loser.path, loser.raw, after)
    note = superseded_note(today, winner.path, reason or basis)
    anchor, inside, whole = _anchor(loser, claim)
    with editing(loser.path):
        return FileChange(loser.path, loser.raw, annotate_line(
            loser.raw, claim.line, anchor, note, after_text=inside, strike=whole))


def resolve_plan(winner: Side, loser: Side, *, today: dt.date, item_id: str, basis: str,
                 reason: str = "", run: str | None = None,
                 confidence: float | None = None) -> Plan:
    change = lose_claim(winner.memory, loser.memory, loser.claim, today, reason, basis)
    paths = dict.fromkeys((loser.memory.path, winner.memory.path))  # one, within a file
    pairs = [(t.OP, "resolve"), *((t.PATH, path) for path in paths),
             (t.ITEM, item_id), (t.KEEP, winner.memory.path),
             (t.SUPERSEDED_BY, winner.memory.path)]
    if confidence is not None:
        pairs.append((t.CONFIDENCE, f"{confidence:.2f}"))
    pairs.append((t.SIGNALS, f"basis={basis.replace(' ', '_')}"))
    if reason.strip():
        pairs.append((t.REASON, reason))
    if run:
        pairs.append((t.RUN, run))
    return Plan(
        op="resolve",
        changes=(change,),
        summary=f"gitmem: resolve {loser.memory.path}:{loser.claim.line} in favour of "
                f"{winner.memory.path}",
        trailers=tuple(pairs),
        klass="match",
        confidence=confidence,
        reason=reason,
        body=f"Kept: {winner.claim.text}\nSuperseded: {loser.claim.text}\nBasis: {basis}.",
    )


def _cooldown(memory: Memory, partner: str, until: dt.date) -> bytes:
    entries = memory.meta.get("do_not_reopen")
    kept = [dict(e) for e in entries if isinstance(e, dict) and e.get("partner") != partner] \
        if isinstance(entries, list) else []
    previous = dismissed_until(memory, partner)
    kept.append({"partner": partner, "before": max(until, previous) if previous else until})
    with editing(memory.path):
        return set_field(memory.raw, "do_not_reopen", kept)


def dismiss_plan(a: Memory, b: Memory, *, until: dt.date, item_id: str,
                 reason: str = "") -> Plan:
    """Record a per-pair cooldown in both memories (keeping the later date)."""
    if a.path == b.path:
        raise GitStateError(
            f"both claims are in {a.path}, and a cooldown is kept per pair of memories, so it "
            f"cannot hold a pair inside one file: resolve it (`gitmem resolve ITEM --keep "
            f"{a.path}:LINE`) or edit the file"
        )
    changes = (FileChange(a.path, a.raw, _cooldown(a, b.path, until)),
               FileChange(b.path, b.raw, _cooldown(b, a.path, until)))
    pairs = [(t.OP, "dismiss"), (t.PATH, a.path), (t.PATH, b.path), (t.ITEM, item_id)]
    if reason.strip():
        pairs.append((t.REASON, reason))
    return Plan(
        op="dismiss",
        changes=changes,
        summary=f"gitmem: dismiss {a.path} ~ {b.path} until {until.isoformat()}",
        trailers=tuple(pairs),
        klass="match",
        reason=reason,
    )

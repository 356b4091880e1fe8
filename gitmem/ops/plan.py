"""Pure planners: memories in, a Plan out. No git, no disk."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence

from gitmem import trailers as t
from gitmem.consistency.analyze import find_pairs
from gitmem.consistency.duplicates import MATCH_THRESHOLD, POSSIBLE_THRESHOLD
from gitmem.consistency.lexicon import Lexicon
from gitmem.errors import GitStateError, InvalidInputError, UsageError
from gitmem.memory.fields import (
    append_to_body,
    drop_empty_frontmatter,
    editing,
    remove_field,
    set_field,
)
from gitmem.memory.inforce import claim_in_force
from gitmem.memory.parse import MAX_TEXT_BYTES
from gitmem.model import FileChange, Memory, Plan
from gitmem.ops.agent_effects import retire_memory, unlist_all


def _scored(plan_trailers: list[tuple[str, str]], klass: str, confidence: float | None,
            signals: dict[str, object]) -> None:
    if confidence is not None:
        plan_trailers.append((t.CONFIDENCE, f"{confidence:.2f}"))
    plan_trailers.append((t.CLASS, klass))
    if signals:
        plan_trailers.append((t.SIGNALS, " ".join(f"{k}={_fmt(v)}" for k, v in signals.items())))


def _fmt(value: object) -> str:
    return f"{value:.2f}" if isinstance(value, float) else str(value).replace(" ", "_")


def _refuse_if_not_whole_text(memory: Memory) -> None:
    """A merge copies claims as text: from a file read with replacement characters or cut at
    the size limit it would copy damaged or missing lines."""
    try:
        memory.raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = memory.raw.count(b"\n", 0, error.start) + 1
        raise InvalidInputError(
            f"{memory.path} is not valid UTF-8 (line {line}), so its claims cannot be copied "
            "exactly; re-save it as UTF-8, then merge"
        ) from None
    if len(memory.raw) > MAX_TEXT_BYTES:
        raise InvalidInputError(
            f"{memory.path} is larger than gitmem reads ({MAX_TEXT_BYTES // 2**20} MiB), so a "
            "merge would leave claims behind; split it first"
        )


def _refuse_if_pinned(memory: Memory, verb: str) -> None:
    if memory.protected:
        raise GitStateError(
            f"{memory.path} is protected and cannot be {verb}; run `gitmem unprotect "
            f"{memory.path}` first if you really mean it"
        )


def supersede_plan(
    old: Memory,
    new: Memory,
    *,
    today: dt.date,
    reason: str = "",
    klass: str = "possible",
    confidence: float | None = None,
    signals: dict[str, object] | None = None,
    indexes: Mapping[str, bytes] | None = None,
) -> Plan:
    """Mark OLD as superseded by NEW (superseded_by + valid_until, and what OLD's layout needs
    for the agent to stop using it: see agent_effects); nothing is deleted. `indexes`: the
    MEMORY.md files that may link OLD, by path."""
    if old.path == new.path:
        raise UsageError(f"cannot supersede {old.path} by itself; name a different memory")
    _refuse_if_pinned(old, "superseded")
    if old.superseded_by == new.path:
        raise GitStateError(f"{old.path} is already superseded by {new.path}; nothing to do")
    if old.superseded_by:
        raise GitStateError(
            f"{old.path} is already superseded by {old.superseded_by}; undo that operation "
            "first (see `gitmem log --path " + old.path + "`) if it should point elsewhere"
        )
    if new.superseded_by:
        raise GitStateError(
            f"{new.path} is itself superseded by {new.superseded_by}; supersede by that one instead"
        )
    after = retire_memory(old, new.path, today, reason)
    unlisted = unlist_all(indexes or {}, [old.path], new, today)
    pairs = [(t.OP, "supersede"), (t.PATH, old.path), (t.PATH, new.path)]
    pairs += [(t.PATH, path) for path in unlisted] + [(t.SUPERSEDED_BY, new.path)]
    _scored(pairs, klass, confidence, signals or {})
    if reason.strip():
        pairs.append((t.REASON, reason))
    return Plan(
        op="supersede",
        changes=(FileChange(old.path, old.raw, after),
                 *(FileChange(path, *pair) for path, pair in unlisted.items())),
        summary=f"gitmem: supersede {old.path} by {new.path}",
        trailers=tuple(pairs),
        klass=klass,
        confidence=confidence,
        signals=signals or {},
        reason=reason,
        body=reason,
    )


_SPACE = re.compile(r"\s+")


def _norm(text: str) -> str:
    return _SPACE.sub(" ", text).strip().casefold().rstrip(".")


def _against_survivor(
    into: Memory, others: Sequence[Memory], match_threshold: float, possible_threshold: float,
    lexicon: Lexicon | None,
) -> tuple[set[tuple[str, int, str]], list[str]]:
    """(absorbed claims a kept claim already says, in the match band; "claim / survivor claim"
    contradictions), through the detector's own candidate pairs: a merge of two 400-claim
    memories must not score 160,000 pairs."""
    survivor = [c for c in into.claims if claim_in_force(c)]
    absorbed = [c for m in others for c in m.claims]
    order = {(c.path, c.line, c.text): n for n, c in enumerate(survivor + absorbed)}
    findings = find_pairs(survivor + absorbed, match_threshold=match_threshold,
                          possible_threshold=possible_threshold, lexicon=lexicon)
    on_survivor = {(c.path, c.line, c.text) for c in survivor}
    repeated: set[tuple[str, int, str]] = set()
    conflicts: list[str] = []
    for pair in findings:
        a, b = sorted((pair.a, pair.b), key=lambda c: order.get((c.path, c.line, c.text), 0))
        later = (b.path, b.line, b.text)
        if later in on_survivor:
            continue  # two claims of the survivor: not this merge's doing
        if pair.kind == "duplicate" and pair.klass == "match":
            repeated.add(later)
        elif pair.kind == "contradiction" and (a.path, a.line, a.text) in on_survivor:
            conflicts.append(f"{b.text} / {a.text}")
    return repeated, conflicts


def merge_plan(
    memories: Sequence[Memory],
    into: Memory,
    *,
    today: dt.date,
    reason: str = "",
    klass: str = "possible",
    confidence: float | None = None,
    signals: dict[str, object] | None = None,
    match_threshold: float = MATCH_THRESHOLD,
    possible_threshold: float = POSSIBLE_THRESHOLD,
    indexes: Mapping[str, bytes] | None = None,
    lexicon: Lexicon | None = None,
) -> Plan:
    """The survivor keeps its text and gains the others' distinct claims; the others are
    superseded by it, never deleted."""
    others = [m for m in memories if m.path != into.path]
    if len({m.path for m in others}) != len(others):
        raise UsageError("a memory is named twice; name each memory once")
    if not others:
        raise UsageError("merge needs at least two different memories")
    if into.superseded_by:
        raise GitStateError(
            f"{into.path} is itself superseded by {into.superseded_by}, so it cannot survive a "
            f"merge; merge into {into.superseded_by} instead (--into {into.superseded_by})"
        )
    for memory in others:
        _refuse_if_pinned(memory, "merged away")
        _refuse_if_not_whole_text(memory)
        if memory.superseded_by:
            raise GitStateError(
                f"{memory.path} is already superseded by {memory.superseded_by}; leave it out"
            )
    repeated, conflicts = _against_survivor(into, others, match_threshold, possible_threshold,
                                             lexicon)
    known = {_norm(c.text) for c in into.claims}
    added: list[str] = []
    folded = 0
    for memory in others:
        for claim in memory.claims:
            key = _norm(claim.text)
            if not key or key in known:
                continue
            if (claim.path, claim.line, claim.text) in repeated:
                folded += 1  # the survivor (or a claim carried before it) says it already
                continue
            known.add(key)
            added.append(f"- {claim.text} (merged from {memory.path})")
    signals = {**(signals or {}), **({"folded": folded} if folded else {}),
               **({"contradicts": len(conflicts)} if conflicts else {})}
    changes = []
    if added:
        with editing(into.path):
            changes.append(FileChange(into.path, into.raw, append_to_body(into.raw, added)))
    for memory in others:
        changes.append(FileChange(memory.path, memory.raw,
                                  retire_memory(memory, into.path, today, reason)))
    unlisted = unlist_all(indexes or {}, [m.path for m in others], into, today)
    changes += [FileChange(path, *pair) for path, pair in unlisted.items()]
    pairs = [(t.OP, "merge"), (t.PATH, into.path)] + [(t.PATH, m.path) for m in others]
    pairs += [(t.PATH, path) for path in unlisted]
    pairs += [(t.SUPERSEDED_BY, into.path)]
    _scored(pairs, klass, confidence, signals)
    if reason.strip():
        pairs.append((t.REASON, reason))
    names = ", ".join(m.path for m in others)
    body = f"{len(added)} distinct claim(s) carried over"
    body += f", {folded} the survivor already says left out." if folded else "."
    body += "".join(f"\nContradicts the survivor: {pair}" for pair in conflicts)
    return Plan(
        op="merge",
        changes=tuple(changes),
        summary=f"gitmem: merge {names} into {into.path}",
        trailers=tuple(pairs),
        klass=klass,
        confidence=confidence,
        signals=signals,
        reason=reason,
        body=f"{body} {reason}".strip(),
    )


def protect_plan(memory: Memory, protect: bool, reason: str = "") -> Plan:
    if memory.protected == protect:
        state = "protected" if protect else "not protected"
        raise GitStateError(f"{memory.path} is already {state}; nothing to do")
    with editing(memory.path):
        if protect:
            after = set_field(memory.raw, "protected", True)
        else:  # a block protect added to a file without frontmatter goes with the field
            after = drop_empty_frontmatter(remove_field(memory.raw, "protected"))
    op = "protect" if protect else "unprotect"
    pairs = [(t.OP, op), (t.PATH, memory.path)]
    if reason.strip():
        pairs.append((t.REASON, reason))
    return Plan(
        op=op,
        changes=(FileChange(memory.path, memory.raw, after),),
        summary=f"gitmem: {op} {memory.path}",
        trailers=tuple(pairs),
        klass="match",
        reason=reason,
    )

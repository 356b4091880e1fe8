"""Review items from detected pairs, and the sweep: resolve what the order decides."""

from __future__ import annotations

import datetime as dt
import secrets
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from gitmem import trailers as t
from gitmem.consistency.analyze import PairFinding
from gitmem.consistency.corpus import corpus_pairs
from gitmem.consistency.judge_cache import JudgeCache
from gitmem.consistency.judged import describe_rejections, judge_pairs
from gitmem.gitrepo import Repo
from gitmem.memory.inforce import claim_standing, pair_dismissed
from gitmem.model import Memory, Plan
from gitmem.ops.evidence import ClaimKey, claim_evidence, claim_key
from gitmem.ops.history import list_ops
from gitmem.ops.resolve import Side, decide_winner, resolve_plan
from gitmem.review_queue import ReviewItem, load_queue
from gitmem.workspace import Workspace


def item_for(pair: PairFinding, source: str, today: dt.date) -> ReviewItem:
    signals = ", ".join(f"{k}={v}" for k, v in sorted(pair.signals.items()))
    return ReviewItem(
        kind=pair.kind, a_path=pair.a.path, a_line=pair.a.line, a_text=pair.a.text,
        b_path=pair.b.path, b_line=pair.b.line, b_text=pair.b.text,
        reason=f"{pair.kind} ({pair.klass}, confidence {pair.confidence:.2f}; {signals})",
        detected_at=today.isoformat(), source=source, confidence=round(pair.confidence, 3),
    )


def detected_pairs(ws: Workspace, memories: Sequence[Memory],
                   today: dt.date | None = None) -> list[PairFinding]:
    """The corpus pass, then the configured judge (if any) on its pairs; rejections of the
    judge's output are reported on stderr."""
    pairs = corpus_pairs(memories, ws.config, today)
    if not ws.config.judge_command:
        return pairs
    texts = {m.path: m.raw.decode("utf-8", "replace") for m in memories}
    judged, report = judge_pairs(pairs, ws.config, texts, JudgeCache.open(ws.repo.state_dir))
    note = describe_rejections(report)
    if note:
        sys.stderr.write(f"gitmem: {note}\n")
        sys.stderr.flush()
    return judged


def wanted(pair: PairFinding) -> bool:
    """What goes to review: contradictions, and duplicates in the match band."""
    return pair.kind == "contradiction" or pair.klass == "match"


def current_items(ws: Workspace, memories: Sequence[Memory],
                  today: dt.date, source: str = "review") -> list[ReviewItem]:
    """Queued items whose claims still stand, plus what the corpus shows now (found by
    `source`: the command looking); deduplicated."""
    by_path = {m.path: m for m in memories}
    fresh = [item_for(p, source, today) for p in detected_pairs(ws, memories, today)
             if wanted(p)]
    items: dict[str, ReviewItem] = {}
    for item in load_queue(ws.repo.state_dir) + fresh:
        if item.id in items:
            continue
        a = claim_standing(by_path.get(item.a_path), item.a_text, item.a_line)
        b = claim_standing(by_path.get(item.b_path), item.b_text, item.b_line, other_than=a)
        if a is None or b is None:
            continue  # resolved, edited or superseded since it was queued
        if item.a_path != item.b_path and pair_dismissed(by_path[item.a_path],
                                                         by_path[item.b_path], today):
            continue
        items[item.id] = ReviewItem(**{**item.__dict__, "a_line": a.line, "b_line": b.line})
    return sorted(items.values(), key=lambda i: (i.detected_at, i.a_path, i.a_line, i.id))


def sides_of(item: ReviewItem, memories: dict[str, Memory],
             evidence: dict[ClaimKey, str]) -> tuple[Side, Side] | None:
    a_mem, b_mem = memories.get(item.a_path), memories.get(item.b_path)
    a = claim_standing(a_mem, item.a_text, item.a_line)
    b = claim_standing(b_mem, item.b_text, item.b_line, other_than=a)
    if a is None or b is None or a_mem is None or b_mem is None:
        return None
    return (Side(a_mem, a, evidence.get(claim_key(a), "none")),
            Side(b_mem, b, evidence.get(claim_key(b), "none")))


@dataclass(frozen=True)
class Decision:
    item: ReviewItem
    plan: Plan | None  # None: stays in review
    basis: str


def new_run_id() -> str:
    return dt.datetime.now().strftime("%Y%m%dT%H%M%S") + "-" + secrets.token_hex(3)


# The strongest reason first: a claim that loses to a user correction must not first win
# against a third claim by weaker evidence (the order of items must not decide outcomes).
BASIS_RANK = {"user correction": 0, "evidence": 1, "confidence": 2}


def undone_items(repo: Repo) -> frozenset[str]:
    """Review items whose resolution a person took back with `gitmem undo`: a scheduled pass
    must not simply apply it again."""
    return frozenset(
        item for op in list_ops(repo, "resolve") if op.undone_by
        for item in op.trailers.get(t.ITEM, ())
    )


def decide(ws: Workspace, corpus: Sequence[Memory], items: Sequence[ReviewItem],
           today: dt.date, run: str, taken_back: frozenset[str] = frozenset()) -> list[Decision]:
    """One decision per contradiction item: a resolve plan when the order decides, else None
    (also for an item in `taken_back`, see `undone_items`); strongest basis first."""
    memories = {m.path: m for m in corpus}
    relevant = {p for i in items for p in (i.a_path, i.b_path) if p in memories}
    evidence = claim_evidence(ws, [memories[p] for p in sorted(relevant)])
    out = []
    for item in items:
        if item.kind != "contradiction":
            continue
        if item.id in taken_back:
            out.append(Decision(item, None, "undone before"))
            continue
        sides = sides_of(item, memories, evidence)
        verdict = decide_winner(*sides) if sides else None
        if verdict is None or verdict[1].memory.protected or \
                verdict[0].memory.path == verdict[1].memory.path:
            out.append(Decision(item, None, "undecided"))
            continue
        winner, loser, basis = verdict
        plan = resolve_plan(winner, loser, today=today, item_id=item.id, basis=basis,
                            reason=f"sweep: {basis}", run=run, confidence=item.confidence)
        out.append(Decision(item, plan, basis))
    return sorted(out, key=lambda d: BASIS_RANK.get(d.basis, len(BASIS_RANK)))

"""Recall: active memories ranked by BM25 over stemmed words, identifiers split into words.

A memory is one document: its name (the file name when it has none), description and tags
(counted twice: they say what the memory is about) and its claims still in force. Words are split at case changes
and punctuation ("EventBus", "event_bus" and "event bus" all give `event` + `bus`; the joined
form `eventbus` is kept too, so a query written either way finds the other) and stemmed with
the Snowball English stemmer. Rare words weigh more (BM25's idf). A small prior then prefers
memories in force, with verified citations and newer: it reorders near ties, it never lifts an
unrelated memory over a relevant one.

Pure: memories and a query in, ranked results out (the command adds the citation verdicts).
"""

from __future__ import annotations

import datetime as dt
import functools
import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import snowballstemmer

from gitmem.memory.inforce import claim_in_force
from gitmem.model import Claim, Memory

K1, B = 1.2, 0.75
LABEL_WEIGHT = 2
_WORD = re.compile(r"[^\W_]+")
_PARTS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+|[^\W\d_A-Za-z]+")
STOPWORDS = frozenset(
    "a an and are as at be but by can do does for from how i if in into is it its me my no not "
    "of on or our should so than that the their then there these they this to us was we what "
    "when where which who why will with you your".split()
)
_STEMMER = snowballstemmer.stemmer("english")


@functools.lru_cache(maxsize=1 << 16)
def _stem(word: str) -> str:
    return str(_STEMMER.stemWord(word))


def terms(text: str) -> list[str]:
    """The words recall compares: lowercased, identifiers split, stop words out, stemmed."""
    out = []
    for word in _WORD.findall(text):
        parts = _PARTS.findall(word)
        lower = word.casefold()
        if len(parts) > 1:
            out += [_stem(p.casefold()) for p in parts if p.casefold() not in STOPWORDS]
            out.append(lower)
        elif lower not in STOPWORDS:
            out.append(_stem(lower))
    return out


def tokens(text: str) -> set[str]:
    return set(terms(text))


def _labels(memory: Memory) -> str:
    parts = [memory.name, " ".join(memory.tags)]  # the name is the file's when none is set
    description = memory.meta.get("description")
    if isinstance(description, str):
        parts.append(description)
    return " ".join(parts)


def _claims(memory: Memory, include_superseded: bool) -> list[Claim]:
    return [c for c in memory.claims if include_superseded or claim_in_force(c)]


def memory_text(memory: Memory, include_superseded: bool = False) -> str:
    """What recall matches against: the labels and the claims still in force (every claim with
    `include_superseded`)."""
    return " ".join([_labels(memory)] + [c.text for c in _claims(memory, include_superseded)])


@dataclass(frozen=True)
class Recalled:
    memory: Memory
    score: float
    snippets: tuple[Claim, ...] = ()


def _date(memory: Memory) -> dt.date | None:
    for key in ("valid_from", "updated", "date", "created"):
        value = memory.meta.get(key)
        if isinstance(value, dt.datetime):
            return value.date()
        if isinstance(value, dt.date):
            return value
    return None


def prior(memory: Memory, evidence: str | None, newest: dt.date | None) -> float:
    """A factor in [0.5, 1.15]: in force, verified and newer memories first."""
    factor = 1.0 if memory.active else 0.5
    if evidence == "verified":
        factor *= 1.1
    elif evidence == "broken":
        factor *= 0.85
    day = _date(memory)
    if day is not None and newest is not None:
        factor *= 1.0 + 0.05 * math.exp(-max((newest - day).days, 0) / 180)
    return factor


def rank_memories(
    memories: Sequence[Memory], query: str, include_superseded: bool = False,
    evidence: Mapping[str, str] | None = None,
) -> list[tuple[Memory, float]]:
    """(memory, score) best first: `recall` without snippets."""
    return [(r.memory, r.score) for r in recall(memories, query, include_superseded, evidence)]


def recall(
    memories: Sequence[Memory], query: str, include_superseded: bool = False,
    evidence: Mapping[str, str] | None = None,
) -> list[Recalled]:
    """Matching memories best first, each with its claims that match best (at most two).

    Superseded memories, and claims a resolution marked superseded, are left out unless
    `include_superseded`. `evidence`: path -> "verified" | "broken", from the citations.
    An empty query lists every memory."""
    pool = [m for m in memories if (include_superseded or m.active)
            and not (m.problems and not m.claims)]
    wanted = list(dict.fromkeys(terms(query)))
    dates = [d for d in map(_date, pool) if d is not None]
    newest = max(dates) if dates else None
    evidence = evidence or {}
    if not wanted:
        found = [Recalled(m, round(prior(m, evidence.get(m.path), newest), 4)) for m in pool]
        return sorted(found, key=lambda r: (-r.score, r.memory.path))
    bags = []
    for memory in pool:
        bag = Counter({t: n * LABEL_WEIGHT for t, n in Counter(terms(_labels(memory))).items()})
        for claim in _claims(memory, include_superseded):
            bag.update(terms(claim.text))
        bags.append(bag)
    size = len(bags)
    average = sum(sum(b.values()) for b in bags) / size if size else 0.0
    df = Counter(t for bag in bags for t in wanted if t in bag)
    idf = {t: math.log(1 + (size - df[t] + 0.5) / (df[t] + 0.5)) for t in wanted}
    found = []
    for memory, bag in zip(pool, bags):
        length = sum(bag.values())
        score = 0.0
        for term in wanted:
            tf = bag.get(term, 0)
            if tf:
                score += idf[term] * tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / average))
        if score > 0:
            score *= prior(memory, evidence.get(memory.path), newest)
            found.append(Recalled(memory, round(score, 4),
                                  _snippets(memory, idf, include_superseded)))
    return sorted(found, key=lambda r: (-r.score, not r.memory.active, r.memory.path))


def _snippets(memory: Memory, idf: Mapping[str, float], include_superseded: bool,
              most: int = 2) -> tuple[Claim, ...]:
    """The claims that hold the most of the query's weight, in file order."""
    scored = []
    for claim in _claims(memory, include_superseded):
        weight = sum(idf[t] for t in set(terms(claim.text)) if t in idf)
        if weight > 0:
            scored.append((weight, claim))
    best = sorted(scored, key=lambda pair: (-pair[0], pair[1].line))[:most]
    return tuple(sorted((c for _, c in best), key=lambda c: c.line))


def memory_evidence(claims: Mapping[tuple[str, int, str], str]) -> dict[str, str]:
    """path -> "broken" when a claim's citation is refuted, else "verified" when one is
    confirmed, from `ops.evidence.claim_evidence`."""
    out: dict[str, str] = {}
    for (path, _, _), verdict in claims.items():
        if out.get(path) != "broken":
            out[path] = verdict
    return out


def with_evidence(found: Sequence[Recalled], evidence: Mapping[str, str]) -> list[Recalled]:
    """`found` with the citation verdicts folded into the scores, sorted again."""
    out = [Recalled(r.memory, round(r.score * prior(r.memory, evidence.get(r.memory.path), None)
                                    / prior(r.memory, None, None), 4), r.snippets)
           for r in found]
    return sorted(out, key=lambda r: (-r.score, not r.memory.active, r.memory.path))

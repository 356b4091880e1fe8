"""The consistency pass over claims: candidate pairs, then each pair judged once.

    find_pairs(claims, tags={path: tags}, scopes={path: globs}, match_threshold=0.86,
               possible_threshold=0.72) -> list[PairFinding]

Features are computed once per claim; candidate generation (candidates.py) bounds the pairs
compared; a contradiction is never also reported as a duplicate. Claims under disjoint scopes
(Cursor globs, scope folders) are not compared. Deterministic order: by (a.path, a.line,
b.path, b.line).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from gitmem.consistency.candidates import candidate_pairs
from gitmem.consistency.contradiction import detect_contradiction_features
from gitmem.consistency.duplicates import (
    MATCH_THRESHOLD,
    POSSIBLE_THRESHOLD,
    classify,
    score_duplicate_features,
)
from gitmem.consistency.features import features
from gitmem.consistency.lexicon import default_lexicon
from gitmem.consistency.scope import scopes_disjoint
from gitmem.model import Claim


@dataclass(frozen=True)
class PairFinding:
    kind: str  # "duplicate" | "contradiction"
    klass: str  # "match" | "possible"
    score: float
    confidence: float
    a: Claim
    b: Claim
    signals: Mapping[str, Any] = field(default_factory=dict)
    identical: bool = False


def find_pairs(
    claims: Sequence[Claim],
    tags: Mapping[str, Sequence[str]] | None = None,
    scopes: Mapping[str, Sequence[str]] | None = None,
    match_threshold: float = MATCH_THRESHOLD,
    possible_threshold: float = POSSIBLE_THRESHOLD,
) -> list[PairFinding]:
    lexicon = default_lexicon()
    tags, scopes = tags or {}, scopes or {}
    cache: dict[str, Any] = {}
    out: list[PairFinding] = []
    for i, j in candidate_pairs(claims, lexicon=lexicon):
        a, b = claims[i], claims[j]
        if a.path != b.path and scopes_disjoint(scopes.get(a.path, ()), scopes.get(b.path, ())):
            continue
        fa = cache.get(a.text) or cache.setdefault(a.text, features(a.text, lexicon))
        fb = cache.get(b.text) or cache.setdefault(b.text, features(b.text, lexicon))
        found = detect_contradiction_features(fa, fb, lexicon)
        if found is not None:
            klass = "match" if found.confidence >= match_threshold else "possible"
            out.append(PairFinding("contradiction", klass, found.confidence, found.confidence,
                                   a, b, dict(found.signals)))
            continue
        dup = score_duplicate_features(fa, fb, tags.get(a.path, ()), tags.get(b.path, ()), lexicon)
        klass = classify(dup.score, match_threshold, possible_threshold)
        if klass is not None:
            out.append(PairFinding("duplicate", klass, dup.score, dup.score, a, b,
                                   dict(dup.signals), dup.identical))
    out.sort(key=lambda p: (p.a.path, p.a.line, p.b.path, p.b.line, p.kind))
    return out

"""The candidate generator gitmem used until issue 15, kept as the benchmark's baseline only.

Keys held by more than DF_CAP claims were dropped and each claim kept its `per_claim` best
partners, so a pair's fate depended on the rest of the repository. `benchmarks/judgment.py`
runs it beside the current generator to show what the caps lost and what they saved.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right, insort
from collections import defaultdict
from collections.abc import Sequence

from gitmem.consistency.candidates import ranked_keys
from gitmem.consistency.lexicon import Lexicon, default_lexicon
from gitmem.model import Claim

DF_CAP = 48


def candidate_pairs(
    claims: Sequence[Claim],
    max_pairs: int | None = None,
    *,
    min_jaccard: float = 0.3,
    min_overlap: float = 0.75,
    per_claim: int = 4,
    df_cap: int | None = None,
    lexicon: Lexicon | None = None,
) -> list[tuple[int, int]]:
    """Index pairs (i < j) worth comparing, best first within each claim, sorted by (i, j)."""
    lexicon = lexicon or default_lexicon()
    key_ranks, frequency = ranked_keys(claims, lexicon)
    informative = bisect_right(frequency, df_cap if df_cap is not None else DF_CAP)
    index: dict[int, list[int]] = defaultdict(list)  # rank -> claims, ascending
    for x, ranks in enumerate(key_ranks):
        for rarest in _prefix(ranks, informative, min_jaccard):
            index[rarest].append(x)
    best: dict[int, list[tuple[float, int]]] = defaultdict(list)  # x -> [(-score, y)], best first
    for x, ranks in enumerate(key_ranks):
        partners: set[int] = set()  # later claims sharing a posting, each scored once
        for rarest in _prefix(ranks, informative, min_jaccard):
            postings = index[rarest]
            partners.update(postings[bisect_right(postings, x) :])
        set_x = frozenset(ranks)
        for y in partners:
            ranks_y = key_ranks[y]
            overlap = len(set_x.intersection(ranks_y))
            similarity = overlap / (len(set_x) + len(ranks_y) - overlap)
            contained = overlap >= min_overlap * min(len(set_x), len(ranks_y))
            if similarity > 0.0 and (similarity >= min_jaccard or contained):
                _keep(best[x], (-similarity, y), per_claim)
                _keep(best[y], (-similarity, x), per_claim)
    chosen: dict[tuple[int, int], float] = {}
    for x, kept in best.items():
        for negated, y in kept:
            chosen[(min(x, y), max(x, y))] = -negated
    pairs = sorted(chosen, key=lambda pair: (-chosen[pair], pair))
    if max_pairs is not None:
        pairs = pairs[:max_pairs]
    return sorted(pairs)


def _prefix(ranks: tuple[int, ...], informative: int, min_jaccard: float) -> tuple[int, ...]:
    """The rarest informative ranks (those below `informative`): a partner with Jaccard >=
    min_jaccard over the informative keys shares at least one of them."""
    rare = ranks[: bisect_left(ranks, informative)]
    return rare[: len(rare) - math.ceil(min_jaccard * len(rare)) + 1]


def _keep(partners: list[tuple[float, int]], entry: tuple[float, int], limit: int) -> None:
    """Insert `entry` into the sorted `partners` if it is among the best `limit`."""
    if len(partners) < limit or (partners and entry < partners[-1]):
        insort(partners, entry)
        if len(partners) > limit:
            partners.pop()

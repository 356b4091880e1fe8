"""The exact set-similarity join under `candidates.candidate_pairs`: every pair of key sets with
Jaccard >= t, found through two shared keys instead of one.

Sets are tuples of key ranks, rarest first, ordered by size. Two sets x, y (|x| = n >= |y| = m)
need an overlap of o = ceil(t / (1 + t) x (n + m)) keys. Their shared keys stand in the same
order in both, so the FIRST shared key `a` lies within x's first n - o + 1 keys and y's first
m - o + 1, and the SECOND shared key `b` within x's first n - o + 2 and y's first m - o + 2.
The join is partitioned by that first key: for each key `a`, the sets holding it where it can
be a first shared key (its position <= n - o for the smallest o the set can need) are joined
through the keys that follow `a` in each, in size order, each set probing the smaller sets
before it. A pair is kept under `a` only when `a` is the least of its shared keys, so each pair
is found once. When o = 1 (two sets of at most 4 keys together at t = 0.3) `a` alone is enough.

Why two keys: with t = 0.3 and 6-key sets, o = 3 and the one-key prefix (All-Pairs, PPJoin) is 5
of the 6 keys, so every frequent key of a memory about a few topics sat in nearly every prefix
and its list was walked for every claim (claims^2.2, 59 s for 57,000 claims). A pair of keys is
held by far fewer sets. Memory is one posting per (set, possible first key), a compact array of
ints, plus the index of the group being joined, freed after it.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Sequence

_EPS = 1e-9


def similar_sets(sets: Sequence[tuple[int, ...]], min_jaccard: float
                 ) -> list[tuple[float, int, int]]:
    """(Jaccard, u, v) for every u < v with Jaccard(sets[u], sets[v]) >= min_jaccard, exactly
    (`similar_pairs`, decoded)."""
    out = []
    for code in similar_pairs(sets, min_jaccard):
        u, v = divmod(code, len(sets))
        shared = len(set(sets[u]).intersection(sets[v]))
        out.append((shared / (len(sets[u]) + len(sets[v]) - shared), u, v))
    return out


def similar_pairs(sets: Sequence[tuple[int, ...]], min_jaccard: float) -> array:
    """u x len(sets) + v for every u < v with Jaccard(sets[u], sets[v]) >= min_jaccard, exactly,
    as one array of ints (8 bytes a pair: at 100,000 files there are millions).

    `sets` are distinct, non-empty, each sorted rarest key first (ranks as ints), and the list
    is ordered by size."""
    t = min_jaccard
    c = t / (1 + t)
    width = max((len(s) for s in sets), default=0) + 1
    count = len(sets)
    sizes = [len(s) for s in sets]

    def need(n: int, m: int) -> int:
        return math.ceil(c * (n + m) - _EPS)

    # Per probe size n: the smallest partner size, the last position of a second shared key,
    # and for each such position i2 which (partner size m, its position j2) can still reach o.
    lowest: dict[int, int] = {}
    last_second: dict[int, int] = {}
    reach: dict[int, list[bytearray]] = {}
    only_one: dict[int, bytes] = {}
    indexed_upto: dict[int, int] = {}
    for n in set(sizes):
        lo = lowest[n] = math.ceil(t * n - _EPS)
        last_second[n] = min(n - max(2, need(n, lo)) + 1, n - 1)
        tables = [bytearray()]
        for i2 in range(1, last_second[n] + 1):
            ok = bytearray(width * (n + 1))
            for m in range(max(lo, 2), n + 1):
                o = need(n, m)
                if i2 <= n - o + 1:
                    for j2 in range(1, min(m - o + 1, m - 1) + 1):
                        ok[m * width + j2] = 1
            tables.append(ok)
        reach[n] = tables
        only_one[n] = bytes(m >= lo and need(n, m) == 1 for m in range(n + 1))
        indexed_upto[n] = n - max(2, math.ceil(2 * c * n - _EPS)) + 1  # partners are larger

    postings: dict[int, array] = {}  # key -> x * width + position, where it can come first
    for x, set_x in enumerate(sets):
        n = sizes[x]
        for i1 in range(n - need(n, lowest[n]) + 1):
            postings.setdefault(set_x[i1], array("q")).append(x * width + i1)

    found = array("q")
    for a in sorted(postings):
        members = postings[a]
        if len(members) < 2:
            continue
        index: dict[int, list[int]] = {}  # second key -> (m * width + j2) * count + y
        tiny: list[int] = []  # sets small enough to meet a partner with o = 1
        for posting in members:
            x, i1 = divmod(posting, width)
            set_x, n = sets[x], sizes[x]
            candidates = set()
            if tiny:
                one = only_one[n]
                candidates.update(y for y in tiny if one[sizes[y]])
            tables = reach[n]
            for i2 in range(i1 + 1, last_second[n] + 1):
                entries = index.get(set_x[i2])
                if entries is not None:
                    ok = tables[i2]
                    for entry in entries:
                        code, y = divmod(entry, count)
                        if ok[code]:
                            candidates.add(y)
            if candidates:
                keys_x = set(set_x)
                for y in candidates:
                    m = sizes[y]
                    shared = keys_x.intersection(sets[y])
                    overlap = len(shared)
                    if overlap >= t * (n + m - overlap) - _EPS and min(shared) == a:
                        found.append(y * count + x)
            if c * (n + 1) <= 1 + _EPS:
                tiny.append(x)
            for j2 in range(i1 + 1, indexed_upto[n] + 1):
                entry = (n * width + j2) * count + x
                entries = index.get(set_x[j2])
                if entries is None:
                    index[set_x[j2]] = [entry]
                else:
                    entries.append(entry)
    return found

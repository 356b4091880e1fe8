"""Candidate pairs without comparing everything with everything.

Each claim is reduced to a set of blocking keys: its content stems, with synonyms folded, numbers
dropped and members of an exclusive class replaced by the class ("tabs", "spaces" ->
"§indentation"), so one-word swaps ("Always squash merges" / "Never squash merges", "PostgreSQL
16" / "PostgreSQL 14", "Use tabs" / "Use spaces") produce identical key sets. Keys held by more
than `df_cap` claims say nothing and are dropped.

Prefix filtering (Bayardo et al.'s all-pairs): with keys ordered rarest first, two sets of
informative keys with Jaccard >= `min_jaccard` must share a key within their prefixes of length
|keys| - ceil(min_jaccard x |keys|) + 1, so only prefixes are indexed and only claims sharing a
posting are compared; the comparison then uses the whole key sets, frequent keys included, so
two claims that share one rare word and nothing else are not a pair. Pairs below `min_jaccard`
are kept when one set is mostly inside the other (overlap >= `min_overlap` x the smaller set)
and they happened to meet. Postings hold at most `df_cap` claims, and each claim keeps its
`per_claim` best partners, so the pair count stays a few per claim. Type, category and file are
never used: within-file pairs count like any other.

Memory follows the claims, not the pairs looked at: a claim's keys are a sorted tuple of ranks
(shared ints), not a frozenset (728 bytes from five members: at 100,000 files, two per claim
made most of a 900 MB peak); each claim gathers its later partners from its postings into one set, so a pair
met in several postings is scored once without a table of every pair scored; and only each
claim's `per_claim` best partners are kept.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left, bisect_right, insort
from collections import defaultdict
from collections.abc import Sequence

from gitmem.consistency.lexicon import Lexicon, default_lexicon
from gitmem.consistency.quantities import unit_dimension
from gitmem.consistency.text import singular_acronym, stem
from gitmem.model import Claim

DF_CAP = 48
_WORD = re.compile(r"[a-z][a-z0-9_+#-]*[a-z0-9+#]|[a-z]", re.IGNORECASE)
_NOT = re.compile(r"n't\b", re.IGNORECASE)


def blocking_keys(text: str, lexicon: Lexicon, cache: dict[str, str | None]) -> frozenset[str]:
    """The keys one claim is blocked on (`cache` maps a word to its key, None for no key)."""
    prepared = _NOT.sub(" not", text.replace("’", "'")).replace("'", " ")
    words = [singular_acronym(w) for w in _WORD.findall(prepared)]  # "PRs" keys as "PR"
    for word in words:
        if word not in cache:
            cache[word] = _key_of(word, lexicon)
    keyed = list(map(cache.__getitem__, words))
    starts, synonym_starts = lexicon.pair_starts, lexicon.synonym_pair_starts
    extra = []
    for at, word in enumerate(words[:-1]):
        if word in starts:
            # a value of two words ("living room", "GitHub Actions") keys on its class as well
            pair = f"{word} {words[at + 1]}"
            if pair not in cache:
                cache[pair] = _class_key_of(pair, lexicon)
            extra.append(cache[pair])
        if stem(word) in synonym_starts:
            stems = f"{stem(word)} {stem(words[at + 1])}"
            if stems in lexicon.synonym_pairs:  # "pull requests" keys as "PRs" does
                synonym = lexicon.canon(stems)
                keyed[at] = keyed[at + 1] = None
                classes = lexicon.classes.get(synonym)
                extra.append("§" + min(classes) if classes else synonym)
    keys = set(keyed) | set(extra)
    keys.discard(None)
    return frozenset(keys)  # type: ignore[arg-type]


def _class_key_of(pair: str, lexicon: Lexicon) -> str | None:
    classes = lexicon.classes.get(" ".join(map(stem, pair.split())))
    return "§" + min(classes) if classes else None


def _key_of(word: str, lexicon: Lexicon) -> str | None:
    if word in ("s", "t", "d", "m", "ll", "re", "ve"):
        return None
    stemmed = stem(word)
    if (
        stemmed in lexicon.marker_words
        or stemmed in lexicon.function_words
        or stemmed in lexicon.directive_terms
        or stemmed in lexicon.negative_terms
        or word in lexicon.negators
    ):
        return None
    dimension = unit_dimension(word)
    if dimension is not None:
        return "§" + dimension  # "14 days" and "two weeks" say one thing
    canonical = lexicon.canon(stemmed)
    classes = lexicon.classes.get(canonical) or lexicon.classes.get(stemmed)
    if classes:
        return "§" + min(classes)
    return canonical


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
    key_ranks, frequency = _ranked_keys(claims, lexicon)
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


def _ranked_keys(
    claims: Sequence[Claim], lexicon: Lexicon
) -> tuple[list[tuple[int, ...]], list[int]]:
    """Each claim's blocking keys as ranks, rarest first, and how many claims hold each rank
    (ties in frequency broken by the key itself, so the order is deterministic)."""
    cache: dict[str, str | None] = {}
    numbers: dict[str, int] = {}  # key -> a number, in order of first appearance
    claim_keys = [tuple(numbers.setdefault(key, len(numbers))
                        for key in blocking_keys(claim.text, lexicon, cache)) for claim in claims]
    counts = [0] * len(numbers)
    for keys in claim_keys:
        for number in keys:
            counts[number] += 1
    ranked = sorted(numbers.items(), key=lambda item: (counts[item[1]], item[0]))
    rank_of = [0] * len(ranked)
    for rank, (_, number) in enumerate(ranked):
        rank_of[number] = rank
    for x, keys in enumerate(claim_keys):
        claim_keys[x] = tuple(sorted(map(rank_of.__getitem__, keys)))
    return claim_keys, [counts[number] for _, number in ranked]


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

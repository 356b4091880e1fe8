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
two claims that share one rare word and nothing else are not a pair. Pairs below `min_jaccard` are kept when one set is mostly inside the other
(overlap >= `min_overlap` x the smaller set) and they happened to meet. Postings hold at most
`df_cap` claims, and each claim keeps its `per_claim` best partners, so the pair count stays a
few per claim. Type, category and file are never used:
within-file pairs count like any other.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Sequence

from gitmem.consistency.lexicon import Lexicon, default_lexicon
from gitmem.consistency.text import stem
from gitmem.model import Claim

DF_CAP = 48
_WORD = re.compile(r"[a-z][a-z0-9_+#-]*[a-z0-9+#]|[a-z]")


def blocking_keys(text: str, lexicon: Lexicon, cache: dict[str, str | None]) -> frozenset[str]:
    """The keys one claim is blocked on (`cache` maps a word to its key, None for no key)."""
    words = _WORD.findall(text.lower().replace("’", "'").replace("n't", " not").replace("'", " "))
    for word in words:
        if word not in cache:
            cache[word] = _key_of(word, lexicon)
    keys = set(map(cache.__getitem__, words))
    keys.discard(None)
    return frozenset(keys)  # type: ignore[arg-type]


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
    cache: dict[str, str | None] = {}
    raw_keys = [blocking_keys(claim.text, lexicon, cache) for claim in claims]
    cap = df_cap if df_cap is not None else DF_CAP
    frequency: dict[str, int] = defaultdict(int)
    for keys in raw_keys:
        for key in keys:
            frequency[key] += 1
    # Rarest first; ties broken by the key itself so the order is deterministic.
    rank = {key: i for i, key in enumerate(sorted(frequency, key=lambda k: (frequency[k], k)))}
    informative = sum(1 for count in frequency.values() if count <= cap)  # ranks below this
    # Verification compares whole key sets; only the informative (rare) keys are indexed.
    key_sets = [frozenset(rank[k] for k in keys) for keys in raw_keys]
    index: dict[int, list[int]] = defaultdict(list)
    for x, all_ranks in enumerate(key_sets):
        ranks = [r for r in all_ranks if r < informative]
        for rarest in sorted(ranks)[: len(ranks) - math.ceil(min_jaccard * len(ranks)) + 1]:
            index[rarest].append(x)
    scores: dict[int, float] = {}
    size = len(claims)
    for postings in index.values():
        for position, x in enumerate(postings):
            set_x = key_sets[x]
            for y in postings[position + 1 :]:
                pair = x * size + y
                if pair in scores:
                    continue
                set_y = key_sets[y]
                overlap = len(set_x & set_y)
                similarity = overlap / (len(set_x) + len(set_y) - overlap)
                contained = overlap >= min_overlap * min(len(set_x), len(set_y))
                scores[pair] = similarity if similarity >= min_jaccard or contained else 0.0
    best: list[list[tuple[float, int]]] = [[] for _ in claims]
    for pair, score in scores.items():
        if score > 0.0:
            x, y = divmod(pair, size)
            best[x].append((score, y))
            best[y].append((score, x))
    chosen: dict[tuple[int, int], float] = {}
    for x, partners in enumerate(best):
        partners.sort(key=lambda item: (-item[0], item[1]))
        for score, y in partners[:per_claim]:
            chosen[(min(x, y), max(x, y))] = score
    pairs = sorted(chosen, key=lambda pair: (-chosen[pair], pair))
    if max_pairs is not None:
        pairs = pairs[:max_pairs]
    return sorted(pairs)

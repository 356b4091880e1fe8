"""Candidate pairs without comparing everything with everything, and without losing any.

Each claim is reduced to a set of blocking keys: its content stems, with synonyms folded, numbers
dropped and members of an exclusive class replaced by the class ("tabs", "spaces" ->
"§indentation"), so one-word swaps ("Always squash merges" / "Never squash merges", "PostgreSQL
16" / "PostgreSQL 14", "Use tabs" / "Use spaces") produce identical key sets.

A pair is a candidate when its two key sets have Jaccard >= `MIN_JACCARD` (0.3): a property of
the two claims alone, so whatever else the repository holds, a pair compared when the two claims
are alone is compared in a crowd of 100,000 files too. No key is dropped for being frequent and
no claim keeps only its best partners: the words a project's memory is about (component, deploy,
test, the framework's name) are the frequent ones, and caps on them lost contradictions as a
repository grew. Of the labelled pairs gitmem reports alone (eval splits and the memory-shaped
sets), none has a lower key Jaccard.

The join is exact and indexed (`join.similar_sets`): claims with equal key sets form one node (a
claim copied into k files is one node, its k(k-1)/2 pairs need no search); nodes meet through
the two rarest keys they share (keys ordered rarest first), which two sets at the threshold
always share within short prefixes, and a pair of keys is held by far fewer claims than the
frequent key alone. Type, category and file are never used: within-file pairs count like any
other.

Memory follows the claims, not the pairs looked at: a claim's keys are a sorted tuple of ranks
(shared ints), not a frozenset, and each probe keeps only the partners it met. The pairs found
are codes in one array (`candidate_codes`, 8 bytes a pair), sorted bucket by bucket.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Sequence

from gitmem.consistency.families import FAMILY_MIN, one_value_families
from gitmem.consistency.join import similar_pairs
from gitmem.consistency.lexicon import Lexicon, default_lexicon
from gitmem.consistency.pair_codes import PairCodes
from gitmem.consistency.paraphrase import key_form
from gitmem.consistency.quantities import unit_dimension
from gitmem.consistency.text import singular_acronym, stem
from gitmem.model import Claim

MIN_JACCARD = 0.3
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
    return key_form(word, stemmed, lexicon)  # "deployment" keys as "deploy" (paraphrase.py)


def candidate_pairs(
    claims: Sequence[Claim],
    *,
    min_jaccard: float = MIN_JACCARD,
    lexicon: Lexicon | None = None,
) -> list[tuple[int, int]]:
    """Index pairs (i < j) whose key sets have Jaccard >= `min_jaccard`, sorted: every one of
    them, whatever else the repository holds (`candidate_codes` as a list)."""
    return list(candidate_codes(claims, min_jaccard=min_jaccard, lexicon=lexicon))


def candidate_codes(
    claims: Sequence[Claim],
    *,
    min_jaccard: float = MIN_JACCARD,
    lexicon: Lexicon | None = None,
) -> PairCodes:
    """`candidate_pairs` as one array of codes (pair_codes.py): 8 bytes a pair.

    A text held by k claims is one node: its copies pair with the first of them only (k - 1
    pairs, not k(k - 1) / 2), and with the first copy of each similar text, whose copies pair
    with its first (k + m - 1 pairs for texts held k and m times, each copy named once). A
    family of texts one word apart (families.py) is one node the same way: each member meets
    the first member, and the rest through it."""
    lexicon = lexicon or default_lexicon()
    copies: dict[str, list[int]] = {}
    for x, claim in enumerate(claims):
        copies.setdefault(claim.text, []).append(x)
    texts = list(copies.values())  # distinct texts, each as the claims holding it
    del copies
    key_ranks, _ = ranked_keys([claims[held[0]] for held in texts], lexicon)
    groups: dict[tuple[int, ...], list[int]] = {}
    for t, ranks in enumerate(key_ranks):
        if ranks:  # no key: nothing in common with anything
            groups.setdefault(ranks, []).append(t)
    pairs = PairCodes(len(claims))
    for ranks, held in groups.items():
        if len(held) >= FAMILY_MIN:
            groups[ranks] = _fold_families(held, texts, claims, pairs)
    nodes = sorted(groups, key=lambda ranks: (len(ranks), ranks))
    count = len(nodes)
    scored = array("q", (u * count + u for u in range(count) if len(groups[nodes[u]]) > 1))
    scored += similar_pairs(nodes, min_jaccard)
    for t, ranks in enumerate(key_ranks):
        if ranks and texts[t]:  # a family member's claims are its first member's now
            first, *others = texts[t]
            for x in others:
                pairs.append(first, x)
    del key_ranks
    append, width = pairs.append, pairs.width
    add = pairs.codes.append
    # the claim of a node that is one text held once, else -1: nearly every node, and each of
    # their pairs is one pair of claims (millions at 100,000 files), decoded without lookups
    single = array("q", (texts[held[0]][0] if len(held) == 1 and len(texts[held[0]]) == 1
                         else -1 for held in map(groups.__getitem__, nodes)))
    for code in scored:
        u, v = divmod(code, count)
        x, y = single[u], single[v]
        if x >= 0 and y >= 0 and u != v:  # two texts held once each: one pair
            add(x * width + y if x < y else y * width + x)
            continue
        in_u, in_v = groups[nodes[u]], groups[nodes[v]]
        text_pairs = ((s, t) for at, s in enumerate(in_u) for t in in_u[at + 1 :]) if u == v \
            else ((s, t) for s in in_u for t in in_v)
        for s, t in text_pairs:  # each copy of one text with the first of the other
            (first_s, *more_s), (first_t, *more_t) = texts[s], texts[t]
            for x, y in ((first_s, first_t), *((x, first_t) for x in more_s),
                         *((first_s, y) for y in more_t)):
                append(min(x, y), max(x, y))
    del scored
    pairs.codes = sorted_codes(pairs.codes, pairs.width)
    return pairs


def sorted_codes(codes: array, width: int) -> array:
    """`codes` (each i * width + j) in increasing order, without a list of them all: bucketed
    by i, each bucket (a claim's partners) sorted on its own."""
    starts = array("q", bytes(8 * (width + 1)))
    for code in codes:
        starts[code // width + 1] += 1
    for i in range(width):
        starts[i + 1] += starts[i]
    out = array("q", bytes(8 * len(codes)))
    fill = array("q", starts)
    for code in codes:
        i = code // width
        out[fill[i]] = code
        fill[i] += 1
    del fill
    for i in range(width):
        low, high = starts[i], starts[i + 1]
        if high - low > 1:
            out[low:high] = array("q", sorted(out[low:high]))
    return out


def _fold_families(held: list[int], texts: list[list[int]], claims: Sequence[Claim],
                   pairs: PairCodes) -> list[int]:
    """The texts of one node with each family (families.py) folded into its first member: its
    claims are the first member's from now on, and each copy of another member meets the first
    copy of that member here (its verbatim repeats are still pairs). Returns the node's texts."""
    families = one_value_families([claims[texts[t][0]].text for t in held])
    if not families:
        return held
    absorbed: set[int] = set()
    for family in families:
        first, *others = (held[at] for at in family)
        for t in others:
            own_first, *copies = texts[t]
            for x in copies:
                pairs.append(own_first, x)
            texts[first] = texts[first] + texts[t]
            texts[t] = []
            absorbed.add(t)
        texts[first].sort()
    return [t for t in held if t not in absorbed]


def similar_enough(overlap: int, size_a: int, size_b: int, min_jaccard: float = MIN_JACCARD
                   ) -> bool:
    """Whether two key sets of these sizes sharing `overlap` keys are a candidate pair."""
    return overlap > 0 and overlap >= min_jaccard * (size_a + size_b - overlap) - 1e-9


def ranked_keys(
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

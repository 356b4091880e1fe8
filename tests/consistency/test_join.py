"""The two-key join finds exactly the pairs a comparison of every key set with every other finds.

A memory about a few topics is full of frequent words and repeated claims: the cases where a
prefix filter is most tempted to skip something. Each test compares with brute force.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from gitmem.consistency.candidates import blocking_keys, candidate_pairs
from gitmem.consistency.join import similar_sets
from gitmem.consistency.lexicon import default_lexicon
from gitmem.model import Claim

FREQUENT = ["deploy", "component", "test", "API", "React", "cache", "schema", "release", "build",
            "lint", "docs", "review", "token", "retry", "queue", "timeout", "index", "branch"]


def brute_force(sets: list[tuple[int, ...]], t: float) -> list[tuple[int, int]]:
    out = []
    for u, v in combinations(range(len(sets)), 2):
        a, b = set(sets[u]), set(sets[v])
        if len(a & b) / len(a | b) >= t - 1e-9:
            out.append((u, v))
    return out


def zipf_sets(count: int, vocabulary: int, seed: int) -> list[tuple[int, ...]]:
    """Distinct sets of 1..24 ranks drawn with Zipf-like weights: the frequent ranks are in
    most sets, as a project's topic words are in most of its claims."""
    rng = random.Random(seed)
    weights = [1 / (r + 1) for r in range(vocabulary)]
    seen: set[tuple[int, ...]] = set()
    while len(seen) < count:
        size = min(24, max(1, int(rng.expovariate(1 / 6))))
        drawn = rng.choices(range(vocabulary), weights, k=size)
        seen.add(tuple(sorted({vocabulary - 1 - r for r in drawn})))  # rank 0: the rarest
    return sorted(seen, key=lambda s: (len(s), s))


@pytest.mark.parametrize(("t", "vocabulary"),
                         [(0.3, 12), (0.3, 60), (0.3, 400), (0.5, 60), (0.8, 12), (0.2, 60)])
def test_similar_sets_is_every_pair_at_the_threshold(t: float, vocabulary: int) -> None:
    sets = zipf_sets(700, vocabulary, seed=vocabulary)
    found = similar_sets(sets, t)
    assert sorted((u, v) for _, u, v in found) == brute_force(sets, t)
    for jaccard, u, v in found:
        a, b = set(sets[u]), set(sets[v])
        assert jaccard == pytest.approx(len(a & b) / len(a | b))


def memory_claims(count: int, seed: int = 11) -> list[Claim]:
    """Distinct sentences of frequent words, a few rare ones, and claims repeated verbatim in
    several files (one repeated dozens of times), with contradictions among them."""
    rng = random.Random(seed)
    rare = [f"widget{n}" for n in range(300)]
    texts = []
    for _ in range(count):
        words = rng.choices(FREQUENT, k=rng.randint(1, 9)) + rng.choices(rare, k=rng.randint(0, 3))
        rng.shuffle(words)
        texts.append(f"{rng.choice(('Always', 'Never', 'Use', 'Prefer'))} {' '.join(words)}")
    texts += ["Always squash merges", "Never squash merges", "Use tabs for indentation",
              "Use spaces for indentation"]
    repeated = rng.sample(texts, 40) + ["Always run the deploy test before release"] * 30
    claims = [Claim(f"memory/{n // 6}.md", n % 6 + 1, text)
              for n, text in enumerate(texts + repeated)]
    rng.shuffle(claims)
    return claims


def test_candidate_pairs_among_frequent_words_and_repeated_claims_are_exact() -> None:
    claims = memory_claims(2000)
    lexicon, cache = default_lexicon(), {}  # type: ignore[var-annotated]
    keys = [blocking_keys(claim.text, lexicon, cache) for claim in claims]
    first: dict[str, int] = {}
    for x, claim in enumerate(claims):
        first.setdefault(claim.text, x)
    expected = []
    for x, y in combinations(range(len(claims)), 2):
        if first[claims[x].text] != x and first[claims[y].text] != y:
            continue  # two later copies: each copy pairs with the first copy only
        union = len(keys[x] | keys[y])
        if union and len(keys[x] & keys[y]) / union >= 0.3 - 1e-9 and keys[x] & keys[y]:
            expected.append((x, y))
    assert candidate_pairs(claims) == expected
    texts = {(claims[x].text, claims[y].text) for x, y in expected}
    assert ("Always squash merges", "Never squash merges") in texts or \
        ("Never squash merges", "Always squash merges") in texts


"""Antonyms asked of the phrases that may be one: the same answers as asking every pair.

`Lexicon.any_antonym` skips the phrases no antonym pair names (nor their canonical forms);
`opposites.crossed_opposites` finds a word's negative-prefixed twin by cutting the prefix off
instead of trying every pair. Both must answer as the pairwise question does.
"""

from __future__ import annotations

import random

from gitmem.consistency.features import features
from gitmem.consistency.lexicon import default_lexicon
from gitmem.consistency.opposites import crossed_opposites


def test_any_antonym_answers_as_every_pair_asked_of_relation() -> None:
    lexicon = default_lexicon()
    rng = random.Random(5)
    phrases = sorted(lexicon.antonym_words)
    others = sorted(lexicon.canonical)[:400] + ["deploy", "ledger", "flarp", "cache", "test"]
    # synonyms of antonyms: "relation" folds both sides to their canonical forms first
    folded = sorted(k for k, v in lexicon.canonical.items() if v in lexicon.antonym_words)
    pool = phrases + others + folded
    agreed = {True: 0, False: 0}
    pairs = sorted(sorted(pair) for pair in lexicon.antonym_pairs)
    for _ in range(3000):
        xs = set(rng.sample(pool, rng.randrange(0, 5)))
        ys = set(rng.sample(pool, rng.randrange(0, 5)))
        if rng.random() < 0.3:  # one pair of the lexicon's, in either form, among them
            pair = rng.choice(pairs)
            x, y = pair * (2 // len(pair))
            xs.add(rng.choice([x, *(k for k in folded if lexicon.canon(k) == x)]))
            ys.add(y)
        pairwise = any(lexicon.relation(x, y) == "antonym" for x in xs for y in ys)
        assert lexicon.any_antonym(xs, ys) == pairwise, (xs, ys)
        agreed[pairwise] += 1
    for pair in list(lexicon.antonym_pairs)[:200]:
        x, y = sorted(pair) * (2 // len(pair))
        assert lexicon.any_antonym({x, "ledger"}, {"flarp", y}) == (lexicon.relation(x, y) == "antonym")
    assert agreed[True] > 100 and agreed[False] > 100, agreed


def test_crossed_opposites_finds_antonyms_and_negative_twins_on_each_side() -> None:
    lexicon = default_lexicon()

    def crossed(a: str, b: str) -> bool:
        return crossed_opposites(features(a, lexicon), features(b, lexicon), lexicon)

    assert crossed("Run migrations manually.", "Run migrations automatically.")  # the lexicon's
    assert crossed("The cache is public.", "The cache is private.")
    assert crossed("State in reducers is mutable.", "State in reducers is immutable.")
    assert crossed("The parser is safe to call twice.", "The parser is unsafe to call twice.")
    assert crossed("The token is valid.", "The token is invalid.")  # "valid": an adjective
    assert crossed("The form is complete.", "The form is incomplete for now.")
    assert not crossed("Use the index.", "Use the indexer.")
    assert not crossed("Dispatch the event.", "Patch the event.")  # "dis" and no such ending
    assert not crossed("Run the ledger job.", "Run the flarp job.")

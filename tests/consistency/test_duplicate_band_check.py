"""`duplicates.under_band` lets the judge stop scoring a pair before its blockers and vetoes.

It must only turn away pairs the full score puts under the band: checked pair by pair against
`score_duplicate_features` at several bands (lint's, `lint --judge`'s widened one, a strict
one), with tags, over the labelled pairs, a templated memory and pairs that differ by a few
words; and `find_pairs` must give the very same findings with it and without it.
"""

from __future__ import annotations

import pytest

from gitmem.consistency import analyze
from gitmem.consistency.align import align
from gitmem.consistency.analyze import Thresholds, find_pairs
from gitmem.consistency.duplicates import (
    classify,
    measured_signals,
    score_duplicate_features,
    under_band,
)
from gitmem.consistency.judged import widened
from gitmem.model import Claim

from test_triage import labelled_rows, negative_pairs, shape, templated

TAGS = [((), ()), (("api", "style"), ("api",)), (("ops",), ("deploy",))]


def _text_pairs() -> list[tuple[str, str]]:
    texts = [(row["a"], row["b"]) for row in labelled_rows()]
    claims = templated(120, seed=5)
    texts += [(claims[i].text, claims[j].text) for i in range(0, 120, 3) for j in range(1, 120, 7)]
    return texts + negative_pairs()


FLOORS = (0.45, 0.57, 0.72, 0.8)


def test_a_pair_turned_away_scores_under_the_band() -> None:
    lexicon = analyze.default_lexicon()
    turned_away = dict.fromkeys(FLOORS, 0)
    for n, (a, b) in enumerate(_text_pairs()):
        fa, fb = analyze.features(a, lexicon), analyze.features(b, lexicon)
        tags = TAGS[n % len(TAGS)]
        alignment = align(fa, fb, lexicon)
        measured = measured_signals(fa, fb, alignment)
        full = score_duplicate_features(fa, fb, *tags, lexicon, alignment)
        for floor in FLOORS:
            if under_band(fa, fb, tags, lexicon, alignment, measured, floor):
                turned_away[floor] += 1
                assert full.score < floor, (a, b, floor, full)
        # the measured signals handed on give the score computed from scratch
        assert score_duplicate_features(fa, fb, *tags, lexicon, alignment, measured) == full
    assert all(count > 200 for count in turned_away.values()), turned_away


@pytest.mark.parametrize("thresholds", [Thresholds(), widened(Thresholds()),
                                        Thresholds(match=0.7, possible=0.8)])
def test_find_pairs_is_the_same_with_and_without_the_band_check(
    monkeypatch: pytest.MonkeyPatch, thresholds: Thresholds,
) -> None:
    rows = labelled_rows()[::8]
    claims = [Claim(f"memory/p{n}/{side}.md", 1, row[side])
              for n, row in enumerate(rows) for side in "ab"]
    claims += templated(120, seed=3)
    tags = {c.path: ["api"] if len(c.path) % 2 else ["api", "ops"] for c in claims}
    checked = find_pairs(claims, tags=tags, thresholds=thresholds, workers=1)
    monkeypatch.setattr(analyze, "under_band", lambda *args: False)
    unchecked = find_pairs(claims, tags=tags, thresholds=thresholds, workers=1)
    assert shape(checked) == shape(unchecked)
    assert any(f.kind == "duplicate" for f in checked)
    # a band under the match threshold: "match" findings are reported from the lower of the two
    if thresholds.match < thresholds.possible:
        assert any(classify(f.score, thresholds.match, thresholds.possible) == "match"
                   and f.score < thresholds.possible for f in checked if f.kind == "duplicate")

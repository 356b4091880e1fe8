"""Workers that eat the order of the pairs from both ends judge as one process does.

`batch.judge_all` gives two workers one stretch of the pairs, one from each end, a block at a
time, until they meet (with more workers, a stretch for each two, and a worker whose stretch is
done helps the others). Whatever the number of workers and the size of a block, every pair is
judged exactly once and the findings are those of one process, in the same order.
"""

from __future__ import annotations

import multiprocessing

import pytest

from gitmem.consistency import analyze, batch
from gitmem.consistency.analyze import find_pairs
from gitmem.consistency.batch import Judging, judge_all
from gitmem.model import Claim
from test_triage import labelled_rows, shape, templated


def _verdicts(found: list) -> list:
    return [None if f is None else shape([f])[0] for f in found]


@pytest.mark.parametrize(("workers", "block"), [(2, 3), (2, 128), (3, 5), (4, 7)])
def test_lanes_give_each_pair_the_verdict_of_one_process(
    monkeypatch: pytest.MonkeyPatch, workers: int, block: int,
) -> None:
    claims = templated(90, seed=5)
    jobs = [(i, j) for i in range(len(claims)) for j in range(i + 1, len(claims))][::3]
    judging = Judging(claims, {}, analyze.Thresholds(), analyze.default_lexicon(), True, analyze)
    one = _verdicts(judge_all(judging, jobs, workers=1))
    monkeypatch.setattr(batch, "_BLOCK", block)
    assert _verdicts(judge_all(judging, jobs, workers=workers)) == one
    assert sum(f is not None for f in one) > 10


def test_labelled_pairs_as_one_memory_found_alike_by_one_and_by_three_workers() -> None:
    rows = labelled_rows()[:600]
    claims = [Claim(f"memory/p{n}/{side}.md", 1, row[side])
              for n, row in enumerate(rows) for side in "ab"]
    claims += [Claim(f"memory/copies/{n}.md", 2, c.text) for n, c in enumerate(claims[:30])]
    one = shape(find_pairs(claims, workers=1))
    assert shape(find_pairs(claims, workers=3)) == one
    assert any(f[0] == "contradiction" for f in one) and any(f[0] == "duplicate" for f in one)


@pytest.mark.parametrize("size", [0, 1, 2, 5, 127, 128, 129, 1000])
def test_blocks_taken_from_both_ends_cover_a_stretch_once(
    monkeypatch: pytest.MonkeyPatch, size: int,
) -> None:
    monkeypatch.setattr(batch, "_BLOCK", 7)
    ends = multiprocessing.get_context("fork").Array("q", [3, 3 + size, 50, 50])
    taken: list[int] = []
    turn = 0
    while (block := batch._take(ends, 0, from_back=turn % 3 == 1)) is not None:
        assert 0 < block[1] - block[0] <= 7
        taken.extend(range(*block))
        turn += 1
    assert sorted(taken) == list(range(3, 3 + size))
    assert batch._take(ends, 1, from_back=False) is None  # an empty stretch gives nothing


def test_one_process_judging_many_pairs_in_local_order_gives_the_verdicts_of_pair_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One process judges a large batch in `local_order` (features dropped sooner), and puts
    each verdict back at its pair: the same verdicts as judging in (i, j) order."""
    claims = templated(90, seed=5)
    jobs = [(i, j) for i in range(len(claims)) for j in range(i + 1, len(claims))][::3]
    judging = Judging(claims, {}, analyze.Thresholds(), analyze.default_lexicon(), True, analyze)
    monkeypatch.setattr(batch, "PARALLEL_MIN_PAIRS", len(jobs) + 1)
    in_pair_order = _verdicts(judging.judge(jobs))
    monkeypatch.setattr(batch, "PARALLEL_MIN_PAIRS", 1)
    assert list(batch.local_order(claims, jobs)) != list(range(len(jobs)))
    assert _verdicts(judging.judge(jobs)) == in_pair_order
    assert sum(f is not None for f in in_pair_order) > 10


@pytest.mark.parametrize("workers", [1, 2])
def test_features_dropped_past_the_held_texts_are_computed_again_to_the_same_verdicts(
    monkeypatch: pytest.MonkeyPatch, workers: int,
) -> None:
    """A process keeps the features of at most `HELD_TEXTS` texts between their pairs; a text
    it let go is computed again at its next pair, to the same verdicts."""
    claims = templated(90, seed=5)
    jobs = [(i, j) for i in range(len(claims)) for j in range(i + 1, len(claims))][::3]
    judging = Judging(claims, {}, analyze.Thresholds(), analyze.default_lexicon(), True, analyze)
    monkeypatch.setattr(batch, "PARALLEL_MIN_PAIRS", 1)
    held = _verdicts(judge_all(judging, jobs, workers=workers))
    computed: list[str] = []
    features = analyze.features

    def counted(text: str, lexicon: object) -> object:
        computed.append(text)
        return features(text, lexicon)

    monkeypatch.setattr(analyze, "features", counted)
    monkeypatch.setattr(batch, "HELD_TEXTS", 2)
    assert _verdicts(judge_all(judging, jobs, workers=workers)) == held
    if workers == 1:
        assert len(computed) > len(set(computed))  # some texts were let go and read again

"""Judging a batch of candidate pairs: each text's features once, triage, several processes.

`Judging.judge` rules on a list of pairs in order. What depends on one text (its
`TextFeatures`, its `triage.TextFacts`) is computed at its first pair and dropped after its last,
so memory follows the texts in use, not all of them; and a process keeps at most `HELD_TEXTS`
texts between their pairs (least recently used first out, computed again when met again): in
`local_order` at 10,000 distinct files about 15,000 texts are between their first and last pair
at once, and a worker never sees the last pair of a text the other worker judges. A pair whose two sides (duplicate,
contradiction) `triage.open_sides` both closes is not aligned at all; the others go to
`analyze._judge`, which skips the side triage closed.

`judge_all` judges a large batch in a pool of forked processes (the claims are inherited, not
sent). The pairs are put in an order where a text's pairs stand close together (`local_order`)
and two workers eat that order from its two ends, a block at a time, until they meet: each
computes the texts of its own end once, only the texts around the meeting point are computed by
both, and neither waits for the other at the end, whatever the pairs cost (with more workers,
each two share one stretch of the order, and a worker whose stretch is done helps the others).
It puts the answers back in the order of the pairs: a pair's verdict depends on its two texts
only, so the findings are those of one process, in the same order, whatever the number of
workers (`tests/consistency/test_triage.py` compares them).
"""

from __future__ import annotations

import multiprocessing
import os
from array import array
from collections.abc import Iterable, Mapping, Sequence
from types import ModuleType
from typing import Any

from gitmem.consistency.features import TextFeatures, directs, directs_in
from gitmem.consistency.lexicon import Lexicon, default_lexicon
from gitmem.consistency.paraphrase import may_paraphrase
from gitmem.consistency.triage import open_sides
from gitmem.consistency.triage_facts import TextFacts, text_facts
from gitmem.model import Claim

PARALLEL_MIN_PAIRS = 6000  # below this, starting processes costs more than it saves
# texts whose features one process keeps between their pairs; past it the least recently used
# go, and are computed again at their next pair (docs/performance.md, "Where the memory goes")
HELD_TEXTS = 1 << 14


class Judging:
    """Everything one run's judging needs; `analyze` is looked up at each call, so a test that
    replaces `analyze.features` or `analyze._judge` sees every call."""

    def __init__(self, claims: Sequence[Claim], tags: Mapping[str, Sequence[str]],
                 thresholds: Any, lexicon: Lexicon, triage: bool, analyze: ModuleType) -> None:
        self.claims, self.tags, self.thresholds = claims, tags, thresholds
        self.lexicon, self.triage, self.analyze = lexicon, triage, analyze

    def judge(self, jobs: Sequence[tuple[int, int]]) -> list[Any]:
        """The finding (or None) of each pair, in order. Many pairs are judged in `local_order`,
        as the workers judge them, so a text's features are dropped soon after they are first
        needed, not kept from its first pair in (i, j) order to its last."""
        uses = _uses(self.claims, jobs)
        if len(jobs) < PARALLEL_MIN_PAIRS:
            return self.judge_run(jobs, uses, {})
        order = local_order(self.claims, jobs)
        out: list[Any] = [None] * len(jobs)
        for n, found in zip(order, self.judge_run((jobs[n] for n in order), uses, {})):
            out[n] = found
        return out

    def judge_run(self, jobs: Iterable[tuple[int, int]], uses: dict[str, int],
                  cache: dict[str, tuple[TextFeatures, TextFacts | None]]) -> list[Any]:
        """`judge`, with what one text's features are needed for still (`uses`, its pairs not
        yet judged) and the features of texts in use (`cache`) kept from run to run."""
        claims, analyze, lexicon = self.claims, self.analyze, self.lexicon

        def of(text: str) -> tuple[TextFeatures, TextFacts | None]:
            found = cache.pop(text, None)
            if found is None:
                found = (analyze.features(text, lexicon), None)
            uses[text] -= 1
            if uses[text]:
                cache[text] = found  # the last used last: the first is the least recent
                if len(cache) > HELD_TEXTS:
                    del cache[next(iter(cache))]
            return found

        def facts(text: str, f: TextFeatures, known: TextFacts | None) -> TextFacts:
            if known is None:
                known = text_facts(f, lexicon)
                if text in cache:
                    cache[text] = (f, known)
            return known

        reads = self.thresholds.contradictions
        directive: dict[str, bool] = {}
        # `directs` reads a text with the default lexicon: its features here are those when the
        # run's lexicon is the default one (no [consistency.lexicon] of the repository's)
        plain = lexicon is default_lexicon()

        def reported(fa: TextFeatures, fb: TextFeatures) -> bool:
            """Whether a contradiction between these texts is reported at all (`reads`)."""
            if reads == "all":
                return True
            if reads == "none":
                return False
            for f in (fa, fb):
                if f.text not in directive:
                    directive[f.text] = directs_in(f) if plain else directs(f.text)
            return directive[fa.text] and directive[fb.text]

        out: list[Any] = []
        for i, j in jobs:
            a, b = claims[i], claims[j]
            (fa, known_a), (fb, known_b) = of(a.text), of(b.text)
            pair_tags = (self.tags.get(a.path, ()), self.tags.get(b.path, ()))
            unrelated = analyze.unrelated_pair(a, b, fa, fb, lexicon)
            if unrelated and not may_paraphrase(fa, fb, lexicon):
                out.append(None)
                continue
            sides = (True, True)
            if self.triage and fa.text != fb.text:
                sides = open_sides(
                    fa, fb, facts(a.text, fa, known_a), facts(b.text, fb, known_b),
                    (analyze._states_rules(a), analyze._states_rules(b)), pair_tags,
                    self.thresholds.possible, lexicon, unrelated, reported(fa, fb))
                if not (sides[0] or sides[1]):
                    out.append(None)
                    continue
            out.append(analyze._judge(a, b, fa, fb, pair_tags, self.thresholds, lexicon, sides,
                                      unrelated))
        return out


def _uses(claims: Sequence[Claim], jobs: Sequence[tuple[int, int]]) -> dict[str, int]:
    """How many of `jobs` each text takes part in (twice for a pair of one text)."""
    uses: dict[str, int] = {}
    for i, j in jobs:
        for text in (claims[i].text, claims[j].text):
            uses[text] = uses.get(text, 0) + 1
    return uses


# what forked workers inherit: the judging, the pairs, their order, the pairs each text is in,
# and the [front, back) of each stretch of the order not yet taken (shared, under its lock)
_RUN: list[tuple[Judging, Sequence[tuple[int, int]], Sequence[int], dict[str, int], Any]] = []
_BLOCK = 128  # pairs a worker takes at once: small enough that none is left alone at the end


def _take(ends: Any, stretch: int, from_back: bool) -> tuple[int, int] | None:
    """The next block of a stretch of the order, from its front or its back, or None."""
    with ends.get_lock():
        front, back = ends[2 * stretch], ends[2 * stretch + 1]
        if front >= back:
            return None
        if from_back:
            ends[2 * stretch + 1] = start = max(front, back - _BLOCK)
            return start, back
        ends[2 * stretch] = end = min(back, front + _BLOCK)
        return front, end


def _lane(lane: int) -> list[tuple[int, tuple]]:
    """Worker `lane`: stretch lane // 2, from its front (even) or its back (odd), then the
    front of every other stretch left. The verdicts found, by index of the pair."""
    judging, jobs, order, uses, ends = _RUN[-1]
    stretches = len(ends) // 2
    cache: dict[str, tuple[TextFeatures, TextFacts | None]] = {}
    found: list[tuple[int, tuple]] = []
    mine = lane // 2
    for stretch in [mine, *(s for s in range(stretches) if s != mine)]:
        from_back = stretch == mine and lane % 2 == 1
        while (block := _take(ends, stretch, from_back)) is not None:
            taken = order[block[0]:block[1]]
            if from_back:
                taken = taken[::-1]  # walking towards the front, as the order was laid
            verdicts = judging.judge_run([jobs[n] for n in taken], uses, cache)
            found.extend((n, (f.kind, f.klass, f.score, f.confidence, dict(f.signals),
                              f.identical)) for n, f in zip(taken, verdicts) if f is not None)
    return found


def local_order(claims: Sequence[Claim], jobs: Sequence[tuple[int, int]]) -> array:
    """The indices of `jobs` in an order where a text's pairs stand close together: texts are
    numbered breadth first over the graph of pairs (fewest partners first, as in Cuthill-McKee)
    and each pair sorts by the later of its two texts. Contiguous slices of it then share few
    texts, so the workers, which each compute the features of the texts in their slices,
    compute far fewer twice (at 2,500 distinct files, 8 slices of the pairs in (i, j) order
    held 2.9 times the texts there are; in this order, 1.5 times).

    Built from arrays, a few bytes a pair (the pairs' two texts, the graph's partner lists laid
    end to end, the order itself), not a tuple, a list entry and a sort key per pair: it runs
    in the main process before the workers fork, and they inherit what it holds."""
    of_text: dict[str, int] = {}
    text_of = array("i", (of_text.setdefault(c.text, len(of_text)) for c in claims))
    number = array("i", [-1]) * len(of_text)  # texts numbered in the order the pairs meet them
    del of_text
    count = 0
    ends = array("i", bytes(8 * len(jobs)))  # the two texts of pair n at 2n, 2n + 1
    for n, (i, j) in enumerate(jobs):
        for side, claim in ((2 * n, i), (2 * n + 1, j)):
            x = number[text_of[claim]]
            if x < 0:
                x = number[text_of[claim]] = count
                count += 1
            ends[side] = x
    del text_of, number
    starts = array("q", bytes(8 * (count + 1)))  # text t's partners: flat[starts[t]:starts[t + 1]]
    for x in ends:
        starts[x + 1] += 1
    for t in range(count):
        starts[t + 1] += starts[t]
    flat = array("i", bytes(len(ends) * 4))
    fill = array("q", starts)
    for n in range(len(jobs)):
        x, y = ends[2 * n], ends[2 * n + 1]
        flat[fill[x]] = y
        fill[x] += 1
        flat[fill[y]] = x
        fill[y] += 1
    del fill
    place = array("i", [-1]) * count
    placed = 0
    for start in sorted(range(count), key=lambda t: starts[t + 1] - starts[t]):
        if place[start] >= 0:
            continue
        place[start], placed = placed, placed + 1
        queue = array("i", [start])
        for at in queue:  # grows while it is read: breadth first
            for other in flat[starts[at]:starts[at + 1]]:
                if place[other] < 0:
                    place[other], placed = placed, placed + 1
                    queue.append(other)
    del flat
    # a stable counting sort of the pairs by the place of their later text
    later = array("q", bytes(8 * (count + 1)))
    for n in range(len(jobs)):
        later[max(place[ends[2 * n]], place[ends[2 * n + 1]]) + 1] += 1
    for t in range(count):
        later[t + 1] += later[t]
    order = array("q", bytes(8 * len(jobs)))
    for n in range(len(jobs)):
        key = max(place[ends[2 * n]], place[ends[2 * n + 1]])
        order[later[key]] = n
        later[key] += 1
    return order


def available_cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def judge_all(judging: Judging, jobs: Sequence[tuple[int, int]], workers: int | None = None
              ) -> list[Any]:
    """`judging.judge(jobs)`, in `workers` processes (default: every CPU for a large batch)."""
    if workers is None:
        workers = available_cpus() if len(jobs) >= PARALLEL_MIN_PAIRS else 1
    workers = min(workers, max(1, len(jobs) // 2))
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return judging.judge(jobs)
    order = local_order(judging.claims, jobs)
    stretches = (workers + 1) // 2  # two workers to a stretch, one for an odd worker out
    widths = [2] * (workers // 2) + [1] * (workers % 2)
    bounds = [len(order) * sum(widths[:n]) // workers for n in range(stretches + 1)]
    context = multiprocessing.get_context("fork")
    ends = context.Array("q", [x for s in range(stretches) for x in (bounds[s], bounds[s + 1])])
    _RUN.append((judging, jobs, order, _uses(judging.claims, jobs), ends))
    try:
        with context.Pool(workers) as pool:
            answers = pool.map(_lane, range(workers), chunksize=1)
    finally:
        _RUN.pop()
    results: list[Any] = [None] * len(jobs)
    PairFinding = judging.analyze.PairFinding
    for answer in answers:
        for job, (kind, klass, score, confidence, signals, identical) in answer:
            i, j = jobs[job]
            results[job] = PairFinding(kind, klass, score, confidence, judging.claims[i],
                                       judging.claims[j], signals, identical)
    return results

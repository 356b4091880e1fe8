"""Judging a batch of candidate pairs: each text's features once, triage, several processes.

`Judging.judge` rules on a list of pairs in order. What depends on one text (its
`TextFeatures`, its `triage.TextFacts`) is computed at its first pair and dropped after its last,
so memory follows the texts in use, not all of them. A pair whose two sides (duplicate,
contradiction) `triage.open_sides` both closes is not aligned at all; the others go to
`analyze._judge`, which skips the side triage closed.

`judge_all` splits a large batch into chunks for a pool of forked processes (the claims are
inherited, not sent), each chunk a run of pairs that share their texts (`local_order`); the
texts that pairs of several chunks need are analysed once before the fork. It puts the answers
back in the order of the pairs: a pair's verdict depends on its two texts only, so the findings
are those of one process, in the same order, whatever the number of workers
(`tests/consistency/test_triage.py` compares them).
"""

from __future__ import annotations

import functools
import multiprocessing
import os
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from gitmem.consistency.features import TextFeatures
from gitmem.consistency.lexicon import Lexicon
from gitmem.consistency.paraphrase import may_paraphrase
from gitmem.consistency.triage import open_sides
from gitmem.consistency.triage_facts import TextFacts, text_facts
from gitmem.model import Claim

# what `TextFeatures` computes on first use: computed before a fork, it is computed once
_LAZY = tuple(name for name, member in vars(TextFeatures).items()
              if isinstance(member, functools.cached_property))
PARALLEL_MIN_PAIRS = 6000  # below this, starting processes costs more than it saves
_CHUNKS_PER_WORKER = 4


class Judging:
    """Everything one run's judging needs; `analyze` is looked up at each call, so a test that
    replaces `analyze.features` or `analyze._judge` sees every call."""

    def __init__(self, claims: Sequence[Claim], tags: Mapping[str, Sequence[str]],
                 thresholds: Any, lexicon: Lexicon, triage: bool, analyze: ModuleType) -> None:
        self.claims, self.tags, self.thresholds = claims, tags, thresholds
        self.lexicon, self.triage, self.analyze = lexicon, triage, analyze
        # text -> its features and facts, computed before the workers fork (`judge_all`)
        self.known: dict[str, tuple[TextFeatures, TextFacts]] = {}

    def judge(self, jobs: Sequence[tuple[int, int]]) -> list[Any]:
        """The finding (or None) of each pair, in order."""
        claims, analyze, lexicon = self.claims, self.analyze, self.lexicon
        uses: dict[str, int] = {}
        for i, j in jobs:
            for text in (claims[i].text, claims[j].text):
                uses[text] = uses.get(text, 0) + 1
        cache: dict[str, tuple[TextFeatures, TextFacts | None]] = {}

        known = self.known

        def of(text: str) -> tuple[TextFeatures, TextFacts | None]:
            if text in known:
                return known[text]
            found = cache.get(text)
            if found is None:
                found = (analyze.features(text, lexicon), None)
            uses[text] -= 1
            if uses[text]:
                cache[text] = found
            else:
                cache.pop(text, None)
            return found

        def facts(text: str, f: TextFeatures, known: TextFacts | None) -> TextFacts:
            if known is None:
                known = text_facts(f, lexicon)
                if text in cache:
                    cache[text] = (f, known)
            return known

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
                    self.thresholds.possible, lexicon, unrelated)
                if not (sides[0] or sides[1]):
                    out.append(None)
                    continue
            out.append(analyze._judge(a, b, fa, fb, pair_tags, self.thresholds, lexicon, sides))
        return out


_RUN: list[tuple[Judging, Sequence[tuple[int, int]], Sequence[int]]] = []  # forked workers'


def _work(span: tuple[int, int]) -> list[tuple[int, tuple]]:
    judging, jobs, order = _RUN[-1]
    mine = order[span[0]:span[1]]
    found = judging.judge([jobs[n] for n in mine])
    return [(job, (f.kind, f.klass, f.score, f.confidence, dict(f.signals), f.identical))
            for job, f in zip(mine, found) if f is not None]


def local_order(claims: Sequence[Claim], jobs: Sequence[tuple[int, int]]) -> list[int]:
    """The indices of `jobs` in an order where a text's pairs stand close together: texts are
    numbered breadth first over the graph of pairs (fewest partners first, as in Cuthill-McKee)
    and each pair sorts by the later of its two texts. Contiguous slices of it then share few
    texts, so the workers, which each compute the features of the texts in their slices,
    compute far fewer twice (at 2,500 distinct files, 8 slices of the pairs in (i, j) order
    held 2.9 times the texts there are; in this order, 1.5 times)."""
    number: dict[str, int] = {}
    ends = [(number.setdefault(claims[i].text, len(number)),
             number.setdefault(claims[j].text, len(number))) for i, j in jobs]
    partners: list[list[int]] = [[] for _ in number]
    for x, y in ends:
        partners[x].append(y)
        partners[y].append(x)
    place = [-1] * len(number)
    placed = 0
    for start in sorted(range(len(number)), key=lambda t: len(partners[t])):
        if place[start] >= 0:
            continue
        place[start], placed = placed, placed + 1
        queue = [start]
        for at in queue:  # grows while it is read: breadth first
            for other in partners[at]:
                if place[other] < 0:
                    place[other], placed = placed, placed + 1
                    queue.append(other)
    return sorted(range(len(jobs)), key=lambda n: max(place[ends[n][0]], place[ends[n][1]]))


def _shared_texts(judging: Judging, jobs: Sequence[tuple[int, int]], order: Sequence[int],
                  spans: Sequence[tuple[int, int]]) -> dict[str, tuple[TextFeatures, TextFacts]]:
    """The features and facts of each text that pairs in more than one chunk need, computed
    once here (with what the judge reads of them on first use) rather than once per worker."""
    claims, lexicon, analyze = judging.claims, judging.lexicon, judging.analyze
    chunk_of: dict[str, int] = {}
    shared: set[str] = set()
    for chunk, (start, end) in enumerate(spans):
        for n in order[start:end]:
            for x in jobs[n]:
                text = claims[x].text
                if chunk_of.setdefault(text, chunk) != chunk:
                    shared.add(text)
    known = {}
    for text in sorted(shared):
        f = analyze.features(text, lexicon)
        for name in _LAZY:
            getattr(f, name)
        known[text] = (f, text_facts(f, lexicon))
    return known


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
    pieces = workers * _CHUNKS_PER_WORKER
    bounds = [len(jobs) * n // pieces for n in range(pieces + 1)]
    spans = [(start, end) for start, end in zip(bounds, bounds[1:]) if end > start]
    order = local_order(judging.claims, jobs)
    judging.known = _shared_texts(judging, jobs, order, spans)
    _RUN.append((judging, jobs, order))
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            answers = pool.map(_work, spans, chunksize=1)
    finally:
        _RUN.pop()
        judging.known = {}
    results: list[Any] = [None] * len(jobs)
    PairFinding = judging.analyze.PairFinding
    for answer in answers:
        for job, (kind, klass, score, confidence, signals, identical) in answer:
            i, j = jobs[job]
            results[job] = PairFinding(kind, klass, score, confidence, judging.claims[i],
                                       judging.claims[j], signals, identical)
    return results

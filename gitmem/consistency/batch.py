"""Judging a batch of candidate pairs: each text's features once, triage, several processes.

`Judging.judge` rules on a list of pairs in order. What depends on one text (its
`TextFeatures`, its `triage.TextFacts`) is computed at its first pair and dropped after its last,
so memory follows the texts in use, not all of them. A pair whose two sides (duplicate,
contradiction) `triage.open_sides` both closes is not aligned at all; the others go to
`analyze._judge`, which skips the side triage closed.

`judge_all` splits a large batch into contiguous chunks for a pool of forked processes (the
claims are inherited, not sent) and puts their answers back in the order of the pairs: a pair's
verdict depends on its two texts only, so the findings are those of one process, in the same
order, whatever the number of workers (`tests/consistency/test_triage.py` compares them).
"""

from __future__ import annotations

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

PARALLEL_MIN_PAIRS = 6000  # below this, starting processes costs more than it saves
_CHUNKS_PER_WORKER = 4


class Judging:
    """Everything one run's judging needs; `analyze` is looked up at each call, so a test that
    replaces `analyze.features` or `analyze._judge` sees every call."""

    def __init__(self, claims: Sequence[Claim], tags: Mapping[str, Sequence[str]],
                 thresholds: Any, lexicon: Lexicon, triage: bool, analyze: ModuleType) -> None:
        self.claims, self.tags, self.thresholds = claims, tags, thresholds
        self.lexicon, self.triage, self.analyze = lexicon, triage, analyze

    def judge(self, jobs: Sequence[tuple[int, int]]) -> list[Any]:
        """The finding (or None) of each pair, in order."""
        claims, analyze, lexicon = self.claims, self.analyze, self.lexicon
        uses: dict[str, int] = {}
        for i, j in jobs:
            for text in (claims[i].text, claims[j].text):
                uses[text] = uses.get(text, 0) + 1
        cache: dict[str, tuple[TextFeatures, TextFacts | None]] = {}

        def of(text: str) -> tuple[TextFeatures, TextFacts | None]:
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


_RUN: list[tuple[Judging, Sequence[tuple[int, int]]]] = []  # what forked workers inherit


def _work(span: tuple[int, int]) -> list[tuple[int, tuple]]:
    judging, jobs = _RUN[-1]
    found = judging.judge(jobs[span[0]:span[1]])
    return [(span[0] + n, (f.kind, f.klass, f.score, f.confidence, dict(f.signals), f.identical))
            for n, f in enumerate(found) if f is not None]


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
    _RUN.append((judging, jobs))
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            answers = pool.map(_work, spans, chunksize=1)
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

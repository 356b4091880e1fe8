"""The consistency pass over claims: candidate pairs, then each pair judged once.

Stable API (lint rules GM201/GM202/GM211 and `gitmem candidates --json` call it):

    find_pairs(claims, tags={path: tags}, scopes={path: globs},
               match_threshold=0.86, possible_threshold=0.72,
               thresholds=Thresholds(...)) -> list[PairFinding]

    PairFinding(kind="duplicate"|"contradiction", klass="match"|"possible", score, confidence,
                a: Claim, b: Claim, signals: dict, identical: bool)

- `tags` and `scopes` are keyed by claim path. Claims under disjoint scopes (Cursor `globs`,
  scope folders) are not compared; claims of one file always are.
- Features are computed once per distinct text; `candidates.candidate_pairs` finds the pairs
  (every pair at the key-set Jaccard threshold); `triage.py` skips the pairs it proves the
  judge would not flag; many pairs are judged in several processes (`batch.py`).
  Type and category never gate a comparison.
- Claims under headings such as "Don'ts", "Anti-patterns", "Troubleshooting" or "Before"
  (examples of what not to do, symptoms, history) are not read as rules for contradictions.
- A contradiction is never also reported as a duplicate. Contradictions are reported from
  `Thresholds.contradiction` confidence up, "match" from `Thresholds.contradiction_match`.
  Duplicates use the policy bands (`match`, `possible`); only byte-identical text is
  `identical=True` (the one case an automatic merge may apply).
- Order is deterministic: within a pair `a` is the claim that comes first in `claims` (signals
  such as "tabs / spaces" read a / b); findings sort by (a.path, a.line, b.path, b.line, kind).
"""

from __future__ import annotations

import dataclasses
import functools
import re
import sys
from array import array
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gitmem.consistency.align import align
from gitmem.consistency.bands import Thresholds
from gitmem.consistency.batch import Judging, judge_all
from gitmem.consistency.budget import PairBudget
from gitmem.consistency.candidates import candidate_codes
from gitmem.consistency.contradiction import detect_contradiction_features, purpose_evidence
from gitmem.consistency.duplicates import (
    MATCH_THRESHOLD,
    POSSIBLE_THRESHOLD,
    classify,
    measured_signals,
    score_duplicate_features,
    under_band,
)
from gitmem.consistency.features import TextFeatures, features
from gitmem.consistency.lexicon import Lexicon, default_lexicon
from gitmem.consistency.pair_codes import PairCodes
from gitmem.consistency.paraphrase import may_paraphrase
from gitmem.consistency.per_text import forget_texts
from gitmem.consistency.scope import scopes_disjoint
from gitmem.consistency.verdicts import PairVerdicts, VerdictKeys
from gitmem.model import Claim


@dataclass(frozen=True)
class PairFinding:
    kind: str  # "duplicate" | "contradiction"
    klass: str  # "match" | "possible"
    score: float
    confidence: float
    a: Claim
    b: Claim
    signals: Mapping[str, Any] = field(default_factory=dict)
    identical: bool = False


# Headings under which claims are examples of what not to do, symptoms or history, not rules.
_NOT_RULES = re.compile(
    r"\b(?:don'?ts?|do not|avoid|never|anti-?patterns?|bad|wrong|mistakes?|pitfalls?|deprecated"
    r"|before|legacy|incorrect|troubleshooting|problems?|known issues?|common errors?)\b",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=1 << 12)
def _section_states_rules(section: str) -> bool:
    return not _NOT_RULES.search(section)


def _states_rules(claim: Claim) -> bool:
    """Whether the claim's section states rules (asked of each claim once per pair it is in:
    answered by heading, which many claims share)."""
    return _section_states_rules(claim.section)


def _unrelated(fa: TextFeatures, fb: TextFeatures) -> bool:
    """Too little shared subject for any detector to fire (short texts always go through)."""
    union = len(fa.content | fb.content)
    return union > 4 and len(fa.content & fb.content) < 0.2 * union


def unrelated_pair(a: Claim, b: Claim, fa: TextFeatures, fb: TextFeatures,
                   lexicon: Lexicon) -> bool:
    """`_unrelated`, unless the two state what they choose for one purpose, which needs no
    more shared words than the purpose (`contradiction.purpose_evidence`)."""
    return fa.text != fb.text and _unrelated(fa, fb) and not (
        _states_rules(a) and _states_rules(b) and purpose_evidence(fa, fb, lexicon))


def _judge(
    a: Claim,
    b: Claim,
    fa: TextFeatures,
    fb: TextFeatures,
    tags: tuple[Sequence[str], Sequence[str]],
    thresholds: Thresholds,
    lexicon: Lexicon,
    sides: tuple[bool, bool] = (True, True),
    unrelated: bool | None = None,
) -> PairFinding | None:
    """The finding of one pair, or None. `sides` (duplicate, contradiction) False skips a side
    triage proved closed (`triage.open_sides`): the verdict is the same, the work is not.
    `unrelated`, when the caller already asked `unrelated_pair` and turned away the unrelated
    pairs that `may_paraphrase` does not allow (`batch.Judging`), is its answer."""
    if unrelated is None:
        # too few shared words for a contradiction; a duplicate in other words may still hold
        unrelated = unrelated_pair(a, b, fa, fb, lexicon)
        if unrelated and not may_paraphrase(fa, fb, lexicon):
            return None
    alignment = align(fa, fb, lexicon)
    found = None
    if sides[1] and _states_rules(a) and _states_rules(b) and not unrelated:
        found = detect_contradiction_features(fa, fb, lexicon, alignment)
    if found is not None and found.confidence >= thresholds.contradiction:
        klass = "match" if found.confidence >= thresholds.contradiction_match else "possible"
        return PairFinding(
            "contradiction", klass, found.confidence, found.confidence, a, b, dict(found.signals)
        )
    if found is not None or not sides[0]:
        return None  # a weak contradiction is still no duplicate
    measured = measured_signals(fa, fb, alignment)
    if under_band(fa, fb, tags, lexicon, alignment, measured,
                  min(thresholds.match, thresholds.possible)):
        return None  # what the score reads beyond `measured` would only lower it
    dup = score_duplicate_features(fa, fb, tags[0], tags[1], lexicon, alignment, measured)
    band = classify(dup.score, thresholds.match, thresholds.possible)
    if band is None:
        return None
    return PairFinding("duplicate", band, dup.score, dup.score, a, b, dict(dup.signals), dup.identical)


def find_pairs(
    claims: Sequence[Claim],
    tags: Mapping[str, Sequence[str]] | None = None,
    scopes: Mapping[str, Sequence[str]] | None = None,
    match_threshold: float = MATCH_THRESHOLD,
    possible_threshold: float = POSSIBLE_THRESHOLD,
    thresholds: Thresholds | None = None,
    lexicon: Lexicon | None = None,
    verdicts: PairVerdicts | None = None,
    *,
    triage: bool = True,
    workers: int | None = None,
    budget: PairBudget | None = None,
) -> list[PairFinding]:
    """Duplicate and contradiction findings among `claims` (see the module docstring).

    With `verdicts`, a pair judged in an earlier run (same texts, sections' stance, tags) is
    recalled instead of judged, and every verdict used is recorded into it for the next run;
    the caller keys the store on the thresholds and the detector's code. `triage` skips the
    sides of a pair `triage.open_sides` proves the judge would not flag (the findings are the
    same without it); `workers` processes judge the pairs (default: every CPU when there are
    many pairs), with the findings of one process. With `budget`, at most `budget.pairs` pairs
    are judged (the first in claim order; a recalled verdict costs nothing) and the rest are
    counted into it, unjudged (budget.py)."""
    lexicon = lexicon or default_lexicon()
    thresholds = thresholds or Thresholds(match=match_threshold, possible=possible_threshold)
    tags, scopes = tags or {}, scopes or {}
    pairs = candidate_codes(claims, lexicon=lexicon)
    if budget is not None and len(pairs) > budget.pairs:
        budget.order(pairs)
    repeated = {text for text, count in Counter(c.text for c in claims).items() if count > 1}
    # The plan, one entry per pair compared, as columns of 8 bytes a pair (not a tuple each:
    # millions at 100,000 files): the pair, its job (-1 when recalled) and its verdict key;
    # the findings recalled by plan entry. The jobs are the pairs judged: a pair of texts held
    # by several claims is judged once and reported at each copy.
    width = pairs.width
    plan, plan_job, plan_key = array("q"), array("q"), array("Q")
    recalled: dict[int, Any] = {}
    jobs = PairCodes(width)
    job_of: dict[tuple, int] = {}
    verdict_key = VerdictKeys(tags)
    for code in pairs.codes:
        i, j = divmod(code, width)
        a, b = claims[i], claims[j]
        if a.path != b.path and scopes_disjoint(scopes.get(a.path, ()), scopes.get(b.path, ())):
            continue
        if verdicts is not None:
            key = verdict_key(a, b, (_states_rules(a), _states_rules(b)))
            known, stored = verdicts.recall(key)
            if known:
                if stored is not None:
                    recalled[len(plan)] = stored
                plan.append(code)
                plan_job.append(-1)
                plan_key.append(key)
                continue
        judged = None
        if a.text in repeated or b.text in repeated:
            judged = (a.text, b.text, _states_rules(a), _states_rules(b),
                      tuple(tags.get(a.path, ())), tuple(tags.get(b.path, ())))
        job = job_of.get(judged, -1) if judged is not None else -1
        if job < 0 and budget is not None and len(jobs) >= budget.pairs:
            budget.skipped += 1  # left unjudged: counted, never planned (a list of millions)
            budget.files.update((a.path, b.path))
            continue
        if job < 0:
            job = len(jobs)
            jobs.append(i, j)
            if judged is not None:
                job_of[judged] = job
        plan.append(code)
        plan_job.append(job)
        if verdicts is not None:
            plan_key.append(key)
    del job_of, verdict_key, pairs  # each text's encoded key part: not held while judging
    judge = Judging(claims, tags, thresholds, lexicon, triage, sys.modules[__name__])
    try:
        results = judge_all(judge, jobs, workers)
    finally:
        forget_texts()  # answers by text are this run's: a long-lived process keeps none
    out: list[PairFinding] = []
    for at, code in enumerate(plan):
        i, j = divmod(code, width)
        a, b = claims[i], claims[j]
        job = plan_job[at]
        if job < 0:
            stored = recalled.get(at)
            if stored is not None:  # rebuilt around the claims as they are now
                out.append(PairFinding(stored.kind, stored.klass, stored.score,
                                       stored.confidence, a, b, dict(stored.signals),
                                       stored.identical))
            continue
        finding = results[job]
        if finding is not None and (finding.a is not a or finding.b is not b):
            finding = dataclasses.replace(finding, a=a, b=b, signals=dict(finding.signals))
        if verdicts is not None:
            verdicts.record(plan_key[at], finding)
        if finding is not None:
            out.append(finding)
    out.sort(key=lambda p: (p.a.path, p.a.line, p.b.path, p.b.line, p.kind))
    return out

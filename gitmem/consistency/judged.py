"""The judge plug-in applied to detected pairs: an external program may confirm, reclassify or
drop what the built-in detector found. Its word counts only when `run_judge` accepted it (valid
JSON quoting both claims verbatim); anything else leaves the detector's verdict standing.

Two uses. `judge_pairs` (candidates, review, sweep) passes the detector's flagged pairs.
`judge_undecided` (`gitmem lint --judge`) passes only what the rules leave undecided: pairs in
the possible band (a GM202, a GM211 under the contradiction match band) and the near misses,
pairs the detector scored up to `NEAR_MISS` under the reporting threshold (a duplicate score of
0.57-0.72, a contradiction confidence of 0.45-0.6 with the default settings), which the rules
alone do not report. Match-band findings are the rules' decision and are never sent.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from gitmem.config import Config
from gitmem.consistency.analyze import PairFinding, Thresholds
from gitmem.consistency.judge import ClaimRef, JudgeReport, JudgeRequest, run_judge
from gitmem.consistency.judge_cache import JudgeCache, command_identity, pair_digest

MAX_JUDGED = 100  # calls per run: a slow judge must not stall a nightly pass
NEAR_MISS = 0.15  # how far under a reporting threshold a pair is still undecided
_REASON = 200  # characters of the judge's reason kept in a finding


def _request(pair: PairFinding) -> JudgeRequest:
    return JudgeRequest(ClaimRef(pair.a.path, pair.a.line, pair.a.text),
                        ClaimRef(pair.b.path, pair.b.line, pair.b.text))


def judge_pairs(
    pairs: Sequence[PairFinding], config: Config, file_texts: Mapping[str, str],
    cache: JudgeCache | None = None,
) -> tuple[list[PairFinding], JudgeReport | None]:
    """(pairs after the judge, its report of the calls made); unchanged with no judge
    configured. With `cache`, a pair answered before (`lint --judge`, an earlier review) is
    not asked again, and accepted answers are kept for the next run."""
    if not config.judge_command or not pairs:
        return list(pairs), None
    identity = command_identity(config.judge_command) if cache is not None else ""
    known: dict[int, tuple[str, str]] = {}
    asked: list[int] = []
    for at, pair in enumerate(pairs):
        hit = cache.get(pair_digest(pair.a.text, pair.b.text, identity)) if cache else None
        if hit is not None:
            known[at] = (hit.verdict, hit.reason)
        elif len(asked) < MAX_JUDGED:
            asked.append(at)
    report = run_judge(config.judge_command, [_request(pairs[at]) for at in asked],
                       config.judge_timeout, file_texts)
    for at, result in zip(asked, report.results):
        if result.status == "valid" and result.verdict is not None:
            known[at] = (result.verdict, result.reason)
            if cache is not None:
                cache.put(pair_digest(pairs[at].a.text, pairs[at].b.text, identity),
                          result.verdict, result.reason)
    if cache is not None:
        cache.save()
    out: list[PairFinding] = []
    for at, pair in enumerate(pairs):
        verdict = known.get(at)
        if verdict is None:
            out.append(pair)
        elif verdict[0] != "neither":
            signals = {**pair.signals, "judge": verdict[0]}
            out.append(dataclasses.replace(pair, kind=verdict[0], signals=signals))
    return out, (report if asked else None)


def describe_rejections(report: JudgeReport | None) -> str | None:
    if report is None:
        return None
    total = len(report.results)
    if not report.rejected:
        return f"judge: {total} verdict(s), all accepted"
    parts = ", ".join(f"{count} {status}" for status, count in report.rejected.items())
    return f"judge: {total} call(s); rejected {sum(report.rejected.values())} ({parts})"


def widened(thresholds: Thresholds) -> Thresholds:
    """The thresholds that also find the near misses (`NEAR_MISS` under each reporting one)."""
    return dataclasses.replace(
        thresholds, possible=max(0.01, thresholds.possible - NEAR_MISS),
        contradiction=max(0.01, thresholds.contradiction - NEAR_MISS))


def reported_by_rules(pair: PairFinding, thresholds: Thresholds) -> bool:
    """Whether the rules alone report this pair (found at `widened(thresholds)`)."""
    if pair.kind == "contradiction":
        return pair.confidence >= thresholds.contradiction
    return pair.score >= thresholds.possible


def undecided(pair: PairFinding) -> bool:
    """Not the rules' decision: under the match band (a possible finding, or a near miss)."""
    return pair.klass != "match"


@dataclass
class JudgeOutcome:
    """What `judge_undecided` did, counted by text pair (copies of a claim count once)."""

    undecided: int = 0
    cached: int = 0
    asked: int = 0
    left: int = 0  # not asked: over the limit of calls
    limit: int = MAX_JUDGED
    rejected: dict[str, int] = field(default_factory=dict)  # status -> count
    effects: Counter[str] = field(default_factory=Counter)  # added/dropped/confirmed/...
    cache_written: bool = True

    def lines(self) -> list[str]:
        """The summary for stderr: one line, plus one per thing left undone."""
        if not self.undecided:
            return ["judge: no undecided pairs"]
        accepted = self.asked - sum(self.rejected.values())
        text = (f"judge: {self.undecided} undecided pair(s): {self.cached} answered from the "
                f"cache, {self.asked} asked")
        if self.asked:
            text += f" ({accepted} accepted"
            if self.rejected:
                parts = ", ".join(f"{n} {status}" for status, n in sorted(self.rejected.items()))
                text += f"; rejected {sum(self.rejected.values())}: {parts}"
            text += ")"
        effects = [f"{self.effects[k]} {k}" for k in ("added", "dropped", "reclassified",
                                                       "confirmed") if self.effects[k]]
        if effects:
            text += "; findings " + ", ".join(effects)
        out = [text]
        if self.rejected:
            out.append(f"judge: {sum(self.rejected.values())} rejected answer(s) ignored: the "
                       "rules' verdict stands for those pairs and they are asked again next run")
        if self.left:
            out.append(f"judge: {self.left} undecided pair(s) not asked (at most {self.limit} "
                       "calls a run, --judge-limit); the rules' verdict stands for them: run "
                       "again to ask about them, answers are cached")
        if not self.cache_written:
            out.append("judge: could not write .git/gitmem/cache/judge-verdicts.json; the "
                       "same pairs will be asked again next run")
        return out


def _order(pair: PairFinding, thresholds: Thresholds) -> tuple[object, ...]:
    """Reported pairs first (the findings a person sees), the strongest first."""
    return (not reported_by_rules(pair, thresholds), -pair.confidence,
            pair.a.path, pair.a.line, pair.b.path, pair.b.line)


def _decided(pair: PairFinding, verdict: str, reason: str) -> PairFinding:
    signals = {**pair.signals, "judge": verdict, "judge_reason": " ".join(reason.split())[:_REASON]}
    return dataclasses.replace(pair, kind=verdict, klass="match", signals=signals)


def judge_undecided(
    pairs: Sequence[PairFinding], thresholds: Thresholds, config: Config,
    file_texts: Mapping[str, str], cache: JudgeCache, limit: int = MAX_JUDGED,
) -> tuple[list[PairFinding], JudgeOutcome]:
    """The pairs the rules report, after the judge ruled on the undecided ones among `pairs`
    (found at `widened(thresholds)`). An accepted verdict decides a pair (klass "match", signals
    `judge` and `judge_reason`; "neither" drops it); a pair the judge did not answer acceptably
    (rejected, not asked) is reported as the rules alone report it. Accepted verdicts are
    cached by `pair_digest`; the cache is saved."""
    identity = command_identity(config.judge_command)
    by_digest: dict[str, list[PairFinding]] = {}
    for pair in sorted((p for p in pairs if undecided(p)), key=lambda p: _order(p, thresholds)):
        by_digest.setdefault(pair_digest(pair.a.text, pair.b.text, identity), []).append(pair)
    outcome = JudgeOutcome(undecided=len(by_digest), limit=limit)
    verdicts: dict[str, tuple[str, str]] = {}
    to_ask: list[str] = []
    for digest in by_digest:
        known = cache.get(digest)
        if known is not None:
            verdicts[digest] = (known.verdict, known.reason)
            outcome.cached += 1
        elif len(to_ask) < limit:
            to_ask.append(digest)
        else:
            outcome.left += 1
    if to_ask:
        report = run_judge(config.judge_command, [_request(by_digest[d][0]) for d in to_ask],
                           config.judge_timeout, file_texts)
        outcome.asked, outcome.rejected = len(to_ask), dict(report.rejected)
        for digest, result in zip(to_ask, report.results):
            if result.status == "valid" and result.verdict is not None:
                verdicts[digest] = (result.verdict, result.reason)
                cache.put(digest, result.verdict, result.reason)
        outcome.cache_written = cache.save()
    out = [p for p in pairs if not undecided(p)]
    for digest, group in by_digest.items():
        reported = reported_by_rules(group[0], thresholds)
        if digest not in verdicts:
            out += [p for p in group if reported_by_rules(p, thresholds)]
            continue
        verdict, reason = verdicts[digest]
        if verdict == "neither":
            outcome.effects["dropped" if reported else "left unreported"] += 1
            continue
        outcome.effects["added" if not reported else "confirmed"
                        if group[0].kind == verdict else "reclassified"] += 1
        out += [_decided(p, verdict, reason) for p in group]
    out.sort(key=lambda p: (p.a.path, p.a.line, p.b.path, p.b.line, p.kind))
    return out, outcome

"""The judge plug-in applied to detected pairs: an external program may confirm, reclassify or
drop what the built-in detector found. Its word counts only when `run_judge` accepted it (valid
JSON quoting both claims verbatim); anything else leaves the detector's verdict standing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from gitmem.config import Config
from gitmem.consistency.analyze import PairFinding
from gitmem.consistency.judge import ClaimRef, JudgeReport, JudgeRequest, run_judge

MAX_JUDGED = 100  # calls per run: a slow judge must not stall a nightly pass


def judge_pairs(
    pairs: Sequence[PairFinding], config: Config, file_texts: Mapping[str, str]
) -> tuple[list[PairFinding], JudgeReport | None]:
    """(pairs after the judge, its report); unchanged with no judge configured."""
    if not config.judge_command or not pairs:
        return list(pairs), None
    asked = list(pairs[:MAX_JUDGED])
    requests = [JudgeRequest(ClaimRef(p.a.path, p.a.line, p.a.text),
                             ClaimRef(p.b.path, p.b.line, p.b.text)) for p in asked]
    report = run_judge(config.judge_command, requests, config.judge_timeout, file_texts)
    out: list[PairFinding] = []
    for pair, result in zip(asked, report.results):
        if result.status != "valid" or result.verdict is None:
            out.append(pair)
        elif result.verdict == "neither":
            continue
        else:
            signals = {**pair.signals, "judge": result.verdict}
            out.append(dataclasses.replace(pair, kind=result.verdict, signals=signals))
    return out + list(pairs[MAX_JUDGED:]), report


def describe_rejections(report: JudgeReport | None) -> str | None:
    if report is None:
        return None
    total = len(report.results)
    if not report.rejected:
        return f"judge: {total} verdict(s), all accepted"
    parts = ", ".join(f"{count} {status}" for status, count in report.rejected.items())
    return f"judge: {total} call(s); rejected {sum(report.rejected.values())} ({parts})"

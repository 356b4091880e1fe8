"""`gitmem lint --baseline FILE` / `--write-baseline FILE`: record today's findings once.

A memory adopted with hundreds of findings should not fail every change over its past. The
baseline is a small JSON file committed beside the memory: one entry per line (fingerprint,
code, path, message), sorted by path, code and fingerprint, so a review of it reads like a list
and a fixed finding is one removed line. A lint with `--baseline` reports only findings whose
fingerprint (`gitmem.lint.fingerprint`, unmoved by moved lines and unrelated edits) is not in
the file; entries that no longer occur are reported as fixed, and the next `--write-baseline`
drops them. An entry of a rule the run did not run (`--select`, GM202 beside code) is neither:
it is kept.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from gitmem import jsontext
from gitmem.errors import InvalidInputError, UsageError
from gitmem.lint.engine import LintReport
from gitmem.model import Finding

VERSION = 1
FIELDS = ("fingerprint", "code", "path", "message")
GROUPED = ("GM201", "GM202", "GM211")  # rules whose finding names every copy of a claim


def entry(finding: Finding) -> dict[str, str]:
    return {"fingerprint": finding.fingerprint, "code": finding.code, "path": finding.path,
            "message": finding.message}


def baseline_text(findings: Iterable[Finding], kept: Iterable[Mapping[str, str]] = ()) -> str:
    """The file's text: one sorted entry per line, so its diffs are reviewable; `kept`: entries
    carried over as they were (those of rules the run did not run)."""
    entries = sorted([*(entry(f) for f in findings if f.fingerprint), *map(dict, kept)],
                     key=lambda e: (e["path"], e["code"], e["fingerprint"]))
    rows = ",\n".join("  " + jsontext.dumps(e) for e in entries)
    return (f'{{"version": {VERSION}, "findings": [\n{rows}\n]}}\n' if rows
            else f'{{"version": {VERSION}, "findings": []}}\n')


def read_baseline(path: Path, *, missing_ok: bool = False) -> dict[str, dict[str, str]]:
    """fingerprint -> entry. A missing file is an error (exit 3) unless `missing_ok`."""
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        if missing_ok:
            return {}
        raise InvalidInputError(f"baseline {path}: no such file; write one with "
                                f"`gitmem lint --write-baseline {path}`") from None
    except (OSError, ValueError) as exc:
        raise InvalidInputError(f"baseline {path}: cannot read it as a gitmem baseline ({exc}); "
                                "write it again with --write-baseline") from None
    rows = data.get("findings") if isinstance(data, dict) else None
    if not isinstance(rows, list) or data.get("version") != VERSION or not all(
            isinstance(r, dict) and isinstance(r.get("fingerprint"), str) for r in rows):
        raise InvalidInputError(f"baseline {path}: not a version-{VERSION} gitmem baseline; "
                                "write it again with --write-baseline")
    return {r["fingerprint"]: {k: str(r.get(k, "")) for k in FIELDS} for r in rows}


def not_run(report: LintReport, known: Mapping[str, Mapping[str, str]]) -> list[dict[str, str]]:
    """The entries of rules this run did not run (left out by a selection, or GM202's default
    beside code): the run cannot tell whether they are fixed, so they are kept as they are."""
    ran = {rule.code for rule in report.rules}
    return [dict(e) for e in known.values() if e.get("code") not in ran]


def write_baseline(path: Path, findings: Sequence[Finding], root: Path,
                   kept: Iterable[Mapping[str, str]] = ()) -> None:
    """Write the file as `lint --output` writes: inside the working tree `root`, no link is
    followed (a cloned repository may commit the baseline as a link to a file of the user's)."""
    from gitmem import safe_write

    try:
        safe_write.write_named_file(path, baseline_text(findings, kept).encode("utf-8"), root)
    except OSError as exc:
        raise UsageError(f"--write-baseline {path}: cannot write it ({exc.strerror})") from None


def _regrouped(new: Sequence[Finding], unseen: Sequence[Mapping[str, str]]) -> int:
    """How many new findings over several places (a repeated claim's copies) share their code
    and a path with an entry the run no longer produced: the same claims, grouped anew. A
    grouped finding's fingerprint covers every copy (fingerprint.py), so this is what a baseline
    written pair by pair, or before a further copy, shows; say so rather than leave it a riddle."""
    gone = {(e["code"], e["path"]) for e in unseen}
    return sum(1 for f in new if f.code in GROUPED and len(f.related) > 1 and any(
        (f.code, path) in gone for path in (f.path, *(loc.path for loc in f.related))))


def apply_baseline(report: LintReport, known: Mapping[str, Mapping[str, str]],
                   *, whole: bool, source: str = "the baseline") -> LintReport:
    """The report without the findings the baseline knows. `whole`: the run linted every
    memory, so a baseline entry it did not see is fixed (a scoped run cannot tell)."""
    seen = {f.fingerprint for f in report.findings}
    ran = {rule.code for rule in report.rules}
    new = tuple(f for f in report.findings if f.fingerprint not in known)
    fixed = [dict(e) for fp, e in sorted(known.items(), key=lambda kv: (kv[1]["path"], kv[0]))
             if whole and fp not in seen and e.get("code") in ran]
    notices = report.notices
    if len(new) < len(report.findings):
        hidden = len(report.findings) - len(new)
        notices += (f"{hidden} {'finding' if hidden == 1 else 'findings'} recorded in {source} "
                    "not shown",)
    if fixed:
        notices += (f"{len(fixed)} baseline {'entry' if len(fixed) == 1 else 'entries'} no "
                    "longer found (fixed); the next --write-baseline drops "
                    f"{'it' if len(fixed) == 1 else 'them'}",)
    regrouped = _regrouped(new, [e for fp, e in known.items() if fp not in seen])
    if regrouped:
        notices += (f"{regrouped} new {'finding names' if regrouped == 1 else 'findings name'} "
                    f"copies of a claim that {source} recorded under other findings (a copy was "
                    "added or removed, or the baseline predates one finding per repeated claim); "
                    "if they are known, record them with --write-baseline",)
    summary = {"known": len(report.findings) - len(new), "fixed": fixed}
    return dataclasses.replace(report, findings=new, notices=notices, baseline=summary)

"""Findings for a terminal: `path:line: CODE message`, grouped by file, then one summary line."""

from __future__ import annotations

from itertools import groupby

import click

from gitmem.lint.engine import LintReport
from gitmem.lint.formats.locations import unnamed_related
from gitmem.lint.formats.printable import printable
from gitmem.model import Finding

COLOURS = {"error": "red", "warning": "yellow", "info": "blue"}


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def finding_line(finding: Finding, *, color: bool = False) -> str:
    """One finding on one line; file names and quoted text are shown escaped (printable.py)."""
    location = f"{printable(finding.path)}:{finding.line}:"
    code = finding.code
    tail = f" [{finding.severity}]"
    unnamed = unnamed_related(finding)  # each location once on the line
    if unnamed:
        others = ", ".join(f"{printable(loc.path)}:{loc.line}" for loc in unnamed)
        tail = f" (see {others})" + tail
    if color:
        location = click.style(location, bold=True)
        code = click.style(code, fg=COLOURS.get(finding.severity), bold=True)
        tail = click.style(tail, dim=True)
    message = printable(finding.message)  # one line: a name's line break is shown as \n
    return f"{location} {code} {message}{tail}"


def summary_line(report: LintReport) -> str:
    counts = report.counts()
    scope = (f"{plural(report.files, 'file')} ({plural(report.claims, 'claim')}) "
             f"in {report.seconds:.2f}s")
    if report.layouts:
        scope += f" (memory layouts: {', '.join(report.layouts)})"
    if not report.findings:
        return f"No findings in {scope}."
    parts = ", ".join(plural(n, sev) if sev != "info" else f"{n} info"
                      for sev, n in counts.items() if n)
    return f"{plural(len(report.findings), 'finding')} ({parts}) in {scope}."


def left_out_line(report: LintReport) -> str:
    """One line naming the rules the default left out or read strictly, and how to ask for
    them; "" for none."""
    strict = _strict_line(report)
    if not report.left_out:
        return strict
    from gitmem.lint.registry import rule_by_code
    from gitmem.lint.run import OFF_UNLESS_ASKED

    def named(codes: list[str]) -> str:
        return ", ".join(f"{code} {rule.name}" if (rule := rule_by_code(code)) else code
                         for code in codes)

    asked = [code for code in report.left_out if code in OFF_UNLESS_ASKED]
    notes = [code for code in report.left_out if code not in OFF_UNLESS_ASKED]
    names = ([named(asked)] if asked else []) + ([f"{named(notes)} (info notes)"] if notes else [])
    one = len(report.left_out) == 1
    line = (f"{', '.join(names)} {'is' if one else 'are'} off by default; "
            f"--select {','.join(report.left_out)} reports {'it' if one else 'them'}.")
    return f"{line}\n{strict}" if strict else line


def _strict_line(report: LintReport) -> str:
    """The pair rules that read memory beside code strictly, and the setting that reads all."""
    if not report.strict_pairs:
        return ""
    return (f"{', '.join(report.strict_pairs)} compared each agent's own files apart and "
            "reported only contradictions between directives, as for memory beside code; "
            'lint.pairs_beside_code = "all" reads every pair.')


def render(report: LintReport, *, color: bool = False, quiet: bool = False) -> str:
    blocks = []
    for _, group in groupby(report.findings, key=lambda finding: finding.path):
        blocks.append("\n".join(finding_line(f, color=color) for f in group))
    out = "\n\n".join(blocks)
    if not quiet:
        out = f"{out}\n\n{summary_line(report)}" if out else summary_line(report)
        more = left_out_line(report)
        out += f"\n{more}" if more else ""
    return out + "\n" if out else ""

"""What the GitHub Action (action.yml) runs: `python -m gitmem.ci_action`.

One lint run, rendered three ways: workflow-command annotations on stdout (capped as GitHub
caps them: 10 errors, 10 warnings and 10 notices per step), an optional SARIF file for code
scanning, and a Markdown job summary appended to $GITHUB_STEP_SUMMARY; counts go to
$GITHUB_OUTPUT. On a pull request the run is `--diff <base>` (what the pull request adds);
elsewhere, or with mode `all`, every memory. An optional baseline hides recorded findings. The
action passes its inputs as environment variables (INPUT_MODE, INPUT_BASE, INPUT_BASELINE,
INPUT_FAIL_ON, INPUT_SARIF_FILE), never by interpolating them into a script, so this module
reads only the environment it is given.
"""

from __future__ import annotations

import os
import re
import sys
import traceback
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import TextIO

from gitmem import safe_write
from gitmem.config import FAIL_ON_LEVELS
from gitmem.errors import EXIT_INTERNAL, GitmemError, UsageError
from gitmem.lint.baseline import apply_baseline, read_baseline
from gitmem.lint.engine import LintReport
from gitmem.lint.formats import render
from gitmem.lint.formats.github import COMMANDS, command, escape_data
from gitmem.lint.formats.printable import printable
from gitmem.lint.run import LintRequest, lint_workspace
from gitmem.model import SEVERITIES
from gitmem.workspace import open_workspace

MAX_SUMMARY_ROWS = 50
ANNOTATIONS_PER_KIND = 10  # GitHub shows 10 error, 10 warning, 10 notice annotations per step
MODES = ("diff", "all")
SHALLOW_HINT = (
    "Some commit claims could not be checked (GM303): a shallow clone does not hold the history "
    "they name. Check out with `actions/checkout` and `fetch-depth: 0`."
)


_MARKDOWN = re.compile(r"[\\`*_{}\[\]()!|~]")  # what Markdown could act on inside a cell


def _cell(text: str) -> str:
    """A message as text in a table cell: it quotes committed claims, and the summary page
    renders Markdown and HTML, so a claim's `[link](url)`, image or tag must not become one."""
    flat = text.replace("\r", " ").replace("\n", " ")
    escaped = flat.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MARKDOWN.sub(lambda m: "\\" + m.group(), escaped)


def _code(text: str) -> str:
    """`text` as a code span its own backticks cannot close (a committed file's name)."""
    flat = text.replace("\r", " ").replace("\n", " ").replace("|", "\\|")
    fence = "`" * (max(map(len, re.findall("`+", flat)), default=0) + 1)
    return f"{fence} {flat} {fence}" if len(fence) > 1 else f"`{flat}`"


def job_summary(report: LintReport, base: str | None, fail_on: str) -> str:
    """The Markdown the job's summary page shows."""
    scope = f"what the pull request adds since `{base[:12]}`" if base else "all memories"
    counts = report.counts()
    verdict = "fails" if report.exit_code(fail_on) else "passes"
    lines = [
        "## gitmem memory lint", "",
        (f"Checked {report.files} files ({report.claims} claims): {scope}. "
         f"The check {verdict} (fail-on: `{fail_on}`)."), "",
        "| errors | warnings | info |", "| ---: | ---: | ---: |",
        f"| {counts['error']} | {counts['warning']} | {counts['info']} |", "",
    ]
    known, fixed = ((report.baseline["known"], len(report.baseline["fixed"]))
                    if report.baseline is not None else (0, 0))
    if known or fixed:
        lines += [f"Baseline: {known} recorded findings not shown"
                  + (f"; {fixed} recorded findings are fixed (write the baseline again to drop "
                     "them)." if fixed else "."), ""]
    if report.findings:
        lines += ["| where | rule | severity | message |", "| --- | --- | --- | --- |"]
        for finding in report.findings[:MAX_SUMMARY_ROWS]:
            lines.append(f"| {_code(f'{finding.path}:{finding.line}')} | {finding.code} "
                         f"{finding.name} | {finding.severity} | {_cell(finding.message)} |")
        if len(report.findings) > MAX_SUMMARY_ROWS:
            lines.append(f"\n…and {len(report.findings) - MAX_SUMMARY_ROWS} more (see the "
                         "SARIF report, or `gitmem lint` locally).")
        lines.append("")
    if any(f.code == "GM303" for f in report.findings):
        lines += [f"> {SHALLOW_HINT}", ""]
    return "\n".join(lines) + "\n"


def annotations(report: LintReport) -> tuple[str, int]:
    """Workflow commands for the findings GitHub will show (errors first), and how many it
    would have dropped silently past its per-step cap."""
    shown: Counter[str] = Counter()
    out, left = [], 0
    for finding in sorted(report.findings, key=lambda f: -SEVERITIES.index(f.severity)):
        kind = COMMANDS.get(finding.severity, "warning")
        if shown[kind] >= ANNOTATIONS_PER_KIND:
            left += 1
            continue
        shown[kind] += 1
        out.append(command(finding) + "\n")
    return "".join(out), left


def _append(path: str | None, text: str) -> None:
    if path:
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(text)


def run_action(env: Mapping[str, str], directory: str, out: TextIO, err: TextIO) -> int:
    base = env.get("INPUT_BASE", "").strip() or None
    mode = env.get("INPUT_MODE", "").strip().lower() or ("diff" if base else "all")
    fail_on = env.get("INPUT_FAIL_ON", "").strip().lower() or "error"
    if fail_on not in FAIL_ON_LEVELS:
        raise UsageError(f"fail-on: {fail_on!r} is not one of {', '.join(FAIL_ON_LEVELS)}")
    if mode not in MODES:
        raise UsageError(f"mode: {mode!r} is not one of {', '.join(MODES)}")
    if mode == "diff" and base is None:
        raise UsageError("mode diff needs a base revision: on pull requests it is the pull "
                         "request's base; elsewhere give the base input, or use mode all")
    ws = open_workspace(directory, {"fail_on": fail_on})
    if mode == "all":
        base = None
    if base is not None:
        try:
            ws.repo.resolve_commit(base)
        except UsageError:
            raise UsageError(
                f"base {base} is not in this clone; check out with actions/checkout and "
                "fetch-depth: 0 so the pull request's base commit is present"
            ) from None
    report = lint_workspace(ws, LintRequest(diff=base))
    baseline = env.get("INPUT_BASELINE", "").strip()
    if baseline:
        report = apply_baseline(report, read_baseline(Path(baseline)), whole=base is None,
                                source=baseline)
    shown, left = annotations(report)
    out.write(shown)
    if left:
        out.write(f"gitmem: {left} more findings are not annotated (GitHub shows "
                  f"{ANNOTATIONS_PER_KIND} of each kind per step); the job summary and the "
                  "SARIF report list them\n")
    # a notice can name a committed file: a newline in it must not start a workflow command
    err.writelines(f"gitmem: notice: {printable(notice)}\n" for notice in report.notices)
    _append(env.get("GITHUB_STEP_SUMMARY"), job_summary(report, base, fail_on))
    counts = report.counts()
    _append(env.get("GITHUB_OUTPUT"),
            f"findings={len(report.findings)}\nerrors={counts['error']}\n"
            f"warnings={counts['warning']}\n")
    sarif_file = env.get("INPUT_SARIF_FILE", "").strip()
    if sarif_file:
        _write_sarif(Path(sarif_file), render(report, "sarif"), ws.repo.root)
    return report.exit_code(fail_on)


def _write_sarif(path: Path, text: str, root: Path) -> None:
    """Write the SARIF log, making its folder (`reports/gitmem.sarif` in a fresh checkout);
    inside the checkout no committed symbolic link is followed (safe_write.write_named_file)."""
    try:
        safe_write.write_named_file(path, text.encode("utf-8"), root, make_folders=True)
    except OSError as exc:
        raise UsageError(f"sarif-file: cannot write {path} ({exc.strerror}); give a file path "
                         "the job can write") from None


def main() -> None:
    try:
        code = run_action(os.environ, ".", sys.stdout, sys.stderr)
    except GitmemError as exc:
        sys.stdout.write(f"::error title=gitmem::{escape_data(str(exc))}\n")
        sys.stderr.write(f"gitmem: {exc}\n")
        code = exc.exit_code
    except Exception as exc:  # noqa: BLE001 - a bug: say so in the log, never as exit 1 (findings)
        sys.stdout.write(f"::error title=gitmem internal error::{escape_data(repr(exc))}\n")
        traceback.print_exc()
        code = EXIT_INTERNAL
    sys.exit(code)


if __name__ == "__main__":
    main()

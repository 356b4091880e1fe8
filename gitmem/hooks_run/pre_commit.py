"""`gitmem hook pre-commit`: check what the commit records for memory files, block bad writes.

Reads only the staged memory blobs (and, for the corpus rules, the slice `hook_corpus` builds),
lints them with the registered rules plus the staged-change guards GM401-GM403, and lets
`policy.classify` decide what blocks. Exit 1 blocks the commit.
"""

from __future__ import annotations

import time
from typing import TextIO

from gitmem.hooks_run.check import check_changes
from gitmem.hooks_run.policy import HookOutcome, classify
from gitmem.hooks_run.staged import staged_change_set
from gitmem.lint.formats.text import finding_line, plural
from gitmem.workspace import Workspace


def run_pre_commit_checks(
    ws: Workspace, index_file: str | None, out: TextIO, err: TextIO
) -> int:
    start = time.perf_counter()
    check = check_changes(ws, staged_change_set(ws, index_file), index_file,
                          staged_guards=True)
    err.writelines(f"gitmem: notice: {notice}\n" for notice in check.notices)
    if check.skipped:
        err.write(f"gitmem pre-commit: {check.skipped}\n")
    if not check.files:
        return 0
    outcome = classify(check.findings, check.added, ws.config)
    _report(outcome, check.files, time.perf_counter() - start, err)
    return 1 if outcome.blocking else 0


def _report(outcome: HookOutcome, count: int, seconds: float, err: TextIO) -> None:
    scope = f"{plural(count, 'staged memory file')} checked in {seconds:.2f}s"
    if outcome.blocking:
        err.write("gitmem pre-commit: these block the commit:\n")
        err.writelines(f"  {finding_line(f)}\n" for f in outcome.blocking)
    if outcome.warnings:
        err.write("gitmem pre-commit: not blocking (warnings, and findings on lines this "
                  "commit does not add):\n")
        err.writelines(f"  {finding_line(f)}\n" for f in outcome.warnings)
    if outcome.blocking:
        err.write(
            f"Commit blocked by {plural(len(outcome.blocking), 'finding')} ({scope}). Fix the "
            "memory files above and stage them again (`git add`), or commit without the hook: "
            "git commit --no-verify\n"
        )
    elif outcome.warnings:
        err.write(f"Commit allowed ({scope}); `gitmem lint` shows the findings again.\n")

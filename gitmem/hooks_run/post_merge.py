"""`gitmem hook post-merge <squash>`: report what a merge or pull brought in; never block.

Lints the memories the merge changed (ORIG_HEAD..HEAD; the staged changes after a squash merge)
against the same corpus slice as the pre-commit hook, prints what concerns the lines the merge
brought in, and queues the duplicate and contradiction pairs for review (`gitmem review`). It
never edits a memory file and always exits 0: the merge has happened, and a hook failing here
would only hide the report.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TextIO

from gitmem.hooks_run.check import check_changes
from gitmem.hooks_run.policy import classify, on_added_line
from gitmem.hooks_run.staged import merged_change_set, staged_change_set
from gitmem.lint.formats.printable import printable
from gitmem.lint.formats.text import finding_line, plural
from gitmem.model import Finding
from gitmem.review_queue import ReviewItem, enqueue, today
from gitmem.workspace import Workspace

PAIR_KINDS = {"GM201": "duplicate", "GM202": "duplicate", "GM211": "contradiction"}


def run_post_merge_hook(
    directory: str, args: Sequence[str], squash: bool, out: TextIO, err: TextIO,
    *, legacy: bool = True,
) -> int:
    try:
        _post_merge(directory, args, squash, out, err, legacy)
    except Exception as exc:  # noqa: BLE001 - a post-merge hook must never fail the pull
        err.write(f"gitmem post-merge: could not check the merge ({type(exc).__name__}: {printable(str(exc))}); "
                  "run `gitmem lint` to check the memory by hand\n")
    return 0


def _post_merge(
    directory: str, args: Sequence[str], squash: bool, out: TextIO, err: TextIO, legacy: bool
) -> None:
    from gitmem.gitrepo import Repo
    from gitmem.hooks_run import open_hook_workspace
    from gitmem.hooks_run.legacy import run_legacy_hook

    if legacy:
        run_legacy_hook(Repo.discover(directory), "post-merge", args, out)
    ws = open_hook_workspace(directory, err)
    if not squash and ws.repo.ref_target("ORIG_HEAD") is None:
        err.write("gitmem post-merge: no ORIG_HEAD, so nothing to compare; skipped\n")
        return
    start = time.perf_counter()
    changes = staged_change_set(ws, None) if squash else merged_change_set(ws, "ORIG_HEAD")
    check = check_changes(ws, changes, None, staged_guards=False)
    if not check.files:
        return
    outcome = classify(check.findings, check.added, ws.config)
    findings = sorted((f for f in outcome.blocking + outcome.warnings
                       if on_added_line(f, check.added)),  # the memory's past is not news
                      key=lambda f: f.sort_key)
    queued = enqueue(ws.repo.state_dir, review_items(ws, findings))
    _print(findings, check.files, len(queued), time.perf_counter() - start, out)
    if check.skipped:
        err.write(f"gitmem post-merge: {check.skipped}\n")


def review_items(ws: Workspace, findings: Sequence[Finding]) -> list[ReviewItem]:
    """A review-queue item for every duplicate or contradiction pair among the findings."""
    items = []
    texts: dict[str, dict[int, str]] = {}
    for finding in findings:
        kind = PAIR_KINDS.get(finding.code)
        if kind is None or not finding.related:
            continue
        other = finding.related[0]
        items.append(ReviewItem(
            kind=kind,
            a_path=finding.path, a_line=finding.line,
            a_text=_claim_text(ws, texts, finding.path, finding.line),
            b_path=other.path, b_line=other.line,
            b_text=_claim_text(ws, texts, other.path, other.line),
            reason=finding.message, detected_at=today(), source="post-merge",
            confidence=finding.confidence,
        ))
    return items


def _claim_text(ws: Workspace, cache: dict[str, dict[int, str]], path: str, line: int) -> str:
    if path not in cache:
        memory = ws.memory_at(path, "worktree")
        cache[path] = {c.line: c.text for c in memory.claims} if memory else {}
    return cache[path].get(line, "")


def _print(findings: Sequence[Finding], files: int, queued: int, seconds: float,
           out: TextIO) -> None:
    head = (f"gitmem post-merge: checked {plural(files, 'changed memory file')} "
            f"in {seconds:.2f}s")
    if not findings:
        out.write(f"{head}: no findings\n")
        return
    out.write(f"{head}:\n" + "".join(f"  {finding_line(f)}\n" for f in findings))
    if queued:
        out.write(f"{plural(queued, 'pair')} added to the review queue; see `gitmem review`\n")

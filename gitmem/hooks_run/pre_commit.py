"""`gitmem hook pre-commit`: check what the commit records for memory files, block bad writes.

Reads only the staged memory blobs (and, for the corpus rules, the slice `hook_corpus` builds),
lints them with the registered rules plus the staged-change guards GM401-GM403, and lets
`policy.classify` decide what blocks. Exit 1 blocks the commit.
"""

from __future__ import annotations

import time
from typing import Sequence, TextIO

from gitmem.hooks_run.corpus import fresh_claims, hook_corpus
from gitmem.hooks_run.policy import HookOutcome, classify
from gitmem.hooks_run.staged import added_lines, staged_memory_changes
from gitmem.lint.engine import run_rules
from gitmem.lint.extract import extract_citations
from gitmem.lint.formats.text import finding_line, plural
from gitmem.lint.grounding import gather_evidence
from gitmem.lint.rule import LintContext, Rule
from gitmem.lint.rules.staged_rules import (
    MemoryDeleted, MemoryShrunk, ProtectedEdited, StagedChange, StagedRule,
)
from gitmem.lint.run import LintRequest, choose_rules
from gitmem.model import Finding
from gitmem.workspace import Workspace

STAGED_RULES: tuple[StagedRule, ...] = (MemoryShrunk(), MemoryDeleted(), ProtectedEdited())


def _ignored(rule: Rule, ignore: Sequence[str]) -> bool:
    return any(rule.code.startswith(s.upper()) or s.lower() == rule.name for s in ignore)


def check_staged(ws: Workspace, index_file: str | None) -> tuple[list[Finding], list[str],
                                                                  dict[str, frozenset[int]], int]:
    """(findings, notices, added lines per staged memory, number of staged memories)."""
    changes = staged_memory_changes(ws, index_file)
    if not changes:
        return [], [], {}, 0
    staged = [c.after for c in changes if c.after is not None]
    added = {c.path: added_lines(c) for c in changes}
    corpus = hook_corpus(ws, index_file, staged, fresh_claims(staged, added))
    rules, notices = choose_rules(ws, LintRequest())
    rules = tuple(r for r in rules if not isinstance(r, StagedRule))
    citations = {m.path: extract_citations(m, ws.config.review_file) for m in staged}
    evidence = gather_evidence(citations.values(), ws.code_repos())
    context = LintContext(corpus, ws.config, evidence, citations)
    findings, failures = run_rules(context, rules, {m.path for m in staged})
    findings.extend(_staged_findings(changes, context))
    return findings, notices + failures, added, len(changes)


def _staged_findings(changes: Sequence[StagedChange], context: LintContext) -> list[Finding]:
    rules = [r for r in STAGED_RULES if not _ignored(r, context.config.ignore)]
    return [f for change in changes for rule in rules for f in rule.check_change(change, context)]


def run_pre_commit_checks(
    ws: Workspace, index_file: str | None, out: TextIO, err: TextIO
) -> int:
    start = time.perf_counter()
    findings, notices, added, count = check_staged(ws, index_file)
    for notice in notices:
        err.write(f"gitmem: notice: {notice}\n")
    if not count:
        return 0
    outcome = classify(findings, added, ws.config)
    _report(outcome, count, time.perf_counter() - start, err)
    return 1 if outcome.blocking else 0


def _report(outcome: HookOutcome, count: int, seconds: float, err: TextIO) -> None:
    scope = f"{plural(count, 'staged memory file')} checked in {seconds:.2f}s"
    if outcome.blocking:
        err.write("gitmem pre-commit: these block the commit:\n")
        err.writelines(f"  {finding_line(f)}\n" for f in outcome.blocking)
    if outcome.warnings:
        err.write("gitmem pre-commit: warnings (not blocking):\n")
        err.writelines(f"  {finding_line(f)}\n" for f in outcome.warnings)
    if outcome.blocking:
        err.write(
            f"Commit blocked by {plural(len(outcome.blocking), 'finding')} ({scope}). Fix the "
            "memory files above and stage them again (`git add`), or commit without the hook: "
            "git commit --no-verify\n"
        )
    elif outcome.warnings:
        err.write(f"Commit allowed ({scope}); `gitmem lint` shows the findings again.\n")

"""`gitmem lint --staged` and `gitmem lint --diff REV`: what a change adds, as the hooks see it.

Both read the change as git's own diff (`gitmem.changed_lines`), lint the changed memories
against the corpus slice the pre-commit hook builds (`hooks_run.check.check_changes`), and
report only what the change is answerable for:

- a finding on a line the change adds or changes;
- a pair (duplicate, contradiction) when either side is such a line: a new claim that
  contradicts an old one is reported on the new claim, the old side named beside it (the
  message's mention of the new claim's place becomes "this line": each location said once);
- with --staged, the staged-change guards GM401-GM403 (they judge the change itself).

Findings on lines the change leaves alone are the memory's past: `gitmem lint` without these
options, or a baseline (`--baseline`), deals with those.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Mapping, Sequence

from gitmem.config import Config
from gitmem.errors import UsageError
from gitmem.hooks_run.check import check_changes
from gitmem.hooks_run.policy import on_added_line
from gitmem.hooks_run.staged import MemoryChanges, staged_change_set, worktree_change_set
from gitmem.lint.engine import LintReport
from gitmem.lint.fingerprint import with_fingerprints
from gitmem.lint.formats.locations import names, spot
from gitmem.lint.rule import Rule
from gitmem.lint.rules.staged_rules import StagedRule
from gitmem.lint.summary import grounding_summary
from gitmem.model import Finding, Location
from gitmem.workspace import Workspace


def lint_change(ws: Workspace, rules: Sequence[Rule], notices: list[str], staged: bool,
                diff: str | None, paths: Sequence[str], config: Config | None = None
                ) -> LintReport:
    from gitmem.lint.run import under

    start = time.perf_counter()
    found = staged_change_set(ws) if staged else worktree_change_set(ws, diff or "HEAD")
    for path in paths:
        if not (ws.repo.root / path).exists() and not any(
                under(c.path, [path]) for c in found.changes):
            raise UsageError(f"{path}: no such file or folder")
    changes = tuple(c for c in found.changes if not paths or under(c.path, paths))
    change_set = MemoryChanges(changes, {c.path: found.added[c.path] for c in changes})
    check = check_changes(ws, change_set, None, staged_guards=staged, rules=rules,
                          config=config)
    guards = {rule.code for rule in rules if isinstance(rule, StagedRule)}
    findings = with_fingerprints(check.findings, check.corpus)
    fresh = [new_side_first(f, check.added) for f in findings
             if f.code in guards or on_added_line(f, check.added)]
    linted = [c.after for c in changes if c.after is not None]
    summary = grounding_summary(linted, check.evidence, check.citations, ws.config.review_file)
    return LintReport(
        findings=tuple(sorted(fresh, key=lambda f: f.sort_key)), rules=tuple(rules),
        files=len(linted), claims=sum(len(m.claims) for m in linted),
        seconds=time.perf_counter() - start, memories=tuple(summary),
        notices=tuple(notices) + check.notices + ((check.skipped,) if check.skipped else ()),
    )


def new_side_first(finding: Finding, added: Mapping[str, frozenset[int]]) -> Finding:
    """A pair whose first side is old and whose other side is new, turned so it points at the
    new claim (where a pull request's annotation belongs), the old side named."""
    if not finding.related or finding.line in added.get(finding.path, frozenset()):
        return finding
    new = next((loc for loc in finding.related
                if loc.line in added.get(loc.path, frozenset())), None)
    if new is None:
        return finding
    old = Location(finding.path, finding.line)
    others = tuple(loc for loc in finding.related if loc != new)
    if names(finding.message, new):  # "... at memory/b.md:7": say each location once
        message = (spot(new).sub("this line", finding.message)
                   + f"; the older claim is at {old.path}:{old.line}")
    else:
        message = (f"{finding.message} (the new claim is this line; the older one is "
                   f"{old.path}:{old.line})")
    return dataclasses.replace(finding, path=new.path, line=new.line, related=(old, *others),
                               message=message)

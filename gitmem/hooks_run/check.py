"""Lint a set of changed memories against the corpus slice: what both hooks run.

The pre-commit hook checks the staged changes, the post-merge hook the changes a merge brought
in; both hand over the changed memories (before and after), and get back every finding about
them plus the lines each change adds, which decide what is new.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from gitmem.hooks_run.corpus import fresh_claims, hook_corpus
from gitmem.hooks_run.staged import added_lines
from gitmem.lint.engine import run_rules
from gitmem.lint.extract import extract_citations
from gitmem.lint.grounding import gather_evidence
from gitmem.lint.rule import LintContext
from gitmem.lint.rules.staged_rules import StagedChange, StagedRule
from gitmem.lint.run import LintRequest, choose_rules
from gitmem.model import Finding
from gitmem.workspace import Workspace


@dataclass(frozen=True)
class ChangeCheck:
    findings: tuple[Finding, ...] = ()
    notices: tuple[str, ...] = ()
    added: Mapping[str, frozenset[int]] = field(default_factory=dict)  # path -> lines it adds
    files: int = 0  # changed memory files checked


def check_changes(
    ws: Workspace, changes: Sequence[StagedChange], index_file: str | None,
    *, staged_guards: bool,
) -> ChangeCheck:
    """Lint the changed memories; with `staged_guards`, also GM401-GM403 on each change.
    `index_file` is the index holding the changed versions (None: the user's index)."""
    if not changes:
        return ChangeCheck()
    changed = [c.after for c in changes if c.after is not None]
    added = {c.path: added_lines(c) for c in changes}
    corpus = hook_corpus(ws, index_file, changed, fresh_claims(changed, added))
    rules, notices = choose_rules(ws, LintRequest())  # lint.select / lint.ignore apply
    guards = [r for r in rules if isinstance(r, StagedRule)] if staged_guards else []
    rules = tuple(r for r in rules if not isinstance(r, StagedRule))
    citations = {m.path: extract_citations(m, ws.config.review_file) for m in changed}
    evidence = gather_evidence(citations.values(), ws.code_repos())
    context = LintContext(corpus, ws.config, evidence, citations)
    findings, failures = run_rules(context, rules, {m.path for m in changed})
    findings += [f for c in changes for rule in guards for f in rule.check_change(c, context)]
    return ChangeCheck(tuple(findings), tuple(notices + failures), added, len(changes))

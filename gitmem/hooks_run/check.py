"""Lint a set of changed memories against the corpus slice: what both hooks run.

The pre-commit hook checks the staged changes, the post-merge hook the changes a merge brought
in; both hand over the changed memories (before and after), and get back every finding about
them plus the lines each change adds, which decide what is new.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from gitmem.config import Config
from gitmem.consistency.budget import HOOK_PAIR_BUDGET, PairBudget
from gitmem.hooks_run.corpus import fresh_claims, hook_corpus
from gitmem.hooks_run.staged import MemoryChanges
from gitmem.lint.engine import run_rules
from gitmem.lint.evidence import Evidence
from gitmem.lint.grounding import gather_evidence
from gitmem.lint.extract import Citations, citations_in_force, extract_citations
from gitmem.lint.rule import LintContext, Rule
from gitmem.lint.rules.consistency_rules import BUDGET_KEY, reported_bands
from gitmem.lint.rules.staged_rules import StagedChange, StagedRule
from gitmem.lint.run import LintRequest, choose_rules
from gitmem.model import Finding, Memory
from gitmem.workspace import Workspace


@dataclass(frozen=True)
class ChangeCheck:
    findings: tuple[Finding, ...] = ()
    notices: tuple[str, ...] = ()
    added: Mapping[str, frozenset[int]] = field(default_factory=dict)  # path -> lines it adds
    files: int = 0  # changed memory files checked
    corpus: tuple[Memory, ...] = ()
    evidence: Evidence = field(default_factory=Evidence)
    citations: Mapping[str, Citations] = field(default_factory=dict)
    skipped: str = ""  # the notice when the pair budget ran out (budget.py)


def check_changes(
    ws: Workspace, change_set: MemoryChanges, index_file: str | None,
    *, staged_guards: bool, rules: Sequence[Rule] | None = None, config: Config | None = None,
) -> ChangeCheck:
    """Lint the changed memories; with `staged_guards`, also GM401-GM403 on each change.
    `index_file` is the index holding the rest of the corpus (None: the user's index); `rules`
    default to the configured ones (lint.select / lint.ignore); `config`, what the rules read,
    to the workspace's (`lint --staged --select` passes the one that reads every pair)."""
    changes, added = change_set.changes, change_set.added
    if not changes:
        return ChangeCheck()
    changed = [c.after for c in changes if c.after is not None]
    corpus = hook_corpus(ws, index_file, changed, fresh_claims(changed, added))
    notices: list[str] = []
    if rules is None:
        rules, notices = choose_rules(ws, LintRequest())
    guards = [r for r in rules if isinstance(r, StagedRule)] if staged_guards else []
    rules = tuple(r for r in rules if not isinstance(r, StagedRule))
    # the citations full lint checks: none of a superseded memory or claim
    citations = {m.path: citations_in_force(m, extract_citations(m, ws.config.review_file))
                 for m in changed}
    evidence = gather_evidence(citations, ws.code_repos())
    ws.cache.save()  # the root commits gather_evidence asked of git, for the next commit's hook
    context = LintContext(corpus, config or ws.config, evidence, citations)
    budget = context.memo[BUDGET_KEY] = PairBudget(HOOK_PAIR_BUDGET)
    reported_bands(context, rules)
    findings, failures = run_rules(context, rules, {m.path for m in changed})
    findings += [f for c in changes for rule in guards for f in rule.check_change(c, context)]
    return ChangeCheck(tuple(findings), tuple(notices + failures), added, len(changes),
                       corpus, evidence, citations, budget.notice())

"""Run the enabled rules over a corpus: pure, given the memories, the config and the evidence.

Per-memory rules run on the memories being reported (the targets); corpus rules always see the
whole corpus, and their findings are kept when they touch a target on either side. A rule that
fails on one file becomes a notice for that file, never the end of the run.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from gitmem.lint.rule import CorpusRule, LintContext, MemoryRule, Rule
from gitmem.lint.summary import MemoryGrounding
from gitmem.memory.problems import FileNotice
from gitmem.model import Finding, Memory, severity_rank

FAIL_NEVER = "never"


@dataclass(frozen=True)
class LintReport:
    """What one lint run found; the formats render it and `exit_code` decides 0 or 1."""

    findings: tuple[Finding, ...]
    rules: tuple[Rule, ...]
    files: int
    claims: int
    seconds: float = 0.0
    memories: tuple[MemoryGrounding, ...] = ()
    notices: tuple[str, ...] = ()
    layouts: tuple[str, ...] = ()  # the agent-memory layouts read (empty: the configured globs)
    left_out: tuple[str, ...] = ()  # codes the default rule set left out (GM202 beside code)
    # pair rules that compared one agent's files only (memory beside code: consistency_rules)
    strict_pairs: tuple[str, ...] = ()
    baseline: Mapping[str, Any] | None = None  # {"known": n, "fixed": [entries]} with --baseline
    # id(finding) -> (that finding, its object in the JSON report), read back from the cache
    texts: Mapping[int, tuple[Finding, str]] = field(default_factory=dict, compare=False,
                                                     repr=False)

    def counts(self) -> dict[str, int]:
        out = {"error": 0, "warning": 0, "info": 0}
        for finding in self.findings:
            out[finding.severity] = out.get(finding.severity, 0) + 1
        return out

    def exit_code(self, fail_on: str) -> int:
        """1 when a finding reaches `fail_on` (error | warning | info), else 0; never with
        "never"."""
        if fail_on == FAIL_NEVER:
            return 0
        threshold = severity_rank(fail_on)
        return int(any(severity_rank(f.severity) >= threshold for f in self.findings))


def touches(finding: Finding, targets: Collection[str]) -> bool:
    return finding.path in targets or any(loc.path in targets for loc in finding.related)


def file_notices(memories: Iterable[Memory]) -> list[str]:
    """What parsing could not read fully (binary, encoding, size): notices, not findings."""
    return [f"{m.path}:{p.line}: {p.message}" for m in memories for p in m.problems
            if isinstance(p, FileNotice)]


def run_rules(
    context: LintContext,
    rules: Sequence[Rule],
    targets: Collection[str] | None = None,
) -> tuple[list[Finding], list[str]]:
    """(findings sorted by path, line, code; notices of rules that failed)."""
    wanted = frozenset(targets) if targets is not None else context.memory_paths()
    chosen = [memory for memory in context.corpus if memory.path in wanted]
    findings: list[Finding] = []
    notices: list[str] = []
    citing: list[Memory] | None = None
    for rule in rules:
        if isinstance(rule, MemoryRule):
            check = rule.check
            if rule.citations_only:
                if citing is None:
                    citing = [memory for memory in chosen if _cites(context, memory)]
                chosen_here = citing
            else:
                chosen_here = chosen
            try:  # every memory in one go: a warm lint of 10,000 memories runs 100,000 checks
                found = [f for memory in chosen_here for f in check(memory, context)]
            except Exception:  # noqa: BLE001 - again one memory at a time, a failure a notice
                for memory in chosen_here:
                    _collect(findings, notices, rule, memory.path, partial(check, memory, context))
            else:
                findings.extend(found)
        elif isinstance(rule, CorpusRule):
            found: list[Finding] = []
            _collect(found, notices, rule, "the corpus", partial(rule.check_corpus, context))
            findings.extend(f for f in found if touches(f, wanted))
    unique = {(f.sort_key, f.related): f for f in findings}
    return sorted(unique.values(), key=lambda f: f.sort_key), notices


def _cites(context: LintContext, memory: Memory) -> bool:
    """Whether a memory has citations in force (one not in `context.citations` may: they are
    extracted when a rule asks)."""
    found = context.citations.get(memory.path)
    return found is None or bool(found.commits or found.paths)


def _collect(
    out: list[Finding], notices: list[str], rule: Rule, where: str,
    run: Callable[[], Iterable[Finding]],
) -> None:
    try:
        out.extend(run())
    except Exception as error:  # noqa: BLE001 - one rule failing on one file must not stop lint
        notices.append(f"{where}: internal error in {rule.code} {rule.name} "
                       f"({type(error).__name__}: {error}); this is a bug, please report it")


def lint_corpus(
    corpus: Sequence[Memory],
    rules: Sequence[Rule],
    context: LintContext,
    targets: Collection[str] | None = None,
    memories: Sequence[MemoryGrounding] = (),
    seconds: float = 0.0,
) -> LintReport:
    """The pure core of `gitmem lint`: run rules, count what was linted, collect notices."""
    findings, failures = run_rules(context, rules, targets)
    wanted = frozenset(targets) if targets is not None else context.memory_paths()
    linted = [m for m in corpus if m.path in wanted]
    return LintReport(
        findings=tuple(findings),
        rules=tuple(rules),
        files=len(linted),
        claims=sum(len(m.claims) for m in linted),
        seconds=seconds,
        memories=tuple(memories),
        notices=tuple(file_notices(linted)) + tuple(failures),
    )


"""What a lint rule is: a small class with a stable code, a kebab name and one check method.

Two kinds, as in gitlint: a `MemoryRule` looks at one memory at a time, a `CorpusRule` at the
whole corpus (references between memories, duplicate and contradiction pairs). Both are pure:
they read the `LintContext` (memories, config, the grounding evidence gathered beforehand) and
return `Finding` records; they never open git or the disk.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from gitmem.config import Config
from gitmem.lint.evidence import Evidence, span_ids_not_commits
from gitmem.lint.extract import Citations, citations_in_force, extract_citations
from gitmem.model import Finding, Location, Memory


@dataclass(frozen=True)
class LintContext:
    """Everything a rule may look at. `corpus` is every memory, whatever is being reported."""

    corpus: tuple[Memory, ...]
    config: Config = field(default_factory=Config)
    evidence: Evidence = field(default_factory=Evidence)
    citations: Mapping[str, Citations] = field(default_factory=dict)  # by memory path
    # Results several rules of one run share (the consistency pairs), computed on first use.
    memo: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def memory_paths(self) -> frozenset[str]:
        return frozenset(memory.path for memory in self.corpus)

    def citations_of(self, memory: Memory) -> Citations:
        found = self.citations.get(memory.path)
        if found is None:
            found = citations_in_force(memory, extract_citations(memory, self.config.review_file))
        return found

    def span_ids_of(self, memory: Memory) -> tuple[str, ...]:
        """The code-span ids this memory cites of something else (`span_ids_not_commits`),
        read once a run for the commit rules that all ask."""
        key = f"span-ids:{memory.path}"
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = span_ids_not_commits(self.citations_of(memory).commits,
                                                          self.evidence)
        return found


class Rule:
    """Shared identity of every rule. Subclasses set the class attributes and one check."""

    code: ClassVar[str]
    name: ClassVar[str]
    severity: ClassVar[str]
    summary: ClassVar[str]  # one line: what the rule reports (SARIF shortDescription)

    def finding(
        self,
        path: str,
        line: int,
        message: str,
        related: Sequence[Location] = (),
        confidence: float | None = None,
        signals: Mapping[str, Any] | None = None,
    ) -> Finding:
        return Finding(
            code=self.code,
            name=self.name,
            severity=self.severity,
            path=path,
            line=max(1, line),
            message=message,
            related=tuple(related),
            confidence=confidence,
            signals=dict(signals or {}),
        )


class MemoryRule(Rule):
    """A rule that judges one memory on its own (plus the shared evidence)."""

    # True for a rule that finds nothing in a memory citing no commit and no path (the GM3xx
    # rules read nothing else): the engine skips such memories (96% of a large corpus).
    citations_only: ClassVar[bool] = False

    def check(self, memory: Memory, context: LintContext) -> Iterable[Finding]:
        raise NotImplementedError


class CorpusRule(Rule):
    """A rule that needs every memory at once; the engine reports only findings that touch the
    files being linted."""

    def check_corpus(self, context: LintContext) -> Iterable[Finding]:
        raise NotImplementedError

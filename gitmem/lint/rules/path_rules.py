"""GM31x: do the files and folders a memory cites exist in the code tree?

A path that git ignores or that lies in a build-output folder is not "missing" (it is produced by
a build); a path outside the repository cannot be checked here and is only noted (info).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from gitmem.lint.evidence import MISSING, OUTSIDE, PathVerdict, best_path_verdict, describe_repo
from gitmem.lint.path_citations import PathCitation
from gitmem.lint.rule import LintContext, MemoryRule
from gitmem.model import Finding, Memory


def judged_paths(
    memory: Memory, context: LintContext
) -> Iterator[tuple[PathCitation, PathVerdict | None]]:
    """Each path citation with the most favourable verdict over its readings (None: unchecked)."""
    for citation in context.citations_of(memory).paths:
        verdicts = [context.evidence.paths[q] for q in citation.queries if q in context.evidence.paths]
        yield citation, best_path_verdict(verdicts)


class MissingPath(MemoryRule):
    """A cited path that does not exist in the code tree; the message names the commit that
    deleted or renamed it when history shows one.

    Memory that points at moved or deleted code sends the next session to the wrong place.
    Ignored and build-output paths are not missing.
    """

    code = "GM311"
    name = "missing-path"
    severity = "warning"
    summary = "A cited path that does not exist in the code tree"

    def check(self, memory: Memory, context: LintContext) -> Iterable[Finding]:
        for citation, verdict in judged_paths(memory, context):
            if verdict is None or verdict.status != MISSING:
                continue
            where = verdict.reason or (describe_repo(verdict.repo) if verdict.repo else "")
            where = f" in {where}" if where else ""
            history = f" ({verdict.fate.describe()})" if verdict.fate else ""
            yield self.finding(
                memory.path, citation.line,
                f"{citation.text} does not exist{where}{history}",
                signals={"fate": verdict.fate.kind} if verdict.fate else None,
            )


class OutsidePath(MemoryRule):
    """A cited path outside the repository root (an absolute path, `~/...`, `../...`, or a
    symlink leading out).

    It cannot be checked here, so it is only noted, never an error.
    """

    code = "GM312"
    name = "outside-path"
    severity = "info"
    summary = "A cited path outside the repository root (not checked)"

    def check(self, memory: Memory, context: LintContext) -> Iterable[Finding]:
        for citation, verdict in judged_paths(memory, context):
            if verdict is not None and verdict.status == OUTSIDE:
                yield self.finding(
                    memory.path, citation.line,
                    f"{citation.text} is outside the repository; it is not checked",
                )

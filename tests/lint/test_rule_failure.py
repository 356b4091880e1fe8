"""A rule that fails on one memory costs a notice for that memory, never the other memories'
findings: the engine runs a rule over every memory in one go and, when one fails, again one
memory at a time (gitmem/lint/engine.py)."""

from __future__ import annotations

from collections.abc import Iterable

from lintutil import memory

from gitmem.lint.engine import lint_corpus
from gitmem.lint.rule import LintContext, MemoryRule
from gitmem.model import Finding, Memory


class Fragile(MemoryRule):
    code = "GM199"
    name = "fragile"
    severity = "warning"
    summary = "Fails on a memory named broken"

    def check(self, memory: Memory, context: LintContext) -> Iterable[Finding]:
        yield self.finding(memory.path, 1, "first")
        if "broken" in memory.path:
            raise ValueError("cannot read this one")
        yield self.finding(memory.path, 2, "second")


def test_a_rule_failing_on_one_memory_keeps_the_others_findings_and_says_where() -> None:
    corpus = [memory(f"memory/{name}.md", "- A claim.\n") for name in ("a", "broken", "c")]
    report = lint_corpus(corpus, [Fragile()], LintContext(tuple(corpus)))
    assert [(f.path, f.line) for f in report.findings] == [
        ("memory/a.md", 1), ("memory/a.md", 2), ("memory/broken.md", 1), ("memory/c.md", 1),
        ("memory/c.md", 2)]
    assert report.notices == ("memory/broken.md: internal error in GM199 fragile (ValueError: "
                              "cannot read this one); this is a bug, please report it",)

    fine = [memory("memory/a.md", "- A claim.\n")]
    assert len(lint_corpus(fine, [Fragile()], LintContext(tuple(fine))).findings) == 2

"""GM1xx: is each memory file well-formed, and do its references between memories hold?"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from typing import Any

from gitmem.lint.extract import LazyFieldLines, field_lines, raw_field_text
from gitmem.lint.field_checks import FIELD_CHECKS, HASH_FIELDS, check_hash_value
from gitmem.lint.rule import CorpusRule, LintContext, MemoryRule
from gitmem.memory.problems import FileNotice
from gitmem.model import Finding, Location, Memory


def resolve_reference(source: str, target: str, known: frozenset[str]) -> str | None:
    """The memory a `superseded_by` / `partner` value names: repo-relative, or relative to the
    referring memory's folder. None when neither reading is a memory of the corpus."""
    cleaned = target.strip().lstrip("/")
    for candidate in (cleaned, posixpath.join(posixpath.dirname(source), cleaned)):
        normal = posixpath.normpath(candidate)
        if normal in known:
            return normal
    return None


class InvalidFrontmatter(MemoryRule):
    """Frontmatter that does not parse as YAML, never closes, or is not a mapping.

    The file's fields are then unusable: gitmem cannot tell whether the memory is superseded,
    protected or scoped, so recall and every operation treat it as a plain note. Its body is
    still linted.
    """

    code = "GM101"
    name = "invalid-frontmatter"
    severity = "error"
    summary = "Frontmatter that does not parse, never closes, or is not a mapping"

    def check(self, memory: Memory, context: LintContext) -> Iterable[Finding]:
        for problem in memory.problems:
            if not isinstance(problem, FileNotice):
                yield self.finding(memory.path, problem.line, problem.message)


class InvalidField(MemoryRule):
    """A known frontmatter field (DESIGN §3) with the wrong type or range.

    confidence outside 0..1, protected not a boolean, tags not a list, dates that are not ISO,
    superseded_by not a path, do_not_reopen not a list of {partner, before}, or a hash YAML
    reads as a number (`commit: 0123456` is the octal number 42798). gitmem would misread it.
    """

    code = "GM102"
    name = "invalid-field"
    severity = "error"
    summary = "A known frontmatter field with the wrong type or range, or an unquoted hash"

    def check(self, memory: Memory, context: LintContext) -> Iterable[Finding]:
        if not memory.meta:
            return
        lines = LazyFieldLines(memory)
        for key, value in memory.meta.items():
            if not isinstance(key, str) or value is None:
                continue
            if key in HASH_FIELDS:
                message = check_hash_value(key, value, raw_field_text(memory, key, lines))
            elif key in FIELD_CHECKS:
                message = FIELD_CHECKS[key](value)
            else:
                continue
            if message:
                yield self.finding(memory.path, lines.get(key, 1), message)


def memory_references(memory: Memory) -> list[tuple[str, str]]:
    """(field, target) for every memory this one names."""
    found: list[tuple[str, str]] = []
    if memory.superseded_by:
        found.append(("superseded_by", memory.superseded_by))
    entries: Any = memory.meta.get("do_not_reopen")
    if isinstance(entries, list):
        for entry in entries:
            if isinstance(entry, dict) and isinstance(entry.get("partner"), str):
                found.append(("do_not_reopen", entry["partner"]))
    return found


class BrokenReference(CorpusRule):
    """`superseded_by` or a `do_not_reopen` partner naming a memory that does not exist.

    A superseded memory is hidden from recall in favour of its successor; if the successor does
    not exist the knowledge silently disappears. A partner path that does not exist makes the
    cooldown useless.
    """

    code = "GM103"
    name = "broken-reference"
    severity = "error"
    summary = "superseded_by or do_not_reopen.partner naming a memory that does not exist"

    def check_corpus(self, context: LintContext) -> Iterable[Finding]:
        known = context.memory_paths()
        for memory in context.corpus:
            lines = LazyFieldLines(memory)
            for key, target in memory_references(memory):
                if resolve_reference(memory.path, target, known) is None:
                    where = "partner" if key == "do_not_reopen" else key
                    yield self.finding(
                        memory.path, lines.get(key, 1),
                        f"{where} names {target}, which is not a memory in this repository",
                    )


def supersede_cycles(successor: dict[str, str]) -> list[list[str]]:
    """Each loop of a path -> successor map once, rotated to start at its smallest path."""
    cycles: list[list[str]] = []
    seen: set[frozenset[str]] = set()
    for start in sorted(successor):
        chain = [start]
        while chain[-1] in successor and successor[chain[-1]] not in chain:
            chain.append(successor[chain[-1]])
        if chain[-1] not in successor:
            continue
        cycle = chain[chain.index(successor[chain[-1]]):]
        if frozenset(cycle) not in seen:
            seen.add(frozenset(cycle))
            first = cycle.index(min(cycle))
            cycles.append(cycle[first:] + cycle[:first])
    return cycles


class SupersedeCycle(CorpusRule):
    """A chain of `superseded_by` that loops back on itself (reported once per loop).

    Every memory in the loop is superseded, so all of them are hidden from recall and none is
    the current version.
    """

    code = "GM104"
    name = "supersede-cycle"
    severity = "error"
    summary = "A chain of superseded_by that loops back on itself"

    def check_corpus(self, context: LintContext) -> Iterable[Finding]:
        known = context.memory_paths()
        lines = {m.path: field_lines(m).get("superseded_by", 1)
                 for m in context.corpus if m.superseded_by}
        successor = {}
        for memory in context.corpus:
            target = memory.superseded_by
            resolved = resolve_reference(memory.path, target, known) if target else None
            if resolved is not None:
                successor[memory.path] = resolved
        for cycle in supersede_cycles(successor):
            loop = " -> ".join([*cycle, cycle[0]])
            yield self.finding(
                cycle[0], lines[cycle[0]],
                f"superseded_by loops: {loop}; every memory in the loop is hidden from recall",
                related=[Location(path, lines[path]) for path in cycle[1:]],
            )

"""Entry files that summarise the memories they point to, so a line they share is no duplicate.

An agent reads some files in every session and the rest on demand: `CLAUDE.md`, `AGENTS.md`,
`GEMINI.md`, `.cursorrules`, `.windsurfrules`, a `.clinerules` file, Copilot's
`copilot-instructions.md`, Claude Code's `MEMORY.md` index, a Cursor rule with `alwaysApply:
true`. Such an **entry file** is short on purpose and points to the memories that hold the
details ("See [testing.md](.claude/memory/testing.md)", "Details: `.cursor/rules/guide.mdc`").
It must still say the essentials itself, since the agent may never open the detail: when it
restates a line of a memory it points to, that is the summary doing its job, not a copy to
merge (`summarised_pairs`). The duplicate rules leave such a pair out; the contradiction rule
still compares it, so a summary that drifts from its detail is still reported.

Not summaries: two entry files (the files of two agents, kept alike: still compared), an entry
file and a memory it does not point to, and a summary file no agent loads by itself
(`RULES_SUMMARY.md`, an index under `docs/`): those are two places to keep in step.

A file points to a memory when its text names the memory's path, from the repository root or
from the file's own folder (a Markdown link, a code span, a bare path; `./` and `../` resolved),
or names a file name only one memory has ("`techContext.md`" listed under "`.clinerules/`").
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable

from gitmem.model import Memory

ENTRY_NAMES = frozenset({"claude.md", "agents.md", "gemini.md", ".cursorrules",
                         ".windsurfrules", ".clinerules", "copilot-instructions.md",
                         "memory.md"})
# a path to a Markdown memory: link targets, code spans and bare paths alike
_MEMORY_PATH = re.compile(r"[\w.@~\\/-]*[\w-]\.mdc?(?![\w-])", re.I)


def is_entry_file(memory: Memory) -> bool:
    """A file its agent reads in every session (module docstring)."""
    name = memory.path.rpartition("/")[2].lower()
    return name in ENTRY_NAMES or (name.endswith(".mdc")
                                   and memory.meta.get("alwaysApply") is True)


def _pointed_to(memory: Memory, paths: frozenset[str], by_name: dict[str, list[str]]
                ) -> set[str]:
    """The memories among `paths` whose path `memory`'s text names."""
    folder = memory.path.rpartition("/")[0]
    found = set()
    for match in _MEMORY_PATH.finditer(memory.body):
        named = match.group(0).replace("\\", "/").lstrip("/")
        for candidate in (named, posixpath.join(folder, named) if folder else named):
            path = posixpath.normpath(candidate)
            if path in paths and path != memory.path:
                found.add(path)
        if "/" not in named and len(by_name.get(named, ())) == 1:
            found.add(by_name[named][0])  # "`techContext.md`" under a "`.clinerules/`" entry
    return found


def summarised_pairs(memories: Iterable[Memory]) -> frozenset[tuple[str, str]]:
    """(entry file, memory it points to) and the same pair turned round, for every entry file
    that names a memory that is no entry file itself (module docstring)."""
    listed = list(memories)
    entries = [m for m in listed if is_entry_file(m)]
    if not entries:
        return frozenset()
    details = frozenset(m.path for m in listed if not is_entry_file(m))
    by_name: dict[str, list[str]] = {}
    for path in details:
        by_name.setdefault(path.rpartition("/")[2], []).append(path)
    out: set[tuple[str, str]] = set()
    for entry in entries:
        for detail in _pointed_to(entry, details, by_name):
            out.update(((entry.path, detail), (detail, entry.path)))
    return frozenset(out)

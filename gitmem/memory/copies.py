"""Memory files that are copies of another memory by design, so their lines are not compared.

Two shapes, decided here once for the duplicate and contradiction rules (`derived_copies`):

- a **snapshot**: a file whose path ends with another memory's whole path, under some folder
  (`docs/reference/.cursor/rules/a.mdc` beside `.cursor/rules/a.mdc`, `old/memory-bank/x.md`
  beside `memory-bank/x.md`), and whose claims are mostly the same lines: a copy of the layout
  kept for reference or as a template. Compared claim by claim it repeats every line of its
  source, once per line; a person keeps it on purpose. It is left out, not reported once: the
  copy is deliberate, and its source is where its lines are checked. A nested file of the same
  name with content of its own (`apps/web/AGENTS.md` beside `AGENTS.md`) is no snapshot.
- a **generated** file: one that says near its top that it is generated from, a mirror of or
  synced from another memory ("Generated from `CLAUDE.md`", "Mirror of AGENTS.md, do not
  edit"): its source is the memory, the file is its build output, and two outputs of one
  source repeat each other by construction. A file that says only "auto-generated" without
  naming a memory of the repository is still compared (there is nothing else to check).

Citations in these files (GM3xx) are still checked: a stale copy points at what it points at.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterable, Sequence
from typing import Any

from gitmem.model import Memory

SNAPSHOT_SHARE = 0.5  # the part of a copy's claims that must be its source's, word for word
_HEAD_CHARS = 800  # how far from the top a file says it is generated
_GENERATED = re.compile(
    r"\b(?:(?:auto-?)?generated|copied|mirrored|synced|synchronized|synchronised|derived|built)"
    r"\s+(?:automatically\s+)?from\s+[`*_\[\"'(]*(?P<a>[\w./-]+)"
    r"|\b(?:mirror|copy)\s+of\s+[`*_\[\"'(]*(?P<b>[\w./-]+\.mdc?|[\w./-]*rules)",
    re.I)


# A word one of _GENERATED's matches must hold, to find in a case-folded text first (the
# regex scans each of 10,000 memories' heads for 50 us; the words rule out nearly all of them).
# Under re.I "i" also matches "ı" and "İ", which fold to "ı" and "i" + U+0307: read as "i".
_GENERATED_WORDS = ("generated", "copied", "mirror", "synced", "synchroni", "derived", "built",
                    "copy")


def _may_say_generated(head: str) -> bool:
    folded = head.casefold().replace("\u0131", "i").replace("i\u0307", "i")
    return any(word in folded for word in _GENERATED_WORDS)


def _texts(memory: Memory) -> set[str]:
    return {claim.text for claim in memory.claims}


def _snapshot_of(memory: Memory, by_path: dict[str, Memory]) -> str | None:
    """The memory `memory` is a nested copy of (module docstring), or None."""
    path = memory.path
    start = path.find("/")
    while start != -1:
        source = by_path.get(path[start + 1:])
        if source is not None:
            own = _texts(memory)
            if own and len(own & _texts(source)) >= SNAPSHOT_SHARE * len(own):
                return source.path
            return None
        start = path.find("/", start + 1)
    return None


def _named(name: str, by_path: dict[str, Memory], by_name: dict[str, list[str]],
           own: str) -> str | None:
    name = name.strip("`*_\"'()[].,:;")
    if name in by_path and name != own:
        return name
    found = [p for p in by_name.get(name.rpartition("/")[2], ()) if p != own
             and (p == name or p.endswith("/" + name) or "/" not in name)]
    return found[0] if len(found) == 1 else None


def _generated_from(memory: Memory, by_path: dict[str, Memory],
                    by_name: dict[str, list[str]]) -> str | None:
    """The memory `memory` says near its top it is generated from, or None."""
    head = memory.body[:_HEAD_CHARS]
    description = memory.meta.get("description")
    if isinstance(description, str):
        head = description + "\n" + head
    if not _may_say_generated(head):
        return None
    for match in _GENERATED.finditer(head):
        source = _named(match.group("a") or match.group("b"), by_path, by_name, memory.path)
        if source is not None:
            return source
    return None


# The last call's memories (weakly, by identity) and its answer: a cold lint asks twice of the
# same memories, for the pairs it judges and again for the claims it groups them by.
_LAST: list[Any] = [(), {}]


def derived_copies(memories: Iterable[Memory]) -> dict[str, str]:
    """path -> the memory it is a snapshot copy of or generated from (module docstring)."""
    listed: Sequence[Memory] = list(memories)
    held, answer = _LAST
    if len(held) == len(listed) and all(ref() is m for ref, m in zip(held, listed)):
        return dict(answer)
    found = _derived_copies(listed)
    _LAST[:] = [tuple(map(weakref.ref, listed)), found]
    return dict(found)


def _derived_copies(listed: Sequence[Memory]) -> dict[str, str]:
    by_path = {m.path: m for m in listed}
    by_name: dict[str, list[str]] = {}
    for m in listed:
        by_name.setdefault(m.path.rpartition("/")[2], []).append(m.path)
    out = {}
    for m in listed:
        source = _generated_from(m, by_path, by_name) if "from" in m.body[:_HEAD_CHARS] \
            or " of " in m.body[:_HEAD_CHARS] or m.meta.get("description") else None
        if source is None and "/" in m.path:
            source = _snapshot_of(m, by_path)
        if source is not None:
            out[m.path] = source
    # two files naming each other: one of them stays, to be compared
    return {path: source for path, source in out.items()
            if out.get(source) != path or path > source}

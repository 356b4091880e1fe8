"""Memory files that are copies of another memory by design, so their lines are not compared.

Four shapes, decided here once for the duplicate and contradiction rules (`derived_copies`):

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
- a **placed** copy: the same file at the same place in several projects, with no original
  among them: the same folder and name (`src/generated/AGENTS.md` in each app of a monorepo,
  written there by the project's tool), and its claims, one for one, another's. One of them
  stays, the shallowest (then the first by path), and the others are its copies. A copy that
  has drifted, by a line, is no longer one and is compared; so is a file copied into another
  folder (`.clinerules/systemPatterns.md` beside `memory-bank/systemPatterns.md`: a second
  bank kept by hand, one copied-file finding).
- a file **made from a template**: one whose name is that of a memory under a folder named
  `template` or `templates`, and at least half of whose claims are that template's word for
  word (an app's `AGENTS.md` begun from `templates/_base/AGENTS.md`, a line or two added): the
  template is its source. The shared lines are the template's, repeated by construction.
  Names alone decide nothing: `feedback_git.md` beside `feedback_review.md` is two memories.

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
_TEMPLATE_FOLDERS = frozenset({"template", "templates"})
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


def _templates(listed: Sequence[Memory]) -> dict[str, list[Memory]]:
    """file name -> the memories of that name under a folder named `template(s)`."""
    out: dict[str, list[Memory]] = {}
    for m in listed:
        folders, _, name = m.path.rpartition("/")
        if _TEMPLATE_FOLDERS & set(folders.casefold().split("/")):
            out.setdefault(name, []).append(m)
    return out


def _made_from_template(memory: Memory, templates: dict[str, list[Memory]]) -> str | None:
    """The template `memory` was begun from (module docstring), or None."""
    own = _texts(memory)
    for template in templates.get(memory.path.rpartition("/")[2], ()):
        if template.path != memory.path and own \
                and len(own & _texts(template)) >= SNAPSHOT_SHARE * len(own):
            return template.path
    return None


def _placed_copies(listed: Sequence[Memory]) -> dict[str, str]:
    """path -> the copy of the same folder, name and claims that stays (module docstring)."""
    alike: dict[tuple[str, frozenset[str]], list[str]] = {}
    for m in listed:
        place = m.path.split("/")[-2:]
        own = frozenset(_texts(m))
        if len(place) == 2 and own:
            alike.setdefault(("/".join(place), own), []).append(m.path)
    out = {}
    for paths in alike.values():
        kept = min(paths, key=lambda path: (path.count("/"), path))
        out.update((path, kept) for path in paths if path != kept)
    return out


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
    templates = _templates(listed)
    placed = _placed_copies(listed)
    out = {}
    for m in listed:
        source = _generated_from(m, by_path, by_name) if "from" in m.body[:_HEAD_CHARS] \
            or " of " in m.body[:_HEAD_CHARS] or m.meta.get("description") else None
        if source is None and "/" in m.path:
            source = _snapshot_of(m, by_path) or placed.get(m.path) \
                or _made_from_template(m, templates)
        if source is not None:
            out[m.path] = source
    return without_cycles(out)


def without_cycles(copies: dict[str, str]) -> dict[str, str]:
    """`copies` (path -> its source) with every cycle broken: files that name each other in a
    ring, of two or more, keep the first of them by path as an original, to be compared."""
    out = dict(copies)
    for start in sorted(copies):
        chain: list[str] = []
        node = start
        while node in out and node not in chain:
            chain.append(node)
            node = out[node]
        if node in chain:
            del out[min(chain[chain.index(node):])]
    return out

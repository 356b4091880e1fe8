"""A tracked path one slip away from a cited path the repository never held.

A cited path that no commit ever deleted or renamed is not stale; it is either wrong or no
pointer at all (a plan, an example, another project's file). Blind judges of public projects
found the wrong ones were nearly always one slip from a real path: a folder named for another
tool (`.Codex/rules/x.md` for `.claude/rules/x.md`), a relative link climbing one folder short
(`../backend/AGENTS.md` from `.github/` for `backend/AGENTS.md`), a file in a sibling folder
(`client/hooks/form-hook.ts` for `client/forms/form-hook.ts`), one letter (`.cusor/` for
`.cursor/`, `task.md` for `tasks.md`), a folder module (`types/index.ts` for `types.ts`). The
rest were mostly not pointers. So `near_path` names the real path when there is one (GM311
reports the citation with it), and a never-held path with none is GM314, off by default.
"""

from __future__ import annotations

import posixpath
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from gitmem.lint.evidence import MISSING, PathQuery, PathVerdict

if TYPE_CHECKING:
    from gitmem.lint.grounding import Repos

# below this many letters a one-letter difference is another word (`api` / `app`), not a slip
_MIN_SLIP_LENGTH = 4
# names every package or folder has its own of (`src/index.ts`, `tests/__init__.py`): held
# elsewhere, they say nothing of where a never-held one meant to point
_GENERIC = re.compile(r"(?:index|main|mod|__init__|readme|agents|claude|gemini)\.\w+$", re.IGNORECASE)
# folders every package has one of: with a generic name below, the last two names are generic too
_FOLDERS = frozenset("src lib test tests spec specs docs doc app pkg internal cmd source".split())


@dataclass
class TreeIndex:
    """The tracked paths of one repository, indexed for `near_path` (built once, on demand)."""

    entries: set[str] = field(default_factory=set)  # every file and folder
    by_tail: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    children: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    @classmethod
    def of(cls, tracked: Iterable[str]) -> TreeIndex:
        index = cls()
        for path in tracked:
            parts = path.split("/")
            for end in range(1, len(parts) + 1):
                entry = "/".join(parts[:end])
                if entry in index.entries:
                    continue
                index.entries.add(entry)
                index.children["/".join(parts[:end - 1])].add(parts[end - 1])
                index.by_tail[parts[end - 1]].append(entry)
                if end >= 2:
                    index.by_tail["/".join(parts[end - 2:end])].append(entry)
        return index


def near_path(value: str, index: TreeIndex) -> str | None:
    """The tracked path a never-held `value` (repo-relative) most likely means, or None: the
    same last two names held once elsewhere, a folder module written as a file (or back), the
    same file name held once in the tree (a name every folder may have, `index.ts`, `README.md`,
    names nothing), or one letter off in the first name that is not there, where the path so
    corrected is held."""
    value = posixpath.normpath(value.strip("/"))
    if value in (".", "") or value.startswith("../"):
        return None
    parts = value.split("/")
    if len(parts) >= 2 and not (_GENERIC.match(parts[-1]) and parts[-2].lower() in _FOLDERS):
        found = _one(index.by_tail.get("/".join(parts[-2:]), ()), unique=True)
        if found:
            return found
    found = _folder_module(parts, index)
    if found:
        return found
    if "." in parts[-1].lstrip(".") and not _GENERIC.match(parts[-1]):
        found = _one(index.by_tail.get(parts[-1], ()), unique=True)
        if found:
            return found
    return _one_letter_off(parts, index)


def _one(paths: Sequence[str], unique: bool = False) -> str | None:
    """The shortest of `paths`; with `unique`, only when there is exactly one."""
    if not paths or (unique and len(paths) > 1):
        return None
    return min(paths, key=lambda path: (path.count("/"), path))


def _one_letter_off(parts: list[str], index: TreeIndex) -> str | None:
    """Where the first name that is not in the tree has a sibling one letter off, that sibling
    with the rest of the path (`.cusor/rules` -> `.cursor/rules`)."""
    for at, name in enumerate(parts):
        parent = "/".join(parts[:at])
        if "/".join(parts[:at + 1]) in index.entries:
            continue
        if len(name) < _MIN_SLIP_LENGTH:
            return None
        siblings = sorted(other for other in index.children.get(parent, ())
                          if _one_edit(name, other))
        if len(siblings) != 1:
            return None
        corrected = "/".join([*parts[:at], siblings[0], *parts[at + 1:]])
        return corrected if corrected in index.entries else None
    return None


def _one_edit(a: str, b: str) -> bool:
    """Whether `b` is `a` with one letter added, dropped or changed (case aside: a case slip is
    the same name on a case-insensitive disk, and the tree lists it as it is)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    at = next((i for i, (x, y) in enumerate(zip(short, long_)) if x != y), len(short))
    return short[at:] == long_[at + 1:]


def _folder_module(parts: list[str], index: TreeIndex) -> str | None:
    """`types/index.ts` where `types.ts` is held, or `types.ts` where `types/index.ts` is."""
    name = parts[-1]
    stem, dot, suffix = name.rpartition(".")
    if not dot or not stem:
        return None
    if stem == "index" and len(parts) >= 2:
        as_file = "/".join(parts[:-2] + [parts[-2] + "." + suffix])
        return as_file if as_file in index.entries else None
    as_folder = "/".join(parts[:-1] + [stem, "index." + suffix])
    return as_folder if as_folder in index.entries else None


def named_near(paths: dict[PathQuery, PathVerdict], repos: Repos
               ) -> dict[PathQuery, PathVerdict]:
    """Each missing path with no history (no commit deleted or renamed it) with the tracked path
    it is one slip from (`PathVerdict.near`), when the repository that answered holds one."""
    candidates = [query for query, verdict in paths.items()
                  if verdict.status == MISSING and verdict.fate is None and verdict.repo
                  and query.kind == "path" and not posixpath.isabs(query.value)]
    if not candidates:
        return paths
    out = dict(paths)
    indexes: dict[str, TreeIndex] = {}
    repo_of = dict(repos.available)
    for query in candidates:
        verdict = out[query]
        label = verdict.repo or ""  # set: `candidates` asks for it
        repo = repo_of.get(label)
        if repo is None:
            continue
        if label not in indexes:
            indexes[label] = TreeIndex.of(repos.tracked_paths(repo))
        found = near_path(query.value, indexes[label])
        if found is not None:
            out[query] = replace(verdict, near=found)
    return out

"""What a commit is about to record for memory files: HEAD's and the index's version of each
(and, for the post-merge hook, what a merge changed between ORIG_HEAD and HEAD).

Only the changed memory blobs are read (never the whole tree), from the index git names in
GIT_INDEX_FILE when set (`git commit -a`, `git commit <paths>`), else from .git/index.
"""

from __future__ import annotations

import difflib

from gitmem.lint.rules.staged_rules import StagedChange
from gitmem.memory.parse import parse_memory
from gitmem.model import Memory
from gitmem.workspace import Workspace


def staged_memory_changes(ws: Workspace, index_file: str | None = None) -> list[StagedChange]:
    """Every staged change that touches a memory path, with both versions parsed.

    A rename that leaves the memory globs is a deletion of that memory; one that enters them is
    an addition."""
    out = []
    matches = ws.matcher.matches
    for entry in ws.repo.staged_changes(index_file):
        old_path = entry.old_path or entry.path
        was_memory = entry.old_blob is not None and matches(old_path)
        is_memory = entry.new_blob is not None and matches(entry.path)
        if not (was_memory or is_memory):
            continue
        before = _parse(ws, old_path, entry.old_blob) if was_memory else None
        after = _parse(ws, entry.path, entry.new_blob) if is_memory else None
        if after is None:
            out.append(StagedChange(old_path, "deleted", before, None))
        elif before is None:
            out.append(StagedChange(entry.path, "added", None, after))
        else:
            status = "renamed" if old_path != entry.path else "modified"
            out.append(StagedChange(entry.path, status, before, after,
                                    old_path if status == "renamed" else None))
    return out


def merged_memory_changes(ws: Workspace, base: str) -> list[StagedChange]:
    """The memories that differ between `base` (ORIG_HEAD after a merge) and HEAD, added or
    modified; what a merge brought in."""
    old, new = ws.repo.tree_files(base), ws.repo.tree_files("HEAD")
    out = []
    for path in sorted(new):
        if old.get(path) == new[path] or not ws.matcher.matches(path):
            continue
        before = _parse(ws, path, old.get(path))
        status = "added" if before is None else "modified"
        out.append(StagedChange(path, status, before, _parse(ws, path, new[path])))
    return out


def _parse(ws: Workspace, path: str, blob: str | None) -> Memory | None:
    return None if blob is None else parse_memory(path, ws.repo.read_blob(blob), blob)


def added_lines(change: StagedChange) -> frozenset[int]:
    """1-based lines of the staged version that HEAD's version does not have."""
    if change.after is None:
        return frozenset()
    new = _lines(change.after)
    if change.before is None:
        return frozenset(range(1, len(new) + 1))
    old = _lines(change.before)
    added: set[int] = set()
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, _, _, j1, j2 in matcher.get_opcodes():
        if tag in ("replace", "insert"):
            added.update(range(j1 + 1, j2 + 1))
    return frozenset(added)


def _lines(memory: Memory) -> list[str]:
    return memory.raw.decode("utf-8", "replace").split("\n")

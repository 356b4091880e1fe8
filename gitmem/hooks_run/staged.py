"""The changed memories of a change, both versions parsed, and the lines each change adds.

Three changes are read: what a commit is about to record (HEAD against the index git names in
GIT_INDEX_FILE when set, `git commit -a` / `git commit <paths>`, else .git/index), what a merge
brought in (ORIG_HEAD against HEAD) and what a branch changes (the merge base of a revision
against the working tree, `gitmem lint --diff`). Only the changed memory blobs are read, never
the whole tree; the added lines are git's own (`gitmem.changed_lines`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from gitmem.changed_lines import FileDiff, commit_lines, staged_lines, worktree_lines
from gitmem.lint.rules.staged_rules import StagedChange
from gitmem.memory.parse import parse_memory
from gitmem.model import Memory
from gitmem.workspace import Workspace


@dataclass(frozen=True)
class MemoryChanges:
    changes: tuple[StagedChange, ...] = ()
    added: Mapping[str, frozenset[int]] = field(default_factory=dict)  # path -> lines it adds


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


def staged_change_set(ws: Workspace, index_file: str | None = None) -> MemoryChanges:
    """What `git commit` would record for memory files, with the lines each change adds."""
    changes = staged_memory_changes(ws, index_file)
    diffs = staged_lines(ws.repo, index_file) if changes else {}
    return MemoryChanges(tuple(changes), _added(ws, changes, diffs))


def merged_change_set(ws: Workspace, base: str) -> MemoryChanges:
    """The memories added, modified or renamed between `base` (ORIG_HEAD after a merge) and
    HEAD: what a merge brought in. Deletions are left out (nothing new to check)."""
    old, new = ws.repo.resolve_commit(base), ws.repo.resolve_commit("HEAD")
    diffs = commit_lines(ws.repo, old, new)
    return _change_set(ws, diffs, lambda path: _blob_memory(ws, new, path), old)


def worktree_change_set(ws: Workspace, rev: str) -> MemoryChanges:
    """What the working tree changes against the merge base of `rev` and HEAD, as
    `git diff $(git merge-base REV HEAD)` shows it, plus untracked memories (wholly new)."""
    base = ws.repo.merge_base(rev) if ws.repo.head_id() else ws.repo.resolve_commit(rev)
    diffs = worktree_lines(ws.repo, base)
    for path in ws.repo.untracked_files():
        if ws.matcher.matches(path) and path not in diffs:
            diffs[path] = FileDiff(path, "added", frozenset())
    return _change_set(ws, diffs, lambda path: ws.memory_at(path, "worktree"), base)


def _blob_memory(ws: Workspace, commit: str, path: str) -> Memory | None:
    return _parse(ws, path, ws.repo.blob_in(commit, path))


def _change_set(
    ws: Workspace, diffs: Mapping[str, FileDiff], read_new: Callable[[str], Memory | None],
    old_commit: str,
) -> MemoryChanges:
    matches = ws.matcher.matches
    changes = []
    for path in sorted(diffs):
        diff = diffs[path]
        if diff.status == "deleted" or not matches(path):
            continue
        after = read_new(path)
        if after is None:
            continue
        old_path = diff.old_path or path
        before = (_blob_memory(ws, old_commit, old_path)
                  if diff.status != "added" and matches(old_path) else None)
        status = "added" if before is None else diff.status
        changes.append(StagedChange(path, status, before, after,
                                    old_path if status == "renamed" else None))
    return MemoryChanges(tuple(changes), _added(ws, changes, diffs))


def _added(ws: Workspace, changes: Sequence[StagedChange], diffs: Mapping[str, FileDiff]
           ) -> dict[str, frozenset[int]]:
    """path -> the lines each change adds, as git's diff says; every line of a memory that is
    new as a memory (a new file, or a file renamed into the memory globs)."""
    out: dict[str, frozenset[int]] = {}
    for change in changes:
        if change.after is None:
            out[change.path] = frozenset()
        elif change.status == "added":
            out[change.path] = frozenset(range(1, len(_lines(change.after)) + 1))
        else:
            diff = diffs.get(change.path)
            out[change.path] = diff.added if diff is not None else frozenset()
    return out


def _parse(ws: Workspace, path: str, blob: str | None) -> Memory | None:
    return None if blob is None else parse_memory(path, ws.repo.read_blob(blob), blob)


def _lines(memory: Memory) -> list[str]:
    return memory.raw.decode("utf-8", "replace").split("\n")

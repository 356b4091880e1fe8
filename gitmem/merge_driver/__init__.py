"""The memory merge driver (`merge.gitmem.driver = gitmem merge-driver ... -- %O %A %B %P`).

git's line merge treats frontmatter as text, so two agents that each add a tag, or each append a
claim at the end of the same memory, conflict. This driver merges the two parts separately:

- frontmatter field by field (`frontmatter.py`: tags and do_not_reopen merge as
  sets, a scalar comes from the side that changed it, both changing it differently is a
  conflict), written onto our side's text with the minimal-diff field editor;
- the body line by line with `git merge-file`, except that a conflict where both sides only
  added lines (nothing of the base changed) takes both sides' lines, ours first: memory bodies
  grow by appending claims, and two appended claims are two claims, not a conflict.

A real conflict leaves conflict markers in %A and exits 1, as git expects; the markers are
git's own (`markers.py`: the side names git passes, %L's size, `merge.conflictStyle` with
diff3's base section). Files that are not memories, or whose frontmatter does not parse, get
git's own merge unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gitmem import safe_write
from gitmem.errors import GitmemError
from gitmem.gitrepo import merge_file
from gitmem.memory.field_document import FieldDocument, read_document
from gitmem.merge_driver.body import merge_body
from gitmem.merge_driver.frontmatter import merge_frontmatter
from gitmem.merge_driver.markers import ConflictMarkers


@dataclass(frozen=True)
class MergeResult:
    data: bytes
    conflicts: int


def merge_driver_main(
    base: str, ours: str, theirs: str, path: str = "", directory: str = ".",
    markers: ConflictMarkers | None = None,
) -> int:
    """Merge %O and %B into %A in place; 0 clean, 1 conflicts left as markers. `directory` is
    where git runs the driver (the working tree root), for the memory globs."""
    markers = markers or ConflictMarkers()
    sides = [Path(p).read_bytes() if Path(p).exists() else b"" for p in (base, ours, theirs)]
    if _is_memory(path, directory):
        result = merge_memory(sides[0], sides[1], sides[2], markers)
    else:
        result = _git_merge(sides[0], sides[1], sides[2], markers)
    safe_write.overwrite(Path(ours), result.data)  # git's own temporary %A, never a link
    return 1 if result.conflicts else 0


def _is_memory(path: str, directory: str) -> bool:
    """A path the configuration calls a memory (outside a repository: the default globs)."""
    if not path:
        return True
    from gitmem.memory.discover import MemoryMatcher
    from gitmem.workspace import open_workspace

    try:
        matcher = open_workspace(directory, recover=False).matcher
    except GitmemError:
        matcher = MemoryMatcher()
    return matcher.matches(path)


def _git_merge(base: bytes, ours: bytes, theirs: bytes, markers: ConflictMarkers) -> MergeResult:
    return MergeResult(*merge_file(base, ours, theirs, markers.labels, marker_size=markers.size,
                                   style=markers.style))


def merge_memory(
    base: bytes, ours: bytes, theirs: bytes, markers: ConflictMarkers | None = None
) -> MergeResult:
    markers = markers or ConflictMarkers()
    try:
        docs = [read_document(side) for side in (base, ours, theirs)]
        metas = [doc.meta() for doc in docs]
    except GitmemError:  # binary, unclosed or unparsable frontmatter: plain git semantics
        return _git_merge(base, ours, theirs, markers)
    body, body_conflicts = merge_body(_body(docs[0]), _body(docs[1]), _body(docs[2]), markers)
    if not any(doc.has_frontmatter for doc in docs):
        return MergeResult(body, body_conflicts)
    try:
        head, field_conflicts = merge_frontmatter(ours, docs, metas, markers)
    except GitmemError:  # a field our editor cannot rewrite in place
        return _git_merge(base, ours, theirs, markers)
    return MergeResult(head + body, body_conflicts + field_conflicts)


def _body(doc: FieldDocument) -> bytes:
    start = 0 if doc.close is None else doc.close + 1
    return "".join(doc.lines[start:]).encode("utf-8", "surrogateescape")

"""Walking history: commits newest first, and the single-parent chain between two commits."""

from __future__ import annotations

from collections.abc import Iterator

import pygit2

from gitmem.gitrepo.core import RepoCore
from gitmem.gitrepo.records import CommitInfo


class RepoHistory(RepoCore):
    """Walks over the commits reachable from HEAD (or another start)."""

    def walk(self, start: str | None = None, first_parent: bool = False) -> Iterator[CommitInfo]:
        """Commits reachable from start (HEAD by default), newest first."""
        head = start or self.head_id()
        if head is None:
            return
        walker = self._repo.walk(
            pygit2.Oid(hex=head), pygit2.enums.SortMode.TOPOLOGICAL | pygit2.enums.SortMode.TIME
        )
        if first_parent:
            walker.simplify_first_parent()
        for c in walker:
            yield CommitInfo(
                str(c.id), c.message, c.commit_time, c.commit_time_offset,
                tuple(map(str, c.parent_ids)),
            )

    def single_parent_chain(self, head: str, base: str, limit: int = 10_000
                            ) -> list[CommitInfo] | None:
        """The commits from `head` down to `base` (excluded), newest first, when every one of
        them has exactly one parent, so that they precede `base`'s history in any walk from
        `head`; None when a merge, a root or `limit` commits come first."""
        out: list[CommitInfo] = []
        current = head
        while current != base:
            if len(out) >= limit:
                return None
            try:
                c = self._repo.get(current)
            except ValueError:
                return None
            if not isinstance(c, pygit2.Commit) or len(c.parent_ids) != 1:
                return None
            out.append(CommitInfo(str(c.id), c.message, c.commit_time, c.commit_time_offset,
                                  (str(c.parent_ids[0]),)))
            current = str(c.parent_ids[0])
        return out

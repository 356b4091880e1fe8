"""Undo's arithmetic: the content each path gets when an op commit is reverted, or a refusal
when a revert would conflict or restore more than regular files' content."""

from __future__ import annotations

from collections.abc import Sequence

import pygit2

from gitmem.errors import GitStateError
from gitmem.gitrepo.reading import RepoReads
from gitmem.gitrepo.records import FILE_MODE

_KINDS = {int(pygit2.enums.FileMode.COMMIT): "a submodule",
          int(pygit2.enums.FileMode.LINK): "a symbolic link"}


def _refuse_what_undo_cannot_write(
    commit_id: str, paths: Sequence[str], trees: Sequence[pygit2.Tree], reverted: pygit2.Index,
) -> None:
    """Undo writes regular files' content only; refuse (changing nothing) when reverting
    `commit_id` would also have to restore a submodule, a symbolic link or a file mode, so an
    undo never reports success while part of the commit stays in force."""
    problems = []
    for path in paths:
        modes: list[int | None] = []
        for tree in trees:
            try:
                modes.append(int(tree[path].filemode))
            except KeyError:
                modes.append(None)
        try:
            wanted: int | None = int(reverted[path].mode)
        except KeyError:
            wanted = None
        odd = next((_KINDS[m] for m in (*modes, wanted) if m in _KINDS), None)
        now = modes[-1]
        if odd is not None:
            problems.append(f"{path} ({odd})")
        elif wanted is not None and wanted != (now if now is not None else int(FILE_MODE)):
            problems.append(f"the file mode of {path} ({now or int(FILE_MODE):o} -> {wanted:o})")
    if problems:
        raise GitStateError(
            f"undoing {commit_id[:12]} would have to restore {'; '.join(problems)}, and undo "
            "restores the content of regular files only; nothing was undone: revert it with "
            f"`git revert {commit_id[:12]}` and check the result"
        )


class RepoRevert(RepoReads):
    """What reverting a commit would write."""

    def revert_result(
        self, commit_id: str, onto: str | None = None
    ) -> list[tuple[str, bytes | None]]:
        """The content each path of `commit_id` gets when it is reverted onto HEAD (or onto the
        commit `onto`).

        Raises GitStateError when the revert conflicts with what came after it, or when it
        would have to restore something other than a regular file's content (a submodule, a
        symbolic link, a file mode): undo writes all of a revert or nothing."""
        commit = self._commit(commit_id)
        head = self._commit(onto or self.head_id() or "")
        if not commit.parents:
            return self._revert_root(str(commit.id), head)
        if len(commit.parents) != 1:
            raise GitStateError(
                f"{commit_id[:12]} is a merge commit; undo reverts single-parent op commits only"
            )
        index = self._repo.revert_commit(commit, head)
        if index.conflicts is not None:
            paths = sorted({e.path for entry in index.conflicts for e in entry if e is not None})
            raise GitStateError(
                f"undoing {commit_id[:12]} conflicts with later changes to {', '.join(paths)}; "
                "edit those memories by hand (or undo the later operations first)"
            )
        diff = self._repo.diff(commit.parents[0], commit)
        touched = {d.old_file.path for d in diff.deltas} | {d.new_file.path for d in diff.deltas}
        _refuse_what_undo_cannot_write(
            commit_id, sorted(touched), (commit.parents[0].tree, commit.tree, head.tree), index
        )
        result: list[tuple[str, bytes | None]] = []
        for path in sorted(touched):
            try:
                entry = index[path]
            except KeyError:
                result.append((path, None))
                continue
            result.append((path, self.read_blob(str(entry.id))))
        return result

    def _revert_root(
        self, commit_id: str, head: pygit2.Commit
    ) -> list[tuple[str, bytes | None]]:
        """Reverting a repository's first commit takes away every file it added, as a revert
        against an empty parent would: a file changed since is a conflict, not a loss."""
        root = pygit2.Index()
        root.read_tree(self._repo[commit_id].tree)
        _refuse_what_undo_cannot_write(
            commit_id, sorted(e.path for e in root), (self._repo[commit_id].tree, head.tree),
            pygit2.Index(),
        )
        added = self.tree_files(commit_id)
        now = self.tree_files(str(head.id))
        changed = sorted(path for path, blob in added.items() if now.get(path, blob) != blob)
        if changed:
            raise GitStateError(
                f"undoing {commit_id[:12]} conflicts with later changes to {', '.join(changed)}; "
                "edit those files by hand (or undo the later operations first)"
            )
        return [(path, None) for path in sorted(added)]

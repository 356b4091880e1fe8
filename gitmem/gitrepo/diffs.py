"""What changed: the index against HEAD, paths between commits, git's own diff text, untracked
files."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence

from gitmem.errors import GitStateError
from gitmem.gitrepo.reading import RepoReads
from gitmem.gitrepo.records import EXEC_MODE, FILE_MODE, StagedEntry


class RepoDiffs(RepoReads):
    """Diffs of the index, of commits and of the working tree."""

    def staged_changes(
        self, index_file: str | os.PathLike[str] | None = None
    ) -> list[StagedEntry]:
        """What `git commit` would record: the index (or `index_file`, see `_index`) against
        HEAD, renames detected."""
        index = self._index(index_file)
        if index.conflicts is not None:
            paths = sorted({e.path for entry in index.conflicts for e in entry if e is not None})
            raise GitStateError(
                f"the index has unresolved conflicts in {', '.join(paths[:5])}; resolve them "
                "(git add) or abort the merge, then run again"
            )
        head = self.head_id()
        if head is None:
            return [StagedEntry(e.path, "added", None, str(e.id))
                    for e in index if e.mode in (FILE_MODE, EXEC_MODE)]
        diff = self._repo[head].tree.diff_to_index(index)
        diff.find_similar()
        out = []
        # diff_to_index compares the tree (old) to the index (new); a submodule or a symlink
        # on either side is not a file there (its id names no blob of ours)
        for delta in diff.deltas:
            status = delta.status_char()
            old, new = delta.old_file, delta.new_file
            old_file, new_file = old.mode in (FILE_MODE, EXEC_MODE), new.mode in (FILE_MODE, EXEC_MODE)
            if status in ("M", "T"):  # a side that is not a file is absent on that side
                status = "M" if old_file and new_file else "A" if new_file else "D" if old_file else ""
            if status == "A" and new_file:
                out.append(StagedEntry(new.path, "added", None, str(new.id)))
            elif status == "D" and old_file:
                out.append(StagedEntry(old.path, "deleted", str(old.id), None))
            elif status == "R" and old_file and new_file:
                out.append(StagedEntry(new.path, "renamed", str(old.id), str(new.id), old.path))
            elif status not in ("", "A", "D", "R"):
                out.append(StagedEntry(new.path, "modified", str(old.id), str(new.id)))
        return out

    def merge_base(self, base: str, head: str = "HEAD") -> str:
        """The commit `git diff base...head` starts from (base itself when they share none)."""
        base_id, head_id = self.resolve_commit(base), self.resolve_commit(head)
        return str(self._repo.merge_base(base_id, head_id) or base_id)

    def changed_paths(self, base: str, head: str = "HEAD") -> set[str]:
        """Paths whose content differs between merge-base(base, head) and head."""
        head_id = self.resolve_commit(head)
        diff = self._repo.diff(self._commit(self.merge_base(base, head_id)), self._commit(head_id))
        out: set[str] = set()
        for delta in diff.deltas:
            if delta.new_file.path and delta.status_char() != "D":
                out.add(delta.new_file.path)
        return out

    def commit_paths(self, commit_id: str) -> set[str]:
        """Every path a commit changes against its first parent (each file of a root commit)."""
        commit = self._commit(commit_id)
        if not commit.parents:
            return set(self.tree_files(commit_id))
        diff = self._repo.diff(commit.parents[0], commit)
        return {d.old_file.path for d in diff.deltas} | {d.new_file.path for d in diff.deltas}

    def diff_patch(self, args: Sequence[str], index_file: str | os.PathLike[str] | None = None
                   ) -> str:
        """git's own diff as text (`git diff -U0 -M ARGS`): zero context, renames followed, and
        the user's diff settings that would change its shape (prefixes, colour, external and
        textconv drivers, quoted non-ASCII names) fixed. Bytes that are not UTF-8 are kept as
        surrogates, as os.fsdecode keeps them in paths."""
        env = self.git_env()  # a repository git trusts by safe.directory stays trusted
        if index_file is not None:
            env["GIT_INDEX_FILE"] = str(self.root / index_file)
        proc = subprocess.run(
            ["git", "-c", "core.quotePath=false", "diff", "--no-color", "--no-ext-diff",
             "--no-textconv", "--no-relative", "--src-prefix=a/", "--dst-prefix=b/", "--text",
             "--full-index", "--ignore-submodules", "-U0", "-M", *args],
            cwd=self.root, capture_output=True, env=env, check=False)
        if proc.returncode != 0:
            raise GitStateError(f"git diff failed ({proc.stderr.decode(errors='replace').strip()}"
                                "); check the repository with `git status`")
        return proc.stdout.decode("utf-8", "surrogateescape")

    def untracked_files(self) -> list[str]:
        """Untracked, not-ignored files (`git ls-files --others --exclude-standard`)."""
        proc = subprocess.run(["git", "ls-files", "-z", "--others", "--exclude-standard"],
                              cwd=self.root, capture_output=True, env=self.git_env(),
                              check=False)
        return sorted(os.fsdecode(p) for p in proc.stdout.split(b"\0")
                      if p and not p.endswith(b"/") and proc.returncode == 0)

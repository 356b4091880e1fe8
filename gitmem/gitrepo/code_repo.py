"""Code repositories that memories cite (verify.code_repos): commits looked up by prefix and
whether the default branch reaches them, cited paths' state and fate."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygit2

from gitmem import ownership
from gitmem.gitrepo.commands import clean_git_env
from gitmem.gitrepo.opening import _open_unvalidated
from gitmem.gitrepo.repo import Repo

_ONE_BY_ONE = 16  # reachability questions answered by descendant_of before one full walk
_LONGEST_PATH = 4096  # PATH_MAX on Linux: a longer cited path names no file anywhere


class UnreadableRepo(Exception):
    """A configured code repository that is there but cannot be read; the text says why."""


def _unreadable_reason(error: str, found: str) -> str:
    if ownership.NOT_OWNED in error:
        return ownership.foreign_owner_message(ownership.work_tree_of(found))
    if "sha256" in error.lower():
        return ("a SHA-256 repository, which gitmem cannot read yet (its git library reads "
                "SHA-1 repositories only)")
    return f"it cannot be read: {error}"


@dataclass(frozen=True)
class CommitLookup:
    status: str  # "found" | "missing" | "ambiguous" | "not_a_commit"
    sha: str | None = None
    on_default_branch: bool | None = None


class CodeRepo:
    """A repository whose commits and paths memories cite (verify.code_repos)."""

    def __init__(self, label: str, repo: pygit2.Repository,
                 trust_env: Mapping[str, str] | None = None) -> None:
        self.label = label
        self._repo = repo
        self._trust_env = dict(trust_env or {})
        self.root = Path(repo.workdir or repo.path).resolve()
        self.shallow = bool(repo.is_shallow)
        self._default_tips = self._find_default_tips()
        self._reachable: frozenset[bytes] | None = None
        self._ignored_folders: dict[str, bool] = {}
        self._tree: pygit2.Tree | None | bool = False  # False: not looked up yet
        self._reachability_asked = 0

    @classmethod
    def open(cls, label: str, path: Path, same_as: Repo | None = None) -> CodeRepo | None:
        """None when there is no repository at `path` (the caller reports GM303); UnreadableRepo
        when there is one gitmem cannot read. `same_as`: the memory repository, when `path` is
        its root, whose owner was already vouched for when it was opened."""
        if not path.exists():
            return None
        found = pygit2.discover_repository(str(path))
        if found is None:
            return None
        if (same_as is not None and same_as.trust_env
                and Path(found).resolve() == same_as.git_dir):
            return cls(label, _open_unvalidated(found), same_as.trust_env)
        try:
            repo = pygit2.Repository(found)
        except pygit2.GitError as exc:
            raise UnreadableRepo(_unreadable_reason(str(exc), found)) from None
        # discovery climbs to parent folders: a configured folder that is not itself a
        # repository root must not silently stand for the repository around it
        top = Path(repo.workdir or repo.path).resolve()
        if top != path.resolve():
            return None
        return cls(label, repo)

    def _find_default_tips(self) -> tuple[str, ...]:
        """The default branch's tip (`origin/HEAD`, else `main`, else `master`, else `HEAD`),
        plus the local branch of the same name and HEAD: a commit made here and not pushed
        yet is on the default branch as this clone has it, not on an abandoned branch."""
        tips: list[str] = []
        default_name = ""
        for name in ("refs/remotes/origin/HEAD", "refs/heads/main", "refs/heads/master", "HEAD"):
            try:
                ref = self._repo.references[name].resolve()
            except (KeyError, pygit2.GitError):
                continue
            tips.append(str(ref.target))
            default_name = ref.name.rsplit("/", 1)[-1] if name.startswith("refs/remotes/") else ""
            break
        local = [f"refs/heads/{default_name}"] if default_name else []
        for name in (*local, "HEAD"):
            try:
                target = str(self._repo.references[name].resolve().target)
            except (KeyError, pygit2.GitError):
                continue
            if target not in tips:
                tips.append(target)
        return tuple(tips)

    def lookup_commit(self, hexprefix: str) -> CommitLookup:
        try:
            obj = self._repo.git_object_lookup_prefix(hexprefix)
        except pygit2.AmbiguousError:
            return CommitLookup("ambiguous")
        except (ValueError, pygit2.GitError):
            return CommitLookup("missing")
        if obj is None:
            return CommitLookup("missing")
        if obj.type_str != "commit":
            return CommitLookup("not_a_commit", str(obj.id))
        sha = str(obj.id)
        reachable = None
        if self._default_tips:
            reachable = self._on_default_branch(obj.id, sha)
        return CommitLookup("found", sha, reachable)

    def _on_default_branch(self, oid: pygit2.Oid, sha: str) -> bool:
        """Whether the default tip reaches a commit. A few questions are answered one by one;
        past that, one walk of the default branch's history answers all the rest: each
        `descendant_of` walks back from the tip, so thousands of claims would walk it
        thousands of times."""
        tips = self._default_tips
        if sha in tips:
            return True
        self._reachability_asked += 1
        if self._reachable is None and self._reachability_asked <= _ONE_BY_ONE:
            return any(self._repo.descendant_of(tip, sha) for tip in tips)
        if self._reachable is None:
            walker = self._repo.walk(pygit2.Oid(hex=tips[0]), pygit2.enums.SortMode.NONE)
            for tip in tips[1:]:
                walker.push(pygit2.Oid(hex=tip))
            self._reachable = frozenset(commit.id.raw for commit in walker)
        return oid.raw in self._reachable

    def path_state(self, path: str) -> str:
        """"exists" | "ignored" | "missing" | "outside" for a path cited relative to the root."""
        if len(path) > _LONGEST_PATH:  # no file has it; resolving it and libgit2's ignore check
            return "missing"  # cost time quadratic in its length
        candidate = Path(path) if os.path.isabs(path) else self.root / path
        try:
            resolved = candidate.resolve()
        except (OSError, RuntimeError):
            return "missing"
        if resolved != self.root and self.root not in resolved.parents:
            return "outside"
        if os.path.lexists(candidate):
            return "exists"
        rel = resolved.relative_to(self.root).as_posix()
        tree = self._head_tree()
        if tree is not None:
            try:
                tree[rel]
                return "exists"
            except KeyError:
                pass
        if self._ignored_or_under_ignored(rel):
            return "ignored"
        return "missing"

    def _ignored_or_under_ignored(self, rel: str) -> bool:
        """Whether git ignores `rel` or a folder above it. A path that does not exist cannot
        tell libgit2 it is a folder, so each level is also asked as `folder/`: a folder-only
        pattern (`data/`) must cover `data` and `data/x.csv`."""
        parts = rel.split("/")
        try:
            if self._repo.path_is_ignored(rel):
                return True
            return any(self._folder_ignored("/".join(parts[:end]) + "/")
                       for end in range(1, len(parts) + 1))
        except pygit2.GitError:
            return False

    def _folder_ignored(self, folder: str) -> bool:
        """libgit2's answer for a folder, asked once a run: the cited paths of 10,000 memories
        share their folders (each question reads the ignore files again)."""
        found = self._ignored_folders.get(folder)
        if found is None:
            found = self._ignored_folders[folder] = bool(self._repo.path_is_ignored(folder))
        return found

    def _head_tree(self) -> pygit2.Tree | None:
        """HEAD's tree, looked up once a run (None: bare, or no commit yet)."""
        if self._tree is False:
            unborn = self._repo.is_bare or self._repo.head_is_unborn
            self._tree = None if unborn else self._repo.head.peel(pygit2.Commit).tree
        return self._tree

    def tracked_paths(self) -> list[str]:
        """Every file of the index (`git ls-files`), for citations that name a path relative to
        a package of a monorepo; [] when git cannot answer."""
        try:
            proc = subprocess.run(["git", "ls-files", "-z"], cwd=self.root, capture_output=True,
                                  env=clean_git_env(), check=False)
        except OSError:
            return []
        if proc.returncode != 0:
            return []
        return [os.fsdecode(p) for p in proc.stdout.split(b"\0") if p]

    def path_fates(self, paths: Sequence[str], max_commits: int = 5000) -> dict[str, tuple[str, str, str, str | None]]:
        """path -> (kind, commit, summary, new_path) for the newest commit that deleted or renamed it."""
        if not paths or self._repo.head_is_unborn:
            return {}
        proc = subprocess.run(
            ["git", "log", "--no-show-signature", f"--max-count={max_commits}", "--no-renames",
             "--diff-filter=D", "--name-status", "--format=%x00%H%x09%s", "--", *paths],
            cwd=self.root, capture_output=True, env={**clean_git_env(), **self._trust_env},
            check=False,
        )
        fates: dict[str, tuple[str, str, str, str | None]] = {}
        wanted = set(paths)
        commit, summary = "", ""
        for line in proc.stdout.decode("utf-8", "replace").splitlines():
            if line.startswith("\x00"):
                commit, _, summary = line[1:].partition("\t")
                continue
            parts = line.split("\t")
            if len(parts) < 2:
                continue
            if parts[1] in wanted and parts[1] not in fates:
                fates[parts[1]] = ("deleted", commit, summary, None)
            folder = parts[1]
            while "/" in folder:  # a cited folder: the newest commit that deleted a file in it
                folder = folder.rpartition("/")[0]
                if folder in wanted and folder not in fates:
                    fates[folder] = ("deleted", commit, summary, None)
        # A pathspec hides the new side of a rename, so look at each deleting commit whole.
        for commit_id in {fate[1] for fate in fates.values()}:
            c = self._repo[commit_id].peel(pygit2.Commit)
            if not c.parents:
                continue
            try:
                diff = self._repo.diff(c.parents[0], c)
                diff.find_similar()
            except (pygit2.GitError, KeyError, ValueError):
                # an object the clone lacks (a partial or size-limited copy): the commit still
                # deleted the path; only whether it was a rename is unknown
                continue
            for delta in diff.deltas:
                old = delta.old_file.path
                if delta.status_char() != "R":
                    continue
                if fates.get(old, ("",))[1:2] == (commit_id,):
                    fates[old] = ("renamed", commit_id, fates[old][2], delta.new_file.path)
                folder, new = old, delta.new_file.path
                while "/" in folder:  # a folder moved whole: its files keep their tail
                    folder = folder.rpartition("/")[0]
                    tail = old[len(folder):]
                    fate = fates.get(folder)
                    if (fate is not None and fate[:2] == ("deleted", commit_id)
                            and new.endswith(tail) and len(new) > len(tail)):
                        fates[folder] = ("renamed", commit_id, fate[2], new[:-len(tail)])
        return fates

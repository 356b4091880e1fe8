"""The repository, its configuration and its memories, opened once per command."""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gitmem.config import CONFIG_FILE, Config, load_config, replace
from gitmem.errors import GitmemError, UsageError
from gitmem.gitrepo import CodeRepo, Repo, UnreadableRepo, hash_blob
from gitmem.memory.discover import MemoryMatcher
from gitmem.progress import NO_PROGRESS, Progress

if TYPE_CHECKING:  # the cache's modules are imported on first use: `gitmem log` reads no memory
    from gitmem.memory.cache import MemoryCache
    from gitmem.model import Memory


def parse_memory(path: str, raw: bytes, blob_id: str | None = None) -> Memory:
    """gitmem.memory.parse.parse_memory, imported on first use: it pulls in PyYAML and
    python-frontmatter (~45 ms), which commands that read no memory (log, hooks install,
    --help) should not pay for."""
    from gitmem.memory.parse import parse_memory as parse

    return parse(path, raw, blob_id)


@dataclass
class Workspace:
    repo: Repo
    config: Config
    matcher: MemoryMatcher
    cwd: Path = field(default_factory=Path.cwd)
    # how long loops report themselves (a bar on stderr in a terminal); commands set it
    progress: Progress = field(default=NO_PROGRESS, compare=False)
    _cache: MemoryCache | None = field(default=None, init=False, repr=False, compare=False)
    # the working-tree listing `open_workspace` made to discover memory.include, kept for
    # the first read of the working tree's memories (`_take_listing`): one `git ls-files
    # --others` walk per command instead of two
    _listing: list[str] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def cache(self) -> MemoryCache:
        """The parsed-memory cache of this repository (.git/gitmem/cache), opened on first use."""
        if self._cache is None:
            from gitmem.memory.cache import MemoryCache

            self._cache = MemoryCache.open(self.repo.state_dir)
        return self._cache

    # ----- which files are memories --------------------------------------------------------
    def memory_paths(self, source: str = "worktree") -> list[str]:
        if source == "worktree":
            paths = self.repo.worktree_files()
        elif source == "index":
            paths = list(self.repo.index_files())
        else:
            paths = list(self.repo.tree_files(source))
        return sorted(p for p in paths if self.matcher.matches(p))

    def memories(self, source: str = "worktree", *, save: bool = True) -> list[Memory]:
        """Every memory as it is in the working tree, the index, or at a revision.

        Parsing goes through the blob-id cache: an unchanged memory is decoded, not parsed.
        `save=False` leaves writing the cache to the caller, which adds more to it (lint: the
        citations and pairs), so the file is rewritten once per run, not twice."""
        cache = self.cache
        out = []
        if source == "worktree":
            listed = self._take_listing()
            if listed is None:
                listed = self.repo.worktree_candidates()
            if listed is None:
                listed = self.repo.worktree_files()
            read_ns = time.time_ns()
            paths = [path for path in listed if self.matcher.matches(path)]
            with self.progress.track(paths, "Reading memories") as tracked:
                out = self._read_worktree_memories(tracked, cache, read_ns)
        else:
            blobs = self.repo.index_files() if source == "index" else self.repo.tree_files(source)
            paths = sorted(path for path in blobs if self.matcher.matches(path))
            with self.progress.track(paths, "Reading memories") as tracked:
                for path in tracked:
                    blob_id = blobs[path]
                    out.append(cache.parse(path, self.repo.read_blob(blob_id), blob_id,
                                           parse_memory))
        if save:
            cache.save()
        return out

    def _take_listing(self) -> list[str] | None:
        """The listing made when the workspace was opened, once: a later read (after an op
        committed, say) lists the working tree again."""
        listed, self._listing = self._listing, None
        return listed

    def _read_worktree_memories(self, paths: Iterable[str], cache: MemoryCache,
                                read_ns: int) -> list[Memory]:
        """Read and parse working-tree memories; a file whose stat data matches its cached
        record is not hashed again (see MemoryCache.remember_stat for when that is safe)."""
        out = []
        for path in paths:
            found = self.repo.read_worktree_stat(path)
            if found is None:
                continue
            data, st = found
            whole = len(data) == st.st_size  # else it changed while it was read
            blob_id = cache.blob_for_stat(path, st) if whole else None
            if blob_id is None:
                blob_id = hash_blob(data)
                if whole:
                    cache.remember_stat(path, st, blob_id, read_ns)
            out.append(cache.parse(path, data, blob_id, parse_memory))
        return out

    def memory_at(self, path: str, source: str = "HEAD") -> Memory | None:
        if source == "worktree":
            data = self.repo.read_worktree(path)
        else:
            data = self.repo.read_at(source, path) if self.repo.head_id() else None
        return None if data is None else parse_memory(path, data, hash_blob(data))

    # ----- paths as users type them --------------------------------------------------------
    def relpath(self, user_path: str) -> str:
        """A repo-relative POSIX path for a path typed relative to the current directory."""
        full = Path(os.path.abspath(self.cwd / user_path))
        root = self.repo.root
        if full != root and root not in full.parents:
            raise UsageError(f"{user_path}: outside the repository at {root}")
        return full.relative_to(root).as_posix()

    def memory_path(self, user_path: str, *, must_exist: bool = True) -> str:
        """Validate a memory path argument: inside the repo, a memory file, committed."""
        rel = self.relpath(user_path)
        if not self.matcher.matches(rel):
            if MemoryMatcher(self.config.include, ()).matches(rel):
                raise UsageError(
                    f"{user_path} is excluded by memory.exclude ({', '.join(self.config.exclude)})"
                    "; pass a memory file, or change memory.exclude in .gitmem.toml"
                )
            raise UsageError(
                f"{user_path} is not a memory file (memory.include is "
                f"{', '.join(self.config.include)}); pass a memory file"
            )
        if must_exist and (self.repo.head_id() is None or self.repo.read_at("HEAD", rel) is None):
            full = self.repo.root / rel
            if full.is_symlink():
                raise UsageError(f"{user_path} is a symbolic link; gitmem edits only regular "
                                 "files: pass the file it points to")
            if full.is_dir():
                raise UsageError(f"{user_path} is a folder, not a memory file")
            if full.exists():
                raise UsageError(f"{user_path} is not committed yet; commit it first")
            raise UsageError(f"{user_path}: no such memory")
        return rel

    def code_repos(self) -> list[tuple[str, CodeRepo | None]]:
        """Each configured code repository, or None where there is none to check against."""
        out: list[tuple[str, CodeRepo | None]] = []
        for label in self.config.code_repos:
            path = (self.repo.root / label).resolve()
            same = self.repo if path == self.repo.root else None
            try:
                code = CodeRepo.open(label, path, same)
            except UnreadableRepo as exc:  # named with its reason where lint reports it
                out.append((f"{label} ({exc})", None))
                continue
            if code is not None:
                code.roots_cache = self.cache  # HEAD's root commits, kept between runs
            out.append((label, code))
        return out


def open_workspace(
    directory: str | os.PathLike[str] = ".",
    overrides: Mapping[str, Any] | None = None,
    *,
    recover: bool = True,
    memories: bool = True,
) -> Workspace:
    """Discover the repo, finish any interrupted op, and load the merged configuration.

    `memories=False`, for a command that reads no memory (`gitmem log`): the repository is
    found by git (`Repo.discover_through_git`: pygit2 is imported only if used),
    memory.include is not discovered from the layouts of the working tree, and the memory
    globs are compiled (and a bad one refused) only if some path is matched against them."""
    repo = Repo.discover(directory) if memories else Repo.discover_through_git(directory)
    if recover:
        from gitmem.ops.journal import recover_interrupted

        if recover_interrupted(repo) is not None and not memories:
            repo = Repo.discover(directory)  # an op was finished: HEAD as it is now
    toml_path = repo.root / CONFIG_FILE
    toml_text = None
    if toml_path.is_file() and not toml_path.is_symlink():
        toml_text = toml_path.read_text(encoding="utf-8", errors="replace")
    config = load_config(toml_text, repo.config_entries(), os.environ, overrides)
    if "code_repos" in config.from_file:
        from gitmem.code_repo_trust import trusted_code_repos

        kept, ignored = trusted_code_repos(repo.root, config.code_repos)
        if ignored:
            config = replace(config, code_repos=kept, warnings=config.warnings + tuple(ignored))
    listed = None
    if "include" not in config.explicit and memories:
        listed = repo.worktree_candidates()
        config = discovered_config(repo, config, listed)
    elif memories:
        from gitmem.memory.layouts import layouts_of

        # an include `gitmem init` wrote from the layouts names them as discovery would
        config = replace(config, layouts=layouts_of(config.include))
    matcher = MemoryMatcher(config.include, config.exclude + (CONFIG_FILE,), lazy=not memories)
    ws = Workspace(repo, config, matcher, Path(os.path.abspath(directory)))
    ws._listing = listed
    return ws


def discovered_config(repo: Repo, config: Config, listed: list[str] | None) -> Config:
    """`config` with memory.include (and the review file) set from the agent-memory layouts
    the working tree holds (`listed`: `repo.worktree_candidates()`; None when git could not
    list it, then the index is read), when no source configured them (docs/configuration.md)."""
    from gitmem.memory.layouts import discover_layouts

    if listed is None:
        try:
            listed = list(repo.index_files())
        except GitmemError:
            return config
    found = discover_layouts(listed)
    if not found.layouts:
        return config
    changes: dict[str, Any] = {"include": found.include,
                               "layouts": tuple(layout.name for layout in found.layouts)}
    review = found.review_file(listed)
    if review and "review_file" not in config.explicit:
        changes["review_file"] = review
    return replace(config, **changes)

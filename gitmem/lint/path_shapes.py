"""Readings of cited paths that need the whole tree, not one path's state: a path that leaves
folders out (`docs/.../x/scope.md`), and a folder the repository keeps partly out of git
(`kit/` when `kit/common/scripts/` is ignored)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from gitmem.lint.evidence import EXISTS, IGNORED, MISSING, PathQuery, PathVerdict, describe_repo
from gitmem.lint.path_citations import ELIDED

if TYPE_CHECKING:
    from gitmem.lint.grounding import Repos


def elided_pattern(value: str) -> re.Pattern[str]:
    """`docs/.../x/scope.md` as a pattern over tracked paths: each `...` any folders (none or
    more), a last `...` anything below (`src/...`); a folder citation (`a/.../b/`) matches the
    files below it."""
    folder = value.endswith("/")
    parts = value.strip("/").split("/")
    pattern = ""
    for index, part in enumerate(parts):
        if part in ELIDED and index == len(parts) - 1:
            pattern += ".+"  # `src/...`: whatever lies below
        elif part in ELIDED:
            pattern += "(?:[^/]+/)*"
        else:
            pattern += re.escape(part) + ("/" if index < len(parts) - 1 else "")
    return re.compile(pattern + ("/.+" if folder and parts[-1] not in ELIDED else ""))


def elided_verdict(value: str, repos: Repos) -> PathVerdict:
    """EXISTS when some tracked file fits the elided path, with the path it stands for; else
    MISSING (no history to name: the path is no one file)."""
    pattern = elided_pattern(value)
    for label, repo in repos.available:
        found = next((path for path in repos.tracked_paths(repo) if pattern.fullmatch(path)), None)
        if found is not None:
            return PathVerdict(EXISTS, label, reason=f"as {found}")
    where = " or ".join(describe_repo(label) for label, _ in repos.available)
    return PathVerdict(MISSING, reason=where)


def anchored_ignores(root: Path) -> tuple[str, ...]:
    """The paths the root .gitignore names from the root (`/lib/cache/`, `kit/common/scripts/`:
    a slash before the end), without glob characters; a line holding a NUL is skipped."""
    try:
        text = (root / ".gitignore").read_bytes().decode("utf-8", "replace")
    except OSError:
        return ()
    found = []
    for line in text.splitlines():
        line = line.strip()
        if (not line or line.startswith(("#", "!")) or "\0" in line
                or any(char in line for char in "*?[\\")):
            continue
        if "/" in line.rstrip("/"):
            found.append(line.strip("/"))
    return tuple(found)


def kept_out_of_git(paths: dict[PathQuery, PathVerdict], repos: Repos
                    ) -> dict[PathQuery, PathVerdict]:
    """A missing path that is a folder holding an ignored path (`kit/` with `kit/common/scripts/`
    ignored), or lies in a folder that holds one and no tracked file (`kit/common/.cfg/x.json`):
    the repository keeps that part of the tree out of git, so it is local, not missing, even
    when the commit that took it out of git shows as deleting it."""
    missing = [query for query, verdict in paths.items() if verdict.status == MISSING
               and query.kind in ("path", "package")
               and not query.value.startswith(("/", "~", "../"))]
    out = dict(paths)
    for label, repo in repos.available if missing else ():
        holding = {root.rsplit("/", end)[0] for root in anchored_ignores(repo.root)
                   for end in range(1, root.count("/") + 1)}
        if not holding:
            continue
        tracked = {path.rsplit("/", end)[0] for path in repos.tracked_paths(repo)
                   for end in range(1, path.count("/") + 1)}
        for query in missing:
            value = query.value.strip("/")
            folders = [value.rsplit("/", end)[0] for end in range(1, value.count("/") + 1)]
            if value in holding or any(f in holding and f not in tracked for f in folders):
                out[query] = PathVerdict(IGNORED, label, reason="kept out of git")
    return out

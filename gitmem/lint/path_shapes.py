"""Readings of cited paths that need the whole tree, not one path's state: a path that leaves
folders out (`docs/.../x/scope.md`)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from gitmem.lint.evidence import EXISTS, MISSING, PathVerdict, describe_repo
from gitmem.lint.path_citations import ELIDED

if TYPE_CHECKING:
    from gitmem.lint.grounding import Repos


def elided_pattern(value: str) -> re.Pattern[str]:
    """`docs/.../x/scope.md` as a pattern over tracked paths: each `...` any folders (none or
    more); a folder citation (`a/.../b/`) matches the files below it."""
    folder = value.endswith("/")
    parts = value.strip("/").split("/")
    pattern = ""
    for index, part in enumerate(parts):
        if part in ELIDED:
            pattern += "(?:[^/]+/)*"
        else:
            pattern += re.escape(part) + ("/" if index < len(parts) - 1 else "")
    return re.compile(pattern + ("/.+" if folder else ""))


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

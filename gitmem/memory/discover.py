"""Which files of a tree are memories: gitignore-style include/exclude globs.

The matcher runs once per path of a tree (100,000 paths in a large code repository), so every
pattern is translated to a regex once and all patterns of one side are joined into a single
alternation: one `re.match` per side per path.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gitmem.errors import InvalidInputError

DEFAULT_INCLUDE: tuple[str, ...] = ("**/*.md", "**/*.mdc")
# Installed third-party packages, at any depth (a committed virtualenv holds hundreds of
# packages' Markdown): never a project's memory, whichever layout.
THIRD_PARTY: tuple[str, ...] = ("node_modules/", ".venv/", "venv/", "site-packages/")
# A project's own documents: a changelog's old sections "contradict" its new ones. GitHub's
# templates and workflows are excluded by name, not the whole `.github/` folder: it also holds
# `.github/copilot-instructions.md`, which is agent memory.
DEFAULT_EXCLUDE: tuple[str, ...] = (
    "README.md", "CHANGELOG.md", "CONTRIBUTING.md", "CODE_OF_CONDUCT.md", "SECURITY.md",
    "LICENSE.md", ".git/**", ".github/ISSUE_TEMPLATE/**", ".github/PULL_REQUEST_TEMPLATE/**",
    ".github/DISCUSSION_TEMPLATE/**", ".github/workflows/**", "PULL_REQUEST_TEMPLATE.md",
    "pull_request_template.md", "ISSUE_TEMPLATE.md", *THIRD_PARTY,
)

_NEVER = re.compile(r"(?!)")


def glob_to_regex(pattern: str) -> str:
    """Translate one gitignore-style glob to a regex source matching whole repo-relative paths.

    - `*` and `?` stay inside one path segment; `[...]` is a character class (`[!...]` negates).
    - `**/` spans zero or more directories, `/**` at the end everything below, `/**/` in the
      middle zero or more directories.
    - A pattern without a `/` (other than a trailing one) matches any path segment at any depth,
      so `README.md` drops every README.md and `drafts` everything under a `drafts/` folder.
    - A trailing `/` means "this directory", i.e. everything below it.

    Globs come from a committed file, so the regex never backtracks exponentially: a wildcard
    followed by more pattern (a `*` before another `*` in one segment, a `**` before another
    `**`) takes the leftmost place where what follows it up to the next wildcard matches, inside
    an atomic group. That is where a glob matcher may always put it (what follows is fixed
    length), so the meaning is unchanged and each wildcard costs one pass, not a product.
    """
    anchored = "/" in pattern.rstrip("/")
    if pattern.endswith("/"):
        pattern = pattern.rstrip("/") + "/**"
    pattern = pattern.lstrip("/")
    segments: list[str] = []
    for segment in pattern.split("/"):
        if not (segment == "**" and segments and segments[-1] == "**"):
            segments.append(segment)  # `**/**` is one `**`
    runs: list[list[str]] = [[]]  # segment regexes between `**`s
    for segment in segments:
        if segment == "**":
            runs.append([])
        else:
            runs[-1].append(_segment_to_regex(segment))
    body = "/".join(runs[0])
    for index, run in enumerate(runs[1:], start=1):
        lead = "/" if index > 1 or runs[0] else ""
        if not run:  # a `**` at the end: everything below
            body += f"{lead}.*"
        elif index < len(runs) - 1:  # more pattern after the next `**`: take the first place
            body += f"{lead}(?>(?:[^/]*/)*?{'/'.join(run)}(?=/))"
        else:
            body += f"{lead}(?:.*/)?{'/'.join(run)}"
    if anchored:
        return body
    return f"(?:.*/)?{body}(?:/.*)?"


def _segment_to_regex(segment: str) -> str:
    """One path segment; `*` splits it into fixed-length pieces (see glob_to_regex)."""
    pieces: list[list[str]] = [[]]
    i, n = 0, len(segment)
    while i < n:
        char = segment[i]
        if char == "*":
            while i + 1 < n and segment[i + 1] == "*":
                i += 1  # `a**b` inside a segment behaves like `a*b`
            pieces.append([])
        elif char == "?":
            pieces[-1].append("[^/]")
        elif char == "[":
            start = i + 1
            if segment[start : start + 1] in ("!", "^"):
                start += 1
            end = segment.find("]", start + 1)  # a `]` right after `[` is a literal member
            if end == -1:
                pieces[-1].append(re.escape(char))
            else:
                negate = start > i + 1
                members = re.sub(r"([\\\[\]])", r"\\\1", segment[start:end])
                pieces[-1].append(f"[^/{members}]" if negate else f"[{members}]")
                i = end
        else:
            pieces[-1].append(re.escape(char))
        i += 1
    texts = ["".join(piece) for piece in pieces]
    if len(texts) == 1:
        return texts[0]
    first, *middle, last = texts
    return first + "".join(f"(?>[^/]*?{piece})" for piece in middle) + "[^/]*" + last


def _compile(patterns: Sequence[str]) -> re.Pattern[str]:
    sources: list[str] = []
    for pattern in patterns:
        pattern = pattern.strip()
        if not pattern:
            continue
        source = glob_to_regex(pattern)
        try:
            re.compile(source)
        except re.error as error:
            raise InvalidInputError(
                f"memory glob {pattern!r} is not a valid pattern ({error}); fix memory.include "
                "or memory.exclude"
            ) from None
        sources.append(source)
    if not sources:
        return _NEVER
    return re.compile("(?:" + "|".join(f"(?:{s})" for s in sources) + r")\Z")


class MemoryMatcher:
    """Decide whether a repo-relative POSIX path is a memory file (included and not excluded)."""

    def __init__(
        self,
        include: Sequence[str] = DEFAULT_INCLUDE,
        exclude: Sequence[str] = DEFAULT_EXCLUDE,
        *,
        lazy: bool = False,
    ) -> None:
        """`lazy`: compile the globs (and refuse a bad one) on the first `matches`, for a
        command that may never ask (`gitmem log` reads no memory: a few ms of its start-up)."""
        self.include = tuple(include)
        self.exclude = tuple(exclude)
        self._patterns: tuple[re.Pattern[str], re.Pattern[str]] | None = None
        if not lazy:
            self._compiled()

    def _compiled(self) -> tuple[re.Pattern[str], re.Pattern[str]]:
        if self._patterns is None:
            self._patterns = (_compile(self.include), _compile(self.exclude))
        return self._patterns

    def matches(self, path: str) -> bool:
        include, exclude = self._patterns or self._compiled()
        path = path.removeprefix("./")
        return include.match(path) is not None and exclude.match(path) is None

    def __repr__(self) -> str:
        return f"MemoryMatcher(include={self.include!r}, exclude={self.exclude!r})"

"""Plain, frozen records that flow through gitmem: files -> Memory/Claim -> Finding/Plan -> Op."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

SEVERITIES = ("info", "warning", "error")


def severity_rank(severity: str) -> int:
    return SEVERITIES.index(severity)


@dataclass(frozen=True)
class Location:
    path: str
    line: int


@dataclass(frozen=True)
class Claim:
    """One checkable statement of a memory: a bullet, a numbered item or a prose sentence."""

    path: str
    line: int  # 1-based line in the file (frontmatter included)
    text: str  # the statement without its list marker
    # "bullet" | "item" | "sentence" | "task" (an open "- [ ]" box) | "done" (a ticked "- [x]")
    kind: str = "sentence"
    section: str = ""  # the nearest heading above it, if any
    # the list entry, or the bold label line ("**Business plan**:"), a nested entry stands
    # under: its subject when it names none itself (left out of equality)
    parent: str = field(default="", compare=False)


@dataclass(frozen=True)
class Problem:
    """Something wrong with how a file parses (rendered as GM101/GM102 or a notice)."""

    message: str
    line: int = 1


@dataclass(frozen=True)
class Memory:
    """One memory file as read from a tree, the index or the working tree."""

    path: str  # repo-relative, POSIX separators
    raw: bytes
    meta: Mapping[str, Any]  # frontmatter mapping; {} when absent or unusable
    body: str
    body_line: int  # 1-based line where the body starts
    claims: tuple[Claim, ...] = ()
    problems: tuple[Problem, ...] = ()
    has_frontmatter: bool = False
    blob_id: str | None = None

    @property
    def name(self) -> str:
        value = self.meta.get("name")
        return value if isinstance(value, str) else self.path.rsplit("/", 1)[-1].rsplit(".", 1)[0]

    @property
    def type(self) -> str | None:
        value = self.meta.get("type")
        return value if isinstance(value, str) else None

    @property
    def tags(self) -> tuple[str, ...]:
        value = self.meta.get("tags")
        if isinstance(value, str):
            return (value,)
        if isinstance(value, list):
            return tuple(str(v) for v in value if isinstance(v, (str, int, float)))
        return ()

    @property
    def protected(self) -> bool:
        return self.meta.get("protected") is True

    @property
    def superseded_by(self) -> str | None:
        value = self.meta.get("superseded_by")
        return value if isinstance(value, str) and value else None

    @property
    def confidence(self) -> float | None:
        value = self.meta.get("confidence")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return None
        if not 0.0 <= value <= 1.0:  # what GM102 rejects decides nothing (nan fails too)
            return None
        return float(value)

    @property
    def active(self) -> bool:
        """Recall shows active memories only: not superseded and not past valid_until."""
        if self.superseded_by:
            return False
        until = self.meta.get("valid_until")
        if isinstance(until, dt.datetime):
            until = until.date()
        if isinstance(until, dt.date):
            return until >= dt.date.today()
        return True


@dataclass(frozen=True)
class Finding:
    """One lint result. Sorted by (path, line, code)."""

    code: str
    name: str
    severity: str
    path: str
    line: int
    message: str
    related: tuple[Location, ...] = ()
    confidence: float | None = None
    signals: Mapping[str, Any] = field(default_factory=dict)
    fingerprint: str = ""  # stable across moved lines (gitmem.lint.fingerprint); "" until set

    @property
    def sort_key(self) -> tuple[str, int, str, str]:
        return (self.path, self.line, self.code, self.message)


@dataclass(frozen=True)
class FileChange:
    """The new content of one memory file in a plan or an op."""

    path: str
    before: bytes | None  # None: the file does not exist yet
    after: bytes | None  # None: the op removes the file (only undo of a file-creating op)


@dataclass(frozen=True)
class Plan:
    """A proposed operation: pure data, computed without touching git."""

    op: str
    changes: tuple[FileChange, ...]
    summary: str
    trailers: tuple[tuple[str, str], ...] = ()
    klass: str = "possible"  # "match" | "possible" | "non_match"
    confidence: float | None = None
    signals: Mapping[str, Any] = field(default_factory=dict)
    reason: str = ""
    body: str = ""


@dataclass(frozen=True)
class Op:
    """An operation commit found in history."""

    id: str
    op: str
    date: str
    summary: str
    paths: tuple[str, ...]
    trailers: Mapping[str, tuple[str, ...]]
    undone_by: str | None = None

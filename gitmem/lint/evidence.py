"""What git says about the commits and paths memories cite: plain records the GM3xx rules read.

`gitmem.lint.grounding` fills an `Evidence` through gitrepo before the rules run; rules and the
grounding summary only look values up here, so they stay pure and are testable without a repo.
A citation with no entry (grounding did not run) is simply not judged.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

# CommitVerdict.status
VERIFIED = "verified"
UNKNOWN = "unknown"
AMBIGUOUS = "ambiguous"
UNVERIFIABLE = "unverifiable"

# PathVerdict.status
EXISTS = "exists"
MISSING = "missing"
OUTSIDE = "outside"
IGNORED = "ignored"
# plus UNVERIFIABLE (no repository to check against)


@dataclass(frozen=True)
class CommitVerdict:
    """The combined answer of every configured code repository for one hex token."""

    status: str  # VERIFIED | UNKNOWN | AMBIGUOUS | UNVERIFIABLE
    reason: str = ""  # why UNVERIFIABLE / which repositories were searched
    sha: str | None = None
    repo: str | None = None  # label of the repository that has it
    on_default_branch: bool | None = None


@dataclass(frozen=True)
class PathFate:
    """The newest commit that deleted or renamed a path."""

    kind: str  # "deleted" | "renamed"
    commit: str
    summary: str
    new_path: str | None = None
    repo: str = ""  # named when several code repositories are configured

    def describe(self) -> str:
        short = self.commit[:7] + (f" of {self.repo}" if self.repo else "")
        if self.kind == "renamed" and self.new_path:
            return f"renamed to {self.new_path} in {short} '{self.summary}'"
        return f"deleted in {short} '{self.summary}'"


@dataclass(frozen=True)
class PathQuery:
    """One way of reading a cited path: a path (relative to a code repository root, or
    absolute) or a bare file name to be found anywhere in the tree by basename."""

    kind: str  # "path" | "basename" | "package" (a reading from the memory's own folder)
    value: str


@dataclass(frozen=True)
class PathVerdict:
    status: str  # EXISTS | MISSING | OUTSIDE | IGNORED | UNVERIFIABLE
    repo: str | None = None
    fate: PathFate | None = None
    reason: str = ""


def describe_repo(label: str) -> str:
    """How a message names a code repository: `.` is the memory repository itself."""
    return "this repository" if label in (".", "./", "") else label


PATH_PREFERENCE = (EXISTS, IGNORED, MISSING, OUTSIDE, UNVERIFIABLE)


def best_path_verdict(verdicts: list[PathVerdict]) -> PathVerdict | None:
    """Of several readings of one citation, the most favourable: any that exists wins."""
    if not verdicts:
        return None
    return min(verdicts, key=lambda verdict: PATH_PREFERENCE.index(verdict.status))


@dataclass(frozen=True)
class Evidence:
    commits: Mapping[str, CommitVerdict] = field(default_factory=dict)  # lowercase hex token
    paths: Mapping[PathQuery, PathVerdict] = field(default_factory=dict)
    repos: tuple[str, ...] = ()  # labels of the code repositories consulted

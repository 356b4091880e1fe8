"""What git says about the commits and paths memories cite: plain records the GM3xx rules read.

`gitmem.lint.grounding` fills an `Evidence` through gitrepo before the rules run; rules and the
grounding summary only look values up here, so they stay pure and are testable without a repo.
A citation with no entry (grounding did not run) is simply not judged.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from gitmem.lint.commit_claims import CommitCitation

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

    # "path" | "basename" | "package" (a reading from the memory's own folder) | "nested" (a
    # bare folder at any depth below the memory's folder: `frontend/api/` for frontend/src/api)
    # | "contents" (a folder cited with its `/`: counts only where git ignores what it holds)
    kind: str
    value: str


@dataclass(frozen=True)
class PathVerdict:
    status: str  # EXISTS | MISSING | OUTSIDE | IGNORED | UNVERIFIABLE
    repo: str | None = None
    fate: PathFate | None = None
    reason: str = ""
    # a tracked path one slip from a missing path with no history (`near_paths.py`)
    near: str = ""


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


# A memory that cites at least this many distinct hex tokens by a code span alone...
MIN_SPAN_IDS = 5
# ...of which at most one in this many is an object git knows, cites ids of something else.
SPAN_IDS_PER_COMMIT = 10


def span_ids_not_commits(claims: Sequence[CommitCitation], evidence: Evidence
                         ) -> tuple[str, ...]:
    """The code-span-only tokens of one memory that read as ids of something else, in order.

    A hex token alone in a code span is a commit claim by its form only (no commit keyword
    anchors it anywhere in the memory). When a memory cites many such tokens and git knows
    almost none of them in a repository it could search (a review listing agent sessions by
    id prefix, records of another system), they are that other thing's ids: an agent that
    invents a hash invents one or two, and hashes copied from `git log` mostly resolve. A
    token the memory also anchors with a commit keyword stays a claim; so does every token
    when git could not search (GM303 says why)."""
    keyword = {c.key for c in claims if c.anchor != "backticks" and not c.other_repo}
    order: dict[str, None] = {}
    for claim in claims:
        if claim.anchor == "backticks" and not claim.other_repo and claim.key not in keyword:
            order.setdefault(claim.key)
    if len(order) < MIN_SPAN_IDS:
        return ()
    statuses = [evidence.commits[key].status if key in evidence.commits else None for key in order]
    unknown = statuses.count(UNKNOWN)
    known = statuses.count(VERIFIED) + statuses.count(AMBIGUOUS)
    if unknown < MIN_SPAN_IDS or unknown + known < len(statuses) or (
            known * SPAN_IDS_PER_COMMIT > len(statuses)):
        return ()
    return tuple(key for key, status in zip(order, statuses) if status == UNKNOWN)


def set_aside(claim: CommitCitation, aside: Collection[str]) -> bool:
    """Whether this claim is one of the code-span ids `aside` (`span_ids_not_commits`) of its
    memory: read as an id of something else, not checked."""
    return claim.anchor == "backticks" and claim.key in aside

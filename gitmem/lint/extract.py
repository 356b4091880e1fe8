"""Every checkable citation of one memory: commit claims and path citations, with their lines.

Pure: it reads the `Memory` record only. The grounding module looks the citations up in git, the
GM3xx rules judge them, and `grounding_summary` counts them.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any

from gitmem.lint.commit_claims import FULL_HEX, CommitCitation, commit_claims_in_line
from gitmem.lint.pasted import unquoted_lines
from gitmem.lint.path_citations import PathCitation, path_citations_in_line
from gitmem.lint.path_trees import TreeContext
from gitmem.lint.scan import frontmatter_lines, prose_lines
from gitmem.memory.inforce import claim_in_force
from gitmem.model import Claim, Memory

_HEADING = re.compile(r"\s{0,3}#{1,6}\s+(.*)")
_COMMITS = re.compile(r"\bcommits?\b", re.IGNORECASE)

COMMIT_FIELDS = ("commit", "commits", "sha", "rev", "revision", "fixed_in")
MAX_CITATIONS = 2000  # per memory and kind: beyond this a file is data, not notes


@dataclass(frozen=True)
class Citations:
    commits: tuple[CommitCitation, ...] = ()
    paths: tuple[PathCitation, ...] = ()
    truncated: bool = False  # more than MAX_CITATIONS of a kind: only the first were kept

    @property
    def count(self) -> int:
        return len(self.commits) + len(self.paths)


def field_lines(memory: Memory) -> dict[str, int]:
    """Top-level frontmatter key -> its 1-based file line ({} without frontmatter)."""
    if not memory.has_frontmatter:
        return {}
    # imported here: the parser pulls in PyYAML, which a warm lint never needs
    from gitmem.memory.parse import iter_field_lines

    return iter_field_lines(memory.raw.decode("utf-8", "replace"))


class LazyFieldLines(Mapping[str, int]):
    """`field_lines(memory)` computed on the first lookup: rules need a key's line only when
    they report something, which is rare, and the map costs a pass over the frontmatter."""

    def __init__(self, memory: Memory) -> None:
        self._memory = memory
        self._lines: dict[str, int] | None = None

    def _map(self) -> dict[str, int]:
        if self._lines is None:
            self._lines = field_lines(self._memory)
        return self._lines

    def __getitem__(self, key: str) -> int:
        return self._map()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._map())

    def __len__(self) -> int:
        return len(self._map())


def raw_field_text(memory: Memory, key: str, lines: Mapping[str, int]) -> str | None:
    """The text after `key:` on the key's line as written (quotes kept, comment dropped)."""
    number = lines.get(key)
    file_lines = frontmatter_lines(memory)
    if number is None or number > len(file_lines):
        return None
    return file_lines[number - 1].partition(":")[2].split(" #", 1)[0].strip() or None


def raw_field_value(memory: Memory, key: str, lines: Mapping[str, int]) -> str | None:
    """The unquoted text after `key:` (for values YAML re-typed, such as `commit: 0123456`
    read as an int)."""
    text = raw_field_text(memory, key, lines)
    return text.strip("'\"") or None if text else None


def _field_values(memory: Memory, key: str, lines: dict[str, int]) -> list[str]:
    value: Any = memory.meta.get(key)
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, (int, float)):
        raw = raw_field_value(memory, key, lines)
        return [raw] if raw else []
    if isinstance(value, str):
        return value.replace(",", " ").split()
    if isinstance(value, list):
        return [item for item in value if isinstance(item, str)]
    return []


def field_commit_claims(memory: Memory, lines: dict[str, int]) -> list[CommitCitation]:
    claims: list[CommitCitation] = []
    for key in COMMIT_FIELDS:
        for value in _field_values(memory, key, lines):
            if FULL_HEX.fullmatch(value):
                claims.append(CommitCitation(value, lines.get(key, 1), "field"))
    return claims


def claim_spans(memory: Memory) -> tuple[list[int], list[Claim], list[int]]:
    """(first lines, claims, last lines) in file order: a claim runs to the line before the
    next claim (two sentences of one line share it)."""
    claims = list(memory.claims)
    ends = [later.line - 1 if later.line > claim.line else claim.line
            for claim, later in pairwise(claims)] + [len(memory.raw.split(b"\n"))]
    return [c.line for c in claims], claims, ends


def owner(spans: tuple[list[int], list[Claim], list[int]], line: int, cited: str) -> Claim | None:
    """The claim a citation on `line` belongs to: one whose lines hold it and whose text names
    it ("Always squash merges. Fixed in commit a1b2c3d." is two claims; a heading below a claim
    is not part of it). Found by bisection: a memory may hold 20,000 claims."""
    starts, claims, ends = spans
    last = bisect_right(starts, line) - 1
    first = bisect_left(starts, starts[last]) if last >= 0 else 0
    lower = cited.lower()
    naming = [claims[i] for i in range(first, last + 1)
              if ends[i] >= line and lower in claims[i].text.lower()]
    return naming[0] if len(naming) == 1 else None


def citations_in_force(memory: Memory, found: Citations) -> Citations:
    """The citations lint checks: none in a memory that is superseded or past its valid_until,
    none of a claim a resolution marked superseded (only that claim's: another sentence of the
    same line is still checked). They are history, hidden from recall, and flagging them would
    ask for an edit of what gitmem says to leave as it is."""
    if not found.commits and not found.paths:  # most memories: nothing to take out
        return found
    if not memory.active:
        return Citations((), (), found.truncated)
    if all(claim_in_force(c) for c in memory.claims):
        return found
    spans = claim_spans(memory)

    def live(line: int, cited: str) -> bool:
        claim = owner(spans, line, cited)
        return claim is None or claim_in_force(claim)

    return Citations(tuple(c for c in found.commits if live(c.line, c.token)),
                     tuple(p for p in found.paths if live(p.line, p.text)), found.truncated)


def extract_citations(memory: Memory, review_file: str | None = None) -> Citations:
    """The commit claims and path citations of a memory, in file order."""
    commits: list[CommitCitation] = []
    if memory.meta:
        commits.extend(field_commit_claims(memory, field_lines(memory)))
    paths: list[PathCitation] = []
    lines = list(prose_lines(memory, review_file))
    about_commits = False  # under a heading that names commits ("## Recent commits")
    for number, line in lines:
        if len(commits) >= MAX_CITATIONS:
            break
        if (heading := _HEADING.match(line)) is not None:
            about_commits = _COMMITS.search(heading.group(1)) is not None
        found = commit_claims_in_line(line, number)
        if about_commits:  # the heading is the commit keyword of each hash in its section
            found = [replace(c, anchor="keyword") if c.anchor == "backticks" else c
                     for c in found]
        commits.extend(found)
    tree = TreeContext()  # the folders a nested list or a heading lists each line under
    for number, line in unquoted_lines(lines):  # a pasted record or example cites no path
        if len(paths) >= MAX_CITATIONS:
            break
        tree.see(line)
        paths.extend(path_citations_in_line(line, number, memory.path, tree.prefixes))
    truncated = len(commits) >= MAX_CITATIONS or len(paths) >= MAX_CITATIONS
    return Citations(tuple(commits[:MAX_CITATIONS]), tuple(paths[:MAX_CITATIONS]), truncated)

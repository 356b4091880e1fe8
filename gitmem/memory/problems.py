"""The two kinds of parse problem, so lint can tell an invalid memory from a mere notice.

`Problem` in gitmem.model has no kind; these subclasses add one without changing the record:
lint renders a `FrontmatterProblem` as GM101 invalid-frontmatter and a `FileNotice` (binary,
not UTF-8, truncated) as an informational note. Both are still `Problem` instances.
"""

from __future__ import annotations

from dataclasses import dataclass

from gitmem.model import Problem


@dataclass(frozen=True)
class FrontmatterProblem(Problem):
    """The frontmatter block does not parse, never closes, or is not a mapping (GM101)."""


@dataclass(frozen=True)
class FileNotice(Problem):
    """The file was read, but not all of it or not exactly as stored (binary, encoding, size)."""

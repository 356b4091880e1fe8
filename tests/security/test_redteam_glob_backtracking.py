"""A lever found by the sec-a red-team pass (beyond the report): a committed `memory.include` or
`memory.exclude` glob that makes the path matcher backtrack exponentially. `*a*a*a...*b` against a
long file name, or `**/a/**/a/...` against a deep path, took seconds to hours per path, so a
cloned repository could hang lint, every command, the pre-commit hook and CI.

The promise: matching a path against any glob takes time linear in the path for each wildcard
group, never exponential; the globs still mean what docs/configuration.md says.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from gitutil import gitmem, make_repo

from gitmem.memory.discover import MemoryMatcher

HOSTILE = [
    ("*a" * 20 + "*b", "a" * 200),
    ("**/a/" * 12 + "b.md", "/".join(["a"] * 60) + "/c.md"),
    ("**/*a*a*a*a*a*a*/" * 4 + "x", "/".join(["a" * 40] * 30) + "/y"),
]


@pytest.mark.parametrize(("glob", "path"), HOSTILE)
def test_a_hostile_glob_is_matched_in_linear_time(glob: str, path: str) -> None:
    matcher = MemoryMatcher((glob,), ())
    start = time.perf_counter()
    assert not matcher.matches(path)
    assert MemoryMatcher(("**",), (glob,)).matches(path)  # as an exclude: nothing excluded
    assert time.perf_counter() - start < 0.5


@pytest.mark.parametrize(("glob", "path", "expected"), [
    ("*a*b", "xaab", True), ("*a*b", "xbab", True), ("*a*b", "xba", False),
    ("a*b*c", "abcbc", True), ("a*b*c", "acb", False), ("*ab*ab", "ababab", True),
    ("**/x/**/y/*.md", "p/x/q/x/y/z.md", True), ("**/x/**/y/*.md", "x/y/z.md", True),
    ("**/x/**/y/*.md", "y/x/z.md", False), ("**/a/**/a/b.md", "a/a/a/b.md", True),
    ("docs/**/draft*s/**", "docs/a/draftxs/b/c.md", True), ("**/a*a/**/b", "aa/aba/b", True),
    ("a/**/**/b", "a/x/b", True),  # `**/**` is one `**` (it used to need an empty segment)
])
def test_globs_keep_their_meaning(glob: str, path: str, expected: bool) -> None:
    assert MemoryMatcher((glob,), ()).matches(path) is expected


def test_a_cloned_repository_with_a_hostile_glob_lints_promptly(tmp_path: Path) -> None:
    name = "a" * 200 + ".md"
    repo = make_repo(tmp_path / "r", {
        ".gitmem.toml": '[memory]\ninclude = ["**/*.md"]\nexclude = ["' + "*a" * 20 + '*b"]\n',
        f"memory/{name}": "- A fact.\n",
    })
    start = time.perf_counter()
    result = gitmem(repo, "lint")
    assert result.code == 0, result
    assert time.perf_counter() - start < 10

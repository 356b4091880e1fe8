"""Levers found by the sec-a red-team pass (beyond the report): a committed memory line that
stalls lint, and with it the pre-commit hook and CI. A line of 50,000 backticks made the code
span scan quadratic (minutes), a cited path of 40,000 segments made libgit2's ignore check run
for minutes, and `[a](` repeated 30,000 times did the same to the link scan.

The promise: a memory's size, not its shape, bounds the time lint takes.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from gitutil import gitmem, make_repo


@pytest.mark.parametrize("line", ["`" * 50000, "`" * 20000 + "x" * 20000,
                                  "Entry is `src/" + "a/" * 40000 + "x.py`.", "[a](" * 30000])
def test_a_pathological_line_is_linted_promptly(tmp_path: Path, line: str) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": f"---\nname: a\n---\n- {line}\n"})
    start = time.perf_counter()
    result = gitmem(repo, "lint", "--format", "json")
    assert result.code in (0, 1), result
    assert time.perf_counter() - start < 15  # seconds, on a loaded machine; minutes before

"""A value YAML's constructor rejects is a frontmatter problem of that file, not a crash."""

from __future__ import annotations

from gitmem.memory.parse import parse_memory
from gitmem.memory.problems import FrontmatterProblem


def test_impossible_date_is_a_frontmatter_problem_and_the_body_is_still_read() -> None:
    memory = parse_memory("memory/a.md", b"---\nname: x\nvalid_from: 2026-13-45\n---\n- a fact\n")
    assert [type(p) for p in memory.problems] == [FrontmatterProblem]
    assert "internal error" not in memory.problems[0].message
    assert [c.text for c in memory.claims] == ["a fact"]

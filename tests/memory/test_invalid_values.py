"""A value YAML's constructor rejects is a frontmatter problem of that file, not a crash."""

from __future__ import annotations

from gitmem.memory.parse import parse_memory


def test_impossible_date_stays_text_and_the_rest_of_the_frontmatter_is_kept() -> None:
    memory = parse_memory("memory/a.md", b"---\nname: x\nvalid_from: 2026-13-45\n---\n- a fact\n")
    assert memory.problems == ()  # GM102 names the field (tests/lint/test_lint_format_rules.py)
    assert memory.meta == {"name": "x", "valid_from": "2026-13-45"}
    assert [c.text for c in memory.claims] == ["a fact"]

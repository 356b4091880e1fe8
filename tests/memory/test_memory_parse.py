"""Parsing the memory files agents actually write: Claude Code memories, CLAUDE.md, Cursor rules."""

from __future__ import annotations

import datetime as dt

from gitmem.memory.parse import iter_field_lines, parse_memory
from gitmem.memory.problems import FileNotice, FrontmatterProblem
from gitmem.model import Problem

CLAUDE_MEMORY = b"""---
name: testing-preferences
description: How the user wants tests written
type: feedback
tags: [testing, pytest]
confidence: 0.9
protected: false
valid_from: 2026-01-15
source: "0123456"
do_not_reopen:
  - partner: memory/old-testing.md
    before: 2026-03-01
---

# Testing

- Use pytest, never unittest.
- Keep each test under 20 lines
  and name it after the behaviour.

Run the suite before every commit. Integration tests hit a real database.
"""

CURSOR_RULE = b"""---
description: Python style rules for the backend
globs: *.py, src/**/*.pyi
alwaysApply: false
---
- Use type hints on every public function.
- Prefer dataclasses over dicts for records.
"""


def test_claude_code_memory_fields_body_and_claims() -> None:
    memory = parse_memory("memory/testing.md", CLAUDE_MEMORY, blob_id="abc")
    assert memory.problems == ()
    assert memory.has_frontmatter
    assert memory.blob_id == "abc"
    assert memory.raw == CLAUDE_MEMORY
    assert memory.name == "testing-preferences"
    assert memory.type == "feedback"
    assert memory.tags == ("testing", "pytest")
    assert memory.confidence == 0.9
    assert memory.meta["valid_from"] == dt.date(2026, 1, 15)
    assert memory.meta["source"] == "0123456"
    assert memory.meta["do_not_reopen"] == [
        {"partner": "memory/old-testing.md", "before": dt.date(2026, 3, 1)}
    ]
    assert memory.body_line == 14
    assert memory.body.startswith("\n# Testing\n")
    claims = [(claim.line, claim.kind, claim.text, claim.section) for claim in memory.claims]
    assert claims == [
        (17, "bullet", "Use pytest, never unittest.", "Testing"),
        (18, "bullet", "Keep each test under 20 lines and name it after the behaviour.", "Testing"),
        (21, "sentence", "Run the suite before every commit.", "Testing"),
        (21, "sentence", "Integration tests hit a real database.", "Testing"),
    ]
    lines = CLAUDE_MEMORY.decode().split("\n")
    for claim in memory.claims:
        assert claim.text.split()[0] in lines[claim.line - 1]


def test_cursor_rule_with_unquoted_globs_reads_as_cursor_means_it() -> None:
    memory = parse_memory(".cursor/rules/python.mdc", CURSOR_RULE)
    assert memory.problems == ()
    assert memory.meta == {
        "description": "Python style rules for the backend",
        "globs": "*.py, src/**/*.pyi",
        "alwaysApply": False,
    }
    assert [claim.line for claim in memory.claims] == [6, 7]


def test_glob_leniency_does_not_hide_real_aliases() -> None:
    memory = parse_memory("r.mdc", b"---\nbase: &b x\nglobs: *missing\n---\n")
    assert memory.meta == {}
    assert [type(problem) for problem in memory.problems] == [FrontmatterProblem]
    assert memory.problems[0].line == 3


def test_no_frontmatter_is_all_body() -> None:
    memory = parse_memory("CLAUDE.md", b"# Project\n\nAlways run make lint.\n")
    assert not memory.has_frontmatter
    assert memory.meta == {}
    assert memory.body_line == 1
    assert memory.body == "# Project\n\nAlways run make lint.\n"
    assert [(c.line, c.text) for c in memory.claims] == [(3, "Always run make lint.")]
    assert memory.name == "CLAUDE"


def test_empty_file_and_empty_frontmatter() -> None:
    empty = parse_memory("a.md", b"")
    assert (empty.meta, empty.body, empty.body_line, empty.claims, empty.problems) == (
        {}, "", 1, (), ()
    )
    block = parse_memory("a.md", b"---\n---\nBody.\n")
    assert block.has_frontmatter and block.meta == {} and block.problems == ()
    assert [(c.line, c.text) for c in block.claims] == [(3, "Body.")]


def test_dots_close_frontmatter_and_body_without_trailing_newline() -> None:
    memory = parse_memory("a.md", b"---\nname: x\n...\nLast line")
    assert memory.meta == {"name": "x"}
    assert memory.body == "Last line"
    assert memory.body_line == 4
    assert memory.claims[0].line == 4
    closing_only = parse_memory("a.md", b"---\nname: x\n---")
    assert closing_only.body == "" and closing_only.body_line == 4


def test_crlf_and_bom_keep_line_numbers() -> None:
    raw = "\ufeff---\r\nname: crlf\r\ntags:\r\n  - a\r\n---\r\n\r\n- First claim\r\n\r\nSecond. Third.\r\n"
    memory = parse_memory("m.md", raw.encode())
    assert memory.problems == ()
    assert memory.meta == {"name": "crlf", "tags": ["a"]}
    assert memory.body_line == 6
    assert [(c.line, c.text) for c in memory.claims] == [
        (7, "First claim"),
        (9, "Second."),
        (9, "Third."),
    ]


def test_frontmatter_must_start_on_the_first_line() -> None:
    memory = parse_memory("a.md", b"\n---\nname: x\n---\n")
    assert not memory.has_frontmatter
    assert memory.meta == {}


def test_problems_are_problem_records_with_kinds() -> None:
    broken = parse_memory("a.md", b"---\nname: [unclosed\n---\n")
    assert all(isinstance(problem, Problem) for problem in broken.problems)
    assert isinstance(broken.problems[0], FrontmatterProblem)
    binary = parse_memory("a.md", b"\x00\x01")
    assert isinstance(binary.problems[0], FileNotice)


def test_iter_field_lines_points_at_each_top_level_key() -> None:
    text = CLAUDE_MEMORY.decode()
    lines = iter_field_lines(text)
    assert lines["name"] == 2
    assert lines["tags"] == 5
    assert lines["source"] == 9
    assert lines["do_not_reopen"] == 10
    assert "partner" not in lines
    assert iter_field_lines("\ufeff---\r\na: 1\r\n'b c': 2\r\n---\r\n") == {"a": 2, "b c": 3}
    assert iter_field_lines("no frontmatter") == {}
    assert iter_field_lines("---\na: 1\n") == {}


def test_cursor_rule_with_quoted_globs_and_no_brackets_is_a_list_not_an_error() -> None:
    """A widely copied Cursor memory-bank rule set writes `globs: "a", "b"` (found in a public
    project's 18 `.mdc` rules, each reported as a GM101 error); Cursor reads them as two globs."""
    rule = b'---\ndescription: Rule loading\nglobs: "**/loading*/**", \'**/opt*/**\'\n' \
           b'alwaysApply: false\n---\n- Load rules lazily.\n'
    memory = parse_memory(".cursor/rules/loading.mdc", rule)
    assert memory.problems == ()
    assert memory.meta == {"description": "Rule loading", "globs": ["**/loading*/**", "**/opt*/**"],
                           "alwaysApply": False}


def test_a_quoted_value_followed_by_other_text_is_still_an_error() -> None:
    memory = parse_memory("r.mdc", b'---\nglobs: "a" b, "c"\n---\n- x.\n')
    assert [type(problem) for problem in memory.problems] == [FrontmatterProblem]

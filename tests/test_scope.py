"""Claims under disjoint scopes are never compared; an empty scope applies everywhere."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gitutil import gitmem, make_repo, write

from gitmem.consistency.scope import globs_overlap, scopes_disjoint


@pytest.mark.parametrize("a, b, overlap", [
    ("*.ts", "*.ts", True),
    ("*.ts", "*.py", False),
    ("src/**/*.ts", "*.ts", True),
    ("src/**/*.ts", "tests/**/*.ts", False),
    ("src/api/**", "src/**/*.py", True),
    ("**/*.test.ts", "**/*.ts", True),
    ("docs/*.md", "src/*.md", False),
    ("", "*.py", True),
])
def test_globs_overlap(a: str, b: str, overlap: bool) -> None:
    assert globs_overlap(a, b) is overlap
    assert globs_overlap(b, a) is overlap


def test_scopes_disjoint_needs_both_scopes_set() -> None:
    assert scopes_disjoint(["*.py"], ["*.ts", "*.tsx"])
    assert not scopes_disjoint(["*.py"], ["*.ts", "**/*.py"])
    assert not scopes_disjoint([], ["*.ts"])
    assert not scopes_disjoint(["*.ts"], [])


@pytest.mark.parametrize("everywhere", ["**", "**/*", "*", "./**"])
def test_a_glob_for_every_file_meets_every_scope(everywhere: str) -> None:
    for scope in (["src/**/*.py"], ["web/**/*.{ts,tsx}"], ["docs/guide.md"], ["*.ts", "lib/**"]):
        assert not scopes_disjoint([everywhere], scope)
        assert not scopes_disjoint(scope, [everywhere])


def test_an_always_applied_cursor_rule_is_compared_whatever_its_globs(tmp_path: Path) -> None:
    rule = "---\ndescription: style\nglobs: docs/**/*.md\nalwaysApply: {always}\n---\n- Indent with tabs.\n"
    repo = make_repo(tmp_path / "r", {
        ".cursor/rules/docs.mdc": rule.format(always="true"),
        ".cursor/rules/python.mdc": "---\nglobs: '**/*.py'\n---\n- Indent with spaces.\n",
    })
    found = json.loads(gitmem(repo, "lint", "--format", "json", "--select", "GM2").out)
    assert [f["code"] for f in found["findings"]] == ["GM211"]
    write(repo, {".cursor/rules/docs.mdc": rule.format(always="false")})
    found = json.loads(gitmem(repo, "lint", "--format", "json", "--select", "GM2").out)
    assert found["findings"] == []  # scoped to docs/**/*.md against **/*.py: never compared


def test_the_false_alarm_benchmark_reads_globs_as_lint_does() -> None:
    from benchmarks.false_alarms import scope_of
    from gitmem.memory.parse import parse_memory

    rule = parse_memory("rules/web/style.mdc",
                        b"---\nglobs: web/**/*.{ts,tsx}, lib/*.py\n---\n- Indent with tabs.\n")
    assert scope_of(rule) == ("web/**/*.{ts,tsx}", "lib/*.py")

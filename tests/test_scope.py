"""Claims under disjoint scopes are never compared; an empty scope applies everywhere."""

from __future__ import annotations

import pytest

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

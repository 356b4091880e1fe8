"""The differing-token analysis: what kind of change separates two nearly identical claims."""

from __future__ import annotations

import pytest

from gitmem.consistency.align import align
from gitmem.consistency.features import features
from gitmem.consistency.lexicon import default_lexicon


def kinds(a: str, b: str) -> list[str]:
    return [c.kind for c in align(features(a), features(b), default_lexicon()).changes]


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("Always squash merges", "Never squash merges", ["polarity"]),
        ("The project runs PostgreSQL 16", "The project runs PostgreSQL 14", ["number"]),
        ("timeout = 30", "timeout = 300", ["number"]),
        ("Enable cache", "Disable cache", ["polarity"]),
        ("Deploy to /Prod", "Deploy to /prod", ["case"]),
        ("A big dog runs", "A large dog runs", ["synonym"]),
        ("Use tabs for indentation", "Use spaces for indentation", ["exclusive"]),
        ("The build is fast", "The build is not fast", ["negation"]),
        ("The dog is big", "The dog is not small", ["synonym"]),
        ("A black dog", "An orange dog", ["exclusive"]),
    ],
)
def test_change_kind(a: str, b: str, expected: list[str]) -> None:
    assert kinds(a, b) == expected


def test_contractions_and_double_negatives_set_clause_polarity() -> None:
    assert [c.polarity for c in features("Do not forget to configure X").clauses] == [1]
    assert [c.polarity for c in features("You cannot skip the migration").clauses] == [1]
    assert [c.polarity for c in features("Don't use Redis").clauses] == [-1]
    assert [c.polarity for c in features("Use pnpm instead of npm").clauses] == [1, -1]

"""A word written as code names a thing: "Do not use `any` in TypeScript" denies `any` (the
type), not TypeScript, though "any" is a function word in prose; "`never`" is a type, not a
negator. Both used to drop out of the claim's subject."""

from __future__ import annotations

import pytest

from gitmem.consistency.contradiction import detect_contradiction
from gitmem.consistency.features import code_words, features
from gitmem.consistency.lexicon import default_lexicon


@pytest.mark.parametrize(("denial", "other"), [
    ("Do not use `any` in TypeScript.", "Use TypeScript for every new module."),
    ("Avoid `any` in TypeScript code.", "Write all new code in TypeScript."),
    ("Never use `this` in React components.", "Use React function components."),
])
def test_a_denied_code_word_is_no_denial_of_the_rest(denial: str, other: str) -> None:
    assert detect_contradiction(denial, other) is None


@pytest.mark.parametrize(("a", "b"), [
    ("Never use `any` in TypeScript.", "Using `any` in TypeScript is fine."),
    ("Never use `any` in TypeScript.", "Always use `any` in TypeScript."),
])
def test_the_code_word_itself_still_opposes(a: str, b: str) -> None:
    assert detect_contradiction(a, b) is not None


def test_a_code_word_is_content_and_denies_nothing() -> None:
    lexicon = default_lexicon()
    typed = features("Return `never` from the exhaustive branch.", lexicon)
    assert [clause.polarity for clause in typed.clauses] == [1]
    assert "never" in typed.content
    assert "any" in features("Do not use `any` here.", lexicon).content
    assert "any" not in features("Do not use any globals here.", lexicon).content


def test_code_words_reads_spans_and_bare_calls() -> None:
    assert code_words("Use `self`, not `this()`; avoid any() and `a b`") == {"self", "this", "any"}
    assert code_words("Interfaces take an `I` prefix") == frozenset()  # a letter
    # the word between two spans is prose: "not" still denies
    assert code_words("Use `ctx.logger` not `console.log`") == frozenset()


def test_a_denial_between_two_code_spans_still_denies() -> None:
    assert detect_contradiction("Log through `app.log` not `print`",
                                "Log through app.log instead of print") is None
    clauses = features("Log through `app.log` not `print`", default_lexicon()).clauses
    assert [clause.polarity for clause in clauses] == [-1]


def test_a_word_also_written_as_prose_stays_prose() -> None:
    """Words are marked by spelling: one the line also writes outside code keeps its prose
    reading, so a negator in the line still denies."""
    assert code_words("Never give exported functions a `never` return type.") == frozenset()
    denial = "Do not use `not` in filters; use `!=`. Do not add raw SQL."
    assert detect_contradiction(denial, "Add raw SQL.") is not None

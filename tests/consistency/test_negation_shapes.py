"""Words that look negative but deny nothing (issue 17's judged GM211 false alarms, reworded):
an enum value written in capitals (`status=REJECTED`) and "Replace with X", which asks for X."""

from __future__ import annotations

from gitmem.consistency.contradiction import detect_contradiction


def test_replace_with_asks_for_what_follows() -> None:
    rule = "**Zero any types**: use `unknown`, `Record<string, unknown>` or specific interfaces"
    fix = "Replace with specific interface"
    assert detect_contradiction(rule, fix) is None


def test_a_capitalised_status_value_is_no_negation() -> None:
    a = "Batch mode looks rows up with `find(owner=..., status=REJECTED)` in one join"
    b = "Targets are looked up with `find(owner=..., status=...)` in one join"
    assert detect_contradiction(a, b) is None


def test_a_lowercase_negation_still_counts() -> None:
    assert detect_contradiction("Never squash merges", "Always squash merges") is not None


def test_a_rule_in_capitals_still_negates() -> None:
    assert detect_contradiction("NEVER commit the lock file", "Commit the lock file") is not None


def test_locale_is_no_form_of_local() -> None:
    """"locale" (a language and region setting) keeps its final e: stripped, it would be the
    scope word "local"."""
    from gitmem.consistency.text import stem

    assert stem("locale") == stem("locales") != stem("local")


def test_not_with_sets_the_value_aside() -> None:
    """"with X, not with Y" denies Y: it agrees with a rule that ranks X above Y and is at odds
    with one that chooses Y (the "Replace with X" exception reads only words before "with")."""
    chosen = "Run the dev server with Vite, not with webpack"
    assert detect_contradiction("Run the dev server with Vite rather than webpack", chosen) is None
    assert detect_contradiction("Run the dev server with webpack", chosen) is not None

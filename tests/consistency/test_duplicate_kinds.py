"""Duplicates the checks missed, by kind: each pair is judged as two memory files are."""

from __future__ import annotations

import pytest

from gitmem.consistency.analyze import find_pairs
from gitmem.model import Claim


def _kinds(a: str, b: str) -> set[str]:
    claims = [Claim("memory/a.md", 1, a), Claim("memory/b.md", 1, b)]
    return {finding.kind for finding in find_pairs(claims)}


# --- a list of numbers in another order ---------------------------------------------------------

def test_the_same_numbers_listed_in_another_order_are_one_statement() -> None:
    assert _kinds("CI tests against Python 3.10, 3.11 and 3.12.",
                  "CI tests against Python 3.12, 3.11 and 3.10.") == {"duplicate"}


@pytest.mark.parametrize(("a", "b"), [
    ("Retry 3 times, then wait 5 seconds.", "Retry 5 times, then wait 3 seconds."),
    ("Port 8080 serves the API and 9090 the metrics.",
     "Port 9090 serves the API and 8080 the metrics."),
    ("CI tests against Python 3.10 and 3.11.", "CI tests against Python 3.11 and 3.12."),
])
def test_numbers_that_trade_roles_or_change_stay_apart(a: str, b: str) -> None:
    assert "duplicate" not in _kinds(a, b)


# --- an abbreviation is not the end of a sentence -----------------------------------------------

def test_a_title_before_a_name_adds_no_sentence() -> None:
    assert _kinds("Dr. Okafor approves every schema change.",
                  "Every change to the schema needs approval from Okafor.") == {"duplicate"}


def test_a_second_sentence_still_says_more() -> None:
    assert "duplicate" not in _kinds(
        "Okafor approves every schema change. Data migrations need a second reviewer.",
        "Every change to the schema needs approval from Okafor.")

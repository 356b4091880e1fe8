"""A denial of a list denies each item: "Don't use A, B, or C", "Do not use A or B", "Use
neither A nor B". Each item is at odds with a rule that uses it, and a text that lists what a
rule forbids, among other things, agrees with that rule."""

from __future__ import annotations

import pytest

from gitmem.consistency.contradiction import detect_contradiction

AT_ODDS = [
    ("Don't cache sessions in Redis, Kafka, or Memcached", "Cache sessions in Memcached"),
    ("Do not use Redis or Memcached for sessions", "Use Memcached for sessions"),
    ("Use neither Poetry nor Pipenv", "Use Pipenv"),
    ("Never log tokens, cookies or passwords", "Log cookies and passwords in debug builds"),
]

NOT_AT_ODDS = [
    # the list's last item carries the denial: both say not to restate the changes
    ("It warns against apologies, noisy whitespace edits, or restating the changes made",
     "Don't restate the changes made"),
    # a word the denial shares by all its items ("Fridays") is not said by the other
    ("Do not merge or deploy on Fridays", "Merge pull requests after review"),
    # a list that is chosen, not denied
    ("Cache sessions in Redis, Kafka, or Memcached", "Cache sessions in Memcached"),
    # "and" may add an order of its own: only the first is denied
    ("Never push to main, open a pull request, and wait for review",
     "Open a pull request for every change"),
    # a phrase between the negation and "or" may be an order of its own
    ("Don't guess the API, check the docs, or ask the team", "Check the docs for the API"),
    ("Never commit to main directly, open a pull request, or ask a maintainer",
     "Open a pull request for every change"),
    # "X or Y" in another sentence is no alternative of the denial
    ("Never store sessions in Redis. Cache rendered pages in Memcached or Redis",
     "Store sessions in Memcached"),
    # a new sentence is no item of the series before it
    ("Never push to main. Open a pull request, or ask the lead", "Open a pull request"),
]


@pytest.mark.parametrize(("denial", "rule"), AT_ODDS)
def test_each_item_of_a_denied_list_is_denied(denial: str, rule: str) -> None:
    assert detect_contradiction(denial, rule) is not None
    assert detect_contradiction(rule, denial) is not None


@pytest.mark.parametrize(("a", "b"), NOT_AT_ODDS)
def test_a_list_is_not_a_contradiction_by_itself(a: str, b: str) -> None:
    assert detect_contradiction(a, b) is None

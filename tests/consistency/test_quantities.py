"""Amounts with units: what `quantity` and `figures` read, and what they leave alone."""

from __future__ import annotations

import pytest

from gitmem.consistency.candidates import blocking_keys
from gitmem.consistency.lexicon import default_lexicon
from gitmem.consistency.quantities import figures, quantity


@pytest.mark.parametrize("words, expected", [
    (["30s"], ("duration", 30.0)),
    (["30", "seconds"], ("duration", 30.0)),
    (["an", "hour"], ("duration", 3600.0)),
    (["two", "hours"], ("duration", 7200.0)),
    (["2.5h"], ("duration", 9000.0)),
    (["2.05", "s"], ("duration", 2.05)),
    (["100ms"], ("duration", 0.1)),
    (["512", "mb"], ("size", 512 * 2.0**20)),
    (["1", "gib"], ("size", 2.0**30)),
    (["02:00"], ("clock", 120.0)),
    (["2am"], ("clock", 120.0)),
    (["2:30", "p.m"], ("clock", 870.0)),
    (["12am"], ("clock", 0.0)),
    (["hourly"], ("duration", 3600.0)),
    (["every", "hour"], ("duration", 3600.0)),
    (["every", "15", "minutes"], ("duration", 900.0)),
    (["monthly"], ("duration", 2629800.0)),
    (["every", "month"], ("duration", 2629800.0)),
])
def test_quantity_reads_amounts_in_their_base_unit(words: list[str], expected: tuple) -> None:
    assert quantity(words) == expected


@pytest.mark.parametrize("words", [
    ["30"],            # no unit
    ["5m"],            # minutes, metres or millions
    ["v2", "s"],       # a version is no amount
    ["3.11.2", "s"],
    ["25:00"],         # no such time
    ["13pm"],
    ["30", "seconds", "later"],  # more than one amount's words
    ["every", "mb"],   # a size is no period
    ["2:75pm"],        # no such minute
    ["1", "2pm"],      # two numbers, not one time
])
def test_quantity_leaves_other_words_alone(words: list[str]) -> None:
    assert quantity(words) is None


def test_figures_count_an_amount_once_whatever_its_unit() -> None:
    assert figures("cache for 5 minutes".split()) == figures("cache for 300 seconds".split())
    assert figures("we run python 3.11 with a 30s timeout".split()) == {
        (3.0, 11.0), ("duration", 30.0)}
    assert figures("no figures here".split()) == set()


def test_an_amount_keys_on_its_dimension_so_other_units_still_meet() -> None:
    keys = [blocking_keys(text, default_lexicon(), {})
            for text in ("Logs are kept for 14 days.", "Logs are kept for two weeks.")]
    assert "§duration" in keys[0] and "§duration" in keys[1]
    assert "§size" in blocking_keys("Uploads are capped at 10 MB.", default_lexicon(), {})
    # every frequency keys alike, so "Rotate keys monthly" meets "Rotate keys daily"
    assert {key for period in ("daily", "monthly", "yearly")
            for key in blocking_keys(f"Rotate keys {period}.", default_lexicon(), {})} == {
        "rotat", "key", "§duration"}


def test_a_share_in_percent_is_an_amount_not_a_version() -> None:
    """"21.2 percent" is the share 21.2, not the dotted parts (21, 2) of a version number, so a
    hedged "nearly 20 per cent" can be told to be the same figure."""
    assert figures(["21.2", "percent"]) == {("percent", 21.2)}
    assert figures(["nearly", "20", "per", "cent"]) == {("percent", 20.0)}
    assert figures(["python", "3.11"]) == {(3.0, 11.0)}  # a version stays a version

"""Families (gitmem.consistency.families): texts one word apart, found in linear time."""

from __future__ import annotations

from gitmem.consistency.candidates import candidate_pairs
from gitmem.consistency.families import FAMILY_MIN, one_value_families
from gitmem.model import Claim


def _claims(texts: list[str]) -> list[Claim]:
    return [Claim(path="a.md", line=i + 1, text=t) for i, t in enumerate(texts)]


def test_texts_one_word_apart_are_a_family_only_from_the_family_size_on() -> None:
    texts = [f"Keep {n} replicas of the API." for n in range(FAMILY_MIN)]
    assert one_value_families(texts) == [list(range(FAMILY_MIN))]
    assert one_value_families(texts[:-1]) == []


def test_texts_two_words_apart_or_of_other_lengths_are_no_family() -> None:
    texts = [f"Keep {n} replicas of the API {n}." for n in range(8)]
    assert one_value_families(texts) == []
    texts = ["Keep 3 replicas."] + [f"Keep {n} replicas of the API." for n in range(3)]
    assert one_value_families(texts) == []


def test_a_family_is_compared_through_its_first_member_and_copies_stay_pairs() -> None:
    texts = [f"Keep {n} replicas of the API." for n in range(100)] + ["Keep 7 replicas of the API."]
    pairs = candidate_pairs(_claims(texts))
    assert len(pairs) == 101  # 99 members and the copy against the first, the copy with its own
    assert (7, 100) in pairs and all(i == 0 for i, j in pairs if (i, j) != (7, 100))
    assert len(texts) == 101

"""Roles: the same words in other places, so the texts say different things.

"The woman lifts the kangaroo" / "The kangaroo lifts the woman", "Copy the config from staging
to production" / "... from production to staging": a duplicate check must not take these for
rewordings (`duplicates.py`, `triage.py`).
"""

from __future__ import annotations

import bisect
from collections import Counter

from gitmem.consistency.align import Alignment
from gitmem.consistency.features import TextFeatures
from gitmem.consistency.text import common_subsequence, jaccard
from gitmem.consistency.values import listed_numbers

_SAME_WORDS = 0.9  # role swaps are the same words, function words too, rearranged


def _swapped_roles(alignment: Alignment, fa: TextFeatures, fb: TextFeatures,
                   scenes: bool = True) -> bool:
    """"The woman lifts the kangaroo" / "The kangaroo lifts the woman": same words, moved.
    Outside a scene (`scenes` False) a span that keeps a word of its own on both sides is a
    rewording around that word, not a swap ("agreed terms on the purchase" / "reached
    agreement on the terms for buying")."""
    return any(
        change.kind == "unknown"
        and change.words_a
        and change.words_b
        and change.words_a <= fb.content
        and change.words_b <= fa.content
        and (scenes or not change.words_a & change.words_b)
        for change in alignment.changes
    )


# Words a text can be turned around ("A or B" / "B or A") without a change of roles.
_COORDINATORS = frozenset({"and", "or", "nor", "but", "plus"})
_ARTICLES = frozenset({"a", "an", "the"})
# "X is Y" / "Y is X" say one thing: an identity reads both ways ("The default branch is main"
# / "main is the default branch"). Other words still anchor a swap ("a man is lifting a woman").
_COPULA = frozenset({"be"})


# Words a moved block may leave out of place: one in this many ("If the build
# fails, fix it" / "Fix the build if it fails": "it" and "build" trade places).
_OUT_OF_PLACE = 6
# Words that stand for another, where the block they name went ("fix it" / "fix the build").
_PRONOUNS = frozenset({"it", "they", "them", "this", "these", "thes", "those", "one"})


def _moved_block(stems_a: list[str], stems_b: list[str]) -> bool:
    """One text is the other with its front part moved to the end, or nearly ("Only with the
    user's approval may Claude push" / "Claude may push only with the user's approval", "If
    the build fails on main, fix it first" / "Fix the build first if it fails on main"): a
    clause or phrase moved, every role kept."""
    words_a = [w for w in stems_a if w.isalnum() and w not in _PRONOUNS]
    words_b = [w for w in stems_b if w.isalnum() and w not in _PRONOUNS]
    longest = max(len(words_a), len(words_b))
    if longest < 3:
        return False
    slack = longest // _OUT_OF_PLACE
    return any(common_subsequence(words_a[k:] + words_a[:k], words_b) >= longest - slack
               for k in range(1, len(words_a)))


def _crossed_roles(fa: TextFeatures, fb: TextFeatures) -> bool:
    """"Copy the config from staging to production" / "... from production to staging": the
    same words, and around a word both keep ("to") one word crosses rightwards and another
    leftwards. A clause moved to the front ("Before merging, run the tests") crosses the rest
    one way only.
    """
    stems_a = [t.stem for t in fa.tokens if t.lower not in _ARTICLES]
    stems_b = [t.stem for t in fb.tokens if t.lower not in _ARTICLES]
    if jaccard(frozenset(stems_a), frozenset(stems_b)) < _SAME_WORDS:
        return False  # reworded, not rearranged ("use pnpm for X" / "X with pnpm")
    if _moved_block(stems_a, stems_b):
        return False
    counts_a, counts_b = Counter(stems_a), Counter(stems_b)
    at_a = {s: i for i, s in enumerate(stems_a) if counts_a[s] == 1 and counts_b[s] == 1}
    at_b = {s: i for i, s in enumerate(stems_b) if s in at_a}
    # The movers (content words) in the order of `a`, with the lowest and highest place in `b`
    # of those after and before each: one pass, however long the texts.
    movers = sorted((at_a[s], at_b[s]) for s in at_a if s in fa.content)
    listed = frozenset(listed_numbers(fa) or ())  # "3.10, 3.11 and 3.12": items, not roles
    places_a = [place for place, _ in movers]
    highest_before, high = [], -1
    for _, place in movers:
        high = max(high, place)
        highest_before.append(high)
    lowest_after, low = [0] * len(movers), len(stems_b)
    for i in range(len(movers) - 1, -1, -1):
        low = min(low, movers[i][1])
        lowest_after[i] = low
    for anchor, place_a in at_a.items():
        if anchor in _COORDINATORS or anchor in _COPULA or anchor in listed:
            continue
        place_b = at_b[anchor]
        before = bisect.bisect_left(places_a, place_a)  # movers left of the anchor in `a`
        after = bisect.bisect_right(places_a, place_a)
        rightwards = before > 0 and highest_before[before - 1] > place_b
        leftwards = after < len(movers) and lowest_after[after] < place_b
        if rightwards and leftwards:
            return True
    return False


_SIDE = 3  # words on each side of the word two phrases swap around


def _turned_around(fa: TextFeatures, fb: TextFeatures) -> bool:
    """"laid out right-to-left" / "laid out left-to-right", "prefer structs of arrays to arrays
    of structs" / "prefer arrays of structs to structs of arrays": two short phrases trade
    places around one word, "X to Y" against "Y to X". Words repeated in both texts hide this
    from `_crossed_roles`; "A or B" / "B or A" turns nothing around."""
    stems_a = [t.stem for t in fa.tokens]
    stems_b = [t.stem for t in fb.tokens]
    if _moved_block([s for s in stems_a if s not in _ARTICLES],
                    [s for s in stems_b if s not in _ARTICLES]):
        return False  # "In CI, use npm ci" / "Use npm ci in CI": a phrase moved, roles kept
    joined_b = " " + " ".join(stems_b) + " "
    for i, pivot in enumerate(stems_a):
        if pivot in _COORDINATORS or pivot in _COPULA or not 0 < i < len(stems_a) - 1:
            continue
        for before in range(1, min(_SIDE, i) + 1):
            x = stems_a[i - before:i]
            for after in range(1, min(_SIDE, len(stems_a) - i - 1) + 1):
                y = stems_a[i + 1:i + 1 + after]
                if x != y and f" {' '.join(y + [pivot] + x)} " in joined_b:
                    return True
    return False

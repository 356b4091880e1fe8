"""Families: claims that are one text but for one value, judged as one, not pair by pair.

A memory may hold many claims that read the same but for one word: a pasted list ("Fact number
1 about the deploy pipeline.", "... number 2 ...", up to N), a table of ports, versions or
limits, or a file written to make a linter slow. Every two of them share their blocking keys
(a number has no key; "always" / "never" and class members such as "tabs" / "spaces" key alike),
so they are all candidates of one another: N(N - 1) / 2 pairs, 11,175 findings for 150 lines,
minutes for a few thousand, a commit hook that never returns.

A family is FAMILY_MIN or more distinct texts with the same blocking keys whose words (split on
white space) are equal but at one position. Its first member stands for it: every other member
is compared with the first (N - 1 pairs, each judged, so a member that says the same as the
first, or nothing against it, is told apart), and with the rest of the repository through the
first. Two members never meet directly: what one says against another, each says against the
first, and lint reports the family as one finding naming every member flagged against the first
(`gitmem.lint.rules.claim_groups`). Below FAMILY_MIN (a handful of versions or values, the
size of an ordinary memory's disagreement) every pair is judged as before, so no ordinary
contradiction is folded away.
"""

from __future__ import annotations

from collections.abc import Sequence

FAMILY_MIN = 5  # texts one value apart that make a family


def _masked(words: list[str]) -> list[int]:
    """For each position p, one hash of the words with the word at p left out (O(words))."""
    count = len(words)
    before = [0] * (count + 1)
    for at, word in enumerate(words):
        before[at + 1] = hash((before[at], word))
    after = [0] * (count + 1)
    for at in range(count - 1, -1, -1):
        after[at] = hash((words[at], after[at + 1]))
    return [hash((count, at, before[at], after[at + 1])) for at in range(count)]


def one_value_families(texts: Sequence[str], minimum: int = FAMILY_MIN) -> list[list[int]]:
    """Families among `texts` (which share their blocking keys), each as indexes into `texts`
    in order, first member first; a text is in at most one family. The largest families are
    taken first; ties go to the family whose members come first."""
    if len(texts) < minimum:
        return []
    split = [text.split() for text in texts]
    buckets: dict[int, list[tuple[int, int]]] = {}
    for t, words in enumerate(split):
        for at, key in enumerate(_masked(words)):
            buckets.setdefault(key, []).append((t, at))
    found = []
    for members in buckets.values():
        if len(members) < minimum:
            continue
        first, at = members[0]
        shape = split[first][:at] + split[first][at + 1:]
        same = [t for t, p in members if p == at and split[t][:p] + split[t][p + 1:] == shape]
        if len(same) >= minimum:  # equal hashes of unequal words are dropped, not trusted
            found.append(same)
    found.sort(key=lambda members: (-len(members), members))
    taken: set[int] = set()
    families = []
    for members in found:
        free = [t for t in members if t not in taken]
        if len(free) >= minimum:
            families.append(free)
            taken.update(free)
    return families


def family_of_texts(texts: Sequence[str]) -> dict[str, str]:
    """Each text of `texts` that belongs to a family -> its family's first text, families found
    among texts of equal blocking keys as `candidates.candidate_pairs` finds them (`texts` in
    the order their first members should be chosen)."""
    from gitmem.consistency.candidates import blocking_keys
    from gitmem.consistency.lexicon import default_lexicon

    lexicon, cache = default_lexicon(), {}
    by_keys: dict[frozenset[str], list[str]] = {}
    for text in dict.fromkeys(texts):
        by_keys.setdefault(blocking_keys(text, lexicon, cache), []).append(text)
    first_of = {}
    for keys, held in by_keys.items():
        if keys and len(held) >= FAMILY_MIN:
            for family in one_value_families(held):
                for at in family:
                    first_of[held[at]] = held[family[0]]
    return first_of

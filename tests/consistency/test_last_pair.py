"""`last_pair` answers a question asked again of the very same objects, and only then.

Triage and then the detector ask `another_value`, `said_within`, `agree` and `exception` of
one pair in a row; the second answer comes from the first. Asked of other objects, even equal
ones, or of the same two in the other order, the function is asked again.
"""

from __future__ import annotations

from gitmem.consistency.analyze import find_pairs
from gitmem.consistency.choices import another_value
from gitmem.consistency.features import features
from gitmem.consistency.last_pair import last_pair
from gitmem.consistency.lexicon import default_lexicon
from gitmem.model import Claim


def test_the_answer_is_kept_for_the_same_objects_only() -> None:
    calls: list[tuple] = []

    @last_pair
    def longer(a: list[str], b: list[str]) -> bool:
        calls.append((a, b))
        return len(a) > len(b)

    x, y = ["a", "b"], ["c"]
    assert longer(x, y) and longer(x, y)
    assert len(calls) == 1
    assert not longer(y, x)  # the other order is another question
    assert longer(["a", "b"], ["c"])  # equal objects, not the same ones: asked again
    assert len(calls) == 3


def test_another_value_asked_twice_in_a_row_and_between_other_pairs_answers_alike() -> None:
    lexicon = default_lexicon()
    a = features("Use Zustand for global client state.", lexicon)
    b = features("Global client state lives in Redux Toolkit.", lexicon)
    c = features("Use Jotai for global client state.", lexicon)
    first = another_value(a, b, lexicon)
    assert first is not None and another_value(a, b, lexicon) == first
    assert another_value(a, c, lexicon) is not None and another_value(a, b, lexicon) == first
    assert another_value(b, a, lexicon) is not None
    claims = [Claim("memory/a.md", 1, a.text), Claim("memory/b.md", 1, b.text),
              Claim("memory/c.md", 1, c.text)]
    found = find_pairs(claims)
    assert len(found) == 3 and all(f.kind == "contradiction" for f in found)

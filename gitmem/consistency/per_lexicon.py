"""What the detector derives from a lexicon, derived once per lexicon.

A repository's `[consistency.lexicon]` makes a lexicon of its own, so a table read from the
lexicon (the stems it folds, its class members, the `scoping` words as concepts) is kept per
lexicon object: by identity, checked again on each asking (an `id` can be reused once its
object is gone), and only the last few, since one run uses one or two lexicons. The wrapper's
`derived()` lists what it holds (for tables of answers by text, emptied after a run).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

from gitmem.consistency.lexicon import Lexicon

_T = TypeVar("_T")
_KEPT = 8  # lexicons held at once before the table starts again


def per_lexicon(derive: Callable[[Lexicon], _T]) -> Callable[[Lexicon], _T]:
    """`derive(lexicon)`, computed on the first asking for each lexicon and kept."""
    held: dict[int, tuple[Lexicon, _T]] = {}

    @functools.wraps(derive)
    def once(lexicon: Lexicon) -> _T:
        known = held.get(id(lexicon))
        if known is None or known[0] is not lexicon:
            if len(held) > _KEPT:
                held.clear()
            known = held[id(lexicon)] = (lexicon, derive(lexicon))
        return known[1]

    once.derived = lambda: [value for _, value in held.values()]  # type: ignore[attr-defined]
    return once

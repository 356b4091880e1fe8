"""What the pair stages read of one text, read once per text.

The duplicate vetoes read things of each text of a pair (the names it writes with a capital,
its plain words) that depend on that text alone, and were read again for every pair the text
is in: hundreds of times for a text with many similar ones. `per_text` keeps each answer by the
text, the lexicon that made its features, and the identity of the other arguments (a lexicon):
the features of one text under one lexicon are always the same, so the answer is the one the
function would compute. Only the last `_KEPT` texts are kept; the judge meets a text's pairs
close together (`batch.local_order`).

Such tables live as long as their lexicon, and the shipped lexicon as long as the process: a
process that runs many judgings (a test session, a long-lived tool) would hold the texts of
runs gone by up to every table's bound. `forget_texts` empties every table registered with
`forget_after_run`; `find_pairs` calls it when it is done.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from typing import Any, TypeVar

_F = TypeVar("_F", bound=Callable[..., Any])
_KEPT = 1 << 14
_FORGET: list[Callable[[], Any]] = []


def forget_after_run(clear: Callable[[], Any]) -> None:
    """Have `forget_texts` call `clear`, which empties a table of answers by text."""
    _FORGET.append(clear)


def forget_texts() -> None:
    """Empty every table of answers by text (`find_pairs` calls it when its run is done)."""
    for clear in _FORGET:
        clear()


def per_text(read: _F) -> _F:
    """`read(features, *rest)`, computed once per text, features' lexicon and `rest`."""
    held: dict[tuple, tuple[tuple, Any]] = {}
    forget_after_run(held.clear)

    @functools.wraps(read)
    def once(f: Any, *rest: Any) -> Any:
        key = (f.text, id(f.lexicon), *map(id, rest))
        known = held.get(key)
        if known is None or not all(map(operator.is_, known[0], (f.lexicon, *rest))):
            if len(held) >= _KEPT:
                held.clear()
            known = held[key] = ((f.lexicon, *rest), read(f, *rest))
        return known[1]

    return once  # type: ignore[return-value]

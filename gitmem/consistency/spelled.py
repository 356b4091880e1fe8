"""Numbers as the duplicate check reads them: one form for a figure however it is written.

"thirty" and "30" are "30", "first" and "1st" are "1st", "09:30" is "9:30"; a number written in
several words is one figure ("two hundred fifty-six" is 256, "eight thousand" 8000); a share
written as a word before "of" / "the" is its percentage ("half of all requests" is "50% of all
requests", the "%" being no word). Read by `paraphrase.py`; `quantities.figures` reads a number
of several words as one figure too ("forty-eight hours" is 48 hours, not 8).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from gitmem.consistency.lexicon import numeric_value

CLOCK = re.compile(r"^(\d{1,2}):(\d{2})$")


def number_form(lower: str) -> str | None:
    """"thirty" -> "30", "3" -> "3", "first" and "1st" -> "1st", "09:30" -> "9:30"; None for
    any other word."""
    clock = CLOCK.match(lower)
    if clock:
        return f"{int(clock.group(1))}:{clock.group(2)}"
    value = numeric_value(lower)
    if value is None or value[0] not in ("cardinal", "ordinal") or len(value[1]) != 1:
        return None
    number = value[1][0]
    text = str(int(number)) if number == int(number) else str(number)
    return text + "st" if value[0] == "ordinal" else text


# A share written as a word, before "of" / "the" ("half of all requests", "a quarter of the
# traffic"): its percentage ("50% of all requests"), the "%" being no word.
SHARES = {"half": "50", "quarter": "25"}


@functools.lru_cache(maxsize=1 << 16)  # asked of every word of every text
def _cardinal(word: str) -> float | None:
    value = numeric_value(word) if word.isalpha() else None
    return value[1][0] if value and value[0] == "cardinal" and len(value[1]) == 1 else None


def number_run(words: Sequence[str], i: int) -> tuple[str, int] | None:
    """A number written in several lowercased words from `i` ("two hundred fifty-six", "eight
    thousand") as digits, and the index past it; None unless two or more words make one."""
    total = current = 0.0
    last = None
    j = i
    while j < len(words):
        value = _cardinal(words[j])
        if value is None:
            break
        if value >= 1000:
            total, current = total + max(current, 1.0) * value, 0.0
        elif value == 100:
            current = max(current, 1.0) * 100
        elif last is None or last >= 100 or (last >= 20 and last % 10 == 0 and value < 10):
            current += value
        else:
            break  # "three four" is no number
        last, j = value, j + 1
    if j - i < 2:
        return None
    number = total + current
    return (str(int(number)) if number == int(number) else str(number)), j


def joined_numbers(words: Sequence[str]) -> list[str]:
    """`words` with each number written in several words as one word of digits ("forty eight
    hours" -> "48 hours"), so that it reads as one figure (`quantities.figures`)."""
    out: list[str] = []
    i = 0
    while i < len(words):
        run = number_run(words, i) if words[i].isalpha() else None
        if run is None:
            out.append(words[i])
            i += 1
        else:
            out.append(run[0])
            i = run[1]
    return out

"""Reported speech: who said a statement is no part of what it says.

"The user said to always squash merges" / "Always squash merges", "Never commit to main, the
lead said." / "Never commit to main", "According to the README, tests run with pytest" /
"Tests run with pytest": one text states what the other reports someone as saying. The frame
that reports it (a speaker and a verb of saying, at the start or the end of the text) names no
concept of the statement, so the duplicate check (`paraphrase.concepts`) reads the text without
it. Only a frame at either end counts, and only when a statement of a few words is left.
"""

from __future__ import annotations

import functools
import re

from gitmem.consistency.per_text import forget_after_run
from gitmem.consistency.text import tokenize

_SAY = r"(?:said|says|told|tells|noted|stated|mentioned|explained|wrote)"
_SAY_AFTER = r"(?:said|says|told|added|noted|stated|explained|wrote)"  # ", he added."
_WHEN = r"(?:in|on|at|during|yesterday|today|tonight|earlier|later|last|this|\w+day)"
_NOT_SPEAKER = r"(?!(?:not|no|never|as|which|who|that|and|or|but|so|if|when)\b)"
_WORD = r"[\w.'\u2019&-]+"
# "He said", "Mr. Crosby told The Associated Press:", "The user said that", "Gibson said last
# month in a statement that", "He added:", "According to the README,", "Per the lead,"
_LEADING = re.compile(
    rf"^\s*(?:(?:but|and|so)\s+)?(?:"
    rf"(?:{_WORD}\s+){{0,5}}?{_SAY}(?:\s*:|,|\s+that\b|(?:\s+{_WORD}){{1,8}}?(?:\s*:|\s+that\b))"
    rf"|(?:{_WORD}\s+){{0,5}}?{_SAY}(?=\s+(?:we|they|he|she|it|i|you|there|the|to(?!\s+be\b))\b)"
    rf"|(?:{_WORD}\s+){{0,5}}?{_SAY_AFTER}\s*:"
    rf"|(?:according\s+to|per)(?:\s+{_WORD}){{1,6}}?\s*,"
    rf")\s*",
    re.IGNORECASE,
)
# ", the lead said.", ", said Brian Halla, the company's chief executive.", ", according to
# the docs.", "" ... good," Mr. Bush said.", ", the lead told the team.", "... as saying."
_TRAILING = re.compile(
    rf"(?:,|[\"\u201d]|,\s*[\"\u201d])\s*(?:"
    rf"{_NOT_SPEAKER}(?:{_WORD}\s+){{1,6}}?(?:{_WORD},(?:\s+{_WORD}){{1,6}},\s+)?{_SAY_AFTER}(?:\s+{_WHEN}(?:\s+{_WORD}){{0,6}})?"
    rf"|{_NOT_SPEAKER}(?:{_WORD}\s+){{1,6}}?(?:told(?:\s+{_WORD}){{1,6}}|as\s+saying)"
    rf"|{_SAY_AFTER}(?:\s+{_WORD}){{1,4}}(?:\s*,(?:\s+{_WORD}){{1,8}}){{0,3}}"
    rf"|according\s+to(?:\s+{_WORD}){{1,6}}"
    rf")\s*[.!]?[\"\u201d]?\s*$",
    re.IGNORECASE,
)
_LEFT = 3  # the fewest words a statement must keep once its frame is left out


@functools.lru_cache(maxsize=1 << 14)
def _bounds(text: str) -> tuple[int, int]:
    """(where the statement starts, where it ends) in `text`, its frames left out."""
    start, end = 0, len(text)
    match = _LEADING.match(text)
    if match:
        start = match.end()
    match = _TRAILING.search(text, start)
    if match:
        end = match.start()
    return start, end


@functools.lru_cache(maxsize=1 << 14)
def frame(text: str) -> tuple[int, int]:
    """(tokens the leading frame takes, tokens the trailing frame takes) of `text`: (0, 0) when
    it reports no one, or when leaving the frame out would leave fewer than `_LEFT` words."""
    start, end = _bounds(text)
    if (start, end) == (0, len(text)):
        return 0, 0
    lead, tail = len(tokenize(text[:start])), len(tokenize(text[end:]))
    if len(tokenize(text)) - lead - tail < _LEFT:
        return 0, 0
    return lead, tail


forget_after_run(_bounds.cache_clear)  # the texts of one run only (per_text.py)
forget_after_run(frame.cache_clear)


def statement_of(text: str) -> str:
    """`text` without the frames that report who said it (as `frame` reads them)."""
    if frame(text) == (0, 0):
        return text
    start, end = _bounds(text)
    return text[start:end]

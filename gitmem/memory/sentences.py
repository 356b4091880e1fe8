"""Split a paragraph of prose into sentences without tripping on dots that end nothing.

A boundary is `.`, `!` or `?` (plus closing quotes, brackets or emphasis) followed by whitespace
and a capital letter, or the end of the paragraph. Dots inside `file.py`, `v2.3`, `3.14` and
URLs never have whitespace after them, so they never split; inline code, URLs and link targets
are masked first so a `. X` inside them cannot split either; `e.g.` / `i.e.` style abbreviations
never end a sentence. One compiled regex finds every boundary: this runs on every paragraph of
every memory.
"""

from __future__ import annotations

import re

_ABBREVIATIONS = (
    "e.g",
    "i.e",
    "vs",
    "cf",
    "mr",
    "mrs",
    "ms",
    "dr",
    "prof",
    "st",
    "approx",
    "incl",
    "esp",
    "fig",
    "resp",
    "viz",
    "al",
)
# A boundary: a run of terminators (starting at the run's first character, so a megabyte of dots
# stays linear) not ending an abbreviation, closing punctuation, whitespace, then, after any
# opening punctuation, a letter that is not ASCII lowercase (non-ASCII letters are checked with
# str.isupper afterwards).
# The pattern starts with the terminator class so the regex engine can skip ahead to candidates;
# the lookbehinds then include the terminator just matched.
_BOUNDARY = re.compile(
    r"[.!?](?<![.!?][.!?])"
    + "".join(rf"(?<!\b(?i:{re.escape(word)})\.)" for word in _ABBREVIATIONS)
    + r"[.!?]*[\"'”’)\]*_]*\s+(?=[*_`\"'“‘(\[]*([^\W\d_a-z]))"
)
_MASKED = re.compile(r"`[^`]*`|(?:(?:https?|ftp)://|www\.)\S*[^\s.,;:!?'\")\]]|\]\([^)\s]*\)")


def split_sentences(text: str) -> list[tuple[int, str]]:
    """Return (start offset, sentence) pairs; sentences keep their text exactly."""
    sentences: list[tuple[int, str]] = []
    start = 0
    for match in _BOUNDARY.finditer(_mask(text)):
        letter = match.group(1)
        if letter > "\x7f" and not letter.isupper():
            continue
        after = match.end()
        sentence = text[start:after].rstrip()
        if sentence:
            sentences.append((start, sentence))
        start = after
    tail = text[start:].strip()
    if tail:
        sentences.append((start, tail))
    return sentences


def _mask(text: str) -> str:
    """Hide inline code, URLs and link targets (same length) so their dots cannot split."""
    if "`" not in text and "://" not in text and "www." not in text and "](" not in text:
        return text
    return _MASKED.sub(lambda match: "x" * len(match.group(0)), text)

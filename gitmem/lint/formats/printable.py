"""Show text from memory files (file names, quoted claims) without letting it drive the terminal.

A committed file may be named `memory/\\x1b]0;owned\\x07.md` or contain a newline followed by
`::error file=...`; printed verbatim, the first retitles or clears a terminal and the second
starts a line GitHub Actions runs as a workflow command. Every control character, line break and
bidi override is shown as a visible escape (`\\x1b`, `\\n`, `\\u202e`) instead, so the name stays
recognisable and findable while nothing in it acts.
"""

from __future__ import annotations

import re

_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\ud800-\udfff\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
)


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    named = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
    if char in named:
        return named[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """`text` with every character that could act on a terminal or a log shown escaped."""
    return _UNSAFE.sub(_escape, text)


_LAYOUT = re.compile(r"(\r?\n|\t)")  # what a terminal shows as layout, not as a command


def printable_lines(text: str) -> str:
    """`text` with its line breaks and tabs kept and every other control character shown
    escaped: for several lines a person reads (a diff, an error message)."""
    pieces = _LAYOUT.split(text)
    # split() puts the kept separators at the odd indices: only the text between them is escaped
    return "".join(p if i % 2 else printable(p) for i, p in enumerate(pieces))

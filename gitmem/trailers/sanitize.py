"""Make user- or agent-supplied text safe to put in a commit message: no line break, control
character or terminal escape can forge a trailer, a paragraph or a patch divider."""

from __future__ import annotations

import re

from gitmem.trailers.schema import ELLIPSIS, MAX_SUMMARY_LENGTH, MAX_VALUE_LENGTH

# Terminal escape sequences, longest forms first: CSI (7- and 8-bit), string controls (OSC, DCS,
# SOS, PM, APC) up to BEL or ST, two-byte ESC sequences with optional intermediates, a lone ESC.
# The string-control body stops at any ESC (possessive), so hostile input stays linear-time.
_ESCAPE = re.compile(
    r"""
      \x1b\[ [\x30-\x3f]* [\x20-\x2f]* [\x40-\x7e]
    | \x9b   [\x30-\x3f]* [\x20-\x2f]* [\x40-\x7e]
    | (?: \x1b[\]PX^_] | [\x90\x98\x9d\x9e\x9f] ) [^\x07\x1b\x9c]*+ (?: \x07 | \x1b\\ | \x9c )
    | \x1b [\x20-\x2f]* [\x30-\x7e]
    | \x1b
    """,
    re.VERBOSE,
)
# Control characters that are not whitespace (whitespace is folded, not dropped), lone
# surrogates (unencodable, so they would break the commit) and bidi overrides (they make a
# terminal show text in a different order than git stores it).
_CONTROL = re.compile(
    "[\x00-\x08\x0e-\x1b\x7f-\x84\x86-\x9f\ud800-\udfff\u061c\u200e\u200f\u202a-\u202e"
    "\u2066-\u2069]"
)
# Body lines keep their tabs and their line structure; every other C0/C1 control goes.
_BODY_CONTROL = re.compile(
    "[\x00-\x08\x0a-\x1f\x7f-\x9f\ud800-\udfff\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)
# Python's \s covers every line break git or a terminal might honour (\r \n \v \f \x1c-\x1f
# \x85 \u2028 \u2029) and the Unicode spaces.
_WHITESPACE = re.compile(r"\s+")


def _single_line(text: str) -> str:
    """Escapes and controls removed, all whitespace (line breaks included) folded to one space."""
    text = _CONTROL.sub("", _ESCAPE.sub("", text))
    return _WHITESPACE.sub(" ", text).strip()


def _cap(text: str, limit: int) -> str:
    """At most `limit` characters; a cut is marked with an ellipsis so readers know it was cut."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rstrip() + ELLIPSIS


def _neutralise_line_start(line: str) -> str:
    """Indent a line git would read as a patch divider (``---``) or drop as a comment (``#``)."""
    if line.startswith(("---", "#")):
        return " " + line
    return line


def sanitize_value(text: str, *, limit: int = MAX_VALUE_LENGTH) -> str:
    """Make user- or agent-supplied text a safe single-line trailer value.

    The result contains no line break of any kind, no control character and no terminal escape,
    has no leading or trailing whitespace and is at most `limit` characters. Placed after
    ``Key: `` it therefore cannot start a line, so it cannot forge a trailer, a paragraph, a
    ``Signed-off-by:`` line or a ``---`` divider, and git reads it back unchanged.
    """
    return _cap(_single_line(text), limit)


def sanitize_summary(text: str, *, limit: int = MAX_SUMMARY_LENGTH) -> str:
    """Make text a safe commit subject line.

    Like `sanitize_value`, shorter; and since the subject does start a line, a leading ``---``
    (git would take the whole message for a patch) or ``#`` (an editor cleanup would drop the
    subject as a comment) is indented by one space.
    """
    return _cap_between_words(_neutralise_line_start(_single_line(text)), limit)


def _cap_between_words(text: str, limit: int) -> str:
    """`_cap`, but the cut falls between words: after the last space when that keeps two
    thirds of the room (a list of paths reads as cut after an item), else where a word ends
    (a long path is cut after one of its words), else, for one endless word, anywhere. What is
    kept loses its trailing punctuation, then gets the ellipsis."""
    if len(text) <= limit:
        return text
    room = text[: limit]  # the character at limit - 1 gives way to the ellipsis
    spaces = [n for n in range(1, limit) if room[n].isspace()]
    ends = [n for n in range(1, limit) if room[n - 1].isalnum() and not room[n].isalnum()]
    for cuts, least in ((spaces, limit * 2 // 3), (ends, limit // 2)):
        kept = room[: cuts[-1]] if cuts else ""
        while kept and not kept[-1].isalnum():
            kept = kept[:-1]
        if len(kept) >= least:
            return kept + ELLIPSIS
    return _cap(text, limit)


def _body_lines(body: str) -> list[str]:
    """The body as safe lines: blank runs collapsed, edges trimmed, risky line starts indented.

    Every Unicode line break counts as a line break here (``str.splitlines``), so no byte that
    some tool reads as a newline survives inside a line.
    """
    lines: list[str] = []
    for raw in _ESCAPE.sub("", body).splitlines():
        line = _BODY_CONTROL.sub("", raw).rstrip()
        if line or (lines and lines[-1]):
            lines.append(_neutralise_line_start(line))
    while lines and not lines[-1]:
        lines.pop()
    return lines

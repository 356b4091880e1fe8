"""Format and parse the ``Gitmem-*`` trailers that make every operation commit self-describing.

Why our own parser: pygit2's ``message_trailers`` keeps one value per key (we need repeated
``Gitmem-Path``) and gives up on messages with ``---`` lines. This module mirrors git's own
trailer rules (``trailer.c`` and ``ignore_non_trailer`` in git 2.39) so that what gitmem reads
is what ``git interpret-trailers --parse`` and ``git log --format=%(trailers)`` show.

Assumed git configuration: the defaults, i.e. ``core.commentChar = #``, ``trailer.separators =
:`` and no ``trailer.<token>.*`` entries. Pure: no git, no disk, no global state beyond the
compiled patterns below.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

__all__ = [
    "CLASS",
    "CONFIDENCE",
    "ITEM",
    "KEEP",
    "KEYS",
    "MAX_SUMMARY_LENGTH",
    "MAX_VALUE_LENGTH",
    "OP",
    "OPS",
    "PATH",
    "PLAN",
    "REASON",
    "REVERTS",
    "RUN",
    "SCHEMA",
    "SCHEMA_VERSION",
    "SIGNALS",
    "SUPERSEDED_BY",
    "format_message",
    "gitmem_trailers",
    "is_gitmem_op",
    "parse_trailers",
    "sanitize_summary",
    "sanitize_value",
    "trailer_map",
]

# -- vocabulary (contract: DESIGN §4) -------------------------------------------------------

OP = "Gitmem-Op"
PATH = "Gitmem-Path"
SUPERSEDED_BY = "Gitmem-Superseded-By"
CONFIDENCE = "Gitmem-Confidence"
CLASS = "Gitmem-Class"
SIGNALS = "Gitmem-Signals"
REASON = "Gitmem-Reason"
PLAN = "Gitmem-Plan"
SCHEMA = "Gitmem-Schema"
RUN = "Gitmem-Run"
REVERTS = "Gitmem-Reverts"
ITEM = "Gitmem-Item"
KEEP = "Gitmem-Keep"

KEYS = (
    OP,
    PATH,
    SUPERSEDED_BY,
    CONFIDENCE,
    CLASS,
    SIGNALS,
    REASON,
    PLAN,
    SCHEMA,
    RUN,
    REVERTS,
    ITEM,
    KEEP,
)
SCHEMA_VERSION = "1"
OPS = (
    "supersede",
    "merge",
    "protect",
    "unprotect",
    "annotate",
    "resolve",
    "dismiss",
    "save",
    "undo",
    "init",
)

MAX_VALUE_LENGTH = 500
MAX_SUMMARY_LENGTH = 100
ELLIPSIS = "\u2026"

_PREFIX = "gitmem-"
_CANONICAL = {key.lower(): key for key in KEYS}

# -- sanitising ----------------------------------------------------------------------------

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
_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]*")


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


# -- formatting ----------------------------------------------------------------------------


def _check_key(key: str) -> None:
    """Reject keys git would not read back as the same trailer: a bug in the caller, not input.

    ``Conflicts`` is reserved because git drops a trailing ``Conflicts:`` line (the old merge
    conflict list) before it looks for trailers, so an empty-valued last ``Conflicts`` trailer
    would vanish.
    """
    if _KEY.fullmatch(key) is None:
        raise ValueError(f"invalid trailer key {key!r}: expected [A-Za-z0-9][A-Za-z0-9-]*")
    if key == "Conflicts":
        raise ValueError("trailer key 'Conflicts' is reserved by git")


def _trailer_line(key: str, value: str) -> str:
    _check_key(key)
    clean = sanitize_value(value)
    return f"{key}: {clean}" if clean else f"{key}:"


def format_message(summary: str, trailers: Sequence[tuple[str, str]], body: str = "") -> str:
    """An operation commit message: subject, blank line, optional body, blank line, trailers.

    The trailers form the last paragraph, one ``Key: value`` per line in the given order
    (repeat a key for a list), so git and `parse_trailers` find exactly them: sanitised values
    cannot add lines, and body text can never be the last paragraph. At least one trailer is
    required for that guarantee; an empty subject or list is a programming error.
    """
    subject = sanitize_summary(summary)
    if not subject:
        raise ValueError("commit summary is empty after sanitising")
    if not trailers:
        raise ValueError("an operation message needs at least one trailer")
    block = "\n".join(_trailer_line(key, value) for key, value in trailers)
    lines = _body_lines(body)
    middle = "\n".join(lines) + "\n\n" if lines else ""
    return f"{subject}\n\n{middle}{block}\n"


# -- parsing (mirrors git's trailer.c) -------------------------------------------------------

_GIT_SPACE = " \t\n\r"  # git's isspace(): no \v or \f
_DIVIDER = re.compile(r"^---[ \t\n\r]", re.MULTILINE)
_SCISSORS = "# ------------------------ >8 ------------------------\n"
_TOKEN = re.compile(r"([A-Za-z0-9-]+)[ \t]*:")
_GIT_GENERATED = ("Signed-off-by: ", "(cherry picked from commit ")
_FOLD = re.compile(r"\n[ \t\n\r]*")
# a paragraph of `_TOKEN` lines only, and the key and value (stripped as `_unfold` strips it:
# the line holds no LF) of each such line
_PLAIN_BLOCK = re.compile(r"[A-Za-z0-9-]+[ \t]*:.*(?:\n[A-Za-z0-9-]+[ \t]*:.*)*")
_PLAIN_LINE = re.compile(r"^([A-Za-z0-9-]+)[ \t]*:[ \t\r]*((?:.*[^ \t\r\n])?)[ \t\r]*$", re.MULTILINE)


def _cut_patch_and_scissors(message: str, divider: bool) -> str:
    """The message without a patch (from a ``---`` line) and without a scissors cut.

    Like git's ``find_patch_start``, a divider is ``---`` followed by a space, tab, CR or LF, so
    ``---`` as the very last bytes, ``----`` or ``---x`` are ordinary text.
    """
    if divider and "---" in message and (match := _DIVIDER.search(message)) is not None:
        message = message[: match.start()]
    if message.startswith(_SCISSORS):
        return ""
    cut = message.find("\n" + _SCISSORS)
    return message if cut < 0 else message[: cut + 1]


def _split_lines(text: str) -> tuple[list[str], bool]:
    """Lines split on LF only, as git does; and whether the last line ended with LF."""
    lines = text.split("\n")
    terminated = lines[-1] == ""
    if terminated:
        lines.pop()
    return lines, terminated


def _is_blank(line: str) -> bool:
    return not line.strip(_GIT_SPACE)


def _content_end(lines: list[str], terminated: bool) -> int:
    """Index past the last content line: git's ``ignore_non_trailer``.

    A trailing run of comment lines, empty lines and an old-style ``Conflicts:`` block (tab-
    indented paths) is not part of the message. Only truly empty lines count here, so a CRLF
    blank line ends the run, as in git.
    """
    if lines and lines[-1] and lines[-1][0] not in "#\t" and lines[-1] != "Conflicts:":
        return len(lines)  # the usual case: the message ends with content, no run to find
    start: int | None = None
    in_conflicts = False
    last = len(lines) - 1
    for index, line in enumerate(lines):
        if not line or line.startswith("#"):
            start = index if start is None else start
        elif line == "Conflicts:" and (index < last or terminated):
            in_conflicts = True
            start = index if start is None else start
        elif in_conflicts and line.startswith("\t"):
            continue
        elif start is not None:
            start, in_conflicts = None, False
    return len(lines) if start is None else start


def _end_of_title(lines: list[str]) -> int:
    """Index of the first blank line: the title paragraph (comments skipped) is never trailers."""
    for index, line in enumerate(lines):
        if not line.startswith("#") and _is_blank(line):
            return index
    return len(lines)


def _block_start(lines: list[str]) -> int | None:
    """Index of the first line of the trailer block, or None: git's ``find_trailer_start``.

    Walking up from the end, the last paragraph is a trailer block when every line is a trailer
    or a continuation (a line starting with whitespace, below a trailer), or when it holds a
    git-generated line (``Signed-off-by: ``, ``(cherry picked from commit ``) and trailers make
    at least a quarter of its lines. Comment lines are skipped; a continuation line with no
    trailer above it counts as a non-trailer.
    """
    title_end = _end_of_title(lines)
    only_spaces, recognised = True, False
    trailers = non_trailers = continuations = 0
    for index in range(len(lines) - 1, title_end - 1, -1):
        line = lines[index]
        if line.startswith("#"):
            non_trailers, continuations = non_trailers + continuations, 0
        elif _is_blank(line):
            if only_spaces:
                continue
            non_trailers += continuations
            if (recognised and trailers * 3 >= non_trailers) or (trailers and not non_trailers):
                return index + 1
            return None
        else:
            only_spaces = False
            if line.startswith(_GIT_GENERATED):
                trailers, continuations, recognised = trailers + 1, 0, True
            elif _TOKEN.match(line):
                trailers, continuations = trailers + 1, 0
            elif line[0] in _GIT_SPACE:
                continuations += 1
            else:
                non_trailers, continuations = non_trailers + 1 + continuations, 0
    return None


def _unfold(raw: str) -> str:
    """git's ``unfold_value``: each LF plus the whitespace after it becomes one space.

    Whitespace before an LF is kept, so ``a  \\n  b`` reads ``a   b`` exactly as git shows it.
    """
    value = raw.strip(_GIT_SPACE)
    if "\n" in value:
        value = _FOLD.sub(" ", value).strip(_GIT_SPACE)
    return value


def _block_trailers(lines: list[str]) -> list[tuple[str, str]]:
    """``Key: value`` pairs of a trailer block; continuation lines fold into the trailer above.

    Lines that are not trailers (comments, ``(cherry picked ...)``, prose allowed by the 25%
    rule) are skipped, like ``--only-trailers``, and a continuation below one of them is too.
    """
    found: list[tuple[str, list[str]]] = []
    current: list[str] | None = None
    for line in lines:
        if current is not None and (not line or line[0] in _GIT_SPACE):
            current.append(line)
            continue
        match = _TOKEN.match(line)
        if match is None:
            current = None
            continue
        current = [line[match.end() :]]
        found.append((match.group(1), current))
    return [(key, _unfold("\n".join(parts))) for key, parts in found]


def _plain_block(text: str) -> list[tuple[str, str]] | None:
    """The trailers of a message in the shape gitmem writes, read with two regex passes instead
    of the walk over its lines (a third of the time); None for any other shape, which
    `_walked_block` reads. The answer is the walk's, because

    - no line starts with ``#``, so no comment, scissors or title rule comes into play;
    - the last paragraph, after an empty line, is all ``Key: value`` lines (no blank or
      whitespace-only line, no continuation), so the walk up from the end finds only trailers
      and stops at that empty line, which is at or below the end of the title;
    - its last line is content and not ``Conflicts:``, so nothing is cut from the end.
    """
    if text.startswith("#") or "\n#" in text:
        return None
    start = text.rfind("\n\n")
    block = text[start + 2 :].removesuffix("\n")
    if start < 0 or not block or block.endswith("\nConflicts:") or block == "Conflicts:":
        return None
    if _PLAIN_BLOCK.fullmatch(block) is None:
        return None
    return _PLAIN_LINE.findall(block)


def parse_trailers(message: str, *, divider: bool = True) -> list[tuple[str, str]]:
    """The trailers of a commit message as (key, value) pairs, in order, repeats kept.

    Matches ``git interpret-trailers --parse`` (git 2.39) by default: everything from a ``---``
    divider line on is ignored, as git ignores a patch. ``git log --format=%(trailers)`` reads
    commit messages without that divider rule (git's ``--no-divider``); pass ``divider=False``
    to match it. The two only disagree on messages with a ``---`` line, which `format_message`
    never writes.
    """
    if ":" not in message:  # every trailer has a separator: the common fast path
        return []
    text = _cut_patch_and_scissors(message, divider)
    plain = _plain_block(text)
    return _walked_block(text) if plain is None else plain


def _walked_block(text: str) -> list[tuple[str, str]]:
    """The trailers of a message cut at its patch and scissors, by git's walk over the lines."""
    lines, terminated = _split_lines(text)
    lines = lines[: _content_end(lines, terminated)]
    start = _block_start(lines)
    return [] if start is None else _block_trailers(lines[start:])


def trailer_map(pairs: Iterable[tuple[str, str]]) -> dict[str, tuple[str, ...]]:
    """Key -> all its values, keys in first-seen order, values in message order."""
    grouped: dict[str, list[str]] = {}
    for key, value in pairs:
        grouped.setdefault(key, []).append(value)
    return {key: tuple(values) for key, values in grouped.items()}


def gitmem_trailers(message: str, *, divider: bool = True) -> dict[str, tuple[str, ...]]:
    """Only the ``Gitmem-*`` trailers, as a `trailer_map`.

    Keys match case-insensitively, as git's ``%(trailers:key=...)`` filter does, and the known
    vocabulary is returned in its canonical spelling (``gitmem-op`` -> ``Gitmem-Op``) so callers
    can index with the constants. A message without ``gitmem-`` anywhere is skipped unparsed:
    ``gitmem log`` reads every commit in history.
    """
    if _PREFIX not in message.lower():  # keys are ASCII: a key that folds to gitmem-* is there
        return {}
    pairs = gitmem_pairs(parse_trailers(message, divider=divider))
    if len({key for key, _ in pairs}) == len(pairs):  # no key repeated: most messages
        return {key: (value,) for key, value in pairs}
    return trailer_map(pairs)


def gitmem_pairs(pairs: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """The ``Gitmem-*`` pairs among trailer pairs, in order, known keys spelled canonically."""
    return [(_CANONICAL.get(folded, key), value) for key, value in pairs
            if (folded := key.lower()).startswith(_PREFIX)]


def is_gitmem_op(message: str, *, divider: bool = True) -> str | None:
    """The operation a commit records (its first non-empty ``Gitmem-Op``), or None.

    The value is returned as written, not checked against `OPS`: a newer gitmem may add ops,
    and an older one should still list them.
    """
    for value in gitmem_trailers(message, divider=divider).get(OP, ()):
        if value:
            return value
    return None

"""Read the trailers of a commit message as git does (``trailer.c`` and ``ignore_non_trailer``
in git 2.39), and pick out the ``Gitmem-*`` ones."""

from __future__ import annotations

import re
from collections.abc import Iterable

from gitmem.trailers.schema import _CANONICAL, _PREFIX, OP

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

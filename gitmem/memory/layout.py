"""Where a memory file's frontmatter block is, in one place for the parser and the field editor.

Both must agree on the block boundaries to the line, otherwise an edit could land in the body.
A block opens with a first line that is exactly `---` (after an optional UTF-8 BOM; trailing
spaces and a CR are tolerated) and closes at the next line that is `---` or `...`.
Lines are split on LF only: `str.splitlines` also breaks on form feeds and U+2028, which would
shift every line number away from what git and editors show.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import yaml

# PyYAML's C loader when libyaml is present (the same choice python-frontmatter makes).
SAFE_LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

BOM = "\ufeff"
OPEN_DELIMITER = "---"
CLOSE_DELIMITERS = ("---", "...")

# A top-level mapping key at column 0: quoted, or plain (no indicator first, then anything up to
# the first `: `). Possessive quantifiers keep a megabyte line without a key linear.
TOP_LEVEL_KEY = re.compile(
    r'(?:"(?P<dq>(?:[^"\\]|\\.)*)"'
    r"|'(?P<sq>(?:[^']|'')*)'"
    r"|(?P<plain>(?:[^\s#'\"?:,\[\]{}&*!|>%@`-]|-(?=\S))(?:[^:#]++|:(?![ \t]|$))*+)"
    r")[ \t]*:(?:[ \t]|$)"
)


@dataclass(frozen=True)
class FrontmatterBounds:
    """Line indexes (0-based) of a frontmatter block; `close` is None when it never closes."""

    close: int | None

    @property
    def terminated(self) -> bool:
        return self.close is not None


@dataclass(frozen=True)
class TopLevelEntry:
    """One top-level key of block-style frontmatter and the lines its value spans.

    `start` and `end` index frontmatter lines (0 = first line after the opening `---`);
    `end` is exclusive and already excludes trailing blank and comment lines.
    """

    key: str
    start: int
    end: int


def split_lines(text: str) -> list[str]:
    """Split on LF, keeping each line's ending ("\\n" or "\\r\\n") attached."""
    lines = text.split("\n")
    last = lines.pop()
    kept = [line + "\n" for line in lines]
    if last:
        kept.append(last)
    return kept


def strip_newline(line: str) -> str:
    line = line.removesuffix("\n")
    line = line.removesuffix("\r")
    return line


def is_delimiter(line: str, accepted: Sequence[str]) -> bool:
    return strip_newline(line).rstrip(" \t") in accepted


def locate_frontmatter(lines: Sequence[str]) -> FrontmatterBounds | None:
    """Find the frontmatter block in lines whose first line has had any BOM removed.

    Returns None when the file does not start with `---`, or when that `---` never closes and
    the first line after it is prose, not YAML (no `key:`, comment, list item or indent): a
    Markdown thematic break atop a file that has no frontmatter, as Markdown renders it.
    """
    if not lines or not is_delimiter(lines[0], (OPEN_DELIMITER,)):
        return None
    for index in range(1, len(lines)):
        line = lines[index]
        if line[:3] in CLOSE_DELIMITERS and is_delimiter(line, CLOSE_DELIMITERS):
            return FrontmatterBounds(close=index)
    first = next((strip_newline(line) for line in lines[1:] if line.strip()), "")
    if first and first[0] not in " \t#-" and TOP_LEVEL_KEY.match(first) is None:
        return None
    return FrontmatterBounds(close=None)


def top_level_entries(frontmatter_lines: Sequence[str]) -> list[TopLevelEntry]:
    """The top-level keys of block-style YAML and the line range each one's value spans.

    A value continues over indented lines, blank lines, comments and column-0 `- ` items (YAML
    lets a block list sit at the key's indentation). This is a line scan, not a YAML parse: the
    field editor re-parses after every edit to prove the scan was right.
    """
    entries: list[TopLevelEntry] = []
    current: tuple[str, int] | None = None
    last_content = -1
    for index, line in enumerate(frontmatter_lines):
        text = strip_newline(line)
        first = text[:1]
        if not text.strip() or first in (" ", "\t", "#") or text == "-" or text.startswith("- "):
            if text.strip() and not text.lstrip().startswith("#"):
                last_content = index
            continue
        match = TOP_LEVEL_KEY.match(text)
        if current is not None:
            entries.append(TopLevelEntry(current[0], current[1], last_content + 1))
            current = None
        if match is None:
            continue
        current = (_unquote_key(match), index)
        last_content = index
    if current is not None:
        entries.append(TopLevelEntry(current[0], current[1], last_content + 1))
    return entries


def _unquote_key(match: re.Match[str]) -> str:
    if match.group("sq") is not None:
        return match.group("sq").replace("''", "'")
    if match.group("dq") is not None:
        escaped = match.group("dq")
        if "\\" not in escaped:
            return escaped
        try:
            value = yaml.load(f'"{escaped}"', Loader=SAFE_LOADER)
        except yaml.YAMLError:
            return escaped
        return value if isinstance(value, str) else escaped
    return match.group("plain").rstrip()

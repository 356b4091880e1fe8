"""A memory file split for editing: BOM, exact lines, and where the frontmatter block is.

The field editor rebuilds a file from these pieces, so the pieces must give back the original
bytes exactly: text is decoded with `surrogateescape` (any byte sequence round-trips) and lines
keep their own endings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from gitmem.errors import InvalidInputError
from gitmem.memory.frontmatter_yaml import load_frontmatter_yaml
from gitmem.memory.layout import (
    BOM,
    SAFE_LOADER,
    TopLevelEntry,
    locate_frontmatter,
    split_lines,
    strip_newline,
    top_level_entries,
)

_FIX_FIRST = "fix the frontmatter first, then run the command again"
_VALUE_END_TOKENS = (
    yaml.ScalarToken,
    yaml.FlowSequenceEndToken,
    yaml.FlowMappingEndToken,
    yaml.AliasToken,
)


@dataclass(frozen=True)
class FieldDocument:
    bom: str
    lines: tuple[str, ...]  # BOM removed, each line with its own ending
    close: int | None  # index of the closing `---` when there is a frontmatter block

    @property
    def has_frontmatter(self) -> bool:
        return self.close is not None

    @property
    def frontmatter_end_line(self) -> int | None:
        """1-based file line of the closing delimiter."""
        return None if self.close is None else self.close + 1

    @property
    def newline(self) -> str:
        """The file's newline style, judged by its first line."""
        return "\r\n" if self.lines and self.lines[0].endswith("\r\n") else "\n"

    def entries(self) -> list[TopLevelEntry]:
        return top_level_entries(self.lines[1 : self.close])

    def frontmatter_line(self, index: int) -> str:
        return strip_newline(self.lines[1 + index])

    def line_ending(self, index: int) -> str:
        line = self.lines[1 + index]
        return line[len(strip_newline(line)) :] or self.newline

    def meta(self) -> dict[Any, Any]:
        """The frontmatter mapping, or InvalidInputError saying what to fix."""
        if self.close is None:
            return {}
        text = "\n".join(strip_newline(line) for line in self.lines[1 : self.close])
        value, failure = load_frontmatter_yaml(text)
        if failure is not None:
            line = min(failure.line + 2, self.close + 1)
            raise InvalidInputError(f"{failure.message} (line {line}); {_FIX_FIRST}")
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise InvalidInputError(
                f"frontmatter is not a mapping (it is a {type(value).__name__}); {_FIX_FIRST}"
            )
        return value

    def replace_frontmatter_lines(self, start: int, end: int, new: Sequence[str]) -> bytes:
        lines = list(self.lines)
        lines[1 + start : 1 + end] = new
        return self._encode(lines)

    def insert_before_close(self, line: str) -> bytes:
        assert self.close is not None
        lines = list(self.lines)
        lines.insert(self.close, line)
        return self._encode(lines)

    def with_prefix(self, block: str) -> bytes:
        return self._encode([block, *self.lines])

    def _encode(self, lines: Sequence[str]) -> bytes:
        return (self.bom + "".join(lines)).encode("utf-8", "surrogateescape")


def read_document(raw: bytes, allow_broken_frontmatter: bool = False) -> FieldDocument:
    """Split raw bytes for editing; refuses binary files and (unless allowed) unclosed blocks."""
    if b"\x00" in raw:
        raise InvalidInputError("the file is binary (contains NUL bytes); gitmem edits text only")
    text = raw.decode("utf-8", "surrogateescape")
    bom = BOM if text.startswith(BOM) else ""
    lines = tuple(split_lines(text[len(bom) :]))
    bounds = locate_frontmatter(lines)
    if bounds is not None and bounds.close is None and not allow_broken_frontmatter:
        raise InvalidInputError(
            f"the frontmatter opened on line 1 is never closed with a `---` line; {_FIX_FIRST}"
        )
    return FieldDocument(bom, lines, bounds.close if bounds is not None else None)


def trailing_comment(line: str) -> str:
    """The ` # comment` at the end of a one-line `key: value`, kept when the value changes."""
    if "#" not in line:
        return ""
    try:
        tokens = list(yaml.scan(line, Loader=SAFE_LOADER))
    except (yaml.YAMLError, ValueError):  # ValueError: undecodable bytes kept as surrogates
        return ""
    ends = [token.end_mark.index for token in tokens if isinstance(token, _VALUE_END_TOKENS)]
    if not ends:
        return ""
    rest = line[max(ends) :]
    return rest if rest.strip().startswith("#") else ""

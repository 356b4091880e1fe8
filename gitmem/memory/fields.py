"""Minimal-diff edits of memory files: one frontmatter line, one appended body block, one note.

gitmem's operations are reviewed as diffs and undone as reverts, so an edit must change only what
it must: never re-dump a user's YAML (python-frontmatter is for reading only), keep the body
byte-for-byte, keep the BOM and the file's newline style. Files are handled as text decoded with
`surrogateescape`, which gives back the exact original bytes for every line not touched.

Every frontmatter edit is proved afterwards: the new frontmatter is parsed again and must hold the
new value under the key and every other key unchanged; otherwise nothing is returned.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from gitmem.errors import InvalidInputError
from gitmem.memory.field_document import read_document, trailing_comment
from gitmem.memory.yaml_value import format_yaml_key, format_yaml_value

_MISSING = object()


@contextmanager
def editing(path: str) -> Iterator[None]:
    """Name the memory in a refusal its frontmatter causes while an op edits it: an op edits
    several files, and "line 10 is not valid YAML" alone does not say which."""
    try:
        yield
    except InvalidInputError as error:
        raise InvalidInputError(f"{path}: {error}") from None


def set_field(raw: bytes, key: str, value: object) -> bytes:
    """Set one top-level frontmatter key, changing exactly one line (or adding one)."""
    document = read_document(raw)
    try:
        new_line = f"{format_yaml_key(key)}: {format_yaml_value(value)}"
    except TypeError as error:
        raise InvalidInputError(f"cannot write field {key!r}: {error}") from None
    if not document.has_frontmatter:
        newline = document.newline
        block = f"---{newline}{new_line}{newline}---{newline}"
        edited = document.with_prefix(block)
        _prove(edited, {}, key, value)
        return edited
    before = document.meta()
    entries = [entry for entry in document.entries() if entry.key == key]
    if not entries and key in before:
        raise _cannot_locate(key)
    if entries:
        entry = entries[-1]
        old = document.frontmatter_line(entry.start)
        comment = trailing_comment(old) if entry.end - entry.start == 1 else ""
        replacement = new_line + comment + document.line_ending(entry.start)
        edited = document.replace_frontmatter_lines(entry.start, entry.end, [replacement])
    else:
        edited = document.insert_before_close(new_line + document.newline)
    _prove(edited, before, key, value)
    return edited


def remove_field(raw: bytes, key: str) -> bytes:
    """Remove one top-level frontmatter key and the lines of its value; no-op when absent."""
    document = read_document(raw)
    if not document.has_frontmatter:
        return raw
    before = document.meta()
    entries = [entry for entry in document.entries() if entry.key == key]
    if not entries:
        if key in before:
            raise _cannot_locate(key)
        return raw
    edited_document = document
    for entry in reversed(entries):  # duplicates: YAML keeps the last, so remove them all
        edited = edited_document.replace_frontmatter_lines(entry.start, entry.end, [])
        edited_document = read_document(edited)
    _prove(edited, before, key, _MISSING)
    return edited


def drop_empty_frontmatter(raw: bytes) -> bytes:
    """`raw` without its frontmatter block when the block holds nothing: what a field added
    to a file that had none (CLAUDE.md) leaves once it is removed again."""
    document = read_document(raw)
    if document.close is None or any(line.strip() for line in document.lines[1:document.close]):
        return raw
    return (document.bom + "".join(document.lines[document.close + 1:])).encode(
        "utf-8", "surrogateescape")


def append_to_body(raw: bytes, lines: Sequence[str]) -> bytes:
    """Append lines at the end of the file in its newline style, ending the last line first."""
    document = read_document(raw, allow_broken_frontmatter=True)
    newline = document.newline.encode()
    out = bytearray(raw)
    if out and not out.endswith(b"\n"):
        out += newline
    for text in lines:
        for line in text.replace("\r\n", "\n").split("\n"):
            out += line.encode("utf-8", "surrogateescape") + newline
    return bytes(out)


def annotate_line(raw: bytes, line: int, expected_text: str, note: str, *,
                  after_text: bool = False, strike: bool = False) -> bytes:
    """Append ` note` to one body line that still says `expected_text`; exactly one line changes.

    `after_text`: put the note right after `expected_text` (before its closing `.`, `!` or `?`)
    instead of at the end of the line, for a sentence that shares its line with others.
    `strike`: also strike `expected_text` through (`~~text~~`), so that whoever reads the line,
    a person or a model, sees the claim is void before reaching the note."""
    if not note or "\n" in note or "\r" in note:
        raise InvalidInputError("an annotation note must be one non-empty line of text")
    document = read_document(raw, allow_broken_frontmatter=True)
    lines = raw.split(b"\n")
    line_count = len(lines) - (1 if not lines[-1] else 0)
    if not 1 <= line <= line_count:
        raise InvalidInputError(f"line {line} does not exist (the file has {line_count} lines)")
    if document.frontmatter_end_line is not None and line <= document.frontmatter_end_line:
        raise InvalidInputError(
            f"line {line} is inside the frontmatter; only body lines are annotated"
        )
    content = lines[line - 1]
    ending = b"\r" if content.endswith(b"\r") else b""
    content = content[: len(content) - len(ending)]
    text = content.decode("utf-8", "surrogateescape")
    if expected_text not in text:
        raise InvalidInputError(
            f"line {line} no longer contains {expected_text!r}; the file changed since it was "
            "read, run the command again"
        )
    start = text.index(expected_text)
    at = start + len(expected_text)
    if expected_text[-1:] in (".", "!", "?"):
        at -= 1
    if after_text and text[at:].lstrip().startswith(note) or not after_text and note in text:
        raise InvalidInputError(f"line {line} already carries the note {note!r}")
    if strike:
        end = at if after_text else start + len(expected_text)
        text = f"{text[:start]}~~{text[start:end]}~~{text[end:]}"
        at += 4
    if after_text:
        text = f"{text[:at]} {note}{text[at:]}"
    else:
        text = f"{text} {note}"
    lines[line - 1] = text.encode("utf-8", "surrogateescape") + ending
    return b"\n".join(lines)


def _prove(edited: bytes, before: Mapping[Any, Any], key: str, value: object) -> None:
    after = read_document(edited).meta()
    expected = {name: item for name, item in before.items() if name != key}
    if value is not _MISSING:
        expected[key] = value
    if not _same(after, expected):
        changed = sorted(
            str(name)
            for name in set(after) | set(expected)
            if not _same(after.get(name, _MISSING), expected.get(name, _MISSING))
        )
        raise InvalidInputError(
            f"editing field {key!r} in place would not give the intended frontmatter "
            f"(differs in: {', '.join(changed)}); edit the frontmatter by hand"
        )


def _same(left: Any, right: Any) -> bool:
    """Equality that also requires equal types (True is not 1, a date is not its string)."""
    if isinstance(left, (list, tuple)) and isinstance(right, (list, tuple)):
        return len(left) == len(right) and all(map(_same, left, right))
    if isinstance(left, Mapping) and isinstance(right, Mapping):
        return left.keys() == right.keys() and all(_same(left[k], right[k]) for k in left)
    if type(left) is not type(right):
        return False
    if isinstance(left, float) and math.isnan(left):
        return math.isnan(right)
    return bool(left == right)


def _cannot_locate(key: str) -> InvalidInputError:
    return InvalidInputError(
        f"cannot find the line of frontmatter field {key!r} (it is written in a form gitmem "
        "does not edit in place); edit the frontmatter by hand"
    )

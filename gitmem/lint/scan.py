"""Reading a memory's Markdown line by line for citations: what is prose, what is code, what is a URL.

Citations are looked for in the body's prose lines only: fenced code blocks are examples, not
claims (DESIGN §3), and the review file's own `## Pending review` queue is gitmem's output, not
the agent's, so it is skipped too (otherwise lint would flag the lines it wrote itself).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from gitmem.model import Memory

PENDING_REVIEW = "Pending review"

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$")
_CODE_SPAN = re.compile(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)")
URL = re.compile(
    r"(?:\b[A-Za-z][A-Za-z0-9+.-]*://|\bwww\.|\bmailto:)[^\s<>\"'`]*", re.IGNORECASE
)
_LINK = re.compile(r"(!?)\[([^\]\n]*)\]\(\s*<?([^)\s>]*)>?(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
_REFERENCE_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)")


@dataclass(frozen=True)
class CodeSpan:
    start: int  # offset of the content (after the opening backticks)
    end: int
    content: str
    outer_start: int  # offsets including the backticks
    outer_end: int


@dataclass(frozen=True)
class Link:
    start: int  # offset of the whole `[text](target)`
    end: int
    target: str
    target_start: int


def prose_lines(memory: Memory, review_file: str | None = None) -> Iterator[tuple[int, str]]:
    """(file line, text without line ending) for every body line outside fenced code blocks."""
    fence: str | None = None
    skip_level: int | None = None
    skip_reviews = review_file is not None and memory.path == review_file
    for offset, raw in enumerate(memory.body.split("\n")):
        line = raw.removesuffix("\r")
        opener = _FENCE.match(line)
        if fence is not None:
            closes = opener and opener.group(1)[0] == fence[0] and len(opener.group(1)) >= len(fence)
            if closes and not line.strip().strip(fence[0]):
                fence = None
            continue
        if opener:
            fence = opener.group(1)
            continue
        heading = _HEADING.match(line)
        if heading:
            level = len(heading.group(1))
            if skip_level is not None and level <= skip_level:
                skip_level = None
            if skip_reviews and heading.group(2).strip().lower() == PENDING_REVIEW.lower():
                skip_level = level
            continue
        if skip_level is None:
            yield memory.body_line + offset, line


def code_spans(line: str) -> list[CodeSpan]:
    return [
        CodeSpan(m.start(2), m.end(2), m.group(2), m.start(), m.end())
        for m in _CODE_SPAN.finditer(line)
    ]


def links(line: str) -> list[Link]:
    """Markdown inline links and images, plus a reference definition `[x]: target`."""
    found = [Link(m.start(), m.end(), m.group(3), m.start(3)) for m in _LINK.finditer(line)]
    definition = _REFERENCE_DEFINITION.match(line)
    if definition:
        found.append(Link(definition.start(), definition.end(), definition.group(1),
                          definition.start(1)))
    return found


def is_url(text: str) -> bool:
    return URL.match(text) is not None


def blank(line: str, start: int, end: int) -> str:
    """The line with [start, end) replaced by spaces, so offsets elsewhere stay valid."""
    return line[:start] + " " * (end - start) + line[end:]


def mask_urls_and_link_targets(line: str) -> str:
    """Hide what cannot hold a claim of this repository: URLs (with any link around them, whose
    text usually repeats the URL's id) and the targets of ordinary links."""
    for link in links(line):
        if is_url(link.target):
            line = blank(line, link.start, link.end)
        elif link.target:
            line = blank(line, link.target_start, link.target_start + len(link.target))
    for match in URL.finditer(line):
        line = blank(line, match.start(), match.end())
    return line


def inside(spans: list[CodeSpan], start: int, end: int) -> CodeSpan | None:
    for span in spans:
        if span.start <= start and end <= span.end:
            return span
    return None


def frontmatter_lines(memory: Memory) -> list[str]:
    """The file's lines (BOM and line endings removed) for looking at a field's raw text."""
    text = memory.raw.decode("utf-8", "replace").lstrip("\ufeff")
    return [line.rstrip("\r") for line in text.split("\n")]

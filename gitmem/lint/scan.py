"""Reading a memory's Markdown line by line for citations: what is prose, what is code, what is a URL.

Citations are looked for in the body's prose lines only: fenced code blocks are examples, not
claims (DESIGN §3), and the review file's own `## Pending review` queue is gitmem's output, not
the agent's, so it is skipped too (otherwise lint would flag the lines it wrote itself).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

from gitmem.model import Memory

PENDING_REVIEW = "Pending review"
MAX_PER_LINE = 200  # code spans or links looked at in one line

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
# a heading's opening `#` run; its text is the rest, stripped of spaces and `#` by hand: a lazy
# `(.*?)[ \t#]*$` retried the tail at every position (quadratic on a long run of spaces)
_HEADING_MARK = re.compile(r" {0,3}(#{1,6})[ \t]+")
# A span opens only at the start of a backtick run (CommonMark): opening anywhere inside a run
# of thousands made each position rescan the rest of it (quadratic; a committed line hung lint).
# a Markdown list marker: a bullet or an ordered item's number ("-", "*", "+", "12.", "3)")
LIST_MARKER = r"(?:[-*+]|\d{1,9}[.)])"
_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)")
URL = re.compile(  # a scheme is short: bounded, so a long run of "c++c++" costs linear time
    r"(?:\b[A-Za-z][A-Za-z0-9+.-]{0,31}://|\bwww\.|\bmailto:)[^\s<>\"'`]*", re.IGNORECASE
)
# Possessive runs (giving characters back never helps these classes match) and a bounded
# destination: '[a](' repeated 30,000 times on one committed line took quadratic time before.
_LINK = re.compile(
    r"(!?)\[([^\[\]\n]*+)\]\(\s*+<?([^)\s>]{0,2048}+)>?(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)"
)
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
    """(file line, text without line ending) for every body line outside fenced code blocks,
    headings included, except a review file's Pending review section."""
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
        heading = _HEADING_MARK.match(line)
        if heading:
            level = len(heading.group(1))
            if skip_level is not None and level <= skip_level:
                skip_level = None
            title = line[heading.end():].rstrip(" \t#")
            if skip_reviews and title.strip().lower() == PENDING_REVIEW.lower():
                skip_level = level
                continue
            # a heading is prose too: "## Fixed in commit 4f3c2b1a", "## `src/api/client.py`"
        if skip_level is None:
            yield memory.body_line + offset, line


def code_spans(line: str) -> list[CodeSpan]:
    """The line's inline code spans (the first MAX_PER_LINE: a line of thousands is data)."""
    if "`" not in line:
        return []
    return [
        CodeSpan(m.start(2), m.end(2), m.group(2), m.start(), m.end())
        for m in islice(_CODE_SPAN.finditer(line), MAX_PER_LINE)
    ]


def links(line: str) -> list[Link]:
    """Markdown inline links and images, plus a reference definition `[x]: target`."""
    if "]" not in line:
        return []
    found = [Link(m.start(), m.end(), m.group(3), m.start(3))
             for m in islice(_LINK.finditer(line), MAX_PER_LINE)]
    definition = _REFERENCE_DEFINITION.match(line)
    if definition:
        found.append(Link(definition.start(), definition.end(), definition.group(1),
                          definition.start(1)))
    return found


def is_url(text: str) -> bool:
    return URL.match(text) is not None


def blank(line: str, ranges: Iterable[tuple[int, int]]) -> str:
    """The line with each [start, end) replaced by spaces, so offsets elsewhere stay valid."""
    chars = list(line)
    for start, end in ranges:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def mask_urls_and_link_targets(line: str) -> str:
    """Hide what cannot hold a claim of this repository: URLs (with any link around them, whose
    text usually repeats the URL's id) and the targets of ordinary links."""
    if "://" not in line and "](" not in line and "www." not in line and "mailto:" not in line:
        return line
    ranges = []
    for link in links(line):
        if is_url(link.target):
            ranges.append((link.start, link.end))
        elif link.target:
            ranges.append((link.target_start, link.target_start + len(link.target)))
    line = blank(line, ranges)
    return blank(line, [(m.start(), m.end()) for m in URL.finditer(line)])


def inside(
    spans: Sequence[CodeSpan], start: int, end: int, starts: Sequence[int] | None = None
) -> CodeSpan | None:
    """The code span holding [start, end), if any. Spans are in line order and do not nest;
    pass `starts` (each span's start) when asking many times about one line."""
    index = bisect.bisect_right(starts or [span.start for span in spans], start) - 1
    if index >= 0 and spans[index].start <= start and end <= spans[index].end:
        return spans[index]
    return None


def frontmatter_lines(memory: Memory) -> list[str]:
    """The file's lines (BOM and line endings removed) for looking at a field's raw text."""
    text = memory.raw.decode("utf-8", "replace").lstrip("\ufeff")
    return [line.rstrip("\r") for line in text.split("\n")]

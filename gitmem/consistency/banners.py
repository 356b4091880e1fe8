"""Template notes: the line a family of files carries in the same place, set once by a template.

A folder of files begun from one skeleton carries the skeleton's note in each: a banner under
the title ("> Human-approved only; agents write drafts elsewhere.", above every learnings
file's sections) or a footer after the closing rule ("_Last reviewed: 2026-06-06._"). Compared
line by line, the note is one verbatim duplicate naming every file, but nobody keeps it as a
fact: it is the frame of each file, and a maintainer changes the template, not a copy.

A **template note** is a text that stands, word for word, in the same slot of three files or
more (`TEMPLATE_FILES`), the slot being the file's own frame:

- its *banner*: what stands between the file's title (its first heading, when that opens the
  body) and its first section heading; or, when the body opens with text, what stands before
  its first heading;
- its *footer*: what stands after the file's last thematic break (`---`, `***`, `___`), with
  no heading after it and a heading before it.

A heading is an ATX one (`## Setup`) or a setext one: a paragraph underlined by a `---` or
`===` line right below it, which is no thematic break (as `gitmem.memory.claims` reads it).

A file with no heading has no frame: its lines are its content. Two files with the same banner
are still compared (two is a copy kept by hand, as AGENTS.md and CLAUDE.md opening with the same
line are); so is the same text in the body of a third file, a note in the frame of one file
and the body of another, and the banner of two files that share COPIED_CLAIMS claims or more
(`copied_files`): one file copied into the other, banner and all, is one copied-file finding,
which counts its banner too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gitmem.model import Claim, Memory

TEMPLATE_FILES = 3  # files holding a text in their frame that make it a template's note
# claims two files share that make them one copied file (the copied-file finding's own count,
# `gitmem.lint.rules.claim_groups.COPIED_FILE_MIN`)
COPIED_CLAIMS = 5

_HEADING = re.compile(r" {0,3}#{1,6}(?:\s|$)")
_FENCE = re.compile(r" {0,3}(?:```|~~~)")
_LIST_ITEM = re.compile(r" *(?:[-*+]|\d{1,9}[.)])(?:\s|$)")
_RULE = re.compile(r" {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$")


def _frame(memory: Memory) -> tuple[int, int, int] | None:
    """(banner start, banner end, footer start) as file lines, the banner being the lines
    start <= line < end and the footer the lines >= footer start (0: no footer); None when the
    body has no heading."""
    headings: list[int] = []
    rules: list[int] = []
    first_text = 0
    fenced = False
    paragraph = 0  # first line of the open paragraph (0: none), whose underline would make it
    listed = False  # a list item is open: a plain line under it continues the item
    for at, line in enumerate(memory.body.splitlines()):
        number = memory.body_line + at
        if _FENCE.match(line):
            fenced = not fenced
            paragraph, listed = 0, False
            continue
        text = line.strip()
        if fenced or not text:
            paragraph, listed = 0, False
            continue
        if _HEADING.match(line):
            headings.append(number)
            paragraph, listed = 0, False
        elif paragraph and text[0] in "=-" and not text.strip(text[0]):
            # a setext underline ("Deployment" over "----------"): the paragraph above it is a
            # heading, as `gitmem.memory.claims` reads it, not a rule before a footer
            headings.append(paragraph)
            paragraph = 0
        elif _RULE.match(line):
            rules.append(number)
            paragraph, listed = 0, False
        elif _LIST_ITEM.match(line):
            paragraph, listed = 0, True
        elif not paragraph and not listed:
            paragraph = number
        first_text = first_text or number
    if not headings:
        return None
    if headings[0] == first_text:  # a title: the banner is what follows it
        start, end = headings[0] + 1, headings[1] if len(headings) > 1 else 0
    else:
        start, end = memory.body_line, headings[0]
    footer = rules[-1] + 1 if rules and rules[-1] > headings[-1] else 0
    return start, end, footer


def _in_frame(claim: Claim, frame: tuple[int, int, int]) -> bool:
    start, end, footer = frame
    return (end > 0 and start <= claim.line < end) or (footer > 0 and claim.line >= footer)


def template_note_claims(memories: Iterable[Memory]) -> frozenset[tuple[str, int]]:
    """(path, line) of every claim that is a template note (module docstring) in its own
    file's frame."""
    listed = [m for m in memories if m.claims]
    held: dict[str, set[str]] = {}
    for memory in listed:
        for claim in memory.claims:
            held.setdefault(claim.text, set()).add(memory.path)
    common = {text for text, paths in held.items() if len(paths) >= TEMPLATE_FILES}
    if not common:
        return frozenset()
    framed: dict[str, list[Claim]] = {}
    for memory in listed:
        if not any(claim.text in common for claim in memory.claims):
            continue
        frame = _frame(memory)
        if frame is None:
            continue
        for claim in memory.claims:
            if claim.text in common and _in_frame(claim, frame):
                framed.setdefault(claim.text, []).append(claim)
    return frozenset((c.path, c.line) for found in framed.values()
                     if len({c.path for c in found}) >= TEMPLATE_FILES for c in found)


def copied_files(a: Memory, b: Memory) -> bool:
    """Two files that share COPIED_CLAIMS claims or more, word for word: one a copy of the
    other, whose banner is one of the copied lines."""
    return len({c.text for c in a.claims} & {c.text for c in b.claims}) >= COPIED_CLAIMS

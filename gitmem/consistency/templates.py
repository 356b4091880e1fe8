"""Entries of one pattern: the same line in the same slot of two entries, each about its own.

A file that lists known limitations gives each its **Symptoms**, **Root cause** and
**Workarounds**; a review gives each site it covers a **Status** and a **Gap** line; a set of
rule pages, one per kind of component, each carry the same headings. When two such entries
hold the same line in the same slot ("Use the stable mode instead" under the **Workarounds**
of two limitations), each says it of its own subject: that limitation's workaround, that
page's rule. Correcting one entry does not call for correcting the other, so the pair is no
duplicate to merge (`same_slot`).

The evidence is the structure of the files, never their names:

- in one file: two sibling sections (the same heading level under the same headings, other
  titles) that share two labels or more (bold labels, "**Status:**", "**Workarounds:**"), the
  two lines in the same slot: the same label in front of each, or the same label above the
  list each stands in;
- in two files: two outlines of one pattern (COMMON_HEADINGS headings or more in common, at
  least half of the smaller file's) under other titles, the two lines under the same heading,
  each the page's own instruction (`_own_instruction`): a fact both pages state, or a line
  with a number, version, code span, path or URL, is a duplicate to keep in one place.

Either way each entry must say mostly its own: of the lines of the smaller of the two
sections, at most half stand in the other too (the same words, case and punctuation aside, or
a line the pair finder paired with one of the other's). A section copied whole or with light
rewording (one feature list kept under two headings, a project's objective in two files) is
still a duplicate, and so is a line in no slot (a sentence of its own under two headings).
Only ATX headings (`## Setup`) are read.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass

from gitmem.memory.fragments import INSTRUCTION_VERBS, core_text
from gitmem.model import Claim, Memory

COMMON_HEADINGS = 3  # headings two files share that make their outlines one pattern
SHARED_LABELS = 2  # labels two sibling sections share that make them entries of one pattern
OWN_SHARE = 0.5  # of the smaller section's lines, at most this share may stand in the other

# the heading's text is stripped by hand (`_heading_text`): a regex that drops a closing "#"
# run backtracks over every run of spaces, quadratic on "# a" + 20,000 spaces + "b"
_HEADING = re.compile(r" {0,3}(#{1,6})[ \t]+(.*)$")
_FENCE = re.compile(r" {0,3}(```|~~~)")
_WORDS = re.compile(r"[^\W_]+")
# a label in front of a line or above a list: "**Status:** done", "**Workarounds:**",
# "**Root Cause**: ..."
_LABEL = re.compile(r"^\*\*([^*:：]{1,40}?)(?:[:：]\*\*|\*\*\s*[:：])")


@dataclass(frozen=True)
class _Heading:
    line: int
    level: int
    key: str  # the heading's words, lower case
    parents: tuple[str, ...]  # the keys of the headings it stands under, outermost first


class _Outline:
    """A memory's headings, and each heading's section read once, when first asked."""

    def __init__(self, headings: tuple[_Heading, ...], claims: tuple[Claim, ...],
                 last_line: int) -> None:
        self.headings = headings
        self.keys = frozenset(h.key for h in headings)
        self._lines = [h.line for h in headings]
        self._claims = tuple(sorted(claims, key=lambda c: c.line))
        self._claim_lines = [c.line for c in self._claims]
        self._last_line = last_line
        self._sections: dict[int, tuple[Claim, ...]] = {}

    def heading_of(self, line: int) -> int | None:
        """The index of the nearest heading above `line`, or None."""
        index = bisect_left(self._lines, line) - 1
        return index if index >= 0 else None

    def section(self, index: int) -> tuple[Claim, ...]:
        """The claims of heading `index`'s section, its subsections included."""
        if index not in self._sections:
            heading = self.headings[index]
            end = next((h.line for h in self.headings[index + 1:] if h.level <= heading.level),
                       self._last_line + 1)
            start = bisect_right(self._claim_lines, heading.line)
            stop = bisect_left(self._claim_lines, end)
            self._sections[index] = self._claims[start:stop]
        return self._sections[index]


def _heading_text(text: str) -> str:
    """The heading's text without trailing blanks and its closing run of "#" ("## Setup ##")."""
    text = text.rstrip(" \t")
    bare = text.rstrip("#")
    if bare != text and (not bare or bare[-1] in " \t"):
        text = bare.rstrip(" \t")
    return text


def _key(text: str) -> str:
    return " ".join(_WORDS.findall(text.casefold()))


def _outline(memory: Memory) -> _Outline:
    headings: list[_Heading] = []
    stack: list[_Heading] = []
    fenced = False
    lines = memory.body.splitlines()
    for at, text in enumerate(lines):
        if _FENCE.match(text):
            fenced = not fenced
            continue
        match = None if fenced else _HEADING.match(text)
        if match is None:
            continue
        level = len(match.group(1))
        while stack and stack[-1].level >= level:
            stack.pop()
        heading = _Heading(memory.body_line + at, level, _key(_heading_text(match.group(2))),
                           tuple(h.key for h in stack))
        stack.append(heading)
        headings.append(heading)
    return _Outline(tuple(headings), memory.claims, memory.body_line + len(lines))


def _label(text: str) -> str | None:
    match = _LABEL.match(text.strip())
    return _key(match.group(1)) if match else None


def _slot(claim: Claim) -> tuple[str | None, str | None]:
    """(the label in front of the claim, the label above its list)."""
    return _label(claim.text), _label(claim.parent)


def _labels(claims: Iterable[Claim]) -> frozenset[str]:
    return frozenset(label for c in claims for label in _slot(c) if label)


# a line that carries a concrete value: a number or version, a code span, a URL, a path or a
# file name ("PostgreSQL 15 on port 5433", "`make lint`", "src/app.py")
_CONCRETE = re.compile(r"\d|`|://|[^\W_]/[^\W_]|\b[^\W\d_]+\.[A-Za-z]{1,5}\b")
_FIRST = re.compile(r"[*_]*([A-Za-z']+)")
# words an instruction about the page's own subject opens with, besides INSTRUCTION_VERBS
_RULE_OPENERS = INSTRUCTION_VERBS | frozenset(
    "never always avoid don't dont do must use prefer keep ensure make only".split())


def _own_instruction(claim: Claim) -> bool:
    """A page's own instruction about its own subject ("Never write to the cache from a retry
    loop"): it opens with an instruction word and carries no concrete value. A declarative
    fact ("The staging database is ...") or a line with a number, version, code span, path or
    URL is a fact both pages state, a duplicate to keep in one place."""
    text = core_text(claim.text)
    first = _FIRST.match(text)
    return (first is not None and first.group(1).lower() in _RULE_OPENERS
            and _CONCRETE.search(text) is None)


class TemplateSlots:
    """`same_slot(a, b)` over a corpus, each memory's outline read once, when first asked.

    `paired` are the duplicate pairs the pair finder found, ((path, line), (path, line)) each:
    a line paired with a line of the other section counts as standing in both (a section
    copied with light rewording is no entry of its own)."""

    def __init__(self, memories: Iterable[Memory],
                 paired: Iterable[tuple[tuple[str, int], tuple[str, int]]] = ()) -> None:
        self._memories = {m.path: m for m in memories}
        self._outlines: dict[str, _Outline] = {}
        self._partners: dict[tuple[str, int], set[tuple[str, int]]] = {}
        for one, other in paired:
            self._partners.setdefault(one, set()).add(other)
            self._partners.setdefault(other, set()).add(one)
        self._labels: dict[tuple[str, int], frozenset[str]] = {}
        self._keys: dict[tuple[str, int], tuple[dict[str, list[Claim]], frozenset]] = {}
        self._own: dict[tuple[str, int, str, int], bool] = {}

    def _of(self, path: str) -> _Outline | None:
        if path not in self._outlines:
            memory = self._memories.get(path)
            if memory is None:
                return None
            self._outlines[path] = _outline(memory)
        return self._outlines[path]

    def _labels_of(self, path: str, index: int, section: tuple[Claim, ...]) -> frozenset[str]:
        if (path, index) not in self._labels:
            self._labels[path, index] = _labels(section)
        return self._labels[path, index]

    def _keys_of(self, path: str, index: int, section: tuple[Claim, ...]
                 ) -> tuple[dict[str, list[Claim]], frozenset]:
        """The section's lines by their words (case, punctuation and spacing left out), and
        where each line stands."""
        if (path, index) not in self._keys:
            by_key: dict[str, list[Claim]] = {}
            for c in section:
                by_key.setdefault(_key(c.text), []).append(c)
            self._keys[path, index] = (by_key, frozenset((c.path, c.line) for c in section))
        return self._keys[path, index]

    def _mostly_own(self, path_a: str, at_a: int, section_a: tuple[Claim, ...],
                    path_b: str, at_b: int, section_b: tuple[Claim, ...]) -> bool:
        """Of the smaller section's lines, at most OWN_SHARE stand in the other: the same
        words, or a line the pair finder paired with one of the other's."""
        cached = self._own.get((path_a, at_a, path_b, at_b))
        if cached is not None:
            return cached
        keys_a, keys_b = self._keys_of(path_a, at_a, section_a), self._keys_of(
            path_b, at_b, section_b)
        (small, _), (large, where) = sorted((keys_a, keys_b), key=lambda k: len(k[0]))
        shared = sum(1 for key, claims in small.items()
                     if key in large or any(self._partners.get((c.path, c.line), set()) & where
                                            for c in claims))
        own = bool(small) and shared <= OWN_SHARE * len(small)
        self._own[path_a, at_a, path_b, at_b] = self._own[path_b, at_b, path_a, at_a] = own
        return own

    def same_slot(self, a: Claim, b: Claim) -> bool:
        """Whether `a` and `b` stand in the same slot of two entries of one pattern, each
        entry mostly its own (module docstring)."""
        outline_a, outline_b = self._of(a.path), self._of(b.path)
        if outline_a is None or outline_b is None:
            return False
        at_a, at_b = outline_a.heading_of(a.line), outline_b.heading_of(b.line)
        if at_a is None or at_b is None:
            return False
        head_a, head_b = outline_a.headings[at_a], outline_b.headings[at_b]
        section_a, section_b = outline_a.section(at_a), outline_b.section(at_b)
        if a.path == b.path:
            if (head_a.line == head_b.line or head_a.level != head_b.level
                    or head_a.parents != head_b.parents or head_a.key == head_b.key):
                return False
            slot_a, slot_b = _slot(a), _slot(b)
            in_slot = (slot_a[0] is not None and slot_a[0] == slot_b[0]) or (
                slot_a[1] is not None and slot_a[1] == slot_b[1] and slot_a[0] == slot_b[0])
            return (in_slot and len(self._labels_of(a.path, at_a, section_a)
                                    & self._labels_of(b.path, at_b, section_b)) >= SHARED_LABELS
                    and self._mostly_own(a.path, at_a, section_a, b.path, at_b, section_b))
        if head_a.key != head_b.key or not outline_a.headings or not outline_b.headings:
            return False
        if outline_a.headings[0].key == outline_b.headings[0].key:
            return False  # one title: two copies of one document, not two entries
        if not (_own_instruction(a) and _own_instruction(b)):
            return False  # a fact both pages state, or a value (a port, a command) in both
        keys_a, keys_b = outline_a.keys, outline_b.keys
        common = len(keys_a & keys_b)
        return (common >= COMMON_HEADINGS and common >= 0.5 * min(len(keys_a), len(keys_b))
                and self._mostly_own(a.path, at_a, section_a, b.path, at_b, section_b))

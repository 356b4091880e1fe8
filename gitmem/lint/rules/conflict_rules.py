"""GM105: conflict markers a merge left in a memory (git's `<<<<<<<` ... `>>>>>>>`).

A region opens at a line of seven or more `<` (alone or followed by a space and a name) and
closes at a line of as many `>`; its `=======` and diff3 `|||||||` lines are part of it. A line
of `=======` alone is never reported (it is also Markdown's underline for a heading), nor is a
marker inside a fenced code block (a memory may quote a conflict on purpose).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from gitmem.lint.rule import LintContext, MemoryRule
from gitmem.model import Finding, Memory

_MARKER = re.compile(r"(<{7,}|>{7,}|\|{7,})(?: (.*))?")
_FENCE = re.compile(r"[ ]{0,3}(`{3,}|~{3,})")
# A marker line starts with seven of one of these; a text holding none of the three runs has
# no marker line, so it is not split into lines at all (nearly every memory, every run).
_RUNS = ("<" * 7, ">" * 7, "|" * 7)
_RAW_RUNS = tuple(run.encode() for run in _RUNS)


@dataclass(frozen=True)
class ConflictRegion:
    start: int  # 1-based line of the opening marker (or of a stray marker)
    end: int | None  # line of the closing marker; None when it never closes
    opening: str  # the marker line as written
    base: bool = False  # has a diff3 `|||||||` section


def _marker(line: str) -> tuple[str, str | None]:
    """(the run of marker characters, the name after it or None); ("", None) for other lines."""
    found = _MARKER.fullmatch(line)
    return (found.group(1), found.group(2)) if found else ("", None)


def _closes(fence: str, line: str) -> bool:
    text = line.strip()
    return len(text) >= len(fence) and text == fence[0] * len(text)


def conflict_regions(text: str) -> list[ConflictRegion]:
    """Every conflict region, and every stray closing or named base marker, in file order."""
    if _RUNS[0] not in text and _RUNS[1] not in text and _RUNS[2] not in text:
        return []
    found: list[ConflictRegion] = []
    fence = ""
    open_at: tuple[int, str, str] | None = None  # (line, marker run, line text)
    base = False
    for number, line in enumerate(text.splitlines(), start=1):
        run, name = _marker(line)
        if open_at is not None:
            size = len(open_at[1])
            if run == ">" * size:
                found.append(ConflictRegion(open_at[0], number, open_at[2], base))
                open_at = None
            elif run == "|" * size:
                base = True
        elif fence:
            fence = "" if _closes(fence, line) else fence
        elif fenced := _FENCE.match(line):
            fence = fenced.group(1)
        elif run.startswith("<"):
            open_at, base = (number, run, line), False
        elif run.startswith(">") or (run.startswith("|") and name):
            found.append(ConflictRegion(number, number, line))
    if open_at is not None:
        found.append(ConflictRegion(open_at[0], None, open_at[2], base))
    return found


def _regions(memory: Memory) -> list[ConflictRegion]:
    """`conflict_regions` of the memory's text, without decoding a file that holds no run of
    marker characters (ASCII bytes decode to themselves whatever surrounds them)."""
    raw = memory.raw
    if _RAW_RUNS[0] not in raw and _RAW_RUNS[1] not in raw and _RAW_RUNS[2] not in raw:
        return []
    return conflict_regions(raw.decode("utf-8", "replace"))


def has_conflict_markers(memory: Memory) -> bool:
    return bool(_regions(memory))


class ConflictMarker(MemoryRule):
    code = "GM105"
    name = "conflict-marker"
    severity = "error"
    summary = "Conflict markers a merge left in a memory (<<<<<<< ... >>>>>>>)"

    def check(self, memory: Memory, context: LintContext) -> Iterable[Finding]:
        fix = "keep the text that holds, delete the marker lines, then stage the file again"
        for region in _regions(memory):
            if region.end is None:
                where = f"`{region.opening}` opens a conflict that never closes"
            elif region.end == region.start:
                where = f"`{region.opening}` is a leftover conflict marker line"
            else:
                sides = "ours, base and theirs" if region.base else "ours and theirs"
                where = (f"lines {region.start}-{region.end} are an unresolved merge conflict "
                         f"({sides} between `{region.opening}` and its closing marker)")
            yield self.finding(memory.path, region.start, f"{where}; {fix}",
                               signals={"end": region.end or region.start})

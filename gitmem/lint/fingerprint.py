"""A fingerprint per finding that survives moved lines and unrelated edits.

Code scanning, baselines and review tools follow a finding across commits by a key that must not
change when other lines of the memory change. The key is the rule's code and, for every side of
the finding (both sides of a pair, in either order), the memory's path and the text of the line
the finding points at, normalised (list marker dropped, whitespace collapsed, case folded): never
the line number and never the message (a pair's message names the other side's line). Findings
that share a key (the same claim twice, two problems on one line) are numbered in file order, so
no two findings of a run share a fingerprint.

A repeated claim is one finding naming every copy (GM201/GM202/GM211), and every copy is a side:
moving or editing around the copies keeps the fingerprint, a further copy (or one fewer) changes
it. Decided so on purpose: a new copy of a recorded duplicate or contradiction is new debt, and
a baseline must not hide it from a pull request's check (which a key of the first copies alone
would). A finding with two places keeps the key it had when GM2xx findings were pairs, so the
`gitmemFinding/v2` key and version-1 baselines stay valid; what a baseline recorded pair by pair
for a claim in three or more places shows as one new finding, with a notice (baseline.py).
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Iterable, Sequence

from gitmem.model import Finding, Memory

_MARKER = re.compile(r"^(?:[-*+]|\d+[.)])\s+")


def line_text(memory: Memory | None, line: int, split: dict[str, list[str]] | None = None) -> str:
    """The finding's line of the memory, normalised; "" when there is none (a deleted file).
    `split` keeps each memory's lines for the next finding in it (a file of 400,000 repeated
    bullets has as many findings)."""
    if memory is None or line < 1:
        return ""
    if split is None:
        split = {}
    lines = split.get(memory.path)
    if lines is None:
        lines = split[memory.path] = memory.raw.decode("utf-8", "replace").split("\n")
    if line > len(lines):
        return ""
    return " ".join(_MARKER.sub("", lines[line - 1].strip()).split()).casefold()


def finding_key(finding: Finding, memories: dict[str, Memory],
                split: dict[str, list[str]] | None = None,
                sides: dict[tuple[str, int], str] | None = None) -> str:
    """`sides` keeps each (path, line)'s part of the key for the next finding naming it."""
    split = {} if split is None else split
    sides = {} if sides is None else sides
    texts = []
    for side in [(finding.path, finding.line), *((loc.path, loc.line) for loc in finding.related)]:
        text = sides.get(side)
        if text is None:
            path, line = side
            text = sides[side] = f"{path}\0{line_text(memories.get(path), line, split)}"
        texts.append(text)
    texts.sort()
    return "\0\0".join([finding.code, *texts])


def with_fingerprints(findings: Iterable[Finding], corpus: Sequence[Memory]) -> list[Finding]:
    """The findings, each with its fingerprint (32 hex digits), sorted by place, code and
    message, then by the places they name. A finding that has one keeps it: the GM2xx
    findings of an unchanged corpus are read back with theirs (`cached_output.py`), every
    finding of their rule with it, so none of them is numbered among the others."""
    memories = {memory.path: memory for memory in corpus}
    ordered = sorted(findings, key=lambda f: (f.sort_key, [(r.path, r.line) for r in f.related]))
    seen: dict[str, int] = {}
    split: dict[str, list[str]] = {}
    sides: dict[tuple[str, int], str] = {}
    sha256 = hashlib.sha256
    out = []
    for finding in ordered:
        if finding.fingerprint:
            out.append(finding)
            continue
        key = finding_key(finding, memories, split, sides)
        seen[key] = count = seen.get(key, 0) + 1
        digest = sha256(f"{key}\0{count}".encode("utf-8", "surrogatepass")).hexdigest()
        out.append(with_fingerprint(finding, digest[:32]))
    return out


_new = object.__new__


def with_fingerprint(finding: Finding, fingerprint: str) -> Finding:
    """`dataclasses.replace(finding, fingerprint=...)`: for a Finding itself (no subclass, no
    `__post_init__`), its fields copied as `copy.copy` copies them, without setting each of
    them again through the frozen class's `__setattr__` for each of 17,000 findings."""
    if type(finding) is not Finding:
        return dataclasses.replace(finding, fingerprint=fingerprint)
    copy = _new(Finding)
    fields = copy.__dict__
    fields.update(finding.__dict__)
    fields["fingerprint"] = fingerprint
    return copy

"""Frontmatter merged field by field, written onto our side with the minimal-diff field editor.

- `tags`: a three-way set merge (what either side added is in, what either side removed is
  out), our order first;
- `do_not_reopen`: the union by partner, keeping the later `before` for a partner on both sides;
- `confidence`: the side that changed it; both changed it: the lower value (the cautious one);
- every other field (`superseded_by` included): the side that changed it; both changed it to
  different values: a conflict, shown with standard markers around the field's lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gitmem.memory.field_document import FieldDocument, read_document
from gitmem.memory.fields import remove_field, set_field
from gitmem.merge_driver.markers import ConflictMarkers

MISSING: Any = object()
CONFLICT: Any = object()


def same(a: Any, b: Any) -> bool:
    return a is b or (type(a) is type(b) and a == b)


def three_way(base: Any, ours: Any, theirs: Any) -> Any:
    if same(ours, theirs) or same(theirs, base):
        return ours
    if same(ours, base):
        return theirs
    return CONFLICT


def _as_list(value: Any) -> list[Any] | None:
    if value is MISSING or value is None:
        return []
    if isinstance(value, str):
        return [value]
    return list(value) if isinstance(value, list) else None


def merge_tags(base: Any, ours: Any, theirs: Any) -> Any:
    sides = [_as_list(v) for v in (base, ours, theirs)]
    if any(side is None for side in sides) or not all(
        isinstance(t, (str, int, float)) for side in sides for t in side or []
    ):
        return three_way(base, ours, theirs)
    b, o, t = (side or [] for side in sides)
    merged = [tag for tag in o if tag in t or tag not in b]
    merged += [tag for tag in t if tag not in o and tag not in b]
    return ours if merged == _as_list(ours) else merged


def merge_do_not_reopen(base: Any, ours: Any, theirs: Any) -> Any:
    o, t = _as_list(ours), _as_list(theirs)
    if o is None or t is None:
        return three_way(base, ours, theirs)
    by_key: dict[str, Any] = {}
    for entry in [*o, *t]:
        partner = entry.get("partner") if isinstance(entry, dict) else None
        key = partner if isinstance(partner, str) else repr(entry)
        kept = by_key.get(key)
        if kept is None or str(entry.get("before", "")) > str(kept.get("before", "")):
            by_key[key] = entry
    merged = list(by_key.values())
    return ours if merged == o else merged


def merge_confidence(base: Any, ours: Any, theirs: Any) -> Any:
    merged = three_way(base, ours, theirs)
    numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (ours, theirs))
    return min(ours, theirs) if merged is CONFLICT and numbers else merged


FIELD_RULES: dict[str, Callable[[Any, Any, Any], Any]] = {
    "tags": merge_tags,
    "do_not_reopen": merge_do_not_reopen,
    "confidence": merge_confidence,
}


def merge_frontmatter(
    ours_raw: bytes, docs: Sequence[FieldDocument], metas: Sequence[dict[Any, Any]],
    markers: ConflictMarkers,
) -> tuple[bytes, int]:
    """(our file up to and including its closing `---` with merged fields, conflicts).
    `docs` and `metas` are base, ours and theirs."""
    base, ours, theirs_meta = metas
    keys = [*ours, *(k for k in theirs_meta if k not in ours)]
    raw = ours_raw
    conflicted = []
    for key in keys:
        rule = FIELD_RULES.get(key, three_way)
        values = [meta.get(key, MISSING) for meta in (base, ours, theirs_meta)]
        merged = rule(*values)
        if merged is CONFLICT:
            conflicted.append(key)
        elif not same(merged, values[1]):
            raw = remove_field(raw, key) if merged is MISSING else set_field(raw, key, merged)
    doc = read_document(raw)
    if not doc.has_frontmatter:  # neither side had a field left: no block to write
        return b"", 0
    lines = list(doc.lines[: (doc.close or 0) + 1])
    _mark_conflicts(lines, doc, docs, conflicted, markers)
    return (doc.bom + "".join(lines)).encode("utf-8", "surrogateescape"), len(conflicted)


def _entry_lines(doc: FieldDocument, key: str) -> tuple[int, int, list[str]] | None:
    """(first, end) file-line indexes of a key's entry and its lines, or None."""
    for entry in doc.entries():
        if entry.key == key:
            return 1 + entry.start, 1 + entry.end, list(doc.lines[1 + entry.start: 1 + entry.end])
    return None


def _ended(lines: list[str], newline: str) -> list[str]:
    return [line if line.endswith("\n") else line + newline for line in lines]


def _mark_conflicts(
    lines: list[str], ours: FieldDocument, docs: Sequence[FieldDocument], keys: Sequence[str],
    markers: ConflictMarkers,
) -> None:
    """Wrap each conflicted field in conflict markers (with the base's lines under diff3),
    bottom-up so the line indexes found before any change stay right."""
    nl = ours.newline
    places = []
    for key in keys:
        found = _entry_lines(ours, key)
        start, end, our_lines = found if found else ((ours.close or 0), (ours.close or 0), [])
        base, theirs = (_entry_lines(docs[i], key) for i in (0, 2))
        places.append((start, end, our_lines, base[2] if base else [], theirs[2] if theirs else []))
    for start, end, our_lines, base_lines, their_lines in sorted(
        places, key=lambda p: p[0], reverse=True
    ):
        lines[start:end] = markers.wrap(_ended(our_lines, nl), _ended(base_lines, nl),
                                        _ended(their_lines, nl), nl)

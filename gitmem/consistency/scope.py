"""Scopes: claims that apply to disjoint sets of files (Cursor `globs`, scope folders) cannot
contradict each other, so they are never compared. An empty scope applies everywhere. A glob's
braces are alternatives, as every agent reads them: `src/**/*.{ts,tsx}` is `src/**/*.ts` and
`src/**/*.tsx`. A scope may also name an agent's mode (`mode_scope`): Roo Code loads a mode's
own rules only in that mode, so two modes' rules are never read together, while either is read
with every rule that applies everywhere."""

from __future__ import annotations

from collections.abc import Sequence

_WILD = "*?["
# Brace alternatives listed for one glob at most; past it (or with unbalanced braces) the glob
# is in doubt, and a glob in doubt overlaps every other.
_MAX_ALTERNATIVES = 64


def _prefix(glob: str) -> str:
    """The literal part before the first wildcard: `src/api/**/*.ts` -> `src/api/`."""
    cut = min((glob.find(ch) for ch in _WILD if ch in glob), default=len(glob))
    return glob[:cut]


def _suffix(glob: str) -> str:
    """The literal part after the last wildcard: `src/**/*.test.ts` -> `.test.ts`; a character
    class is a wildcard up to its `]` (`*.[jt]s` -> `s`), and one that does not close leaves
    nothing literal."""
    cut = max(glob.rfind("*"), glob.rfind("?"))
    opened = glob.rfind("[")
    if opened >= 0:
        closed = glob.find("]", opened + 1)
        cut = max(cut, closed if closed >= 0 else len(glob) - 1)
    return glob[cut + 1:] if cut >= 0 else glob


def _alternatives(glob: str) -> list[str] | None:
    """The globs a glob's braces stand for, nested ones too: `*.{ts,tsx}` -> `*.ts`, `*.tsx`;
    the glob itself without braces; None when its braces do not close or list too many."""
    start = glob.find("{")
    if start < 0:
        return [glob] if "}" not in glob else None
    depth, items, item_start = 0, [], start + 1
    for index in range(start, len(glob)):
        char = glob[index]
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                items.append(glob[item_start:index])
                break
        elif char == "," and depth == 1:
            items.append(glob[item_start:index])
            item_start = index + 1
    else:
        return None  # an unclosed brace
    if len(items) > _MAX_ALTERNATIVES:
        return None
    head, tail = glob[:start], glob[index + 1:]
    if "}" in head:
        return None
    globs: list[str] = []
    for item in items:
        expanded = _alternatives(head + item + tail)
        if expanded is None or len(globs) + len(expanded) > _MAX_ALTERNATIVES:
            return None
        globs += [g for g in expanded if g not in globs]
    return globs


def globs_overlap(a: str, b: str) -> bool:
    """Could some path match both? A conservative test: literal prefixes and suffixes must be
    compatible (one extends the other), for some brace alternative of each; when in doubt,
    they overlap."""
    a, b = a.strip().lstrip("./"), b.strip().lstrip("./")
    if not a or not b or a == b:
        return True
    many, others = _alternatives(a), _alternatives(b)
    if many is None or others is None:
        return True
    return any(_literals_overlap(x, y) for x in many for y in others)


def _literals_overlap(a: str, b: str) -> bool:
    """`globs_overlap` for two globs without braces."""
    a, b = a.lstrip("./"), b.lstrip("./")
    if not a or not b or a == b:
        return True
    pa, pb = _prefix(a), _prefix(b)
    if not (pa.startswith(pb) or pb.startswith(pa)):
        return False
    sa, sb = _suffix(a), _suffix(b)
    return sa.endswith(sb) or sb.endswith(sa)


# What starts a mode's name in a scope: no glob of a rule's field or a folder holds a NUL.
_MODE = "\0mode:"


def mode_scope(mode: str) -> str:
    """The scope entry of the rules an agent loads only in `mode` (`code`, `architect`)."""
    return _MODE + mode


def scopes_disjoint(a: Sequence[str], b: Sequence[str]) -> bool:
    """True only when both scopes are set and no glob of one can overlap a glob of the other,
    or when both name modes and no mode of one is a mode of the other."""
    if not a or not b:
        return False
    modes_a = {x for x in a if x.startswith(_MODE)}
    modes_b = {x for x in b if x.startswith(_MODE)}
    if modes_a and modes_b and modes_a.isdisjoint(modes_b):
        return True
    if modes_a or modes_b:
        a = [x for x in a if not x.startswith(_MODE)]
        b = [x for x in b if not x.startswith(_MODE)]
    if not a or not b:
        return False
    return not any(globs_overlap(x, y) for x in a for y in b)

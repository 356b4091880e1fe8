"""Scopes: claims that apply to disjoint sets of files (Cursor `globs`, scope folders) cannot
contradict each other, so they are never compared. An empty scope applies everywhere."""

from __future__ import annotations

from collections.abc import Sequence

_WILD = "*?["


def _prefix(glob: str) -> str:
    """The literal part before the first wildcard: `src/api/**/*.ts` -> `src/api/`."""
    cut = min((glob.find(ch) for ch in _WILD if ch in glob), default=len(glob))
    return glob[:cut]


def _suffix(glob: str) -> str:
    """The literal part after the last wildcard: `src/**/*.test.ts` -> `.test.ts`."""
    cut = max((glob.rfind(ch) for ch in _WILD if ch in glob), default=-1)
    return glob[cut + 1:] if cut >= 0 else glob


def globs_overlap(a: str, b: str) -> bool:
    """Could some path match both? A conservative test: literal prefixes and suffixes must be
    compatible (one extends the other); when in doubt, they overlap."""
    a, b = a.strip().lstrip("./"), b.strip().lstrip("./")
    if not a or not b or a == b:
        return True
    pa, pb = _prefix(a), _prefix(b)
    if not (pa.startswith(pb) or pb.startswith(pa)):
        return False
    sa, sb = _suffix(a), _suffix(b)
    return sa.endswith(sb) or sb.endswith(sa)


def scopes_disjoint(a: Sequence[str], b: Sequence[str]) -> bool:
    """True only when both scopes are set and no glob of one can overlap a glob of the other."""
    if not a or not b:
        return False
    return not any(globs_overlap(x, y) for x in a for y in b)

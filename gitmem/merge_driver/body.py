"""A memory body merged line by line as git does, with appended claims kept from both sides."""

from __future__ import annotations

from gitmem.gitrepo import merge_file
from gitmem.merge_driver.markers import ConflictMarkers

_WIDE = 40  # marker size used internally, so markers cannot be mistaken for content
_INTERNAL = ("ours", "base", "theirs")


def merge_body(
    base: bytes, ours: bytes, theirs: bytes, markers: ConflictMarkers | None = None
) -> tuple[bytes, int]:
    """git's line merge, with both-sides-only-added conflicts resolved as ours + theirs; the
    conflicts left are written with `markers` (git's names, size and conflict style)."""
    markers = markers or ConflictMarkers()
    internal = "zdiff3" if markers.style == "zdiff3" else "diff3"  # always with the base
    merged, _ = merge_file(base, _ended(ours), _ended(theirs), _INTERNAL,
                           marker_size=_WIDE, style=internal)
    out: list[bytes] = []
    conflicts = 0
    hunk: dict[str, list[bytes]] | None = None
    part = ""
    for line in merged.splitlines(keepends=True):
        marker = line[:_WIDE]
        if marker == b"<" * _WIDE:
            hunk, part = {"ours": [], "base": [], "theirs": []}, "ours"
        elif hunk is not None and marker == b"|" * _WIDE:
            part = "base"
        elif hunk is not None and marker == b"=" * _WIDE:
            part = "theirs"
        elif hunk is not None and marker == b">" * _WIDE:
            if any(line.strip() for line in hunk["base"]):
                conflicts += 1
                out += _conflict(markers, hunk)
            else:
                added = set(hunk["ours"])
                out += hunk["ours"] + [t for t in hunk["theirs"] if t not in added]
            hunk = None
        elif hunk is not None:
            hunk[part].append(line)
        else:
            out.append(line)
    return b"".join(out), conflicts


def _conflict(markers: ConflictMarkers, hunk: dict[str, list[bytes]]) -> list[bytes]:
    sides = [[line.decode("utf-8", "surrogateescape") for line in hunk[name]]
             for name in _INTERNAL]
    newline = "\r\n" if any(line.endswith("\r\n") for side in sides for line in side) else "\n"
    return [line.encode("utf-8", "surrogateescape")
            for line in markers.wrap(sides[0], sides[1], sides[2], newline)]


def _ended(data: bytes) -> bytes:
    """A body whose last line has its newline (so appended lines never glue together)."""
    return data + b"\n" if data and not data.endswith(b"\n") else data

"""A memory body merged line by line as git does, with appended claims kept from both sides."""

from __future__ import annotations

from gitmem.gitrepo import merge_file

LABELS = ("ours", "base", "theirs")
_WIDE = 40  # marker size used internally, so markers cannot be mistaken for content


def merge_body(base: bytes, ours: bytes, theirs: bytes) -> tuple[bytes, int]:
    """git's line merge, with both-sides-only-added conflicts resolved as ours + theirs."""
    merged, _ = merge_file(base, _ended(ours), _ended(theirs), LABELS,
                           marker_size=_WIDE, diff3=True)
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
                out += [b"<<<<<<< ours\n", *hunk["ours"], b"=======\n", *hunk["theirs"],
                        b">>>>>>> theirs\n"]
            else:
                added = set(hunk["ours"])
                out += hunk["ours"] + [t for t in hunk["theirs"] if t not in added]
            hunk = None
        elif hunk is not None:
            hunk[part].append(line)
        else:
            out.append(line)
    return b"".join(out), conflicts


def _ended(data: bytes) -> bytes:
    """A body whose last line has its newline (so appended lines never glue together)."""
    return data + b"\n" if data and not data.endswith(b"\n") else data

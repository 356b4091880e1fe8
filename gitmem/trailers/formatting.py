"""Write an operation commit message whose last paragraph is exactly its trailers."""

from __future__ import annotations

import re
from collections.abc import Sequence

from gitmem.trailers.sanitize import _body_lines, sanitize_summary, sanitize_value

_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]*")

def _check_key(key: str) -> None:
    """Reject keys git would not read back as the same trailer: a bug in the caller, not input.

    ``Conflicts`` is reserved because git drops a trailing ``Conflicts:`` line (the old merge
    conflict list) before it looks for trailers, so an empty-valued last ``Conflicts`` trailer
    would vanish.
    """
    if _KEY.fullmatch(key) is None:
        raise ValueError(f"invalid trailer key {key!r}: expected [A-Za-z0-9][A-Za-z0-9-]*")
    if key == "Conflicts":
        raise ValueError("trailer key 'Conflicts' is reserved by git")


def _trailer_line(key: str, value: str) -> str:
    _check_key(key)
    clean = sanitize_value(value)
    return f"{key}: {clean}" if clean else f"{key}:"


def format_message(summary: str, trailers: Sequence[tuple[str, str]], body: str = "") -> str:
    """An operation commit message: subject, blank line, optional body, blank line, trailers.

    The trailers form the last paragraph, one ``Key: value`` per line in the given order
    (repeat a key for a list), so git and `parse_trailers` find exactly them: sanitised values
    cannot add lines, and body text can never be the last paragraph. At least one trailer is
    required for that guarantee; an empty subject or list is a programming error.
    """
    subject = sanitize_summary(summary)
    if not subject:
        raise ValueError("commit summary is empty after sanitising")
    if not trailers:
        raise ValueError("an operation message needs at least one trailer")
    block = "\n".join(_trailer_line(key, value) for key, value in trailers)
    lines = _body_lines(body)
    middle = "\n".join(lines) + "\n\n" if lines else ""
    return f"{subject}\n\n{middle}{block}\n"

"""Unified diffs of plans, in the text form `git apply` and unidiff read."""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from gitmem.model import FileChange


def _lines(data: bytes | None) -> list[str]:
    if data is None:
        return []
    return data.decode("utf-8", errors="replace").splitlines(keepends=True)


def unified_diff(changes: Sequence[FileChange]) -> str:
    out: list[str] = []
    for change in changes:
        old = "/dev/null" if change.before is None else f"a/{change.path}"
        new = "/dev/null" if change.after is None else f"b/{change.path}"
        out.append(f"diff --git a/{change.path} b/{change.path}\n")
        for line in difflib.unified_diff(
            _lines(change.before), _lines(change.after), fromfile=old, tofile=new, n=3
        ):
            out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)

"""Unified diffs of plans, in the text form `git apply` and unidiff read.

A plan's diff is what a person reviews before `gitmem apply`, so it must say exactly what the
commit will do. `plan_diff` writes it and then reads it back with unidiff, applying every hunk to
the blob the plan was made from: the result must be the planned blob, byte for byte, or no plan
is stored (a diff that does not say what the plan does is a bug in gitmem, exit 70).

Lines are split at `\\n` only, as git splits them (`str.splitlines` would also split at `\\r`,
form feeds and U+2028, and write a "No newline" marker in the middle of a file), and bytes that
are not UTF-8 travel as surrogate escapes, so the diff's text encodes back to the file's bytes.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from unidiff import PatchedFile, PatchSet
from unidiff.errors import UnidiffParseError

from gitmem.errors import GitmemError
from gitmem.model import FileChange

NO_NEWLINE = "\\ No newline at end of file\n"
FILE_MODE = "100644"  # memories are regular files


class PlanDiffError(GitmemError):
    """gitmem wrote a diff that does not say what its plan does: a bug (exit 70)."""


def _text(data: bytes | None) -> str:
    return "" if data is None else data.decode("utf-8", "surrogateescape")


def split_lines(text: str) -> list[str]:
    """Lines as git counts them: ended by `\\n` only, each keeping its ending."""
    parts = text.split("\n")
    return [part + "\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def unified_diff(changes: Sequence[FileChange]) -> str:
    out: list[str] = []
    for change in changes:
        old = "/dev/null" if change.before is None else f"a/{change.path}"
        new = "/dev/null" if change.after is None else f"b/{change.path}"
        out.append(f"diff --git a/{change.path} b/{change.path}\n")
        if change.before is None or change.after is None:  # as git says it, for unidiff too
            out.append(f"{'new' if change.before is None else 'deleted'} file mode {FILE_MODE}\n")
        for line in difflib.unified_diff(
            split_lines(_text(change.before)), split_lines(_text(change.after)),
            fromfile=old, tofile=new, n=3,
        ):
            out.append(line if line.endswith("\n") else line + "\n" + NO_NEWLINE)
    return "".join(out)


def plan_diff(changes: Sequence[FileChange]) -> str:
    """`unified_diff(changes)`, read back and checked to apply (see the module doc)."""
    diff = unified_diff(changes)
    check_diff_applies(diff, changes)
    return diff


def check_diff_applies(diff: str, changes: Sequence[FileChange]) -> None:
    """Raise PlanDiffError unless unidiff reads `diff` as one patch per change whose hunks,
    applied to the change's `before`, give its `after`."""
    try:
        patches = PatchSet(diff)
    except UnidiffParseError as error:
        raise _bug(f"unidiff cannot read it ({error})") from None
    if len(patches) != len(changes):
        raise _bug(f"it has {len(patches)} file(s) for the plan's {len(changes)}")
    for patch, change in zip(patches, changes):
        names = {patch.source_file.removeprefix("a/"), patch.target_file.removeprefix("b/")}
        if change.path not in names:
            raise _bug(f"it names {sorted(names)} where the plan changes {change.path}")
        result = _apply(patch, split_lines(_text(change.before)), change.path)
        if "".join(result) != _text(change.after):
            raise _bug(f"applied to {change.path} it does not give the planned text")


def _apply(patch: PatchedFile, source: list[str], path: str) -> list[str]:
    """`source` with each hunk applied in order; every context and removed line must match."""
    out: list[str] = []
    at = 0  # index into source of the next line not yet copied
    for hunk in patch:
        start = max(hunk.source_start - 1, 0) if hunk.source_length else hunk.source_start
        if start < at or start > len(source):
            raise _bug(f"a hunk of {path} starts at line {hunk.source_start}, out of order")
        out += source[at:start]
        at = start
        lines = list(hunk)
        for index, line in enumerate(lines):
            if line.line_type == "\\":
                continue
            value = line.value
            if index + 1 < len(lines) and lines[index + 1].line_type == "\\":
                value = value.removesuffix("\n")
            if line.line_type in (" ", "-"):
                if at >= len(source) or source[at] != value:
                    raise _bug(f"a hunk of {path} does not match line {at + 1} of the memory")
                at += 1
            if line.line_type in (" ", "+"):
                out.append(value)
    return out + source[at:]


def _bug(what: str) -> PlanDiffError:
    return PlanDiffError(
        f"the plan's diff does not apply: {what}; this is a bug in gitmem, please report it "
        "(no plan was stored, nothing changed)"
    )

"""Turn one memory file's bytes into a `Memory`: frontmatter mapping, body, claims, problems.

Memory files come from agents, pulls and pull requests, so this never raises: whatever is wrong
with a file becomes a `Problem` with the 1-based file line a person should look at, and the rest
of the file is still read as well as it can be. Line numbers always count from the first line of
the file (frontmatter included, BOM not a line) so every consumer can point into the file.
"""

from __future__ import annotations

from typing import Any

from gitmem.memory.claims import segment_claims
from gitmem.memory.frontmatter_yaml import load_frontmatter_yaml
from gitmem.memory.layout import BOM, locate_frontmatter, top_level_entries
from gitmem.memory.problems import FileNotice, FrontmatterProblem
from gitmem.model import Memory, Problem

MAX_TEXT_BYTES = 2 * 1024 * 1024


def parse_memory(path: str, raw: bytes, blob_id: str | None = None) -> Memory:
    """Parse a memory file. Never raises: problems are reported on the returned `Memory`."""
    try:
        return _parse(path, raw, blob_id)
    except Exception as error:  # noqa: BLE001 - the contract is "never raises"; say so loudly
        notice = FileNotice(f"internal error while parsing ({type(error).__name__}: {error})", 1)
        return Memory(path, raw, {}, "", 1, problems=(notice,), blob_id=blob_id)


def iter_field_lines(raw_text: str) -> dict[str, int]:
    """Map each top-level frontmatter key to its 1-based file line (for GM102 locations)."""
    lines = _strip_bom(raw_text).split("\n")
    bounds = locate_frontmatter(lines)
    if bounds is None or bounds.close is None:
        return {}
    return {entry.key: entry.start + 2 for entry in top_level_entries(lines[1 : bounds.close])}


def _parse(path: str, raw: bytes, blob_id: str | None) -> Memory:
    nul = raw.find(b"\x00")
    if nul != -1:
        line = raw.count(b"\n", 0, nul) + 1
        notice = FileNotice("binary file (contains NUL bytes); not read as a memory", line)
        return Memory(path, raw, {}, "", 1, problems=(notice,), blob_id=blob_id)

    problems: list[Problem] = []
    data = _cap(raw)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        text = data.decode("utf-8", "replace")
        line = data.count(b"\n", 0, error.start) + 1
        problems.append(
            FileNotice(
                f"not valid UTF-8 (first bad byte on line {line}); "
                "read with replacement characters",
                line,
            )
        )
    if len(data) < len(raw):
        line = data.count(b"\n") + 1
        read = f"only lines 1-{line - 1}" if line > 1 else f"only the first {len(data)} bytes"
        problems.append(
            FileNotice(
                f"file is larger than {MAX_TEXT_BYTES // (1024 * 1024)} MiB; truncated: "
                f"{read} were read",
                line,
            )
        )

    lines = _strip_bom(text).split("\n")
    meta: dict[Any, Any] = {}
    body_start = 0
    has_frontmatter = False
    bounds = locate_frontmatter(lines)
    if bounds is not None and bounds.close is None:
        problems.append(
            FrontmatterProblem(
                "frontmatter opened on line 1 is never closed (no closing `---` line); "
                "the whole file is read as body",
                1,
            )
        )
    elif bounds is not None and bounds.close is not None:
        close = bounds.close
        has_frontmatter = True
        body_start = close + 1
        meta = _read_mapping(lines[1:close], close, problems)

    body = "\n".join(lines[body_start:])
    body_line = body_start + 1
    claims = segment_claims(path, body, body_line)
    return Memory(
        path=path,
        raw=raw,
        meta=meta,
        body=body,
        body_line=body_line,
        claims=claims,
        problems=tuple(sorted(problems, key=lambda problem: problem.line)),
        has_frontmatter=has_frontmatter,
        blob_id=blob_id,
    )


def _read_mapping(
    frontmatter_lines: list[str], close: int, problems: list[Problem]
) -> dict[Any, Any]:
    text = "\n".join(line.removesuffix("\r") for line in frontmatter_lines)
    value, failure = load_frontmatter_yaml(text)
    if failure is not None:
        line = min(failure.line + 2, close + 1)  # frontmatter line 0 is file line 2
        problems.append(FrontmatterProblem(f"{failure.message} (line {line})", line))
        return {}
    if value is None:
        return {}
    if not isinstance(value, dict):
        kind = "list" if isinstance(value, list) else f"scalar {type(value).__name__}"
        problems.append(
            FrontmatterProblem(
                f"frontmatter is not a mapping (it is a {kind}); its fields are ignored",
                2 if close > 1 else 1,
            )
        )
        return {}
    return value


def _cap(raw: bytes) -> bytes:
    """Cut a huge file at a line boundary (or a UTF-8 character boundary) below the cap."""
    if len(raw) <= MAX_TEXT_BYTES:
        return raw
    cut = raw.rfind(b"\n", 0, MAX_TEXT_BYTES) + 1
    if cut <= 0:
        cut = MAX_TEXT_BYTES
        while cut > 0 and raw[cut] & 0xC0 == 0x80:
            cut -= 1
    return raw[:cut]


def _strip_bom(text: str) -> str:
    return text[1:] if text.startswith(BOM) else text

"""What a supersede or merge must change so the agent's own runtime sees it, per layout.

`superseded_by` and `valid_until` are gitmem's record; an agent never reads them. So the same
op commit also changes what the agent does read (docs/layouts.md):

- a Cursor rule (`.mdc`) stops applying by Cursor's own fields: `alwaysApply: false`, its
  `globs` removed, and a `description` that says it is superseded and by what;
- a file the agent loads whole every session (`CLAUDE.md`, `AGENTS.md`, `GEMINI.md`,
  `memory-bank/*.md`, `.clinerules`, Copilot instructions, OpenClaw's root `SOUL.md`, a rule of
  `.windsurf/rules/`, `.agents/rules/`, `.roo/rules/`, `.claude/rules/`, `.kiro/steering/`) gets
  a banner as its first body line;
- a memory linked from a `MEMORY.md` index (Claude Code) is unlinked there: its entry moves,
  without its link, under a `## Superseded` section at the end, and the winner is linked in its
  place when the index did not link it yet.

Pure: bytes in, bytes out. Undo is still one revert of the op commit.
"""

from __future__ import annotations

import datetime as dt
import posixpath
import re
from collections.abc import Callable, Mapping
from urllib.parse import unquote

from gitmem.memory.field_document import read_document
from gitmem.memory.fields import editing, remove_field, set_field
from gitmem.model import Memory

INDEX_NAME = "MEMORY.md"
SUPERSEDED_HEADING = "## Superseded"
# Files an agent reads whole at the start of every session: a "memory" there is a section or
# a bullet, so whatever voids it must be written inside the file.
WHOLE_FILE_NAMES = frozenset({
    "CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "AGENT.md", "GEMINI.md", ".clinerules",
    ".windsurfrules", ".cursorrules", ".roorules", "copilot-instructions.md",
})
WHOLE_FILE_FOLDERS = frozenset({"memory-bank", ".clinerules"})
# OpenClaw's bootstrap files, loaded whole into every session from its workspace's root only
# (gitmem/memory/layouts.py), by the names no other project gives its files: a root `USER.md`
# or `TOOLS.md` may be any project's document (layout discovery asks for a root `SOUL.md`
# before it reads them), and an op sees one memory, not the tree, so they keep frontmatter only.
ROOT_WHOLE_FILE_NAMES = frozenset({"SOUL.md", "IDENTITY.md", "HEARTBEAT.md", "BOOTSTRAP.md"})
# Rule folders whose files an agent loads whole when a rule applies (Windsurf, Antigravity, Roo
# Code, Claude Code rules, Kiro steering): whatever a rule's own trigger field says, the banner is
# what the agent reads once it is loaded.
# Roo Code's mode rules (`.roo/rules-code/`, `.roorules-code`) are loaded whole in their mode.
_RULE_FOLDERS = re.compile(r"(?:^|/)\.(?:windsurf|agents?|claude)/rules/|(?:^|/)\.roo/rules(?:-[^/]+)?/"
                           r"|(?:^|/)\.kiro/steering/|(?:^|/)\.roorules-[^/]+$")
BANNER_START = "> **Superseded**"

_LINK = re.compile(r"\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def agent_layout(path: str) -> str:
    """'cursor-rule', 'whole-file' (read whole every session) or 'memory-file' (a file of a
    memory folder, read when an index or a search leads the agent to it)."""
    parts = path.split("/")
    if parts[-1].endswith(".mdc"):
        return "cursor-rule"
    if parts[-1] in WHOLE_FILE_NAMES or WHOLE_FILE_FOLDERS.intersection(parts[:-1]):
        return "whole-file"
    if len(parts) == 1 and parts[0] in ROOT_WHOLE_FILE_NAMES:
        return "whole-file"
    if _RULE_FOLDERS.search(path):
        return "whole-file"
    if parts[-1].endswith(".instructions.md") and ".github" in parts[:-1]:
        return "whole-file"
    return "memory-file"


def _one_line(text: str) -> str:
    return " ".join(text.split())


def retire_memory(memory: Memory, winner: str, today: dt.date, reason: str = "") -> bytes:
    """`memory` superseded by `winner`: gitmem's two fields, plus what its layout's agent reads."""
    with editing(memory.path):
        return _retired(memory, winner, today, reason)


def _retired(memory: Memory, winner: str, today: dt.date, reason: str) -> bytes:
    after = set_field(memory.raw, "superseded_by", winner)
    after = set_field(after, "valid_until", today)
    layout = agent_layout(memory.path)
    why = f" ({_one_line(reason)})" if reason.strip() else ""
    if layout == "cursor-rule":
        after = set_field(after, "alwaysApply", False)
        after = remove_field(after, "globs")
        old = memory.meta.get("description")
        was = f" Was: {_one_line(old)}" if isinstance(old, str) and old.strip() else ""
        after = set_field(after, "description", (
            f"SUPERSEDED on {today.isoformat()} by {winner}{why}: do not apply this rule; "
            f"follow {winner} instead.{was}"))
    elif layout == "whole-file":
        after = _with_banner(after, (
            f"{BANNER_START} on {today.isoformat()} by `{winner}`{why}: nothing in this file "
            f"applies any more; follow `{winner}` instead."))
    return after


def _with_banner(raw: bytes, banner: str) -> bytes:
    """`banner` as the first line of the body, right after the frontmatter, then a blank line."""
    document = read_document(raw)
    newline = document.newline
    lines = list(document.lines)
    at = 0 if document.close is None else document.close + 1
    lines[at:at] = [banner + newline, newline]
    return (document.bom + "".join(lines)).encode("utf-8", "surrogateescape")


# ----- MEMORY.md -------------------------------------------------------------------------------

def index_candidates(path: str) -> list[str]:
    """The `MEMORY.md` files that may list `path`: in its folder and each folder above it."""
    folder = posixpath.dirname(path)
    out = []
    while True:
        out.append(posixpath.join(folder, INDEX_NAME) if folder else INDEX_NAME)
        if not folder:
            return [p for p in out if p != path]
        folder = posixpath.dirname(folder)


def read_indexes(paths: list[str], read: Callable[[str], bytes | None]) -> dict[str, bytes]:
    """Every index that may list one of `paths`, read through `read` (None: not there)."""
    found: dict[str, bytes] = {}
    for path in paths:
        for candidate in index_candidates(path):
            if candidate not in found:
                data = read(candidate)
                if data is not None:
                    found[candidate] = data
    return found


def _target(index_path: str, href: str) -> str | None:
    href = unquote(href.split("#", 1)[0])
    if not href or "://" in href or href.startswith(("/", "mailto:")):
        return None
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(index_path), href))
    return None if joined.startswith("../") or joined == ".." else joined


def links_to(index_path: str, line: str, target: str) -> bool:
    return any(_target(index_path, href) == target for _, href in _LINK.findall(line))


def unlist(index_path: str, raw: bytes, loser: str, winner: Memory, today: dt.date) -> bytes:
    """`raw` with each entry that links `loser` moved, unlinked, under `## Superseded` (the
    winner linked in the first one's place when nothing in the index links it); `raw` itself
    when no entry links `loser`."""
    text = raw.decode("utf-8", "surrogateescape")
    newline = "\r\n" if "\r\n" in text.split("\n", 1)[0] + "\n" else "\n"
    lines = text.splitlines(keepends=True)
    heading_at = next((n for n, line in enumerate(lines)
                       if line.strip().casefold() == SUPERSEDED_HEADING.casefold()), len(lines))
    hits = [n for n, line in enumerate(lines[:heading_at]) if links_to(index_path, line, loser)]
    if not hits:
        return raw
    winner_listed = any(links_to(index_path, line, winner.path) for line in lines[:heading_at])
    href = posixpath.relpath(winner.path, posixpath.dirname(index_path) or ".")
    moved = []
    for n in hits:
        entry = lines[n].rstrip("\r\n")
        indent = entry[: len(entry) - len(entry.lstrip())]
        body = _LINK.sub(lambda m: f"{m.group(1)} (`{m.group(2)}`)", entry.strip())
        body = re.sub(r"^(?:[-*+]|\d+[.)])\s+", "", body)
        moved.append(f"- ~~{body}~~ superseded {today.isoformat()} by `{href}`; do not load"
                     f"{newline}")
        lines[n] = ""
        if not winner_listed:
            description = winner.meta.get("description")
            tail = f" — {_one_line(description)}" if isinstance(description, str) else ""
            lines[n] = f"{indent}- [{_one_line(winner.name)}]({href}){tail}{newline}"
            winner_listed = True
    if heading_at == len(lines):
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += newline
        lines += [newline, SUPERSEDED_HEADING + newline, newline]
        lines += moved
    else:
        end = next((n for n in range(heading_at + 1, len(lines))
                    if lines[n].startswith("#")), len(lines))
        while end > heading_at + 1 and not lines[end - 1].strip():
            end -= 1
        if end == len(lines) and lines and not lines[-1].endswith("\n"):
            lines[-1] += newline
        lines[end:end] = moved
    return "".join(lines).encode("utf-8", "surrogateescape")


def unlist_all(indexes: Mapping[str, bytes], losers: list[str], winner: Memory,
               today: dt.date) -> dict[str, tuple[bytes, bytes]]:
    """index path -> (before, after) for every index the losers' entries leave."""
    out = {}
    for path, raw in indexes.items():
        after = raw
        for loser in losers:
            after = unlist(path, after, loser, winner, today)
        if after != raw:
            out[path] = (raw, after)
    return out

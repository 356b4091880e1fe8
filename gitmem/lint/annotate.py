"""`gitmem lint --annotate`: queue findings in the review file's `## Pending review` section.

Pure: `pending_review_update` computes the new file content from the old one, and
`annotate_plan` wraps it as a `Plan` for the op writer (one `Gitmem-Op: annotate` commit). A
finding is one line, `- [GM211] memory/a.md:4 ~ memory/b.md:7: message`; a line already queued
(same code, same files, same message, wherever the lines have moved since) is not added again,
and at most `limit` new lines are added per run, errors first. Everything else in the file stays
byte for byte, including its line endings.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import PurePosixPath

from gitmem.lint.formats.locations import unnamed_related
from gitmem.lint.formats.printable import printable
from gitmem.lint.scan import PENDING_REVIEW
from gitmem.model import FileChange, Finding, Plan, severity_rank

HEADING = f"## {PENDING_REVIEW}"
ANNOTATED_SEVERITIES = ("warning", "error")
MARKDOWN_SUFFIXES = (".md", ".mdc", ".markdown")
_ITEM = re.compile(r"^- \[(?P<code>[A-Z]+\d+)\] (?P<where>.+?): (?P<message>.*)$")
_LINE_NUMBER = re.compile(r":\d+$")
_NAMED_PLACE = re.compile(r"(?<![\w./-])([\w./-]+\.\w+):\d+(?!\d)")  # memory/b.md:7 in a message
_SECTION = re.compile(rf"^ {{0,3}}##[ \t]+{re.escape(PENDING_REVIEW)}[ \t#]*$", re.IGNORECASE)
_END_OF_SECTION = re.compile(r"^ {0,3}#{1,2}[ \t]")


def review_file_problem(review_file: str, is_memory: Callable[[str], bool]) -> str | None:
    """Why `lint.review_file` may not receive the review queue, or None when it may.

    The queue goes only into a memory file: never gitmem's own `.gitmem.toml` (a committed
    setting could otherwise make annotate corrupt it), a project file, or a path outside the
    working tree or inside `.git`."""
    parts = PurePosixPath(review_file).parts
    if review_file.startswith("/") or ".." in parts or any(p.lower() == ".git" for p in parts):
        return "it is not a path inside the working tree"
    if not is_memory(review_file):
        return "it is not a memory file (memory.include does not match it, or memory.exclude does)"
    if not review_file.lower().endswith(MARKDOWN_SUFFIXES):  # with include = ["**"]: a script
        return f"it is not a Markdown file ({', '.join(MARKDOWN_SUFFIXES)})"
    return None


def review_line(finding: Finding) -> str:
    """`- [CODE] where: message`, each location once: `where` is the finding's own place and the
    related ones its message does not name (a repeated claim's message names every copy)."""
    where = " ~ ".join(f"{printable(loc_path)}:{line}" for loc_path, line in
                       [(finding.path, finding.line),
                        *((r.path, r.line) for r in unnamed_related(finding))])
    message = printable(" ".join(finding.message.split()))
    return f"- [{finding.code}] {where}: {message}"


def review_key(line: str) -> tuple[str, tuple[str, ...], str] | None:
    """(code, files, message) of a queued line: line numbers drift, the finding does not. The
    files are those of `where` and those the message names (`path:line`), so a line queued when
    `where` listed every place and one that leaves the message's places to the message agree."""
    match = _ITEM.match(line.strip())
    if match is None:
        return None
    sides = [_LINE_NUMBER.sub("", side.strip()) for side in match["where"].split(" ~ ")]
    message = match["message"].strip()
    named = [found.group(1) for found in _NAMED_PLACE.finditer(message)]
    return match["code"], tuple(sorted({*sides, *named})), _NAMED_PLACE.sub(r"\1", message)


def worth_queueing(findings: Sequence[Finding]) -> list[Finding]:
    """Warnings and errors, most severe first (info findings need no decision)."""
    chosen = [f for f in findings if f.severity in ANNOTATED_SEVERITIES]
    return sorted(chosen, key=lambda f: (-severity_rank(f.severity), f.sort_key))


def pending_review_update(
    existing: bytes | None, findings: Sequence[Finding], limit: int
) -> tuple[bytes, list[str]]:
    """(new file content, the lines added). Nothing added: the content is returned unchanged."""
    text = (existing or b"").decode("utf-8", "replace")
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.split("\n")
    known = {key for key in (review_key(line.rstrip("\r")) for line in lines) if key}
    added: list[str] = []
    for finding in worth_queueing(findings):
        if len(added) >= limit:
            break
        line = review_line(finding)
        key = review_key(line)
        if key is not None and key not in known:
            known.add(key)
            added.append(line)
    if not added:
        return existing or b"", []
    return _insert(lines, added, newline).encode("utf-8"), added


def _insert(lines: list[str], added: list[str], newline: str) -> str:
    start = next((i for i, line in enumerate(lines) if _SECTION.match(line.rstrip("\r"))), None)
    if start is None:
        text = "\n".join(lines)
        if text and not text.endswith("\n"):
            text += newline
        if text and not text.endswith(newline * 2):
            text += newline
        return text + newline.join([HEADING, "", *added]) + newline
    end = next((i for i in range(start + 1, len(lines)) if _END_OF_SECTION.match(lines[i])),
               len(lines))
    insert_at = end
    while insert_at > start + 1 and not lines[insert_at - 1].strip():
        insert_at -= 1
    if insert_at == start + 1:
        added = ["", *added]
    suffix = "\r" if newline == "\r\n" else ""
    new_lines = lines[:insert_at] + [line + suffix for line in added] + lines[insert_at:]
    if end < len(lines) and insert_at == end:
        new_lines.insert(insert_at + len(added), suffix)
    return "\n".join(new_lines)


def annotate_plan(
    review_file: str, existing: bytes | None, findings: Sequence[Finding], limit: int
) -> Plan | None:
    """The annotate op for these findings; None when every one is already queued."""
    after, added = pending_review_update(existing, findings, limit)
    if not added:
        return None
    noun = "finding" if len(added) == 1 else "findings"
    return Plan(
        op="annotate",
        changes=(FileChange(review_file, existing, after),),
        summary=f"gitmem: queue {len(added)} lint {noun} for review in {review_file}",
        trailers=(("Gitmem-Op", "annotate"), ("Gitmem-Path", review_file),
                  ("Gitmem-Schema", "1")),
        reason="lint --annotate",
    )

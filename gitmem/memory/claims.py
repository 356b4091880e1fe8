"""Split a memory body into claims: bullets, numbered items and sentences of prose.

Consistency checks compare claims and findings point at their lines, so each claim carries the
file line where it starts. This is one pass over lines with a little state (fence, comment,
table, indented code, open list items), not a full CommonMark parser: it only has to know which
lines are statements and which are structure (headings, code, tables, comments, rules).

It runs on every memory of a repository, so the two common lines, plain prose and a bullet, are
handled inline without a regex; everything rarer goes through `_Scanner.structure`.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from gitmem.memory.sentences import split_sentences
from gitmem.memory.statements import is_label, is_list_label, is_record
from gitmem.model import Claim

__all__ = ["is_label", "is_list_label", "is_record", "segment_claims"]

_STRUCTURE_STARTS = frozenset("#-*+_=`~|:<[0123456789")
_HAS_WORD = re.compile(r"[^\W_]")
_SENTENCE_END_INSIDE = re.compile(r"[.!?][\"'”’)\]*_]*\s")
_NUMBERED = re.compile(r"(\d{1,9})[.)](?:[ ]+|$)")
_TASK_BOX = re.compile(r"\[[ xX]\](?:[ ]+|$)")
_FENCE = re.compile(r"(`{3,})[^`]*$|(~{3,})")
_ATX = re.compile(r"(#{1,6})(?:[ ]+|$)")
_LINK_DEFINITION = re.compile(r"\[[^\]]{1,999}\]:(?:[ ]|$)")
_HTML_TAGS_ONLY = re.compile(r"(?:<[^<>]*>[ ]*)+")
_QUOTE = re.compile(r"(?:[ ]*>[ ]?)+")
_TABLE_SEPARATOR_CHARS = frozenset("|-: ")


def _without_closing_run(text: str) -> str:
    """A heading's text without its closing `#` run (` ##`, or the whole text) and the spaces
    around it. By hand: the regex `(?:^|[ ]+)#+[ ]*$` retried the run of spaces from each of
    its positions (quadratic: a heading padded with thousands of spaces stalled lint)."""
    kept = text.rstrip(" ")
    body = kept.rstrip("#")
    if body == kept or (body and not body.endswith(" ")):
        return text
    return body.rstrip(" ")


class _Scanner:
    """Line-by-line state. `kind`, `lines` and `parts` hold the statement being accumulated."""

    __slots__ = (
        "claims",
        "code_base",
        "fence",
        "in_comment",
        "in_table",
        "kind",
        "label",
        "lines",
        "list_indents",
        "list_texts",
        "parent",
        "parts",
        "path",
        "section",
    )

    def __init__(self, path: str) -> None:
        self.path = path
        self.claims: list[Claim] = []
        self.section = ""
        self.kind = ""  # "" (nothing open) | "paragraph" | "bullet" | "item" | "task" | "done"
        self.lines: list[int] = []
        self.parts: list[str] = []
        self.list_indents: list[int] = []  # content columns of the open list items
        self.list_texts: list[str] = []  # ... and their first lines
        self.label = ""  # a bold label line the list below it belongs to ("**Pro plan**:")
        self.parent = ""  # what the open statement stands under (Claim.parent)
        self.fence = ""  # the opening fence run while inside a fenced code block
        self.in_comment = False
        self.in_table = False
        self.code_base = -1  # indentation base while inside an indented code block

    def flush(self) -> None:
        """Emit the open statement as claims (one for an item, one per sentence of prose)."""
        kind = self.kind
        if not kind:
            return
        self.kind = ""
        parts = self.parts
        text = parts[0] if len(parts) == 1 else " ".join(parts)
        if kind == "paragraph":
            # a label line the list below belongs to: "**Pro plan**:", or a lead-in "Avoid:"
            self.label = text if (text[:1] in "*_" or text[-1:] in ":：") and is_label(text) \
                else ""
            if _SENTENCE_END_INSIDE.search(text) and not is_label(text):
                # (a bold sub-title "**3. Live Data Refresh**" is one label, not two sentences)
                self._add_sentences(text)
                return
            kind = "sentence"  # one sentence: skip the splitter
        text = " ".join(text.split())  # add() inlined: this runs once per claim
        if kind != "sentence" and is_list_label(text):
            return
        if (text[:1].isalnum() or _HAS_WORD.search(text)) and not is_label(text):
            self.claims.append(Claim(self.path, self.lines[0], text, kind, self.section,
                                     self.parent if kind != "sentence" else ""))

    def _add_sentences(self, text: str) -> None:
        starts, offset = [], 0
        for part in self.parts:
            starts.append(offset)
            offset += len(part) + 1
        for start, sentence in split_sentences(text):
            self.add(self.lines[bisect_right(starts, start) - 1], sentence, "sentence")

    def add(self, line: int, text: str, kind: str) -> None:
        text = " ".join(text.split())
        if (text[:1].isalnum() or _HAS_WORD.search(text)) and not is_label(text):
            self.claims.append(Claim(self.path, line, text, kind, self.section))

    def open(self, kind: str, number: int, text: str) -> None:
        if self.kind:
            self.flush()
        self.kind = kind
        self.lines = [number]
        self.parts = [text]

    def list_item(self, kind: str, number: int, indent: int, width: int, text: str) -> None:
        """Open a bullet or numbered item; `width` is the marker's width including its space."""
        if text[:1] == "[":
            task = _TASK_BOX.match(text)
            if task:
                # an open checklist box: a step to take, not a statement; a ticked one: a
                # step taken, a record
                kind = "task" if text[1] == " " else "done"
                text = text[task.end() :]
        if self.kind:
            self.flush()  # (a bold label line above the list becomes `label` here)
        indents, texts = self.list_indents, self.list_texts
        while indents and indents[-1] > indent:
            indents.pop()
        del texts[len(indents):]  # (headings and rules clear `list_indents` only)
        parent = texts[-1] if texts else self.label
        indents.append(indent + width)
        texts.append(" ".join(text.split()))
        self.parent = parent
        self.kind = kind
        self.lines = [number]
        self.parts = [text]

    def heading(self, text: str) -> None:
        self.flush()
        self.list_indents.clear()
        self.label = ""
        self.section = " ".join(text.split())

    def structure(self, number: int, text: str, indent: int) -> bool:
        """Handle a line that starts like Markdown structure; False if it is plain text."""
        first = text[0]
        if first in "`~":
            fence = _FENCE.match(text)
            if fence:
                self.flush()
                self.fence = fence.group(1) or fence.group(2)
                return True
        elif first == "#":
            atx = _ATX.match(text)
            if atx:
                self.heading(_without_closing_run(text[atx.end() :]))
                return True
        elif first.isdigit():
            item = _NUMBERED.match(text)
            if item:
                width = len(item.group(1)) + 2
                self.list_item("item", number, indent, width, text[item.end() :])
                return True
        if first in "=-" and self.kind == "paragraph" and not text.strip(first):
            heading = " ".join(self.parts)  # setext underline: the paragraph was a heading
            self.kind = ""
            self.heading(heading)
            return True
        if first in "-*_" and text.count(first) >= 3 and not text.strip(first + " "):
            self.flush()  # horizontal rule
            self.list_indents.clear()
            return True
        if "|" in text and (first == "|" or _TABLE_SEPARATOR_CHARS.issuperset(text)):
            return self._table(text)
        if (first == "[" and _LINK_DEFINITION.match(text)) or (
            first == "<" and _HTML_TAGS_ONLY.fullmatch(text)
        ):
            self.flush()
            return True
        return False

    def _table(self, text: str) -> bool:
        if text[0] != "|":
            if "-" not in text:
                return False
            if self.kind == "paragraph" and "|" in self.parts[-1]:
                self.parts.pop()  # the header row of a table written without leading pipes
                self.lines.pop()
                if not self.parts:
                    self.kind = ""  # flush() below then has nothing to emit
        self.flush()
        self.in_table = True
        return True

    def strip_comments(self, text: str) -> str:
        """Remove HTML comments from a line, tracking comments that span lines."""
        kept: list[str] = []
        position = 0
        while position < len(text):
            if self.in_comment:
                end = text.find("-->", position)
                if end == -1:
                    break
                self.in_comment = False
                position = end + 3
                continue
            start = text.find("<!--", position)
            if start == -1:
                kept.append(text[position:])
                break
            kept.append(text[position:start])
            self.in_comment = True
            position = start + 4
        return " ".join("".join(kept).split())


def segment_claims(path: str, body: str, body_line: int) -> tuple[Claim, ...]:
    """Claims of a Markdown body whose first line is file line `body_line`."""
    scan = _Scanner(path)
    after_blank = True
    for number, line in enumerate(body.split("\n"), start=body_line):
        if "\t" in line:
            line = line.expandtabs(4)
        text = line.strip()
        if text[:1] == ">":
            # strip() also drops \r, \v, \f, NBSP and other Unicode spaces that _QUOTE's
            # `[ ]*` does not match, so the marker is matched on the left-stripped line
            line = line.lstrip()
            line = line[_QUOTE.match(line).end() :]  # type: ignore[union-attr]
            text = line.strip()
        if scan.fence:
            if text.startswith(scan.fence[0]):
                run = len(text) - len(text.lstrip(scan.fence[0]))
                if run >= len(scan.fence) and not text[run:].strip():
                    scan.fence = ""
            continue
        if scan.in_comment or "<!--" in text:
            if text.startswith("<!--"):
                scan.flush()
            line = text = scan.strip_comments(text)
        if not text:
            scan.flush()
            scan.in_table = False
            after_blank = True
            continue
        indent = len(line) - len(line.lstrip()) if line[:1] == " " else 0
        if scan.code_base >= 0:
            if indent >= scan.code_base + 4:
                continue
            scan.code_base = -1
        if scan.in_table:
            if "|" in text:
                continue
            scan.in_table = False
        if after_blank:
            after_blank = False
            while scan.list_indents and scan.list_indents[-1] > indent:
                scan.list_indents.pop()
        if not scan.kind and indent >= 4:  # indented code cannot interrupt a paragraph
            base = scan.list_indents[-1] if scan.list_indents else 0
            if indent >= base + 4:
                scan.code_base = base
                continue
        first = text[0]
        if first in "-*+" and _starts_bullet(text, scan.kind):
            scan.list_item("bullet", number, indent, 2, text[2:].lstrip())
            continue
        if first in _STRUCTURE_STARTS and scan.structure(number, text, indent):
            continue
        if scan.kind:
            scan.lines.append(number)
            scan.parts.append(text)
        else:
            scan.open("paragraph", number, text)
    scan.flush()
    return tuple(scan.claims)


def _starts_bullet(text: str, open_kind: str) -> bool:
    """`- x`, `* x`, `+ x` or a bare marker; not a rule (`- - -`) nor a setext `-` under prose."""
    if text[1:2] not in (" ", ""):
        return False
    first = text[0]
    if text.count(first) >= 3 and not text.strip(first + " "):
        return False
    return not (text == "-" and open_kind == "paragraph")

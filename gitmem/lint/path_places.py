"""Where in a memory a cited path stands, read from the lines around it: the headings it sits
under and the column of a table it sits in. The path rules (GM311/GM313) ask three things:

- `in_record_section`: under a dated heading (`### 2025-09-21`, a day's entry, or a section
  heading above it: `## Changes (2026-03-22)` over `### Widget polish`; a file's title does not
  date its sections), a heading whose
  section opens with a date field (`## D12: cache in Redis` / `**Date:** 2025-09-21 ...`, an
  entry of a decision log) or a change log's (`## Changelog`, `## 变更记录`): a record of what
  was decided or done then, right when written;
- `in_convention_section`: right under a heading that says the section lists conventions
  (`## Conventions`), or in a part of a section that does (`## Axum conventions` /
  `### Project structure`): where things go, not files said to be there;
- `in_old_name_column`: in the old-name column of a table of renames (`| Old name | New name |`,
  `| 旧名 | 新名 |`, `| Before | After |`): the name a file had, history, not a pointer.
"""

from __future__ import annotations

import re

from gitmem.lint.scan import LIST_MARKER, blank, code_spans

# a heading's opening `#` run; its text is taken by hand (`_heading`)
_HEADING_MARK = re.compile(r" {0,3}(#{1,6})\s+")
_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
_DATE = re.compile(r"(?:19|20)\d{2}[-/._]\d{1,2}[-/._]\d{1,2}"
                   r"|(?:19|20)\d{2}年\d{1,2}月\d{1,2}日")
# a version alone (`## v1.2.0`, `## [1.2.0]`, `## Version 1.2`), or one that starts with `v`:
# not `## 2.1 Storage`, a numbered section
_VERSION = re.compile(r"[\W_]*(?:version\s+|v)?\[?\d+(?:\.\d+){1,3}\]?[\W_]*|"
                      r"[\W_]*\[?v\d+(?:\.\d+){1,3}\b.*", re.IGNORECASE)
# a change log's heading, in the languages memories are written in; "changes", "history" and
# "updates" only as the whole heading ("## Making changes" is a how-to, not a log)
_CHANGE_LOG = re.compile(
    r"\bchange ?logs?\b|\brelease notes\b|\b(?:revision|version|change) history\b|"
    r"^[\W\d_]*(?:(?:recent|latest) )?(?:changes|history|updates|journal|devlog|worklog)\W*$|"
    r"变更记录|变更日志|更新日志|更新记录|修改记录|版本历史|変更履歴|更新履歴|"
    r"변경\s?(?:이력|기록|로그)",
    re.IGNORECASE)
# a date field opening a section: "**Date:** 2025-09-21", "Datum: 2025-09-21", "日期：2025-09-21"
_DATE_FIELD = re.compile(r"[\W_]*(?:date|dated|datum|fecha|data|日期|日付|날짜)[\W_]*[:：][\W_]*(?:"
                         + _DATE.pattern + ")", re.IGNORECASE)
# A heading that says what it lists is gone: "### Removed Old Files", "## Deleted scripts",
# "## Files removed" (not one about something else: "## How deleted accounts are purged")
_REMOVED = re.compile(
    r"^[\W\d_]*(?:removed|deleted|retired|dropped)\b"
    r"|\b(?:files?|paths?|scripts?|modules?|folders?|directories|docs?|pages?|components?)"
    r"\s+(?:(?:were|are|have\s+been)\s+)?(?:removed|deleted|retired|dropped)\b"
    r"|已删除|删除的", re.IGNORECASE)
_CONVENTIONS = re.compile(r"\bconventions?\b|约定|規約|컨벤션", re.IGNORECASE)
# work still to do: a backlog, a plan, what is deferred or comes next
_PLAN = re.compile(r"\b(?:backlog|deferred|planned|to-?dos?|next steps?|roadmap|future|upcoming"
                   r"|not yet (?:built|written|created))\b", re.IGNORECASE)
# a list entry, or the indented lines that go on with one
_LIST_ENTRY = re.compile(r"\s*" + LIST_MARKER + r"\s|\s{2,}\S")
# a line that is one path in a code span and nothing else ("`.claude/commands/a.md`:")
_PATH_LABEL = re.compile(r"\s*[*_]*`[^`\s]+`[*_]*\s*[:：]?\s*")
_LABEL_REACH = 80  # lines a block of files under one label may span
_LIST_ITEM_START = re.compile(r"\s*" + LIST_MARKER + r"\s")
# a label line over a list of illustrations: "Examples:", "For example:", "e.g.:", "例如："
_EXAMPLE_LABEL = re.compile(r"(?:\b(?:examples?|for instance)|\be\.g\.|例えば|例如|举例)\s*[:：]$",
                            re.IGNORECASE)
# a folder outside any repository: the home folder's or an absolute one (`~/.config/tool/`)
_OUTSIDE_FOLDER = re.compile(r"(?:~|\$HOME|%APPDATA%|/(?:etc|var|opt|usr|home|Users))/\S*/$")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


_OLD = re.compile(r"\b(?:old|before|from|previous|former|original)\b"
                  r"|旧|原|以前|変更前|변경\s?전", re.IGNORECASE)
_NEW = re.compile(r"\b(?:new|after|to|current|now)\b|新|现|現|変更後|변경\s?후", re.IGNORECASE)
# a version of the project named as a word of its own, "v1", "v2.3": not a folder of a path
# (`terraform/v2/`, `api/v1`) and not "V8" (the engine), so lower case only
_RELEASE = re.compile(r"(?<![\w./-])v(\d+)(?:\.\d+)*(?![\w/-])")


def versions_named(text: str) -> list[int]:
    """The major numbers of the versions `text` names: "v1 (`src/`) | v2 (`web/`)" -> [1, 2]."""
    return [int(number) for number in _RELEASE.findall(text)]


class Places:
    """The lines of one memory, with the headings each line stands under (fences skipped)."""

    def __init__(self, raw: bytes) -> None:
        self.lines = raw.decode("utf-8", "replace").split("\n")
        self._chains: list[tuple[tuple[int, str], ...]] | None = None
        self._tops: dict[int, int] = {}  # a table row's index -> its table's first row
        self._dated: dict[int, bool] = {}  # id of a section's chain -> it opens with a date
        self._named: dict[tuple[int, int, frozenset[str]], bool] = {}  # see `list_names_any`
        self._lists: dict[int, range | None] = {}  # a list entry's index -> its `example_list`

    def headings(self, number: int) -> tuple[str, ...]:
        """The headings line `number` (1-based) stands under, the outermost first."""
        return tuple(text for _, text in self._leveled(number))

    def _leveled(self, number: int) -> tuple[tuple[int, str], ...]:
        if self._chains is None:
            self._chains = _chains(self.lines)
        return self._chains[number - 1] if 0 < number <= len(self._chains) else ()

    def in_record_section(self, number: int) -> bool:
        leveled = self._leveled(number)
        chain = tuple(text for _, text in leveled)
        if not chain:
            return False
        nearest = chain[-1]
        return (_DATE.search(nearest) is not None or _VERSION.fullmatch(nearest) is not None
                # a part of a dated section (`## Changes (2026-03-22)` / `### Widget polish`)
                or any(level > 1 and _DATE.search(text) for level, text in leveled[:-1])
                or any(_CHANGE_LOG.search(_plain(heading)) for heading in chain)
                or self._opens_with_date(number))

    def _opens_with_date(self, number: int) -> bool:
        """Whether the section line `number` stands in opens with a date field: the first
        line after its heading that is not blank ("**Date:** 2025-09-21 · **Status:** ...")."""
        chain = self._leveled(number)  # one tuple shared by every line of the section
        if id(chain) not in self._dated:
            heading = number - 1
            while heading > 0 and self._leveled(heading) is chain:
                heading -= 1  # up to the heading line, the first with this chain
            first = next((line for line in self.lines[heading + 1:heading + 4] if line.strip()), "")
            self._dated[id(chain)] = _DATE_FIELD.match(first) is not None
        return self._dated[id(chain)]

    def in_removal_section(self, number: int) -> bool:
        """Under a nearest heading that says its entries were removed ("### Removed Old
        Files"): each path listed there is recorded as gone, as on a line that says so."""
        chain = self._leveled(number)
        return bool(chain) and _REMOVED.search(chain[-1][1]) is not None

    def in_convention_section(self, number: int) -> bool:
        """Under a heading of its own that says conventions: the nearest one, or a section
        heading (`##` or deeper) above it, as in `## Axum conventions` / `### Project
        structure`. A file's title (`#`) counts only as the nearest heading: a file titled
        "Conventions" still cites files in its other sections."""
        chain = self._leveled(number)
        return bool(chain) and (
            _CONVENTIONS.search(chain[-1][1]) is not None
            or any(level > 1 and _CONVENTIONS.search(text) for level, text in chain[:-1]))

    def under_outside_folder(self, number: int) -> bool:
        """An entry of a list nested under an item that names a folder outside the repository
        ("- Configuration stored in `~/.config/tool/`:" then "  - `logs/` - log files"): the
        entry names a path in that folder, not one of this tree."""
        index = number - 1
        if not 0 <= index < len(self.lines) or not _LIST_ENTRY.match(self.lines[index]):
            return False
        indent = _indent(self.lines[index])
        if indent == 0:
            return False  # a top-level entry is nested under no item
        while index > 0:
            index -= 1
            line = self.lines[index]
            if not line.strip():
                continue
            if not _LIST_ENTRY.match(line) and _indent(line) == 0:
                return False  # the list ended
            if _indent(line) < indent and _LIST_ITEM_START.match(line):
                if any(_OUTSIDE_FOLDER.match(span.content) for span in code_spans(line)):
                    return True
                indent = _indent(line)
                if indent == 0:
                    return False
        return False

    def block_label(self, number: int) -> str | None:
        """The label line a path that stands alone on its line is listed under ("**Generated
        commands:**", then "`x.md`:" with its content in a fence, then "`y.md`:" ...): walking
        up past blank lines, fenced blocks and other such path lines, the first other line when
        it ends with a colon. None for a path with words around it."""
        index = number - 1
        if not 0 <= index < len(self.lines) or not _PATH_LABEL.fullmatch(self.lines[index]):
            return None
        in_fence = False
        for above in range(index - 1, max(index - _LABEL_REACH, -1), -1):
            line = self.lines[above]
            if _FENCE.match(line):
                in_fence = not in_fence
                continue
            if in_fence or not line.strip() or _PATH_LABEL.fullmatch(line):
                continue
            label = line.strip().rstrip("*_ ")
            return label if label.endswith((":", "：")) else None
        return None

    def in_plan_list(self, number: int) -> bool:
        """An entry of a list of work still to do: under the nearest heading that says so
        ("## Backlog", "### Next steps"), or in a list whose label line says so ("**Backlog
        (deferred):**", "Planned:"). A file named there is one to write, not one that is."""
        chain = self.headings(number)
        if chain and _PLAN.search(_plain(chain[-1])):
            return True
        index = number - 1
        while 0 < index < len(self.lines) and _LIST_ENTRY.match(self.lines[index]):
            index -= 1
        if (index == number - 1 or not 0 <= index < len(self.lines)
                or _LIST_ENTRY.match(self.lines[index])):
            return False  # not a list entry, or a list with no line above it
        label = self.lines[index].strip().rstrip("*_ ")
        return label.endswith((":", "：")) and _PLAN.search(label) is not None

    def example_list(self, number: int) -> range | None:
        """The line numbers of the list entry `number` is one of, when the line right above the
        list is a label that says it gives examples ("Examples:", "For example:", "e.g.:"),
        as a branch-naming rule does ("`type/short-description`", then "Examples:" and
        `feat/login-form`, `docs/install-guide`). None for any other line. (Each list is walked
        once, for all its entries.)"""
        index = number - 1
        if not 0 <= index < len(self.lines) or not _LIST_ITEM_START.match(self.lines[index]):
            return None
        if index not in self._lists:
            top = index
            while top > 0 and _LIST_ITEM_START.match(self.lines[top - 1]):
                top -= 1
            end = index
            while end + 1 < len(self.lines) and _LIST_ITEM_START.match(self.lines[end + 1]):
                end += 1
            labelled = top > 0 and _EXAMPLE_LABEL.search(
                self.lines[top - 1].strip().rstrip("*_ ")) is not None
            self._lists.update(dict.fromkeys(range(top, end + 1),
                                             range(top + 1, end + 2) if labelled else None))
        return self._lists[index]

    def list_names_any(self, listed: range, names: frozenset[str]) -> bool:
        """Whether a line of `listed` (an `example_list`) names one of `names` as a name of its
        own, not as the end of a longer path (`m.py` in `src/m.py` is not `m.py`). Each list is
        read once per set of names: every entry of a long list asks the same."""
        key = (listed.start, listed.stop, names)
        if key not in self._named:
            text = "\n".join(self.lines[listed.start - 1:listed.stop - 1])
            self._named[key] = any(
                name in text and re.search(r"(?<![\w./-])" + re.escape(name), text) is not None
                for name in names)
        return self._named[key]

    def in_old_name_column(self, number: int, text: str) -> bool:
        """Whether `text` on line `number` is in a table column headed "old" ("before",
        "from", "旧名"...) of a table that also has a "new" column."""
        if not 0 < number <= len(self.lines) or not self.lines[number - 1].lstrip().startswith("|"):
            return False
        top = self._top(number - 1)
        if top == number - 1:
            return False  # the header row itself
        line = self.lines[number - 1]
        at = line.find(text)
        if at < 0:
            return False
        column = len(_cells(line[:at])) - 1
        header = _cells(self.lines[top])
        if column < 0 or column >= len(header) or not _OLD.search(header[column]):
            return False
        return any(_NEW.search(cell) for index, cell in enumerate(header) if index != column)

    def in_older_version_column(self, number: int, text: str) -> bool:
        """Whether `text` on line `number` is in a table column whose header names a version
        while another column's header names a later one: "| Part | v1 (`legacy/`) | v2 |"
        (the header row itself) or a row below it, the old version's column. A table that
        sets versions side by side compares them; the older one's paths are its layout."""
        if not 0 < number <= len(self.lines) or not self.lines[number - 1].lstrip().startswith("|"):
            return False
        line = self.lines[number - 1]
        at = line.find(text)
        if at < 0:
            return False
        header = _cells(self.lines[self._top(number - 1)])
        column = len(_cells(line[:at])) - 1
        if column < 0 or column >= len(header):
            return False
        own = versions_named(header[column])
        later = [version for index, cell in enumerate(header) if index != column
                 for version in versions_named(cell)]
        return bool(own) and any(version > min(own) for version in later)


    def _top(self, index: int) -> int:
        """The first row of the table whose row `index` is (each row walked once per memory,
        so a table of thousands of rows costs no more than reading it)."""
        walked = []
        lines = self.lines
        while index > 0 and index not in self._tops and lines[index - 1].lstrip().startswith("|"):
            walked.append(index)
            index -= 1
        top = self._tops.get(index, index)
        self._tops.update(dict.fromkeys(walked, top))
        return top


def _plain(heading: str) -> str:
    return heading.replace("*", "").replace("_", " ").strip()


def _cells(row: str) -> list[str]:
    """The cells of a table row (or of its start), `|` inside code spans kept in its cell."""
    spans = code_spans(row)
    blanked = blank(row, [(span.outer_start, span.outer_end) for span in spans])
    cells, start = [], 0
    for at, char in enumerate(blanked):
        if char == "|" and (at == 0 or blanked[at - 1] != "\\"):
            cells.append(row[start:at])
            start = at + 1
    cells.append(row[start:])
    if cells and not cells[0].strip():
        cells = cells[1:]  # before the leading `|`
    return cells


def _heading(line: str) -> tuple[int, str] | None:
    """A heading line's level and text, without trailing spaces or a closing `#` run. Stripped
    by hand: a regex for the closing run (`(.*?)\\s*#*\\s*$`) backtracked cubically on a
    heading with a long run of spaces: one committed file stalled lint for 54 s."""
    mark = _HEADING_MARK.match(line)
    if mark is None:
        return None
    return len(mark.group(1)), line[mark.end():].rstrip().rstrip("#").rstrip()


def _chains(lines: list[str]) -> list[tuple[tuple[int, str], ...]]:
    chains: list[tuple[tuple[int, str], ...]] = []
    stack: list[tuple[int, str]] = []
    current: tuple[tuple[int, str], ...] = ()
    fence: str | None = None
    for line in lines:
        opened = _FENCE.match(line)
        if fence is not None:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = None
        elif opened:
            fence = opened.group(1)
        else:
            heading = _heading(line)
            if heading:
                level = heading[0]
                while stack and stack[-1][0] >= level:
                    stack.pop()
                stack.append(heading)
                current = tuple(stack)
        chains.append(current)
    return chains

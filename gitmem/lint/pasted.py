"""Lines of a memory that quote something rather than cite the tree: what an agent's turn pasted
whole (Cline's `<environment_details>` block with the editor's visible files and open tabs, a
`<new_task>` handoff), an example between fences written with escaped backticks (rules kept
in a template string), and a fenced block indented under a list item. The paths there are a
record of one moment or an example, so path citations skip them (issue 17, batch 8)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from gitmem.lint.scan import blank, code_spans

# Cline's tool and context tags: a block that opens with one at the end of a line runs to
# its closing tag
_TAGS = ("environment_details|new_task|write_to_file|replace_in_file|execute_command|"
         "attempt_completion|ask_followup_question|read_file|search_files|list_files|"
         "list_code_definition_names|use_mcp_tool|access_mcp_resource|plan_mode_respond|"
         "final_file_content")
_OPENS = re.compile(r"<(" + _TAGS + r")>\s*$")
# the editor's state under a heading of its own, to the next heading
_EDITOR_STATE = re.compile(r"^ {0,3}#{1,6}\s+(?:VS ?Code\s+)?(?:Visible Files|Open Tabs)\s*$", re.I)
_HEADING = re.compile(r"^ {0,3}#{1,6}\s")
_ESCAPED_FENCE = re.compile(r"^\s*(?:\\`){3}")
_INDENTED_FENCE = re.compile(r"^(?: {4,}|\t)\s*(`{3,}|~{3,})")


def unquoted_lines(lines: Iterable[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """`lines` (file line, text) without those of pasted blocks and fenced examples."""
    closing: re.Pattern[str] | None = None
    editor_state = False
    for number, line in lines:
        if closing is not None:
            if closing.search(line):
                closing = None
            continue
        if editor_state:
            if not _HEADING.match(line):
                continue
            editor_state = False
        if _EDITOR_STATE.match(line):
            editor_state = True
            continue
        escaped = _ESCAPED_FENCE.match(line)
        indented = None if escaped else _INDENTED_FENCE.match(line)
        if escaped or indented:
            closing = (re.compile(r"^\s*(?:\\`){3}\s*$") if escaped else
                       re.compile(r"^\s*" + re.escape(indented.group(1)) + r"\s*$"))
            continue
        spans = code_spans(line)
        opened = _OPENS.search(blank(line, [(s.outer_start, s.outer_end) for s in spans]))
        if opened:
            closing = re.compile(r"</" + opened.group(1) + r">")
            before = line[:opened.start()]
            if before.strip():
                yield number, before
            continue
        yield number, line

"""The folder a cited path is listed under, read from the lines above it.

Memory often draws a directory tree as a nested list, each entry the folder below the entry it
is indented under ("- `api/`" then "  - `auth/`": `api/auth/`), or lists a folder's
contents under a heading that names it ("### Directory Structure (`src/`)" in
`frontend/GEMINI.md`: `api/` there is `frontend/src/api/`). Read from the repository's root those
entries name folders that are not there, and judges of public projects found every such GM311
false. `TreeContext` follows the lines of a memory and gives, for each line, the folders its
paths may be read below; a reading counts only where it exists (`PathQuery` kind "package").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gitmem.lint.path_citations import ITEM_FOLDER
from gitmem.lint.scan import LIST_MARKER

_LIST_ITEM = re.compile(r"(\s*)" + LIST_MARKER + r"\s")
_HEADING = re.compile(r"\s{0,3}#{1,6}\s")
# a heading that names one folder in code: "### Directory Structure (`src/`)"
_HEADING_FOLDER = re.compile(r"`([^`\s]+/)`")


@dataclass
class TreeContext:
    """Walk a memory's lines in order with `see(line)`; `prefixes` are then the folders the
    line's paths may be read below."""

    heading: str = ""  # the folder the current heading names
    items: list[tuple[int, str]] = field(default_factory=list)  # (indent, folder) of the items above
    prefixes: tuple[str, ...] = ()

    def see(self, line: str) -> None:
        if _HEADING.match(line):
            folders = _HEADING_FOLDER.findall(line)
            self.heading = folders[0] if len(folders) == 1 and _relative(folders[0]) else ""
            self.items = []
            self.prefixes = ()
            return
        item = _LIST_ITEM.match(line)
        if item is None:
            if line.strip() and not line[:1].isspace():
                self.items = []  # a paragraph ends the list
            self._refresh()
            return
        indent = len(item.group(1).expandtabs(4))
        while self.items and self.items[-1][0] >= indent:
            self.items.pop()
        self._refresh()  # this line's paths: below the items above it, not below its own
        folder = ITEM_FOLDER.match(line)  # an entry whose first word is a folder: "- `api/`"
        if folder is not None and _relative(folder.group(1)):
            self.items.append((indent, folder.group(1)))

    def _refresh(self) -> None:
        chain = "".join(folder for _, folder in self.items)
        found = [chain] if chain else []
        if self.heading:
            found.append(self.heading + chain)
        self.prefixes = tuple(found)


def _relative(folder: str) -> bool:
    return not folder.startswith(("/", "~", "./", "../")) and ".." not in folder.split("/")

"""Output formats of `gitmem lint`: one module each, every one a pure `render(report, ...) -> str`.

`text` is for people (colours only when asked, i.e. on a terminal); `json`, `github` and `sarif`
are for programs and go to stdout (or --output) with nothing else mixed in.
"""

from __future__ import annotations

from gitmem.lint.engine import LintReport
from gitmem.lint.formats import github, json_format, sarif, text

FORMATS = ("text", "json", "github", "sarif")


def render(report: LintReport, fmt: str, *, color: bool = False, quiet: bool = False) -> str:
    if fmt == "json":
        return json_format.render(report)
    if fmt == "github":
        return github.render(report)
    if fmt == "sarif":
        return sarif.render(report)
    return text.render(report, color=color, quiet=quiet)

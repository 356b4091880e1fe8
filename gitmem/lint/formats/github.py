"""`--format github`: GitHub Actions workflow commands that annotate the pull request's files.

`::error file=memory/a.md,line=4,title=GM301 unknown-commit::message`. Data is escaped as the
runner expects (`%`, CR, LF), property values additionally `:` and `,`, so a message can neither
end the command early nor start a second one; other control characters are shown escaped.
"""

from __future__ import annotations

from gitmem.lint.engine import LintReport
from gitmem.lint.formats.locations import unnamed_related
from gitmem.lint.formats.printable import printable
from gitmem.model import Finding

COMMANDS = {"error": "error", "warning": "warning", "info": "notice"}


def escape_data(text: str) -> str:
    """The runner's escaping (`%`, CR, LF), then every other control shown as a visible escape
    so nothing in a file name or a quoted claim reaches the log as a terminal sequence."""
    return printable(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(finding: Finding) -> str:
    message = finding.message
    unnamed = unnamed_related(finding)  # each location once
    if unnamed:
        message += " (see " + ", ".join(f"{loc.path}:{loc.line}" for loc in unnamed) + ")"
    properties = ",".join(
        f"{key}={escape_property(value)}"
        for key, value in (("file", finding.path), ("line", str(finding.line)),
                           ("title", f"{finding.code} {finding.name}"))
    )
    return f"::{COMMANDS.get(finding.severity, 'warning')} {properties}::{escape_data(message)}"


def render(report: LintReport) -> str:
    return "".join(command(finding) + "\n" for finding in report.findings)

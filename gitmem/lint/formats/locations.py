"""Each location of a finding said once on its line.

A finding points at one place and may relate others (the other side of a pair, every copy of a
repeated claim). A rule's message may already name some of them ("... is repeated verbatim at
memory/b.md:7"); the text and GitHub formats add `(see ...)` only for the related locations the
message does not name, never the finding's own location and never one twice. A repeated
claim's message names the first ten copies of each side and says how many more there are; the
full list is in JSON `related` and SARIF `relatedLocations`.
"""

from __future__ import annotations

import re

from gitmem.model import Finding, Location


def spot(location: Location) -> re.Pattern[str]:
    """`path:line` as a message names it (not `path:12` for line 1, not `b/path:1`)."""
    return re.compile(rf"(?<![\w./-]){re.escape(f'{location.path}:{location.line}')}(?!\d)")


def names(message: str, location: Location) -> bool:
    """Whether `message` names `location`."""
    return spot(location).search(message) is not None


_LINE = re.compile(r":(\d+)(?!\d)")
_BEFORE_PATH = re.compile(r"[\w./-]")


def _named(message: str, locations: list[Location]) -> set[tuple[str, str]]:
    """(path, line digits) of the `locations` that `message` names, as `names` says, in one
    pass over the message (a claim repeated 40,000 times relates as many locations)."""
    paths = {location.path for location in locations}
    lengths = sorted({len(path) for path in paths})
    found = set()
    for match in _LINE.finditer(message):
        end = match.start()
        for length in lengths:
            start = end - length
            if start < 0:
                break
            path = message[start:end]
            if path in paths and not (start and _BEFORE_PATH.match(message[start - 1])):
                found.add((path, match.group(1)))
    return found


def unnamed_related(finding: Finding) -> list[Location]:
    """The related locations still to show: not the finding's own, not named by its message,
    each once, in the finding's order. A repeated claim's finding (signal `copies`) names its
    places in its message, the first ten of each side and how many more: none is added."""
    if isinstance(finding.signals.get("copies"), int):
        return []
    seen = {(finding.path, finding.line)}
    named = _named(finding.message, list(finding.related))
    out = []
    for location in finding.related:
        key = (location.path, location.line)
        if key not in seen and (location.path, str(location.line)) not in named:
            out.append(location)
        seen.add(key)
    return out

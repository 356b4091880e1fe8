"""`--format sarif`: SARIF 2.1.0 for GitHub code scanning (`github/codeql-action/upload-sarif`).

One run; the driver lists the enabled rules (id, name, descriptions, help, default level);
each result points at its rule by id and index, at the memory by a repo-relative URI under
`%SRCROOT%`, and at the other side of a pair through `relatedLocations` (a repeated claim's
other copies too, each location once, each saying which it is). The finding's
fingerprint (`gitmem.lint.fingerprint`: code and normalised claim text, never the line) is its
`partialFingerprints` entry, so code scanning follows an alert across pushes and moved lines.
gitmem has no public web home, so no `helpUri` or `informationUri` is invented: each rule's help
names its page in gitmem's own documentation (docs/rules/CODE.md).
"""

from __future__ import annotations

import inspect
from typing import Any
from urllib.parse import quote

from gitmem import __version__, jsontext
from gitmem.lint.engine import LintReport
from gitmem.lint.rule import Rule
from gitmem.model import Finding, Location

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
RULE_DOC = "docs/rules/{code}.md"
FINGERPRINT_KEY = "gitmemFinding/v2"
LEVELS = {"error": "error", "warning": "warning", "info": "note"}
SRCROOT = "%SRCROOT%"


def rule_descriptor(rule: Rule) -> dict[str, Any]:
    own_doc = vars(type(rule)).get("__doc__")
    explanation = inspect.cleandoc(own_doc) if own_doc else rule.summary
    first_paragraph = explanation.split("\n\n", 1)[0].replace("\n", " ")
    page = RULE_DOC.format(code=rule.code)
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": first_paragraph},
        "help": {
            "text": f"{explanation}\n\nSee {page} in gitmem's documentation.",
            "markdown": f"**{rule.code} {rule.name}**\n\n{explanation}\n\nSee `{page}` in "
                        "gitmem's documentation.",
        },
        "defaultConfiguration": {"level": LEVELS[rule.severity]},
        "properties": {"tags": ["memory", rule.name]},
    }


def physical_location(location: Location) -> dict[str, Any]:
    return {
        "artifactLocation": {"uri": quote(location.path, safe="/", errors="surrogateescape"), "uriBaseId": SRCROOT},
        "region": {"startLine": max(1, location.line)},
    }


def related_notes(finding: Finding) -> list[str]:
    """What each related location is. A GM2xx finding over a repeated claim says how many
    copies each side has (signals `copies`, `other_copies`): its related locations are the
    other side's copies, then the other copies of its own claim."""
    copies, other = finding.signals.get("copies"), finding.signals.get("other_copies")
    if not isinstance(copies, int):
        return ["the other side of this finding"] * len(finding.related)
    sides = other if isinstance(other, int) else 0
    return [("the other side of this finding" if n < sides else "another copy of this claim")
            for n in range(len(finding.related))]


def result(finding: Finding, rule_index: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "ruleId": finding.code,
        "ruleIndex": rule_index,
        "level": LEVELS.get(finding.severity, "warning"),
        "message": {"text": finding.message},
        "locations": [{"physicalLocation": physical_location(Location(finding.path, finding.line))}],
    }
    if finding.fingerprint:
        out["partialFingerprints"] = {FINGERPRINT_KEY: finding.fingerprint}
    if finding.related:
        out["relatedLocations"] = [
            {"id": index, "physicalLocation": physical_location(loc),
             "message": {"text": note}}
            for index, (loc, note) in enumerate(zip(finding.related, related_notes(finding),
                                                    strict=True), 1)
        ]
    properties: dict[str, Any] = {"severity": finding.severity}
    if finding.confidence is not None:
        properties["confidence"] = finding.confidence
    if finding.signals:
        properties["signals"] = dict(finding.signals)
    out["properties"] = properties
    return out


def sarif_log(report: LintReport) -> dict[str, Any]:
    index = {rule.code: position for position, rule in enumerate(report.rules)}
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "gitmem",
                "version": __version__,
                "rules": [rule_descriptor(rule) for rule in report.rules],
            }},
            "columnKind": "unicodeCodePoints",
            "results": [result(f, index[f.code]) for f in report.findings if f.code in index],
        }],
    }


def render(report: LintReport) -> str:
    return jsontext.dumps(sarif_log(report), indent=2, default=str) + "\n"

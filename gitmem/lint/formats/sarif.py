"""`--format sarif`: SARIF 2.1.0 for GitHub code scanning (`github/codeql-action/upload-sarif`).

One run; the driver lists the enabled rules (id, name, descriptions, help, helpUri, default
level); each result points at its rule by id and index, at the memory by a repo-relative URI
under `%SRCROOT%`, and at the other side of a pair through `relatedLocations`. A stable
`partialFingerprints` entry lets code scanning follow a finding across pushes.
"""

from __future__ import annotations

import hashlib
import inspect
from typing import Any
from urllib.parse import quote

from gitmem import __version__, jsontext
from gitmem.lint.engine import LintReport
from gitmem.lint.rule import Rule
from gitmem.model import Finding, Location

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://github.com/gitmem/gitmem"
RULE_HELP_URI = INFORMATION_URI + "/blob/main/docs/rules/{code}.md"
LEVELS = {"error": "error", "warning": "warning", "info": "note"}
SRCROOT = "%SRCROOT%"


def rule_descriptor(rule: Rule) -> dict[str, Any]:
    own_doc = vars(type(rule)).get("__doc__")
    explanation = inspect.cleandoc(own_doc) if own_doc else rule.summary
    first_paragraph = explanation.split("\n\n", 1)[0].replace("\n", " ")
    help_uri = RULE_HELP_URI.format(code=rule.code)
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": first_paragraph},
        "help": {
            "text": f"{explanation}\n\nSee {help_uri}",
            "markdown": f"**{rule.code} {rule.name}**\n\n{explanation}\n\n[Rule documentation]({help_uri})",
        },
        "helpUri": help_uri,
        "defaultConfiguration": {"level": LEVELS[rule.severity]},
        "properties": {"tags": ["memory", rule.name]},
    }


def physical_location(location: Location) -> dict[str, Any]:
    return {
        "artifactLocation": {"uri": quote(location.path, safe="/", errors="surrogateescape"), "uriBaseId": SRCROOT},
        "region": {"startLine": max(1, location.line)},
    }


def fingerprint(finding: Finding) -> str:
    sides = [finding.path, *(loc.path for loc in finding.related)]
    key = "\0".join([finding.code, *sides, finding.message])
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def result(finding: Finding, rule_index: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "ruleId": finding.code,
        "ruleIndex": rule_index,
        "level": LEVELS.get(finding.severity, "warning"),
        "message": {"text": finding.message},
        "locations": [{"physicalLocation": physical_location(Location(finding.path, finding.line))}],
        "partialFingerprints": {"gitmemFinding/v1": fingerprint(finding)},
    }
    if finding.related:
        out["relatedLocations"] = [
            {"id": index, "physicalLocation": physical_location(loc),
             "message": {"text": "the other side of this finding"}}
            for index, loc in enumerate(finding.related, 1)
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
                "informationUri": INFORMATION_URI,
                "rules": [rule_descriptor(rule) for rule in report.rules],
            }},
            "columnKind": "unicodeCodePoints",
            "results": [result(f, index[f.code]) for f in report.findings if f.code in index],
        }],
    }


def render(report: LintReport) -> str:
    return jsontext.dumps(sarif_log(report), indent=2, default=str) + "\n"

"""The four output formats: text for people, json (DESIGN §6), github workflow commands, SARIF."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import jsonschema
import pytest

from gitmem.lint.engine import LintReport
from gitmem.lint.formats import github, render, sarif, text
from gitmem.lint.registry import enabled_rules
from gitmem.lint.summary import MemoryGrounding
from gitmem.model import Finding, Location

PAIR = Finding("GM104", "supersede-cycle", "error", "memory/a.md", 4, "loops: a -> b -> a",
               (Location("memory/b.md", 7),), 0.83, {"polarity": "opposite"})
PLAIN = Finding("GM311", "missing-path", "warning", "memory/b.md", 2,
                "src/x.py does not exist (deleted in 3f2a1c9 'drop x, y: 100%')")
NOTE = Finding("GM312", "outside-path", "info", "memory/b.md", 9, "line1\nline2\r%")
REPORT = LintReport(
    findings=(PAIR, PLAIN, NOTE), rules=enabled_rules(), files=3, claims=12, seconds=0.4123,
    memories=(MemoryGrounding("memory/a.md", 2, 1, 1, 0),),
)
EMPTY = LintReport(findings=(), rules=enabled_rules(), files=2, claims=5, seconds=0.01)


def test_text_lines_grouped_by_file_with_a_summary() -> None:
    out = render(REPORT, "text")
    assert out.splitlines() == [
        "memory/a.md:4: GM104 loops: a -> b -> a (see memory/b.md:7) [error]",
        "",
        ("memory/b.md:2: GM311 src/x.py does not exist (deleted in 3f2a1c9 'drop x, y: 100%') "
         "[warning]"),
        "memory/b.md:9: GM312 line1\\nline2\\r% [info]",  # a name's line break, escaped
        "",
        "3 findings (1 error, 1 warning, 1 info) in 3 files (12 claims) in 0.41s.",
    ]
    assert "\x1b[" not in out
    assert "\x1b[" in render(REPORT, "text", color=True)
    assert render(EMPTY, "text") == "No findings in 2 files (5 claims) in 0.01s.\n"
    assert render(EMPTY, "text", quiet=True) == ""
    assert "findings" not in render(REPORT, "text", quiet=True)


def test_json_is_the_design_contract() -> None:
    data = json.loads(render(REPORT, "json"))
    assert data["version"] == 1
    assert data["summary"] == {"files": 3, "claims": 12, "findings": 3, "seconds": 0.412}
    assert data["findings"][0] == {
        "code": "GM104", "name": "supersede-cycle", "severity": "error", "path": "memory/a.md",
        "line": 4, "related": [{"path": "memory/b.md", "line": 7}], "message": "loops: a -> b -> a",
        "confidence": 0.83, "signals": {"polarity": "opposite"}, "fingerprint": "",
    }
    assert data["findings"][1]["confidence"] is None and data["findings"][1]["signals"] == {}
    assert data["memories"] == [{"path": "memory/a.md", "claims": 2, "verified": 1, "broken": 1,
                                 "unverifiable": 0}]


def test_github_workflow_commands_are_escaped() -> None:
    lines = render(REPORT, "github").splitlines()
    assert lines[0] == ("::error file=memory/a.md,line=4,title=GM104 supersede-cycle::"
                        "loops: a -> b -> a (see memory/b.md:7)")
    assert lines[1].startswith("::warning file=memory/b.md,line=2,title=GM311 missing-path::")
    assert lines[1].endswith("'drop x, y: 100%25')")
    assert lines[2] == "::notice file=memory/b.md,line=9,title=GM312 outside-path::line1%0Aline2%0D%25"
    assert github.escape_property("a:b,c%d\ne") == "a%3Ab%2Cc%25d%0Ae"
    weird = Finding("GM101", "invalid-frontmatter", "error", "mem/a,b:c.md", 1, "x")
    assert github.command(weird).startswith("::error file=mem/a%2Cb%3Ac.md,line=1,")
    assert render(EMPTY, "github") == ""


# The SARIF 2.1.0 properties GitHub code scanning requires, as a minimal JSON schema subset.
SARIF_SUBSET: dict[str, Any] = {
    "type": "object",
    "required": ["version", "runs", "$schema"],
    "properties": {
        "version": {"const": "2.1.0"},
        "runs": {"type": "array", "minItems": 1, "items": {
            "type": "object", "required": ["tool", "results"],
            "properties": {
                "tool": {"type": "object", "required": ["driver"], "properties": {"driver": {
                    "type": "object", "required": ["name", "rules"],
                    "properties": {"rules": {"type": "array", "items": {
                        "type": "object",
                        "required": ["id", "name", "shortDescription", "fullDescription", "help",
                                     "defaultConfiguration"],
                        "properties": {
                            "defaultConfiguration": {"type": "object", "properties": {
                                "level": {"enum": ["none", "note", "warning", "error"]}}},
                            "help": {"type": "object", "required": ["text", "markdown"]},
                        }}}}}}},
                "results": {"type": "array", "items": {
                    "type": "object",
                    "required": ["ruleId", "ruleIndex", "level", "message", "locations"],
                    "properties": {
                        "level": {"enum": ["none", "note", "warning", "error"]},
                        "message": {"type": "object", "required": ["text"]},
                        "locations": {"type": "array", "minItems": 1, "items": {
                            "type": "object", "required": ["physicalLocation"],
                            "properties": {"physicalLocation": {
                                "type": "object", "required": ["artifactLocation", "region"],
                                "properties": {
                                    "artifactLocation": {"type": "object",
                                                         "required": ["uri", "uriBaseId"]},
                                    "region": {"type": "object", "required": ["startLine"],
                                               "properties": {"startLine": {"type": "integer",
                                                                            "minimum": 1}}},
                                }}}}},
                    }}},
            }}},
    },
}


def test_sarif_has_the_structure_code_scanning_requires() -> None:
    log = json.loads(render(REPORT, "sarif"))
    assert log["version"] == "2.1.0" and "sarif-2.1.0" in log["$schema"]
    driver = log["runs"][0]["tool"]["driver"]
    assert driver["name"] == "gitmem" and "informationUri" not in driver  # no invented home
    ids = [rule["id"] for rule in driver["rules"]]
    assert ids == [rule.code for rule in enabled_rules()]
    for rule in driver["rules"]:
        assert "helpUri" not in rule  # gitmem has no public URL; the help names the page
        assert f"docs/rules/{rule['id']}.md" in rule["help"]["text"]
        assert rule["help"]["text"] and rule["help"]["markdown"]
        assert rule["fullDescription"]["text"] and rule["shortDescription"]["text"]
    results = log["runs"][0]["results"]
    assert [(r["ruleId"], r["level"]) for r in results] == [
        ("GM104", "error"), ("GM311", "warning"), ("GM312", "note")]
    for result in results:
        assert driver["rules"][result["ruleIndex"]]["id"] == result["ruleId"]
    location = results[0]["locations"][0]["physicalLocation"]
    assert location == {"artifactLocation": {"uri": "memory/a.md", "uriBaseId": "%SRCROOT%"},
                        "region": {"startLine": 4}}
    related = results[0]["relatedLocations"][0]["physicalLocation"]
    assert related["artifactLocation"]["uri"] == "memory/b.md"
    assert related["region"]["startLine"] == 7
    assert "relatedLocations" not in results[1]
    assert all("partialFingerprints" not in r for r in results)  # none set on these
    marked = dataclasses.replace(REPORT, findings=tuple(
        dataclasses.replace(f, fingerprint=f"{n:032x}") for n, f in enumerate(REPORT.findings)))
    results = json.loads(render(marked, "sarif"))["runs"][0]["results"]
    assert [r["partialFingerprints"] for r in results] == [
        {"gitmemFinding/v2": f"{n:032x}"} for n in range(3)]
    assert sarif.physical_location(Location("mem/a b#.md", 1))["artifactLocation"]["uri"] == \
        "mem/a%20b%23.md"


def test_sarif_validates_against_the_required_subset() -> None:
    jsonschema.validate(json.loads(render(REPORT, "sarif")), SARIF_SUBSET)
    jsonschema.validate(json.loads(render(EMPTY, "sarif")), SARIF_SUBSET)


def test_text_finding_line_helper() -> None:
    assert text.finding_line(PLAIN).startswith("memory/b.md:2: GM311 ")


def test_hostile_file_names_and_quotes_are_shown_escaped() -> None:
    hostile = Finding("GM101", "invalid-frontmatter", "error",
                      "memory/\x1b]0;owned\x07\x1b[2Jname.md", 1, "quote \u202eevil\x1b[31m",
                      (Location("memory/x\n::error file=forged.md::forged.md", 2),))
    report = LintReport(findings=(hostile,), rules=enabled_rules(), files=1, claims=0)
    for fmt in ("text", "github"):
        out = render(report, fmt)
        assert "\x1b" not in out and "\u202e" not in out and "\x07" not in out, fmt
        assert not any(line.startswith("::error file=forged") for line in out.splitlines())
    assert "memory/\\x1b]0;owned\\x07\\x1b[2Jname.md:1:" in render(report, "text")
    assert "memory/x\\n::error" in render(report, "text")
    assert json.loads(render(report, "json"))["findings"][0]["path"] == hostile.path

"""`--format json`: the DESIGN §6 contract, plus the per-memory grounding summary."""

from __future__ import annotations

from itertools import chain, repeat
from typing import Any

from gitmem import jsontext
from gitmem.jsontext import JSON_VERSION
from gitmem.lint.engine import LintReport
from gitmem.lint.summary import MemoryGrounding
from gitmem.model import Finding, Location

VERSION = JSON_VERSION


def finding_json(finding: Finding) -> dict[str, Any]:
    return {
        "code": finding.code,
        "name": finding.name,
        "severity": finding.severity,
        "path": finding.path,
        "line": finding.line,
        "related": [{"path": loc.path, "line": loc.line} for loc in finding.related],
        "message": finding.message,
        "confidence": finding.confidence,
        "signals": dict(finding.signals),
        "fingerprint": finding.fingerprint,
    }


def report_json(report: LintReport, *, rows: bool = True) -> dict[str, Any]:
    """The report as JSON values; without the findings and the memories (`render` writes
    those itself) when `rows` is False."""
    out = {
        "version": VERSION,
        "findings": [finding_json(finding) for finding in report.findings] if rows else [],
        "memories": [row.as_json() for row in report.memories] if rows else [],
        # the agent-memory layouts read (empty: memory.include as configured); beside the
        # summary, whose keys are the contract
        "layouts": list(report.layouts),
        # the rules the default left out (GM202 where the memory is agent layouts beside code;
        # `--select GM202` reports it)
        "rules_left_out": list(report.left_out),
        # the pair rules that read memory beside code strictly (lint.pairs_beside_code)
        "pairs_read_strictly": list(report.strict_pairs),
        "summary": {
            "files": report.files,
            "claims": report.claims,
            "findings": len(report.findings),
            "seconds": round(report.seconds, 3),
        },
    }
    if report.baseline is not None:  # only with --baseline / --write-baseline
        out["baseline"] = dict(report.baseline)
    return out


def render(report: LintReport) -> str:
    """Exactly `jsontext.dumps(report_json(report), indent=2, default=str)` and a line break,
    the findings written from a template (json's pure-Python encoder, which `indent` forces,
    took a second for 17,000 findings)."""
    return "".join(render_parts(report))


def render_parts(report: LintReport) -> list[str]:
    """`render`'s text in pieces (a finding, the separator after it, ...), which `gitmem
    lint` writes out one after the other: a report of tens of megabytes (four bytes a
    character as one string once a claim quotes an emoji) is never held whole."""
    data = report_json(report, rows=False)
    del data["findings"], data["memories"]
    text = jsontext.indented(data, 0)  # {"version": ..., "layouts": ...}: the lists go second
    head, rest = text.split(",\n", 1)
    memories = list(map(_row_text, report.memories))
    rest = ('  "memories": ' + ("[\n    " + ",\n    ".join(memories) + "\n  ]" if memories
                                else "[]") + ",\n" + rest)
    escape = jsontext.escape_lone_surrogates
    if not report.findings:
        return [escape(f'{head},\n  "findings": [],\n{rest}\n')]
    parts = [escape(f'{head},\n  "findings": [\n    ')]
    kept = report.texts  # texts read back with their findings (gitmem/lint/cached_output.py)
    text_of = _text_of if not kept else (
        lambda f: entry[1] if (entry := kept.get(id(f))) is not None and entry[0] is f
        else _text_of(f))
    parts += chain.from_iterable(zip(map(escape, map(text_of, report.findings)),
                                     repeat(",\n    ")))
    parts[-1] = escape(f"\n  ],\n{rest}\n")  # in place of the last separator
    return parts


_ROW = ('{{\n      "path": {},\n      "claims": {},\n      "verified": {},\n      "broken": {},'
        '\n      "unverifiable": {}\n    }}')


def _row_text(row: MemoryGrounding) -> str:
    """A memory's grounding row as `indent=2` lays it out in the report's list."""
    counts = (row.claims, row.verified, row.broken, row.unverifiable)
    if (type(row) is not MemoryGrounding or type(row.path) is not str
            or set(map(type, counts)) != {int}):
        return jsontext.indented(row.as_json(), 2)
    return _ROW.format(_q(row.path), *counts)


_q = jsontext.quote
_PLAIN = frozenset((str, int, float, bool, type(None)))
_NUMBER = frozenset((int, float, type(None)))


def _text_of(finding: Finding) -> str:
    """`_finding_text(finding_json(finding))`, written from the finding itself when its fields
    hold the types a finding is made of (every finding gitmem makes): no dict per finding, nor
    per place."""
    code, name, severity, path, message, fingerprint = (
        finding.code, finding.name, finding.severity, finding.path, finding.message,
        finding.fingerprint)
    line, related, confidence, signals = (
        finding.line, finding.related, finding.confidence, finding.signals)
    if not (type(code) is type(name) is type(severity) is type(path) is type(message)
            is type(fingerprint) is str and type(line) is int and type(related) is tuple
            and type(confidence) in _NUMBER and type(signals) is dict
            and all(type(loc) is Location and type(loc.path) is str and type(loc.line) is int
                    for loc in related)):
        return _finding_text(finding_json(finding))
    places = "[\n        " + ",\n        ".join(
        [_LOCATION.format(_q(loc.path), loc.line) for loc in related]) + "\n      ]" \
        if related else "[]"
    return _FINDING.format(_q(code), _q(name), _q(severity), _q(path), int.__repr__(line),
                           places, _q(message), jsontext.indented(confidence, 3),
                           _signals(signals), _q(fingerprint))


finding_text = _text_of  # what a finding's object in the report is (cached_output.py keeps it)


def _finding_text(finding: dict[str, Any]) -> str:
    """One finding's object at the depth of the report's list, as `indent=2` lays it out."""
    if list(finding) != _KEYS:
        return jsontext.indented(finding, 2)
    code, name, severity, path, line, related, message, confidence, signals, fingerprint = (
        finding.values())
    return _FINDING.format(
        *[_q(v) if type(v) is str else jsontext.indented(v, 3)
          for v in (code, name, severity, path, line)],
        _related(related),
        *[_q(v) if type(v) is str else jsontext.indented(v, 3) for v in (message, confidence)],
        _signals(signals),
        _q(fingerprint) if type(fingerprint) is str else jsontext.indented(fingerprint, 3))


def _related(related: Any) -> str:
    if type(related) is not list or not related:
        return jsontext.indented(related, 3)
    return "[\n        " + ",\n        ".join(
        _LOCATION.format(_q(loc["path"]), loc["line"])
        if type(loc) is dict and list(loc) == ["path", "line"] and type(loc["path"]) is str
        and type(loc["line"]) is int else jsontext.indented(loc, 4)
        for loc in related) + "\n      ]"


def _signals(signals: Any) -> str:
    # json's C encoder writes the keys as json does; only the values must be plain
    if type(signals) is not dict or not signals or not _PLAIN.issuperset(
            map(type, signals.values())):
        return jsontext.indented(signals, 3)
    return "{\n        " + jsontext.flat(signals, 3)[1:-1] + "\n      }"


_KEYS = ["code", "name", "severity", "path", "line", "related", "message", "confidence",
         "signals", "fingerprint"]
_FINDING = "{{\n      " + ",\n      ".join(f'"{key}": {{}}' for key in _KEYS) + "\n    }}"
_LOCATION = '{{\n          "path": {},\n          "line": {}\n        }}'

"""`--format json`: the DESIGN §6 contract, plus the per-memory grounding summary."""

from __future__ import annotations

from typing import Any

from gitmem import jsontext
from gitmem.jsontext import JSON_VERSION
from gitmem.lint.engine import LintReport
from gitmem.model import Finding

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


def report_json(report: LintReport) -> dict[str, Any]:
    out = {
        "version": VERSION,
        "findings": [finding_json(finding) for finding in report.findings],
        "memories": [row.as_json() for row in report.memories],
        # the agent-memory layouts read (empty: memory.include as configured); beside the
        # summary, whose keys are the contract
        "layouts": list(report.layouts),
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
    return jsontext.dumps(report_json(report), indent=2, default=str) + "\n"

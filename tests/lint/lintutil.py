"""Helpers for the lint tests: run the real CLI entry point, parse a memory, lint a corpus purely."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gitmem.config import Config
from gitmem.lint.engine import LintReport, lint_corpus
from gitmem.lint.evidence import Evidence
from gitmem.lint.registry import enabled_rules
from gitmem.lint.rule import LintContext
from gitmem.memory.parse import parse_memory
from gitmem.model import Finding, Memory


@dataclass
class Run:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)

    def codes(self) -> list[str]:
        return [f["code"] for f in self.json()["findings"]]


def cli(repo: Path, *args: str) -> Run:
    """`gitmem -C repo ARGS` through gitmem.cli.main, exit code exactly as a user sees it."""
    from click.testing import CliRunner

    from gitmem.cli import main

    runner = CliRunner()
    with runner.isolation() as (out, err, _):
        try:
            main(["-C", str(repo), *args])
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        return Run(code, out.getvalue().decode("utf-8", "replace"),
                   err.getvalue().decode("utf-8", "replace"))


def memory(path: str, text: str | bytes) -> Memory:
    raw = text.encode("utf-8") if isinstance(text, str) else text
    return parse_memory(path, raw)


def lint(
    *memories: Memory, evidence: Evidence | None = None, select: tuple[str, ...] = (),
    config: Config | None = None,
) -> LintReport:
    """Lint memories purely (no git): the rules see `evidence` as the grounding results."""
    context = LintContext(tuple(memories), config or Config(), evidence or Evidence())
    return lint_corpus(memories, enabled_rules(select), context)


def found(report: LintReport, code: str) -> list[Finding]:
    return [f for f in report.findings if f.code == code]


# Every rule, GM202 included (the default leaves it out where the memory is agent layouts
# beside code): the tests below are about what the rules find, not about the default rule set
# (tests/lint/test_lint_possible_default.py is).
EVERY_RULE = ("--select", "GM")


def repo_findings(tmp_path: Path, files: dict[str, str]) -> list[dict[str, Any]]:
    """The JSON findings of `gitmem lint --select GM` (every rule) on a new repository holding
    `files`."""
    from gitutil import make_repo

    repo = make_repo(tmp_path / "r", files)
    run = cli(repo, "lint", "--json", *EVERY_RULE)
    assert run.code in (0, 1), run.out + run.err
    return list(run.json()["findings"])


def finding_codes(findings: list[dict[str, Any]]) -> list[str]:
    return sorted(str(f["code"]) for f in findings)


def path_findings(repo: Path) -> list[tuple[int, str, str]]:
    """(line, code, message) of the GM311, GM313 and GM314 findings of `gitmem lint` on `repo`:
    what the tests of cited paths read."""
    run = cli(repo, "lint", "--format", "json", "--select", "GM311,GM313,GM314")
    assert run.code in (0, 1), run
    return [(f["line"], f["code"], f["message"]) for f in run.json()["findings"]
            if f["code"] in ("GM311", "GM313", "GM314")]


def path_codes(repo: Path) -> list[tuple[str, int, str]]:
    """(path, line, code) of the GM311, GM313 and GM314 findings of `gitmem lint` on `repo`,
    sorted."""
    run = cli(repo, "lint", "--format", "json", "--select", "GM311,GM313,GM314")
    assert run.code in (0, 1), run
    return sorted((f["path"], f["line"], f["code"]) for f in run.json()["findings"])

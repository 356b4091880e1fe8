"""Memory-shaped consistency cases stored as data (tests/cases/consistency/*.jsonl).

Each line: {"a", "b", "expect", "note"} where expect is one of
  contradiction  a GM211 finding
  duplicate      a GM201/GM202 finding (match or possible band), not identical
  possible_duplicate  a duplicate finding in the possible band only
  identical      a duplicate finding flagged identical (byte-identical text)
  neither        no finding at all
  not_duplicate  no duplicate finding (a contradiction, or nothing)
  not_contradiction  no contradiction finding (a duplicate, or nothing)
and optionally "signal": the signal the finding must carry (`restated`, `slot`,
`unknown_slot`, `version`, ...), so a case says which line of evidence decides it.
The two texts go through the real pipeline (`find_pairs`) as claims of two memory files.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmem.consistency.analyze import find_pairs
from gitmem.model import Claim

CASES_DIR = Path(__file__).resolve().parents[1] / "cases" / "consistency"


def _cases() -> list[pytest.ParameterSet]:
    out = []
    for path in sorted(CASES_DIR.glob("*.jsonl")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if line.strip():
                case = json.loads(line)
                out.append(pytest.param(case, id=f"{path.stem}:{number}"))
    return out


def _judged(a: str, b: str) -> tuple[str, frozenset[str]]:
    """The case's label for the pair, and the signals of its finding."""
    findings = find_pairs([Claim("memory/a.md", 3, a), Claim("memory/b.md", 5, b)])
    if not findings:
        return "neither", frozenset()
    (finding,) = findings
    if finding.kind == "duplicate" and finding.identical:
        return "identical", frozenset(finding.signals)
    if finding.kind == "duplicate" and finding.klass == "possible":
        return "possible_duplicate", frozenset(finding.signals)
    return finding.kind, frozenset(finding.signals)


def test_there_are_enough_cases() -> None:
    assert len(_cases()) >= 80


@pytest.mark.parametrize("case", _cases())
def test_case(case: dict[str, str]) -> None:
    expected = {case["expect"]}
    if case["expect"] == "duplicate":
        expected.add("possible_duplicate")
    if case["expect"] == "not_duplicate":
        expected = {"contradiction", "neither"}
    if case["expect"] == "not_contradiction":
        expected = {"duplicate", "possible_duplicate", "neither"}
    for a, b, note in ((case["a"], case["b"], case["note"]),
                       (case["b"], case["a"], "symmetric: " + case["note"])):
        label, signals = _judged(a, b)
        assert label in expected, note
        if "signal" in case:
            assert case["signal"] in signals, f"{note}: signals {sorted(signals)}"

"""`lint --format json` is written without json's pure-Python encoder, byte for byte as
`json.dumps(indent=2, ensure_ascii=False, default=str)` would write it."""

from __future__ import annotations

import collections
import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest
from gitutil import gitmem, make_repo
from hypothesis import given, settings
from hypothesis import strategies as st

from gitmem.jsontext import dumps, dumps_indented

SCALARS = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True)
           | st.text(st.characters(codec=None, exclude_categories=()), max_size=8))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=4), inner, max_size=4), max_leaves=30)


@settings(max_examples=200, deadline=None)
@given(VALUES)
def test_any_json_value_is_written_as_json_dumps_writes_it(value: Any) -> None:
    assert dumps_indented(value) == dumps(value, indent=2, default=str)


def test_values_json_has_no_plain_form_for_are_written_as_json_writes_them() -> None:
    odd = {"date": dt.date(2026, 11, 25), "ordered": collections.OrderedDict(b=1, a=[2]),
           "tuple": (1, (2, [])), "keys": {1: "a", 2.5: "b", None: "c", False: "d"}, "big": 10**40,
           "lone": "\udce9.md", "nested": [{"x": {"y": [float("inf"), -0.0]}}], "empty": [{}, []]}
    text = dumps_indented(odd)
    assert text == dumps(odd, indent=2, default=str)
    assert "\\udce9" in text  # still valid UTF-8 out
    assert json.loads(text)["nested"][0]["x"]["y"][1] == 0.0


def _report(findings: tuple, **extra: Any):  # type: ignore[no-untyped-def]
    from gitmem.lint.engine import LintReport
    from gitmem.lint.summary import MemoryGrounding

    extra.setdefault("memories", (MemoryGrounding("memory/a.md", 3, 1, 0, 2),))
    return LintReport(findings=findings, rules=(), files=2, claims=9, seconds=0.25, **extra)


def test_the_lint_report_is_written_as_json_dumps_writes_it() -> None:
    from gitmem.lint.formats.json_format import render, report_json
    from gitmem.lint.summary import MemoryGrounding
    from gitmem.model import Finding, Location

    def finding(**fields: Any) -> Finding:
        base = dict(code="GM211", name="contradiction", severity="warning", path="memory/a.md",
                    line=3, message='"Use tabs" contradicts "Use spaces" at memory/b.md:4',
                    related=(Location("memory/b.md", 4), Location("memory/\udce9.md", 7)),
                    confidence=0.812, signals={"class": "match", "score": 0.8, "copies": 2,
                                               "identical": False, "why": None},
                    fingerprint="ab" * 16)
        return Finding(**{**base, **fields})

    reports = [
        _report(()),
        _report((finding(),)),
        _report((finding(), finding(related=(), signals={}, confidence=None),
                 finding(signals={"values": ["a", 1], 2: "two", "date": dt.date(2026, 1, 1)}),
                 finding(signals={"nan": float("nan"), "inf": float("-inf")}, line=1)),
                baseline={"known": 1, "fixed": [{"code": "GM201", "path": "x"}]}),
        # fields of other types than gitmem gives them are written as json writes them too
        _report((finding(line=True), finding(confidence=1), finding(confidence=float("inf")),
                 finding(related=[Location("memory/c.md", 2)]), finding(fingerprint=""),
                 finding(related=(Location("memory/c.md", True), Location(3, 4))),
                 finding(signals=collections.OrderedDict(b=1, a=2)), finding(path="\udce9"),
                 finding(message=3), finding(confidence="0.5"))),
        _report((), memories=()),
        _report((finding(),), memories=(
            MemoryGrounding("memory/a.md", 3, 1, 0, 2),
            MemoryGrounding("memory/\udce9.md", 0, 0, 0, 0),
            MemoryGrounding("memory/c.md", True, 1.0, 0, 2), MemoryGrounding(7, 1, 1, 0, 0))),
    ]
    for report in reports:
        assert render(report) == dumps(report_json(report), indent=2, default=str) + "\n"


def test_the_report_written_to_stdout_a_piece_at_a_time_is_the_whole_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`gitmem lint --format json` writes the report in pieces (never one string of tens of
    megabytes): stdout holds exactly what `--output FILE` holds, laid out as json.dumps."""
    import gitmem.commands.lint_cmd as lint_cmd

    files = {f"memory/m{n}.md": f"- Deploy on Mondays at {n} o'clock \u2014 \U0001f680.\n"
                                f"- Never deploy on Mondays at {n} o'clock.\n" for n in range(4)}
    repo = make_repo(tmp_path / "repo", files)
    monkeypatch.setattr(lint_cmd, "_PIECES", 3)
    result = gitmem(repo, "lint", "--format", "json", "--output", "-")
    assert result.code == 0, result
    report = json.loads(result.out)
    assert len(report["findings"]) >= 4  # two pieces each: written in several writes
    assert result.out == json.dumps(report, indent=2, ensure_ascii=False) + "\n"
    out = tmp_path / "out.json"
    assert gitmem(repo, "lint", "--format", "json", "--output", str(out)).code == 0
    written = out.read_text(encoding="utf-8")

    def without_seconds(text: str) -> str:
        return "\n".join(line for line in text.split("\n") if '"seconds"' not in line)

    assert without_seconds(written) == without_seconds(result.out)

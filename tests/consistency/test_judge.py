"""The external judge is untrusted: every way it can misbehave is classified, none stalls us."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from gitmem.consistency.judge import ClaimRef, JudgeRequest, run_judge

FILES = {
    "memory/a.md": "# Merges\n- Always squash merges\n",
    "memory/b.md": "- Never squash merges\n",
}
PAIR = JudgeRequest(
    ClaimRef("memory/a.md", 2, "Always squash merges"), ClaimRef("memory/b.md", 1, "Never squash merges")
)


def judge(tmp_path: Path, name: str, body: str) -> list[str]:
    script = tmp_path / f"{name}.py"
    script.write_text("import json, sys, time\nrequest = json.load(sys.stdin)\n" + body)
    return [sys.executable, str(script)]


def run(command: list[str], timeout: float = 5.0):  # type: ignore[no-untyped-def]
    return run_judge(command, [PAIR], timeout, FILES)


def test_a_valid_verdict_quoting_both_files_is_accepted(tmp_path: Path) -> None:
    command = judge(
        tmp_path,
        "valid",
        "print(json.dumps({'verdict': 'contradiction', 'claim_a': request['a']['text'],"
        " 'claim_b': request['b']['text'], 'reason': 'always vs never'}))\n",
    )
    report = run(command)
    assert [r.status for r in report.results] == ["valid"]
    assert report.accepted[0].verdict == "contradiction"
    assert report.rejected == {}


@pytest.mark.parametrize(
    ("name", "body", "status"),
    [
        ("prose", "print('I think these two claims contradict each other.')\n", "prose"),
        ("silent", "pass\n", "empty"),
        ("crash", "print('{}'); sys.exit(1)\n", "error"),
        ("shape", "print(json.dumps(['contradiction']))\n", "error"),
        (
            "unknown",
            "print(json.dumps({'verdict': 'maybe', 'claim_a': 'x', 'claim_b': 'y', 'reason': ''}))\n",
            "error",
        ),
        (
            "invented",
            (
                "print(json.dumps({'verdict': 'contradiction', 'claim_a': 'Always rebase',"
                " 'claim_b': request['b']['text'], 'reason': 'made up'}))\n"
            ),
            "unquoted",
        ),
        ("flood", "sys.stdout.write('x' * 10_000_000)\n", "error"),
        (
            "listed",
            ("print(json.dumps({'verdict': ['duplicate'], 'claim_a': 'x', 'claim_b': 'y',"
            " 'reason': ''}))\n"),
            "error",
        ),
        ("deep", "print('[' * 60000)\n", "error"),
        (
            "fragment",  # bits of the files, not the claims: would drop any pair
            ("print(json.dumps({'verdict': 'neither', 'claim_a': 'e', 'claim_b': 'merges',"
            " 'reason': ''}))\n"),
            "unquoted",
        ),
    ],
)
def test_misbehaving_judges_are_rejected_by_reason(
    tmp_path: Path, name: str, body: str, status: str
) -> None:
    report = run(judge(tmp_path, name, body))
    assert [r.status for r in report.results] == [status]
    assert report.rejected == {status: 1}
    assert report.accepted == ()


def test_a_judge_sleeping_past_the_timeout_is_killed(tmp_path: Path) -> None:
    command = judge(tmp_path, "sleepy", "time.sleep(30)\n")
    started = time.monotonic()
    report = run_judge(command, [PAIR, PAIR], 0.5, FILES)
    assert time.monotonic() - started < 5
    assert report.rejected == {"timeout": 2}


def test_a_missing_program_is_an_error_not_a_crash(tmp_path: Path) -> None:
    report = run([str(tmp_path / "no-such-judge")])
    assert report.rejected == {"error": 1}


def test_the_report_counts_each_reason(tmp_path: Path) -> None:
    command = judge(
        tmp_path,
        "alternating",
        "import os\n"
        "flag = os.path.join(os.path.dirname(__file__), 'seen')\n"
        "if os.path.exists(flag):\n    print('no idea')\n"
        "else:\n    open(flag, 'w').close()\n"
        "    print(json.dumps({'verdict': 'neither', 'claim_a': request['a']['text'],"
        " 'claim_b': request['b']['text'], 'reason': 'fine'}))\n",
    )
    report = run_judge(command, [PAIR, PAIR, PAIR], 5.0, FILES)
    assert [r.status for r in report.results] == ["valid", "prose", "prose"]
    assert report.rejected == {"prose": 2}


def test_a_claim_quoted_as_sent_is_accepted_though_the_file_breaks_its_line(
    tmp_path: Path,
) -> None:
    files = {"memory/c.md": "- The staging cluster runs\n  in the kitchen.\n",
             "memory/d.md": "- The staging cluster runs in the courtroom.\n"}
    pair = JudgeRequest(ClaimRef("memory/c.md", 1, "The staging cluster runs in the kitchen."),
                        ClaimRef("memory/d.md", 1, "The staging cluster runs in the courtroom."))
    echo = judge(tmp_path, "echo", "print(json.dumps({'verdict': 'contradiction', 'claim_a':"
                 " request['a']['text'], 'claim_b': request['b']['text'], 'reason': ''}))\n")
    assert [r.status for r in run_judge(echo, [pair], 5.0, files).results] == ["valid"]
    part = judge(tmp_path, "part", "print(json.dumps({'verdict': 'contradiction', 'claim_a':"
                 " 'staging cluster runs in the kitchen', 'claim_b': request['b']['text'],"
                 " 'reason': ''}))\n")
    assert [r.status for r in run_judge(part, [pair], 5.0, files).results] == ["valid"]


def test_a_judge_that_keeps_timing_out_is_not_asked_again(tmp_path: Path) -> None:
    command = judge(tmp_path, "hung", "time.sleep(30)\n")
    started = time.monotonic()
    report = run_judge(command, [PAIR] * 10, 0.3, FILES)
    assert time.monotonic() - started < 3  # three calls, not ten
    assert report.rejected == {"timeout": 10}
    assert "not asked" in report.results[-1].detail

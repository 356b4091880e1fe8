"""The judge plug-in on real repositories: accepted verdicts count, untrusted output does not,
and only git config / the environment can name the program."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from gitutil import git, gitmem, make_repo

A = "---\ntype: project\n---\n- The project runs PostgreSQL 16 in production.\n"
B = "---\ntype: project\n---\n- The project runs PostgreSQL 14 in production.\n"


def judge(tmp_path: Path, body: str) -> str:
    script = tmp_path / "judge.py"
    script.write_text("import json, sys\nreq = json.load(sys.stdin)\n" + body)
    return f"{sys.executable} {script}"


def contradictions(repo: Path) -> list[dict]:
    result = gitmem(repo, "candidates", "--json")
    assert result.code == 0, result
    return [p for p in json.loads(result.out)["pairs"] if p["kind"] == "contradiction"]


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "m", {"memory/a.md": A, "memory/b.md": B})


def test_an_accepted_neither_verdict_drops_the_pair(repo: Path, tmp_path: Path) -> None:
    git(repo, "config", "gitmem.judge.command", judge(tmp_path, (
        "print(json.dumps({'verdict': 'neither', 'claim_a': req['a']['text'],"
        " 'claim_b': req['b']['text'], 'reason': 'different clusters'}))\n")))
    assert contradictions(repo) == []


def test_a_judge_quoting_invented_text_is_rejected_and_reported(
        repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GITMEM_JUDGE_COMMAND", judge(tmp_path, (
        "print(json.dumps({'verdict': 'neither', 'claim_a': 'made up',"
        " 'claim_b': req['b']['text'], 'reason': 'x'}))\n")))
    result = gitmem(repo, "candidates", "--json")
    assert "rejected 1 (1 unquoted)" in result.err
    assert len([p for p in json.loads(result.out)["pairs"] if p["kind"] == "contradiction"]) == 1


def test_prose_from_the_judge_leaves_the_detector_standing(repo: Path, tmp_path: Path) -> None:
    git(repo, "config", "gitmem.judge.command", judge(tmp_path, "print('I think they agree.')\n"))
    found = contradictions(repo)
    assert len(found) == 1 and "judge" not in found[0]["signals"]

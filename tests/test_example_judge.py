"""examples/llm-judge.py, the judge the docs show, speaks gitmem's protocol: tested end to end
through `gitmem lint --judge` with a stand-in for the LLM tool (a real executable named `llm`
on PATH that answers like a model: fenced JSON for one pair, prose for the other)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from gitutil import git, gitmem, make_repo

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "llm-judge.py"
STAND_IN = """#!{python}
import json, sys
prompt = sys.stdin.read()
with open({log!r}, "a") as log:
    log.write(json.dumps({{"argv": sys.argv[1:], "prompt": prompt}}) + "\\n")
if "migrations" in prompt:
    print("Sure! Here is my answer:\\n```json\\n"
          '{{"verdict": "duplicate", "reason": "Both require migrations before a deploy."}}'
          "\\n```")
else:
    print("These two statements seem to be about naming conventions.")
"""


def memory(*claims: str) -> str:
    return "---\ntype: project\n---\n" + "".join(f"- {claim}\n" for claim in claims)


@pytest.fixture
def llm_on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    tool = bin_dir / "llm"
    log = tmp_path / "llm-calls.jsonl"
    tool.write_text(STAND_IN.format(python=sys.executable, log=str(log)))
    tool.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    return log


def test_the_example_judge_adds_what_the_model_decides_and_rejects_its_prose(
        tmp_path: Path, llm_on_path: Path) -> None:
    repo = make_repo(tmp_path / "m", {
        "memory/a.md": memory("Run the database migrations before every deploy.",
                              "Name hook files in camelCase."),
        "memory/b.md": memory("Every deployment must be preceded by running the DB migrations.",
                              "Name hook files in kebab-case.")})
    git(repo, "config", "gitmem.judge.command",
        f"{sys.executable} {EXAMPLE} -- llm -m some-model")
    result = gitmem(repo, "lint", "--judge", "--format", "json")
    found = json.loads(result.out)["findings"]
    by_code = {f["code"]: f for f in found}
    assert sorted(by_code) == ["GM201", "GM211"]
    assert by_code["GM201"]["signals"]["judge"] == "duplicate"
    assert by_code["GM201"]["signals"]["judge_reason"] == "Both require migrations before a deploy."
    assert "judge" not in by_code["GM211"]["signals"]  # prose: the rules' possible GM211 stands
    assert "rejected 1: 1 prose" in result.err
    asked = [json.loads(line) for line in llm_on_path.read_text().splitlines()]
    assert [call["argv"] for call in asked] == [["-m", "some-model"]] * 2
    assert any("Name hook files in camelCase." in call["prompt"]
               and "Name hook files in kebab-case." in call["prompt"] for call in asked)

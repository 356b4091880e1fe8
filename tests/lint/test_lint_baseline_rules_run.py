"""A baseline entry of a rule that did not run is not fixed: a run that leaves the rule out
(`--select`, or GM202's default beside code) neither lists it as fixed nor drops it from the
file it writes, so asking for the rule again finds it still recorded."""

from __future__ import annotations

import json
from pathlib import Path

from gitutil import make_repo
from lintutil import cli

NEAR_A = "Use pnpm for installing dependencies in this repository."
NEAR_B = "In this repository, install dependencies with pnpm."


def test_gm202_entries_survive_runs_that_leave_gm202_out(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "memory-bank/techContext.md": f"# Tech\n\n- {NEAR_A}\n- Deploys run on Fridays.\n",
        "memory-bank/systemPatterns.md": f"# Patterns\n\n- {NEAR_B}\n- Deploys run on Fridays.\n",
    })
    file = repo / "baseline.json"
    assert cli(repo, "lint", "--select", "GM", "--write-baseline", str(file)).code == 0
    recorded = sorted(e["code"] for e in json.loads(file.read_text())["findings"])
    assert recorded == ["GM201", "GM202"]
    plain = cli(repo, "lint", "--json", "--baseline", str(file))
    assert plain.json()["findings"] == []
    assert plain.json()["baseline"] == {"known": 1, "fixed": []}
    assert "no longer found" not in plain.err
    # rewriting the baseline without GM202 keeps its entry; asking for GM202 again: nothing new
    assert cli(repo, "lint", "--write-baseline", str(file)).code == 0
    assert sorted(e["code"] for e in json.loads(file.read_text())["findings"]) == recorded
    asked = cli(repo, "lint", "--json", "--select", "GM2", "--baseline", str(file))
    assert asked.json()["findings"] == [] and asked.json()["baseline"]["known"] == 2


def test_a_selection_does_not_call_the_other_rules_entries_fixed(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "memory/a.md": "- Deploys run on Fridays.\n- The entry point is `src/gone.py`.\n",
        "lib/gone.py": "x = 1\n",  # in lib/: the memory's path is wrong (GM311)
        "memory/b.md": "- Deploys run on Fridays.\n",
    })
    file = repo / "baseline.json"
    cli(repo, "lint", "--write-baseline", str(file))
    assert sorted(e["code"] for e in json.loads(file.read_text())["findings"]) == [
        "GM201", "GM311"]
    only = cli(repo, "lint", "--json", "--select", "GM3", "--baseline", str(file))
    assert only.json()["baseline"] == {"known": 1, "fixed": []}
    # a rule that ran and no longer finds its entry: that one is fixed
    (repo / "memory/b.md").write_text("- Reviews need two approvals.\n")
    fixed = cli(repo, "lint", "--json", "--baseline", str(file)).json()["baseline"]["fixed"]
    assert [e["code"] for e in fixed] == ["GM201"]

"""The Action and the pre-commit hooks on a memory that already has findings: diff mode by
default, baselines, annotation caps, pinned and least-privilege workflow, real pre-commit runs."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml
from gitutil import commit_all, git, make_repo, write
from hookutil import memory
from test_ci_action import ACTION, MANIFEST, ROOT, action, run_action_script

PINNED = re.compile(r"^[\w.-]+/[\w./-]+@[0-9a-f]{40}$")
OLD = memory("old", "Released in commit 0badc0ffee1.", "Indent Python code with tabs.")


def debt_repo(root: Path) -> tuple[Path, str]:
    """A memory with an old fabricated hash on `main`, and a pull request branch."""
    repo = make_repo(root, {"memory/old.md": OLD})
    base = git(repo, "rev-parse", "HEAD").strip()
    git(repo, "checkout", "-q", "-b", "pr")
    return repo, base


def test_a_pull_request_is_not_failed_over_an_old_finding_on_a_line_it_did_not_touch(
    tmp_path: Path,
) -> None:
    repo, base = debt_repo(tmp_path / "r")
    write(repo, {"memory/old.md": OLD + "- Deploys go out on Tuesdays.\n"})
    commit_all(repo, "pull request adds a line beside the old hash")
    code, stdout, summary, _ = run_action_script(repo, tmp_path, base=base)
    assert code == 0 and "::error" not in stdout
    assert "what the pull request adds since" in summary.read_text()
    code, stdout, _, _ = run_action_script(repo, tmp_path, base=base, mode="all")
    assert code == 1 and "memory/old.md,line=4" in stdout  # the whole memory still has it


def test_a_new_contradiction_is_annotated_on_the_new_line_and_a_baseline_hides_old_debt(
    tmp_path: Path,
) -> None:
    repo, base = debt_repo(tmp_path / "r")
    git(repo, "checkout", "-q", "main")
    assert subprocess.run([*GITMEM, "lint", "--write-baseline", "baseline.json"], cwd=repo,
                          capture_output=True, check=False).returncode == 0
    commit_all(repo, "record the debt")
    git(repo, "checkout", "-q", "-B", "pr")
    write(repo, {"memory/new.md": memory("new", "Indent Python code with spaces.")})
    commit_all(repo, "agent changes its mind")
    code, stdout, summary, output = run_action_script(repo, tmp_path, base=base,
                                                      baseline="baseline.json")
    assert code == 0
    assert stdout.splitlines() == [line for line in stdout.splitlines() if "GM211" in line]
    assert len(stdout.splitlines()) == 1 and "::warning file=memory/new.md,line=4" in stdout
    assert "memory/old.md:5" in stdout  # the old side, named
    assert "findings=1\n" in output.read_text()
    code, stdout, summary, _ = run_action_script(  # the push run on the default branch
        repo, tmp_path, mode="all", baseline="baseline.json")
    assert code == 0 and stdout.count("::warning") == 1 and "::error" not in stdout
    assert "1 recorded findings not shown" in summary.read_text()


def test_annotations_are_capped_as_github_caps_them_and_the_rest_is_counted(
    tmp_path: Path,
) -> None:
    repo, base = debt_repo(tmp_path / "r")
    claims = [f"Fixed in commit {n:x}0badc0ffe." for n in range(10, 23)]  # 13 errors
    claims += [f"Helper in `src/gone{n}.py`." for n in range(12)]  # 12 warnings: each
    helpers = {f"lib/gone{n}.py": "x = 1\n" for n in range(12)}  # is in lib/, not src/
    write(repo, {"memory/many.md": memory("many", *claims), **helpers})
    commit_all(repo, "many findings")
    sarif = tmp_path / "gitmem.sarif"
    code, stdout, summary, output = run_action_script(repo, tmp_path, base=base,
                                                      sarif_file=str(sarif))
    assert code == 1
    assert stdout.count("::error ") == 10 and stdout.count("::warning ") == 10
    assert "5 more findings are not annotated" in stdout
    assert "findings=25\nerrors=13\nwarnings=12\n" in output.read_text()
    assert summary.read_text().count("| `memory/many.md:") == 25  # the summary has them all
    results = json.loads(sarif.read_text())["runs"][0]["results"]
    prints = [r["partialFingerprints"]["gitmemFinding/v2"] for r in results]
    assert len(results) == 25 and len(set(prints)) == 25


def test_mode_and_base_are_checked(tmp_path: Path) -> None:
    repo, base = debt_repo(tmp_path / "r")
    code, stdout, _, _ = run_action_script(repo, tmp_path, mode="diff")
    assert code == 2 and "mode diff needs a base" in stdout
    code, stdout, _, _ = run_action_script(repo, tmp_path, base=base, mode="sometimes")
    assert code == 2 and "mode: 'sometimes'" in stdout


GITMEM = [sys.executable, "-m", "gitmem"]


def test_the_action_pins_what_it_uses_and_installs_pinned_cached_versions() -> None:
    steps = action()["runs"]["steps"]
    uses = [step["uses"] for step in steps if "uses" in step]
    assert uses and all(PINNED.match(u) for u in uses), uses
    assert any(u.startswith("actions/cache@") for u in uses)
    install = next(s for s in steps if "pip install" in s.get("run", ""))
    assert '--constraint "$ACTION_PATH/.ci/constraints.txt"' in install["run"]
    pins = {line.split("==")[0].lower() for line in
            (ROOT / ".ci" / "constraints.txt").read_text().splitlines()
            if line and not line.startswith("#")}
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert {re.split(r"[<>=!~ ]", d)[0].lower() for d in deps} <= pins
    lint = next(s for s in steps if s.get("id") == "lint")
    assert {"INPUT_MODE", "INPUT_BASELINE"} <= set(lint["env"])


def example_workflow() -> dict[Any, Any]:
    text = (ROOT / "docs" / "ci.md").read_text()
    block = re.search(r"```yaml\n(# \.github/workflows/memory\.yml\n.*?)```", text, re.S)
    assert block
    return yaml.safe_load(block.group(1))


def test_the_documented_workflow_is_least_privilege_pinned_and_runs_on_push_too(
    tmp_path: Path,
) -> None:
    flow = example_workflow()
    triggers = flow[True]  # YAML 1.1 reads the key `on` as true
    assert "pull_request" in triggers and triggers["push"]["branches"] == ["main"]
    assert flow["permissions"] == {}
    for job in flow["jobs"].values():
        assert job["permissions"] == {"contents": "read", "security-events": "write"}
        for step in job["steps"]:
            if "uses" in step and "gitmem@" not in step["uses"]:
                assert PINNED.match(step["uses"]), step["uses"]
    if shutil.which("check-jsonschema"):
        path = tmp_path / "memory.yml"
        path.write_text(yaml.safe_dump(flow).replace("true:", "'on':", 1))
        proc = subprocess.run(["check-jsonschema", "--builtin-schema", "vendor.github-workflows",
                               str(path)], capture_output=True, text=True, check=False)
        assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_manifest_shows_warnings_and_offers_a_whole_memory_hook() -> None:
    hooks = {hook["id"]: hook for hook in yaml.safe_load(MANIFEST.read_text())}
    assert hooks["gitmem-lint"]["verbose"] is True
    assert hooks["gitmem-post-merge"]["verbose"] is True
    whole = hooks["gitmem-lint-all"]
    assert whole["entry"] == "gitmem lint" and whole["pass_filenames"] is False
    assert "pre-commit" in whole["stages"] and re.search(whole["files"], "memory/a.md")


@pytest.mark.skipif(shutil.which("pre-commit") is None, reason="pre-commit absent")
def test_pre_commit_run_all_files_fails_on_committed_errors_with_the_whole_memory_hook(
    tmp_path: Path,
) -> None:
    """The real framework installs this checkout (try-repo) and runs both hooks."""
    repo = make_repo(tmp_path / "r", {"memory/old.md": OLD})
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "PRE_COMMIT_COLOR": "never"}

    def run(hook: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["pre-commit", "try-repo", str(ROOT), hook, "--all-files"],
                              cwd=repo, env=env, capture_output=True, text=True, check=False,
                              timeout=900)

    staged_only = run("gitmem-lint")
    assert staged_only.returncode == 0, staged_only.stdout + staged_only.stderr
    whole = run("gitmem-lint-all")
    assert whole.returncode == 1, whole.stdout + whole.stderr
    assert "memory/old.md:4: GM301" in whole.stdout
    assert ACTION.exists()

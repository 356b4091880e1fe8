"""action.yml and .pre-commit-hooks.yaml: valid, safe, and the action's script works locally."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from gitutil import commit_all, git, make_repo, write
from hookutil import memory, integration_tool

ROOT = Path(__file__).resolve().parents[2]
ACTION = ROOT / "action.yml"
MANIFEST = ROOT / ".pre-commit-hooks.yaml"


def action() -> dict[str, Any]:
    return yaml.safe_load(ACTION.read_text())


def test_action_matches_the_github_action_schema() -> None:
    proc = subprocess.run([integration_tool("check-jsonschema"), "--builtin-schema", "vendor.github-actions",
                           str(ACTION)], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_manifest_is_a_valid_pre_commit_manifest() -> None:
    proc = subprocess.run([integration_tool("pre-commit"), "validate-manifest", str(MANIFEST)],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_manifest_offers_a_commit_hook_and_a_post_merge_hook() -> None:
    hooks = {hook["id"]: hook for hook in yaml.safe_load(MANIFEST.read_text())}
    lint, post = hooks["gitmem-lint"], hooks["gitmem-post-merge"]
    assert lint["language"] == "python" and "gitmem hook" in lint["entry"]
    assert "pre-commit" in lint["entry"] and lint["files"]
    assert post["stages"] == ["post-merge"] and post["always_run"] is True
    assert post["pass_filenames"] is False
    assert all(hook["minimum_pre_commit_version"] == "3.2.0" for hook in hooks.values())


def test_every_run_step_uses_bash_and_takes_inputs_only_through_env() -> None:
    steps = action()["runs"]["steps"]
    runs = [step for step in steps if "run" in step]
    assert runs
    for step in runs:
        assert step["shell"] == "bash"
        assert "${{" not in step["run"], f"expression interpolated into a script: {step['run']}"
    install = next(step for step in runs if "pip install" in step["run"])
    assert install["env"]["ACTION_PATH"] == "${{ github.action_path }}"
    lint = next(step for step in runs if step.get("id") == "lint")
    assert "github.event.pull_request.base.sha" in lint["env"]["INPUT_BASE"]


def run_action_script(repo: Path, tmp_path: Path, **inputs: str) -> tuple[int, str, Path, Path]:
    """Run the lint step's own script as the runner would, with GITHUB_* files in tmp_path."""
    step = next(step for step in action()["runs"]["steps"] if step.get("id") == "lint")
    summary, output = tmp_path / "summary.md", tmp_path / "output.txt"
    env = {k: v for k, v in os.environ.items() if not k.startswith("INPUT_")}
    env.update(GITHUB_STEP_SUMMARY=str(summary), GITHUB_OUTPUT=str(output),
               GITHUB_ACTIONS="true")
    env.update({f"INPUT_{key.upper()}": value for key, value in inputs.items()})
    assert {f"INPUT_{key.upper()}" for key in inputs} <= set(step["env"])
    proc = subprocess.run(["bash", "-c", step["run"]], cwd=repo, env=env, capture_output=True,
                          text=True, check=False)
    return proc.returncode, proc.stdout, summary, output


def pull_request_repo(root: Path) -> tuple[Path, str]:
    repo = make_repo(root, {"memory/old.md": memory("old", "Released in commit 0badc0ffee1.")})
    base = git(repo, "rev-parse", "HEAD").strip()
    write(repo, {"memory/new.md": memory("new", "The cache bug was fixed in commit 4f2a9c81be.")})
    commit_all(repo, "pull request")
    return repo, base


def test_the_action_annotates_summarises_and_fails_on_a_fabricated_hash(tmp_path: Path) -> None:
    repo, base = pull_request_repo(tmp_path / "r")
    sarif = tmp_path / "gitmem.sarif"
    code, stdout, summary, output = run_action_script(
        repo, tmp_path, base=base, fail_on="error", sarif_file=str(sarif))
    assert code == 1
    assert "::error file=memory/new.md,line=4,title=GM301 unknown-commit::" in stdout
    assert "memory/old.md" not in stdout  # not changed by the pull request
    text = summary.read_text()
    assert "## gitmem memory lint" in text and "The check fails" in text
    assert "| `memory/new.md:4` | GM301 unknown-commit | error |" in text
    assert "findings=1\nerrors=1\n" in output.read_text()
    report = json.loads(sarif.read_text())
    assert report["version"] == "2.1.0"
    assert report["runs"][0]["results"][0]["ruleId"] == "GM301"


def test_fail_on_never_reports_without_failing(tmp_path: Path) -> None:
    repo, base = pull_request_repo(tmp_path / "r")
    code, stdout, summary, _ = run_action_script(repo, tmp_path, base=base, fail_on="never")
    assert code == 0 and "::error" in stdout
    assert "The check passes" in summary.read_text()


def test_a_sarif_file_in_a_new_folder_is_written_and_an_unwritable_one_is_a_usage_error(
    tmp_path: Path,
) -> None:
    repo, base = pull_request_repo(tmp_path / "r")
    code, _, _, _ = run_action_script(repo, tmp_path, base=base, fail_on="never",
                                      sarif_file="reports/gitmem.sarif")
    assert code == 0 and json.loads((repo / "reports/gitmem.sarif").read_text())["runs"]
    (repo / "taken").mkdir()
    code, stdout, _, output = run_action_script(repo, tmp_path, base=base,
                                                fail_on="never", sarif_file="taken")
    assert code == 2 and "::error title=gitmem::sarif-file: cannot write taken" in stdout
    assert "findings=1" in output.read_text()  # the summary and outputs came first


def test_a_base_missing_from_a_shallow_clone_says_to_fetch_history(tmp_path: Path) -> None:
    repo, _ = pull_request_repo(tmp_path / "r")
    code, stdout, _, _ = run_action_script(repo, tmp_path, base="1" * 40)
    assert code == 2
    assert "::error title=gitmem::" in stdout and "fetch-depth: 0" in stdout

"""Red team (m-sec): a cloned repository that commits a `gitmem/` (or `pip/`) package at its top
must never have it run. `python -m NAME` puts the current folder first on `sys.path`, and git
runs hooks and merge drivers in the working tree's top, the Action runs its steps in the
checkout and `gitmem demo` started gitmem from wherever the user stood: each `python -m` that
gitmem starts there passes `-P` (Python 3.11+: no unsafe first `sys.path` entry), so the
installed gitmem is imported and the committed one never is.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from gitutil import commit_all, git, gitmem, make_repo, write

ROOT = Path(__file__).resolve().parents[2]


def memory(name: str, *claims: str) -> str:
    return f"---\nname: {name}\ntype: project\n---\n" + "".join(f"- {c}\n" for c in claims)


def run_git(repo: Path, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """git as a user runs it, hooks included, with no `gitmem` on PATH: the shims and the
    merge driver fall back to the interpreter recorded at install time (`python -m gitmem`)."""
    tools = tmp_path / "bin"
    tools.mkdir(exist_ok=True)
    for tool in ("git", "sh", "cat", "dirname"):
        found = shutil.which(tool)
        if found and not (tools / tool).exists():
            (tools / tool).symlink_to(found)
    return subprocess.run(["git", *args], cwd=repo, env=dict(os.environ, PATH=str(tools)),
                          capture_output=True, text=True, check=False)


def console_script(name: str) -> str:
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.is_file() else shutil.which(name)
    assert found, f"{name} is not installed; run: pip install -e '.[test]'"
    return found


def plant(folder: Path, package: str, canary: Path) -> None:
    """A package named `package` in `folder` whose import leaves `canary` and exits 0."""
    code = (f"import pathlib\npathlib.Path({str(canary)!r}).write_text('ran')\n"
            "raise SystemExit(0)\n")
    write(folder, {f"{package}/__init__.py": code, f"{package}/__main__.py": code})


def cloned(tmp_path: Path, canary: Path, files: dict[str, str]) -> tuple[Path, Path]:
    origin = make_repo(tmp_path / "origin", files)
    plant(origin, "gitmem", canary)
    commit_all(origin, "a package named gitmem at the top")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(origin), str(clone)], check=True)
    return origin, clone


def test_the_hooks_never_import_a_committed_gitmem_package(tmp_path: Path) -> None:
    canary = tmp_path / "canary"
    _, clone = cloned(tmp_path, canary, {"memory/a.md": memory("a", "A fact.")})
    installed = gitmem(clone, "hooks", "install")
    assert installed.code == 0, installed
    write(clone, {"memory/b.md": memory("b", "Another fact.")})
    git(clone, "add", "memory/b.md")
    # no gitmem on PATH: the shim falls back to the recorded interpreter
    committed = run_git(clone, tmp_path, "commit", "-q", "-m", "a memory")
    assert not canary.exists(), "git commit ran the repository's own gitmem package"
    assert committed.returncode == 0, committed.stderr
    assert git(clone, "log", "-1", "--format=%s").strip() == "a memory"


def test_the_merge_driver_never_imports_a_committed_gitmem_package(tmp_path: Path) -> None:
    canary = tmp_path / "canary"
    base = memory("a", "One.", "Two.")
    origin, clone = cloned(tmp_path, canary, {
        "memory/a.md": base, ".gitattributes": "memory/*.md merge=gitmem\n"})
    installed = gitmem(clone, "hooks", "install", "--merge-driver")
    assert installed.code == 0, installed
    git(clone, "config", "pull.rebase", "false")
    write(origin, {"memory/a.md": base + "- Theirs.\n"})
    commit_all(origin, "theirs")
    write(clone, {"memory/a.md": base.replace("- One.", "- Uno.")})
    commit_all(clone, "ours")
    pulled = run_git(clone, tmp_path, "pull", "-q", "--no-edit", "origin", "main")
    assert not canary.exists(), "git pull ran the repository's own gitmem package"
    assert pulled.returncode == 0, pulled.stderr
    merged = (clone / "memory/a.md").read_text()
    assert "- Uno.\n" in merged and "- Theirs.\n" in merged and "<<<<<<<" not in merged


def test_demo_never_imports_a_gitmem_package_in_the_current_folder(tmp_path: Path) -> None:
    canary = tmp_path / "canary"
    here = tmp_path / "project"
    plant(here, "gitmem", canary)
    env = {k: v for k, v in os.environ.items() if k != "GITMEM_DEMO_PYTHON"}
    proc = subprocess.run([console_script("gitmem"), "demo"], cwd=here, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert not canary.exists(), "gitmem demo ran the current folder's gitmem package"
    assert proc.returncode == 0, proc.stderr
    assert "GM211" in proc.stdout and "No findings" in proc.stdout


def _steps() -> dict[str, str]:
    steps = yaml.safe_load((ROOT / "action.yml").read_text())["runs"]["steps"]
    return {step["name"]: step["run"] for step in steps if "run" in step}


@pytest.mark.parametrize(("step", "package"), [("Install gitmem", "pip"),
                                               ("Lint memory", "gitmem")])
def test_the_action_never_imports_a_package_the_checkout_commits(
    tmp_path: Path, step: str, package: str
) -> None:
    canary = tmp_path / "canary"
    checkout = make_repo(tmp_path / "checkout", {"memory/a.md": memory("a", "A fact.")})
    plant(checkout, package, canary)
    commit_all(checkout, f"a package named {package} at the top")
    env = {k: v for k, v in os.environ.items() if not k.startswith("INPUT_")}
    env.update(PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
               ACTION_PATH=str(tmp_path / "no-such-action"),  # pip fails fast, offline
               GITHUB_STEP_SUMMARY=str(tmp_path / "summary.md"),
               GITHUB_OUTPUT=str(tmp_path / "output.txt"), GITHUB_ACTIONS="true")
    proc = subprocess.run(["bash", "-c", _steps()[step]], cwd=checkout, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert not canary.exists(), f"the step {step!r} ran the checkout's own {package} package"
    if package == "gitmem":  # the real lint ran and found nothing to report
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert "findings=0" in (tmp_path / "output.txt").read_text()
    else:  # the real pip ran, and refused the missing constraints file
        assert proc.returncode != 0 and "no-such-action" in proc.stdout + proc.stderr

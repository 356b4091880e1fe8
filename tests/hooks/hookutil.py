"""Helpers for driving real git with gitmem's hooks installed.

The shims exec `gitmem` from PATH, else the interpreter recorded at install time. Tests run git
with a PATH that holds git, a shell and two small tools but no `gitmem`, so every hook runs this
checkout through the recorded `sys.executable -P -m gitmem` fallback (the interpreter running the
tests).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from gitutil import gitmem, make_repo


def _hook_path() -> str:
    """A folder holding only the tools the tests' git runs and hooks need (symlinks), so no
    `gitmem` can be found on PATH whatever the machine has next to git."""
    folder = Path(tempfile.gettempdir()) / f"gitmem-hook-tests-bin-{os.getuid()}"
    folder.mkdir(exist_ok=True)
    for tool in ("git", "sh", "cat", "dirname"):
        found = shutil.which(tool)
        link = folder / tool
        if found and not link.exists():
            try:
                link.symlink_to(found)
            except FileExistsError:  # another test process made it first
                pass
    return str(folder)


HOOK_PATH = _hook_path()


def integration_tool(name: str) -> str:
    """The test extra's command-line tool `name` (pre-commit, check-jsonschema): next to the
    interpreter running the tests, where pip installs it, else on PATH. Missing is a failure,
    not a skip: an integration test that skips protects nothing."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.is_file() else shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed; run: pip install '.[test]'")
    return found


def run_git(repo: Path, *args: str, input: str | None = None) -> subprocess.CompletedProcess[str]:
    """git as a user runs it (hooks included); never raises on a non-zero exit."""
    env = dict(os.environ, PATH=HOOK_PATH)
    return subprocess.run(["git", *args], cwd=repo, env=env, capture_output=True, text=True,
                          input=input, check=False)


def hooked_repo(root: Path, files: dict[str, str | bytes]) -> Path:
    """A memory repository with `files` committed and gitmem's hooks installed."""
    repo = make_repo(root, files)
    result = gitmem(repo, "hooks", "install")
    assert result.code == 0, result
    return repo


def memory(name: str, *claims: str, **fields: str) -> str:
    meta = "".join(f"{key}: {value}\n" for key, value in {"name": name, **fields}.items())
    return f"---\n{meta}---\n" + "".join(f"- {claim}\n" for claim in claims)

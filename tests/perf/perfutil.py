"""Shared by the perf tests: a small generated memory repository and lint runs to compare."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.generate import generate

sys.path.insert(0, str(ROOT / "tests"))
from lint.lintutil import cli


def small_repo(path: Path, files: int = 200) -> Path:
    """A generated repository (synthetic sentences, so it does not depend on ../shared)."""
    generate(path, files, corpora=None, ops=5)
    return path


def lint_json(repo: Path, *args: str) -> dict[str, Any]:
    """`gitmem lint --format json` with the timing removed, so two runs compare equal."""
    run = cli(repo, "lint", "--format", "json", *args)
    assert run.code in (0, 1), run
    data = json.loads(run.out)
    data["summary"].pop("seconds", None)
    return data


def clone_of(template: Path, tmp_path: Path) -> Path:
    """A fresh clone of a module's template repository, for one test to change."""
    from gitutil import git

    target = tmp_path / "repo"
    git(tmp_path, "clone", "-q", str(template), str(target))
    return target


def calls_to(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str,
             record: Callable[..., Any]) -> list[Any]:
    """`record(*args)` of every call to `owner.name` from now on; the calls still run."""
    calls: list[Any] = []
    original = getattr(owner, name)

    def counting(*args: Any) -> Any:
        calls.append(record(*args))
        return original(*args)

    monkeypatch.setattr(owner, name, counting)
    return calls

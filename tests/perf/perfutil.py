"""Shared by the perf tests: a small generated memory repository and lint runs to compare."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

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

"""The pre-commit hook leaves GM202 out where lint does (memory beside code as agent layouts) and
reports it where lint.select asks for it: one rule set for lint, --staged and the hooks."""

from __future__ import annotations

from pathlib import Path

from gitutil import git, write
from hookutil import hooked_repo, run_git

NEAR_A = "Use pnpm for installing dependencies in this repository."
NEAR_B = "In this repository, install dependencies with pnpm."


def test_the_pre_commit_hook_follows_the_same_default(tmp_path: Path) -> None:
    files = {"memory-bank/techContext.md": f"# Context\n\n- {NEAR_A}\n", "src/app.py": "x = 1\n"}
    repo = hooked_repo(tmp_path / "r", files)
    write(repo, {"memory-bank/systemPatterns.md": f"# Patterns\n\n- {NEAR_B}\n"})
    git(repo, "add", "-A")
    proc = run_git(repo, "commit", "-q", "-m", "patterns")
    assert proc.returncode == 0, proc.stderr
    assert "GM202" not in proc.stderr
    write(repo, {".gitmem.toml": '[lint]\nselect = ["GM2"]\n',
                 "memory-bank/productContext.md": f"# Product\n\n- {NEAR_B}\n"})
    git(repo, "add", "-A")
    proc = run_git(repo, "commit", "-q", "-m", "product")
    assert "GM202" in proc.stderr, proc.stderr



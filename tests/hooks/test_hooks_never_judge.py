"""The hooks never run the judge, even with one configured: a commit must not run a program
beyond gitmem itself, nor wait on an LLM."""

from __future__ import annotations

import sys
from pathlib import Path

from gitutil import git, write
from hookutil import hooked_repo, memory, run_git


def test_a_commit_with_an_undecided_pair_does_not_call_the_judge(tmp_path: Path) -> None:
    called = tmp_path / "called"
    script = tmp_path / "judge.py"
    script.write_text(f"open({str(called)!r}, 'a').write('x')\nprint('{{}}')\n")
    repo = hooked_repo(tmp_path / "m", {"memory/a.md": memory(
        "a", "Run the database migrations before every deploy.", "Name hook files in camelCase.")})
    git(repo, "config", "gitmem.judge.command", f"{sys.executable} {script}")
    write(repo, {"memory/b.md": memory(
        "b", "Every deployment must be preceded by running the DB migrations.",
        "Name hook files in kebab-case.")})
    run_git(repo, "add", "-A")
    result = run_git(repo, "commit", "-q", "-m", "b")
    assert "GM211" in result.stderr  # the hook saw the possible contradiction...
    assert not called.exists()  # ...and asked no judge about it

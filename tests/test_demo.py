"""`gitmem demo` is the first thing a new user runs: it must show the whole job working."""

from __future__ import annotations

import subprocess
import sys


def test_demo_finds_and_fixes_the_planted_problems_then_undoes() -> None:
    proc = subprocess.run([sys.executable, "-m", "gitmem", "demo"], capture_output=True,
                          text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    first_lint, _, rest = out.partition("$ gitmem review")
    for code in ("GM211", "GM201", "GM301", "GM311"):
        assert code in first_lint, code
    assert "kept memory/merge-style.md" in rest
    assert "No findings" in rest  # after resolve, merge and the agent's correction
    assert "undid " in rest and "[undone by " in rest
    assert "internal error" not in out + proc.stderr

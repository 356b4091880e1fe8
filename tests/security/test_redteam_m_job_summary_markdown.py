"""Red team (m-sec): the Action's job summary is Markdown that GitHub renders, and each finding's
message quotes a memory's claim. A pull request whose memory says `[Fix: re-run with your
token](https://evil.example/)` or `<img src=...>` put a link or an image of its choosing on the
summary page, under gitmem's heading. A claim's text and a file's name are now shown as text:
Markdown and HTML punctuation escaped, a name in a code span that its own backticks cannot close.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from gitutil import commit_all, git, make_repo, write

ROOT = Path(__file__).resolve().parents[2]
CLAIMS = {  # each still contradicts the old memory, so its message quotes it
    "link": ("Always squash merges into main "
             "[Fix: re-run with your token](https://evil.example/t).",
             "\\[Fix: re-run with your token\\]"),
    "html": ("Always squash merges into main <img src=x onerror=alert(1)>.", "&lt;img src=x"),
    "image": ("Always squash merges into **main** ![x](https://evil.example/p.png).",
              "\\*\\*main\\*\\* \\!\\[x\\]"),
}
NAME = "memory/a`](evil)`.md"


@pytest.mark.parametrize("kind", sorted(CLAIMS))
def test_the_job_summary_shows_a_claim_and_a_name_as_text(tmp_path: Path, kind: str) -> None:
    claim, legible = CLAIMS[kind]
    old = "---\nname: old\n---\n- Never squash merges into main.\n"
    repo = make_repo(tmp_path / "r", {"memory/old.md": old})
    base = git(repo, "rev-parse", "HEAD").strip()
    write(repo, {NAME: f"---\nname: a\n---\n- {claim}\n"})
    commit_all(repo, "pull request")
    summary, output = tmp_path / "summary.md", tmp_path / "output.txt"
    env = {k: v for k, v in os.environ.items() if not k.startswith("INPUT_")}
    env.update(GITHUB_STEP_SUMMARY=str(summary), GITHUB_OUTPUT=str(output),
               GITHUB_ACTIONS="true", INPUT_BASE=base, INPUT_FAIL_ON="never",
               PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-P", "-m", "gitmem.ci_action"], cwd=repo, env=env,
                          capture_output=True, text=True, check=False, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    text = summary.read_text()
    row = next(line for line in text.splitlines() if "GM211" in line)
    code_span, message = row.split(" | ")[0], row.split(" | ", 3)[3]
    for live in ("](", "<img", "**main**"):
        assert live not in message, (live, row)
    assert legible in message, row  # still legible, as text
    assert code_span.startswith("| `` ") and "a`](evil)`.md:4 ``" in code_span

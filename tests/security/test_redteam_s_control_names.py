"""A committed file named `memory/b\\nFAKE: ok.md` (or with a carriage return) was printed with
its line break: an error message then showed a second line `FAKE: ok.md: ...` of the
repository's choosing, and lint's findings turned the break into a space, so the name shown was
no file at all. Every name is now shown escaped (`memory/b\\nFAKE: ok.md`) in findings, the
hooks, errors and command output; JSON keeps the exact name (JSON escapes it)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from gitutil import git, gitmem, make_repo, write

BROKEN = "memory/b\nFAKE: ok.md"
RETURN = "memory/c\rX.md"
SHOWN = "memory/b\\nFAKE: ok.md"


def _repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "clone", {
        "memory/a.md": "---\nname: a\n---\n- Indent Python code with tabs.\n",
        BROKEN: "---\nname: b\n---\n- Indent Python code with spaces.\n"
                "- Indent Python code with tabs.\n",
        RETURN: "---\nname: c\n---\n- Keep the deploy log for 30 days.\n",
    })


def _forged(output: str) -> bool:
    return "\r" in output or any(line.startswith("FAKE") for line in output.splitlines())


def test_lint_findings_show_a_name_escaped_and_json_keeps_it_exact(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    text = gitmem(repo, "lint")
    assert not _forged(text.out + text.err), text.out
    assert f"is repeated verbatim at {SHOWN}:5" in text.out, text.out
    assert f"contradicts \"Indent Python code with spaces.\" at {SHOWN}:4" in text.out
    found = json.loads(gitmem(repo, "lint", "--format", "json").out)["findings"]
    assert {r["path"] for f in found for r in f["related"]} == {BROKEN}
    assert any(BROKEN in f["message"] for f in found)


def test_an_error_naming_a_committed_file_shows_it_escaped(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    write(repo, {BROKEN: "---\nname: b\n---\n- Indent Python code with spaces.\n"})
    refused = gitmem(repo, "protect", BROKEN)
    assert refused.code == 4, refused
    assert SHOWN in refused.err and not _forged(refused.err), refused.err


def test_recall_and_ops_show_a_name_escaped(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    found = gitmem(repo, "recall", "deploy log")
    assert "memory/c\\rX.md" in found.out and not _forged(found.out), found.out
    assert gitmem(repo, "protect", BROKEN).code == 0
    again = gitmem(repo, "protect", BROKEN)
    assert f"{SHOWN} is already protected" in again.out + again.err, again
    assert not _forged(again.out + again.err)


def test_the_pre_commit_hook_shows_a_staged_name_escaped(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": "---\nname: a\n---\n"
                                                     "- Indent Python code with tabs.\n"})
    assert gitmem(repo, "hooks", "install").code == 0
    write(repo, {BROKEN: "---\nname: b\n---\n- Never indent Python code with tabs.\n"})
    git(repo, "add", "-A")
    done = subprocess.run(["git", "commit", "-q", "-m", "notes"], cwd=repo, capture_output=True,
                          text=True, env=dict(os.environ), check=False)
    assert done.returncode == 0, done.stderr
    assert f"memory/a.md:4: GM211" in done.stderr and f"at {SHOWN}:4" in done.stderr, \
        done.stderr
    assert not _forged(done.stderr), done.stderr

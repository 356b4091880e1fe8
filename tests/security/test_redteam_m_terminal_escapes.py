"""Red team (m-sec), lever 11 beyond `show`: a cloned repository names a memory
`memory/a\\x1b]0;owned\\x07.md` and writes an OSC 52 clipboard write into a claim. The post-merge
hook reports the pair escaped and sends the user to `gitmem review`; that, `candidates`, `sweep`,
`plan` and an op's refused diff printed the claim and the name as they are, so the terminal
obeyed them. Every human-facing line now shows each control character as a visible escape
(`\\x1b`); a plan's diff into a pipe keeps the file's own bytes, as `show` does.
"""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from gitutil import make_repo

CLIP = "\x1b]52;c;cm0gLXJmIH4=\x07"  # an OSC 52 clipboard write: `rm -rf ~`
NAME = "memory/a\x1b]0;owned\x07.md"


def hostile_repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "clone", {
        NAME: f"---\nname: a\n---\n- Always squash merges {CLIP}into main.\n",
        "memory/b.md": "---\nname: b\n---\n- Never squash merges into main.\n",
    })


def run(repo: Path, *args: str, terminal: bool) -> tuple[int, bytes]:
    """gitmem's exit code and everything it wrote to stdout and stderr, both a terminal (a pty)
    or both a pipe."""
    command = [sys.executable, "-m", "gitmem", "-C", str(repo), *args]
    env = {**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(Path(__file__).parents[2])}
    if not terminal:
        proc = subprocess.run(command, capture_output=True, env=env, check=False, timeout=120)
        return proc.returncode, proc.stdout + proc.stderr
    primary, secondary = pty.openpty()
    try:
        proc = subprocess.Popen(command, stdout=secondary, stderr=secondary, env=env)
        os.close(secondary)
        chunks = []
        while True:
            try:
                chunk = os.read(primary, 65536)
            except OSError:  # the other end closed: gitmem has exited
                break
            if not chunk:
                break
            chunks.append(chunk)
        code = proc.wait(timeout=120)
    finally:
        os.close(primary)
    return code, b"".join(chunks)


COMMANDS = [
    (("review",), 0),
    (("candidates",), 0),
    (("sweep",), 0),
    (("plan", "supersede", NAME, "--by", "memory/b.md"), 0),
    (("supersede", NAME, "--by", "memory/b.md"), 2),  # no --confirm: the diff and a usage error
]


@pytest.mark.parametrize(("args", "code"), COMMANDS,
                         ids=lambda v: v[0] if isinstance(v, tuple) else str(v))
def test_nothing_a_memory_says_acts_on_the_terminal(
    tmp_path: Path, args: tuple[str, ...], code: int
) -> None:
    repo = hostile_repo(tmp_path)
    got, shown = run(repo, *args, terminal=True)
    assert got == code, shown
    assert b"\x1b" not in shown and b"\x07" not in shown, shown
    text = shown.decode("utf-8")
    assert "\\x1b]52;c;cm0gLXJmIH4=\\x07" in text or args[0] == "sweep"  # visible, findable
    assert "a\\x1b]0;owned\\x07.md" in text


@pytest.mark.parametrize("args", [("review",), ("candidates",), ("sweep",)])
def test_the_review_lines_are_escaped_into_a_pipe_too(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    repo = hostile_repo(tmp_path)
    code, shown = run(repo, *args, terminal=False)
    assert code == 0 and b"\x1b" not in shown and b"\x07" not in shown, shown


def test_a_plans_diff_into_a_pipe_keeps_the_files_bytes(tmp_path: Path) -> None:
    repo = hostile_repo(tmp_path)
    proc = subprocess.run([sys.executable, "-m", "gitmem", "-C", str(repo), "plan", "supersede",
                           NAME, "--by", "memory/b.md"], capture_output=True, check=False,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])})
    assert proc.returncode == 0, proc.stderr
    assert f" - Always squash merges {CLIP}into main.\n".encode() in proc.stdout


def test_an_error_naming_a_committed_file_is_escaped(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "clone", {"memory/b.md": "---\nname: b\n---\n- A fact.\n"})
    os.symlink("b.md", repo / NAME)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
    subprocess.run(["git", "commit", "-qm", "a link"], cwd=repo, check=True)
    code, shown = run(repo, "protect", NAME, terminal=True)
    assert code in (2, 3, 4), shown
    assert b"\x1b" not in shown and b"\x07" not in shown, shown
    assert "a\\x1b]0;owned\\x07.md" in shown.decode("utf-8")

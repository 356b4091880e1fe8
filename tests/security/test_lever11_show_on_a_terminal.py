"""Lever 11: a cloned repository's memory carries terminal escapes (retitle the window, clear the
screen, an OSC 52 clipboard write) and the user runs `gitmem show` on it in a terminal.

The promise: on a terminal, `show` prints every control character but line breaks and tabs as a
visible escape, so nothing in the file acts; into a pipe or a file it writes the memory's bytes
exactly, so `gitmem show --as-of REV path > path` still restores a file byte for byte.
"""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

from gitutil import make_repo

HOSTILE = (b"---\nname: a\n---\n- Build with make.\x1b]0;owned\x07\n"
           b"- Copy \x1b]52;c;cm0gLXJmIH4=\x07 this.\x1b[2J\r\n\t- Indented\xe9 line.\n")


def run_gitmem(repo: Path, *args: str, terminal: bool) -> bytes:
    command = [sys.executable, "-m", "gitmem", "-C", str(repo), *args]
    env = {**os.environ, "NO_COLOR": "1"}
    if not terminal:
        return subprocess.run(command, capture_output=True, check=True, env=env).stdout
    primary, secondary = pty.openpty()
    try:
        proc = subprocess.Popen(command, stdout=secondary, stderr=subprocess.DEVNULL, env=env)
        os.close(secondary)
        chunks = []
        while True:
            try:
                chunk = os.read(primary, 65536)
            except OSError:  # the terminal's other end closed: the program has exited
                break
            if not chunk:
                break
            chunks.append(chunk)
        assert proc.wait(timeout=60) == 0
    finally:
        os.close(primary)
    return b"".join(chunks)


def test_show_on_a_terminal_escapes_controls_but_keeps_layout(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "clone", {"memory/a.md": HOSTILE})
    shown = run_gitmem(repo, "show", "memory/a.md", terminal=True)
    assert b"\x1b" not in shown and b"\x07" not in shown
    text = shown.decode("utf-8")
    assert "\\x1b]0;owned\\x07" in text and "\\x1b[2J" in text  # visible, findable
    assert "\t- Indented" in text and "- Build with make." in text  # layout stays layout


def test_show_into_a_pipe_writes_the_exact_bytes(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "clone", {"memory/a.md": HOSTILE})
    assert run_gitmem(repo, "show", "memory/a.md", terminal=False) == HOSTILE
    assert run_gitmem(repo, "show", "--as-of", "HEAD", "memory/a.md", terminal=False) == HOSTILE

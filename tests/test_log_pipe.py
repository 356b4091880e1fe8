"""The first `gitmem log` reads `git log`'s output from a pipe in few large reads (git flushes
after every commit, and waking for each one cost a fifth of a second over 20,000 ops). However
the pipe is read, what comes out is exactly what git printed, in whole chunks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gitmem.ops import linear_log

# a writer that flushes after every small record, as git log does, pausing now and then
WRITER = """
import sys, time
out = sys.stdout.buffer
for n in range(40000):
    out.write(b"%d:" % n + b"x" * (n % 97) + b"\\0")
    out.flush()
    if n % 5000 == 0:
        time.sleep(0.03)
"""


def expected() -> bytes:
    return b"".join(b"%d:" % n + b"x" * (n % 97) + b"\0" for n in range(40000))


def read_all(monkeypatch: pytest.MonkeyPatch, pipe_size: int) -> list[bytes]:
    monkeypatch.setattr(linear_log, "_PIPE", pipe_size)
    proc = subprocess.Popen([sys.executable, "-c", WRITER], stdout=subprocess.PIPE)
    assert proc.stdout is not None
    try:
        return list(linear_log._chunks(proc.stdout.fileno()))
    finally:
        proc.stdout.close()
        assert proc.wait() == 0


def test_many_small_writes_come_out_whole_in_large_chunks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    chunks = read_all(monkeypatch, linear_log._PIPE)
    assert b"".join(chunks) == expected()
    assert all(len(chunk) <= linear_log._CHUNK for chunk in chunks)
    assert len(chunks) <= len(expected()) // linear_log._CHUNK + 1  # full chunks but the last


def test_a_pipe_that_cannot_be_widened_is_read_whole_too(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # more than any system lets a pipe hold: the widening fails, reads wait on the pipe
    chunks = read_all(monkeypatch, 1 << 30)
    assert b"".join(chunks) == expected()


def test_the_first_log_of_a_repository_matches_git_s_own_output(tmp_path: Path) -> None:
    from gitutil import git, make_repo

    from gitmem.workspace import open_workspace

    root = make_repo(tmp_path / "mem", {"memory/a.md": "- Use tabs.\n"})
    for n in range(30):
        git(root, "commit", "-q", "--allow-empty", "-m",
            f"gitmem: protect {n}\n\nGitmem-Op: protect\nGitmem-Path: memory/a.md")
    repo = open_workspace(root).repo
    commits = [c for batch in linear_log.linear_commits(repo, repo.head_id() or "") or []
               for c in batch]
    assert [c[0] for c in commits] == git(root, "rev-list", "HEAD").split()
    assert sum(c[1] is not None for c in commits) == 30

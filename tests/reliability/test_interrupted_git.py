"""Ctrl-C while gitmem waits for a git command that holds a lock file.

subprocess.run answers KeyboardInterrupt by SIGKILLing its child; a git killed while it holds
index.lock leaves the lock behind and every later git command refuses. CI caught it in the
random Ctrl-C loop (an op committed, then `gitmem log` could not finish it: exit 4)."""

from __future__ import annotations

import os
import signal
import threading
from pathlib import Path

import pytest

from gitmem.gitrepo import run_to_the_end


def test_ctrl_c_lets_the_git_child_finish_then_interrupts(tmp_path: Path) -> None:
    marker = tmp_path / "finished"
    script = f"sleep 0.4; echo done > '{marker}'"
    timer = threading.Timer(0.1, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        run_to_the_end(["sh", "-c", script], cwd=tmp_path)
    timer.join()
    assert marker.read_text() == "done\n"  # the child was not killed half-way


def test_input_larger_than_a_pipe_arrives_whole_despite_the_interrupt(tmp_path: Path) -> None:
    data = b"x" * (4 << 20)  # through a pipe, the writer would still be busy at 0.05 s
    timer = threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        run_to_the_end(["sh", "-c", f"sleep 0.2; wc -c > '{tmp_path / 'count'}'"],
                       cwd=tmp_path, input=data)
    timer.join()
    assert (tmp_path / "count").read_text().strip() == str(len(data))


def test_without_an_interrupt_it_is_subprocess_run(tmp_path: Path) -> None:
    proc = run_to_the_end(["sh", "-c", "cat; echo oops >&2; exit 3"], cwd=tmp_path, input=b"hi")
    assert (proc.returncode, proc.stdout, proc.stderr) == (3, b"hi", b"oops\n")

"""`gitmem log --json`, spelled exactly so, runs without importing click (gitmem/cli.py,
`_without_click`, and gitmem/commands/log_json.py): it prints byte for byte what the click
command prints (`gitmem log --format json`), first run and warm, on a history of real ops and
undos, odd trailers, non-UTF-8 messages and a latin-1 encoding header; with the same warnings,
exit codes and messages; and hands anything else to click."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from gitutil import git, gitmem, make_repo
from test_log_first_run import add_odd_history


def run(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[bytes]:
    """`python -m gitmem ARGS` as a user runs it, stdout and stderr pipes."""
    return subprocess.run([sys.executable, *args], cwd=cwd, env={**os.environ, **env},
                          capture_output=True, check=False)


def imported(stderr: bytes) -> list[str]:
    """The modules `python -X importtime` listed."""
    return [line.split("|")[-1].strip() for line in stderr.decode().splitlines()
            if line.startswith("import time:")]


def cold(repo: Path) -> None:
    shutil.rmtree(repo / ".git" / "gitmem", ignore_errors=True)


@pytest.fixture
def history(tmp_path: Path) -> Path:
    root = make_repo(tmp_path / "mem", {"memory/a.md": "- Use tabs.\n",
                                        "memory/b.md": "- Deploy on Fridays.\n"})
    assert gitmem(root, "protect", "memory/a.md").code == 0
    assert gitmem(root, "protect", "memory/b.md").code == 0
    protect_b = git(root, "rev-parse", "HEAD").strip()
    assert gitmem(root, "undo", protect_b).code == 0  # a real undo: "undone_by" is set
    add_odd_history(root, 60, latin1=(9, 4), undo_every=6)
    return root


def test_log_json_without_click_prints_what_the_click_command_prints(history: Path) -> None:
    cold(history)
    direct = run(history, "-X", "importtime", "-m", "gitmem", "log", "--json")
    assert direct.returncode == 0, direct.stderr
    modules = imported(direct.stderr)
    assert "gitmem.commands.log_json" in modules and "click" not in modules
    cold(history)
    through_click = run(history, "-m", "gitmem", "log", "--format", "json")
    assert (through_click.returncode, through_click.stderr) == (0, b"")
    assert direct.stdout == through_click.stdout
    warm = run(history, "-m", "gitmem", "log", "--json")
    assert (warm.returncode, warm.stdout, warm.stderr) == (0, direct.stdout, b"")
    out = direct.stdout.decode("utf-8")
    assert '"undone_by": "' in out and "café" in out and "\ufffd" in out


def test_a_configuration_warning_is_printed_alike(history: Path) -> None:
    (history / ".gitmem.toml").write_text("[memory]\nflavour = 1\n")  # an unknown key
    cold(history)
    direct = run(history, "-m", "gitmem", "log", "--json")
    cold(history)
    through_click = run(history, "-m", "gitmem", "log", "--format", "json")
    assert direct.returncode == through_click.returncode == 0
    assert direct.stdout == through_click.stdout
    assert direct.stderr == through_click.stderr == (
        b"gitmem: warning: .gitmem.toml: ignoring unknown key [memory] flavour\n")


def test_an_ascii_stdout_is_left_to_click(history: Path) -> None:
    """click writes UTF-8 where Python's stdout says ASCII: that run goes through click."""
    cold(history)
    direct = run(history, "-X", "importtime", "-m", "gitmem", "log", "--json",
                 PYTHONIOENCODING="ascii")
    assert direct.returncode == 0 and "click" in imported(direct.stderr)
    cold(history)
    through_click = run(history, "-m", "gitmem", "log", "--format", "json",
                        PYTHONIOENCODING="ascii")
    assert direct.stdout == through_click.stdout and "café" in direct.stdout.decode()


def test_outside_a_repository_both_ways_refuse_alike(tmp_path: Path) -> None:
    lone = tmp_path / "lone"
    lone.mkdir()
    direct = run(lone, "-m", "gitmem", "log", "--json", GIT_CEILING_DIRECTORIES=str(tmp_path))
    through_click = run(lone, "-m", "gitmem", "log", "--format", "json",
                        GIT_CEILING_DIRECTORIES=str(tmp_path))
    assert direct.returncode == through_click.returncode == 4
    assert direct.stderr == through_click.stderr and b"not inside a git repository" in direct.stderr
    assert direct.stdout == through_click.stdout == b""

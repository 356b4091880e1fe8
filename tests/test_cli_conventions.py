"""The small conventions a command-line user expects: `-` for stdin and stdout, NO_COLOR as
no-color.org defines it, shell completion as docs/cli.md documents it."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from gitutil import git, gitmem, make_repo

BROKEN = "- Fixed in commit 4f3c2b1a9e.\n"  # a commit no repository has: GM301, an error


def test_lint_output_dash_is_stdout_not_a_file(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": BROKEN})
    result = gitmem(repo, "lint", "--format", "json", "-o", "-")
    assert result.code == 1
    assert '"GM301"' in result.out
    assert not (repo / "-").exists() and not (Path.cwd() / "-").exists()


def test_lint_output_to_a_file_still_writes_the_file(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": BROKEN})
    report = tmp_path / "report.json"
    result = gitmem(repo, "lint", "--format", "json", "-o", str(report))
    assert result.code == 1 and result.out == "" and '"GM301"' in report.read_text()


def test_save_dash_reads_the_text_from_stdin(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": "- Tag releases from CI.\n"})
    text = "Deploy on Fridays after lunch.\nTraffic is low then.\n"
    result = gitmem(repo, "save", "-", "--category", "project", input=text)
    assert result.code == 0, result
    [added] = git(repo, "show", "--name-only", "--format=", "HEAD").split()
    saved = (repo / added).read_text()
    assert "Deploy on Fridays after lunch.\nTraffic is low then.\n" in saved
    assert "\n-\n" not in saved and not saved.rstrip().endswith("\n-")


def test_save_dash_with_empty_stdin_is_a_usage_error_that_changes_nothing(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": "- Tag releases from CI.\n"})
    head = git(repo, "rev-parse", "HEAD")
    result = gitmem(repo, "save", "-", "--category", "project", input="")
    assert result.code == 2 and "empty" in result.err
    assert git(repo, "rev-parse", "HEAD") == head


def lint_on_a_terminal(repo: Path, no_color: str | None) -> bytes:
    """`gitmem lint` with its stdout on a pseudo-terminal, as a person runs it."""
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    if no_color is not None:
        env["NO_COLOR"] = no_color
    leader, follower = pty.openpty()
    with subprocess.Popen([sys.executable, "-m", "gitmem", "-C", str(repo), "lint"],
                          stdout=follower, stderr=subprocess.DEVNULL, env=env) as proc:
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal closed: the child has exited
                break
            if not chunk:
                break
            chunks.append(chunk)
        proc.wait()
    os.close(leader)
    return b"".join(chunks)


@pytest.mark.parametrize(("no_color", "coloured"), [
    (None, True), ("", True), ("1", False), ("0", False),  # any non-empty value turns it off
])
def test_no_color_turns_colour_off_only_when_not_empty(
    tmp_path: Path, no_color: str | None, coloured: bool
) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": BROKEN})
    out = lint_on_a_terminal(repo, no_color)
    assert b"GM301" in out
    assert (b"\x1b[" in out) is coloured


def test_shell_completion_works_as_documented(tmp_path: Path) -> None:
    doc = (Path(__file__).resolve().parents[1] / "docs/cli.md").read_text()
    assert "_GITMEM_COMPLETE=bash_source gitmem" in doc
    base = dict(os.environ)
    script = subprocess.run([sys.executable, "-m", "gitmem"], capture_output=True, text=True,
                            env={**base, "_GITMEM_COMPLETE": "bash_source"}, check=False)
    assert script.returncode == 0 and "complete " in script.stdout, script
    words = subprocess.run(
        [sys.executable, "-m", "gitmem"], capture_output=True, text=True, check=False,
        env={**base, "_GITMEM_COMPLETE": "bash_complete", "COMP_WORDS": "gitmem li",
             "COMP_CWORD": "1"},
    )
    assert "plain,lint" in words.stdout.splitlines(), words


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["no-such-command"]])
def test_main_called_from_python_leaves_the_cycle_collector_on(args: list[str]) -> None:
    """`gitmem.cli.main` pauses the cycle collector while a command's modules load; a script or
    a test that calls it and goes on must get it back, whichever way the command ended."""
    import gc

    from gitmem.cli import main

    assert gc.isenabled()
    with pytest.raises(SystemExit):
        main(args)
    assert gc.isenabled()

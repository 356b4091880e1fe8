"""A memory whose file name is not valid UTF-8 (Latin-1 "café", say): every output stays valid
UTF-8 JSON that names the file exactly, and an op that would write it refuses cleanly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from gitutil import git, make_repo, snapshot

NAME = b"memory/caf\xe9.md"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = make_repo(tmp_path / "m", {
        "memory/a.md": "---\nname: a\n---\n- Always use tabs for indentation.\n",
    }, commit=False)
    try:
        (root / os.fsdecode(NAME)).write_text("---\nname: b\n---\n- Never use tabs for indentation.\n")
    except (UnicodeEncodeError, OSError):
        pytest.skip("this file system does not take file names that are not UTF-8")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "memories")
    return root


def run(repo: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    """The real command in its own process: the bytes a script reading stdout gets."""
    return subprocess.run([sys.executable, "-m", "gitmem", "-C", str(repo), *args],
                          capture_output=True, check=False)


@pytest.mark.parametrize("args", [
    ["lint", "--format", "json"], ["lint", "--format", "sarif"], ["review", "--json"],
    ["recall", "tabs", "--json"], ["candidates", "--json"],
])
def test_json_outputs_are_utf8_and_name_the_file_exactly(repo: Path, args: list[str]) -> None:
    result = run(repo, *args)
    assert result.returncode in (0, 1), result.stderr.decode("utf-8", "replace")
    data = json.loads(result.stdout.decode("utf-8"))  # strict: a raw 0xE9 byte would fail
    text = json.dumps(data, ensure_ascii=False)
    if args[-1] == "sarif":
        assert "memory/caf%E9.md" in text  # a URI carries the byte percent-encoded
    else:
        assert os.fsdecode(NAME) in text  # json.loads gives back the name os.fsencode opens


@pytest.mark.parametrize("fmt", ["text", "github"])
def test_text_outputs_do_not_crash(repo: Path, fmt: str) -> None:
    result = run(repo, "lint", "--format", fmt)
    assert result.returncode in (0, 1), result.stderr.decode("utf-8", "replace")
    assert b"caf" in result.stdout


def test_an_op_on_the_file_refuses_and_changes_nothing(repo: Path) -> None:
    before = snapshot(repo)
    result = run(repo, "protect", os.fsdecode(NAME))
    assert result.returncode == 2, result.stderr
    assert b"not valid UTF-8" in result.stderr and b"git mv" in result.stderr
    assert snapshot(repo) == before

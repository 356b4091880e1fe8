"""Lever 2 of the red-team report: a `memory.include` glob with a newline in the committed
`.gitmem.toml`. `gitmem hooks install --merge-driver` writes each glob as a line of
`.gitattributes`, so the newline starts a line of the file author's choosing (in the report the
file was a link to a shell start-up file, and the line a command).

The promise: a configuration value holding a control character is refused (exit 3) with a
message naming the source and the key, whatever the source, and nothing is written.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from gitutil import commit_all, git, gitmem, make_repo, snapshot

MEMORY = "---\nname: a\ntype: project\n---\n- A fact.\n"


def test_a_newline_in_a_committed_glob_never_reaches_gitattributes(tmp_path: Path) -> None:
    origin = make_repo(tmp_path / "origin", {"memory/a.md": MEMORY})
    assert gitmem(origin, "init").code == 0
    toml = (origin / ".gitmem.toml").read_text()
    (origin / ".gitmem.toml").write_text(
        toml.replace('include = ["**/*.md", "**/*.mdc"]',
                     'include = ["**/*.md", "x\\ntouch PWNED #"]'))
    commit_all(origin, "a glob with a newline")
    repo = tmp_path / "victim"
    subprocess.run(["git", "clone", "-q", str(origin), str(repo)], check=True)
    before = snapshot(repo)
    result = gitmem(repo, "hooks", "install", "--merge-driver")
    assert result.code == 3, result
    assert "[memory] include" in result.err and "control character" in result.err, result
    assert snapshot(repo) == before
    assert not (repo / ".gitattributes").exists()
    assert git(repo, "config", "--get-regexp", "^merge\\.", check=False) == ""
    assert gitmem(repo, "lint").code == 3  # every command says the same, none half-works


@pytest.mark.parametrize("source", ["git config", "environment"])
def test_a_control_character_is_refused_from_every_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str
) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": MEMORY})
    if source == "git config":
        git(repo, "config", "gitmem.lint.review-file", "MEMORY.md\rx")
        named = "git config gitmem.lint.review-file"
    else:
        monkeypatch.setenv("GITMEM_MEMORY_EXCLUDE", "README.md,\x1b[2Jdocs/**")
        named = "GITMEM_MEMORY_EXCLUDE"
    result = gitmem(repo, "lint")
    assert result.code == 3 and named in result.err and "control character" in result.err, result

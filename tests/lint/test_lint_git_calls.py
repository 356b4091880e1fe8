"""How often `gitmem lint` lists the working tree, counted by git itself (trace2), in a real
repository: the untracked files are listed by one `git ls-files --others` per run, whether
memory.include is configured or discovered from the layouts the working tree holds."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from gitutil import gitmem, make_repo, write

MEMORY = "---\nname: a\ndescription: a fact\ntype: project\n---\n- A fact.\n"


def listings(repo: Path, trace: Path, *args: str) -> list[str]:
    """The `git ls-files ... --others` commands one `gitmem lint ARGS` ran."""
    config = Path(os.environ["HOME"]) / ".gitconfig"
    kept = config.read_text()
    config.write_text(kept + f"[trace2]\n\tnormalTarget = {trace}\n")
    try:
        result = gitmem(repo, "lint", *args)
    finally:
        config.write_text(kept)
    assert result.code in (0, 1), result
    starts = [line for line in trace.read_text().splitlines() if " start " in line]
    assert starts, "git wrote no trace: the count below would prove nothing"
    return [line for line in starts if "ls-files" in line and "--others" in line]


@pytest.mark.parametrize("configured", [False, True], ids=["discovered", "configured"])
def test_lint_lists_untracked_files_once(tmp_path: Path, configured: bool) -> None:
    files: dict[str, str | bytes] = {"memory/a.md": MEMORY, "CLAUDE.md": "# Project\n"}
    if configured:
        files[".gitmem.toml"] = '[memory]\ninclude = ["memory/**/*.md"]\n'
    repo = make_repo(tmp_path / "m", files)
    write(repo, {"memory/new.md": "---\nname: [unclosed\n---\n- A fact.\n"})  # untracked
    found = listings(repo, tmp_path / "trace.txt", "--format", "json")
    assert len(found) == 1, found
    # and the untracked memory was linted: the one listing served both needs
    result = gitmem(repo, "lint", "--format", "json")
    paths = {f["path"] for f in json.loads(result.out)["findings"]}
    assert "memory/new.md" in paths, result

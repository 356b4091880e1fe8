"""Lever 4 of the red-team report: `lint.review_file = ".gitmem.toml"` in the committed config.
`lint --annotate` then wrote its Markdown review queue into the configuration, and every later
command, `undo` included, exited 3 on the broken TOML.

The promise: `lint --annotate` writes only into a memory file (matched by memory.include, not
by memory.exclude), never into gitmem's own configuration, a project file or a path outside the
working tree; otherwise it refuses with exit 3 and changes nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gitutil import git, gitmem, make_repo, snapshot

MEMORY = "---\nname: a\ntype: project\n---\n- Fixed in commit 4f3c2b1a9e.\n"


@pytest.mark.parametrize("review_file", [".gitmem.toml", "src/app.py", "README.md",
                                         "../REVIEW.md", ".git/info/exclude"])
def test_annotate_writes_the_review_queue_only_into_a_memory_file(
    tmp_path: Path, review_file: str
) -> None:
    repo = make_repo(tmp_path / "r", {
        ".gitmem.toml": f'[lint]\nreview_file = "{review_file}"\n',
        "memory/a.md": MEMORY, "src/app.py": "print(1)\n", "README.md": "# r\n",
    })
    assert gitmem(repo, "lint").code == 1  # the GM301 error that --annotate would queue
    before = snapshot(repo)
    exclude = (repo / ".git/info/exclude").read_bytes()
    result = gitmem(repo, "lint", "--annotate")
    assert result.code == 3, result
    assert "lint.review_file" in result.err and "memory file" in result.err, result
    assert snapshot(repo) == before
    assert (repo / ".git/info/exclude").read_bytes() == exclude
    assert not (tmp_path / "REVIEW.md").exists()
    assert gitmem(repo, "log").code == 0  # the configuration still reads


def test_with_every_file_a_memory_the_review_file_is_still_markdown(tmp_path: Path) -> None:
    """Found by the sec-a red-team pass: `include = ["**"]` made a shell script a memory file,
    and annotate appended lines quoting the memories' claims (`$(...)` included) to it."""
    repo = make_repo(tmp_path / "r", {
        ".gitmem.toml": '[memory]\ninclude = ["**"]\nexclude = []\n'
                        '[lint]\nreview_file = "scripts/setup.sh"\n',
        "memory/a.md": MEMORY, "scripts/setup.sh": "#!/bin/sh\necho ok\n",
    })
    before = snapshot(repo)
    result = gitmem(repo, "lint", "--annotate")
    assert result.code == 3 and "not a Markdown file" in result.err, result
    assert snapshot(repo) == before


def test_annotate_still_writes_a_memory_review_file(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        ".gitmem.toml": '[lint]\nreview_file = "memory/REVIEW.md"\n', "memory/a.md": MEMORY,
    })
    result = gitmem(repo, "lint", "--annotate")
    assert result.code == 1, result
    assert "GM301" in (repo / "memory/REVIEW.md").read_text()
    assert "annotate" in git(repo, "log", "-1", "--format=%B")

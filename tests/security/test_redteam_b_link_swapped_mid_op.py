"""Red team (sec-b), beyond the report: a folder swapped for a symbolic link while an op runs
(after the checks, after the branch moved, before the file is written). The write walks the
path one folder at a time with O_NOFOLLOW, so it never lands outside; the op stays committed
and the file is reported as kept, like any file changed under it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from gitutil import git, gitmem, make_repo

from gitmem.gitrepo import Repo

MEMORY = "---\nname: a\ntype: project\n---\n- A fact.\n"


def test_a_folder_swapped_for_a_link_mid_op_is_never_written_through(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = make_repo(tmp_path / "repo", {"memory/a.md": MEMORY})
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "a.md").write_text(MEMORY)
    real = Repo.move_ref

    def move_then_swap(self: Repo, *args: Any, **kwargs: Any) -> None:
        real(self, *args, **kwargs)
        os.rename(repo / "memory", tmp_path / "moved-away")
        os.symlink(outside, repo / "memory")

    monkeypatch.setattr(Repo, "move_ref", move_then_swap)
    result = gitmem(repo, "protect", "memory/a.md")
    monkeypatch.undo()
    assert result.code == 0, result
    assert (outside / "a.md").read_text() == MEMORY  # never written through the link
    assert "memory/a.md" in result.err and "kept" in result.err
    assert "protected: true" in git(repo, "show", "HEAD:memory/a.md")
    assert sorted(os.listdir(outside)) == ["a.md"]

"""A repository whose HEAD names an object the object store lacks (a damaged copy, or a mirror
that left out its largest files): an op refuses with a message instead of crashing.

Found by benchmarks/commands_real_repos.py: `gitmem init` in such a public repository exited 70
(libgit2 refuses to write a tree that names a missing blob)."""

from __future__ import annotations

from pathlib import Path

import pytest
from gitutil import git, gitmem, make_repo, snapshot, write

MEMORY = "---\nname: build\ndescription: how to build\ntype: project\n---\nRun make before a push.\n"


def _repo_missing_a_blob(root: Path) -> Path:
    """memory/a.md committed beside data.bin, whose blob is then removed from the store."""
    repo = make_repo(root, {"memory/a.md": MEMORY, "data.bin": b"\x00large file stand-in\x00"})
    blob = git(repo, "rev-parse", "HEAD:data.bin").strip()
    (repo / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    return repo


@pytest.mark.parametrize("args", [("init",), ("protect", "memory/a.md")])
def test_an_op_over_a_missing_object_refuses_and_changes_nothing(tmp_path: Path,
                                                                args: tuple[str, ...]) -> None:
    repo = _repo_missing_a_blob(tmp_path / "repo")
    before = snapshot(repo)
    result = gitmem(repo, *args)
    assert result.code == 4, result
    assert "data.bin" in result.err and "git fsck" in result.err, result.err
    assert "internal error" not in result.err
    assert snapshot(repo) == before


def test_the_same_op_works_once_the_object_is_back(tmp_path: Path) -> None:
    repo = _repo_missing_a_blob(tmp_path / "repo")
    assert gitmem(repo, "init").code == 4
    write(repo, {"data.bin": b"\x00large file stand-in\x00"})
    git(repo, "hash-object", "-w", "data.bin")  # the blob is stored again, as a fetch would
    assert gitmem(repo, "init").code == 0
    assert (repo / ".gitmem.toml").is_file()
    assert git(repo, "status", "--porcelain") == ""


def test_a_refused_protect_does_not_say_it_added_frontmatter(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"memory/plain.md": "Run make before a push.\n",
                                         "data.bin": b"\x00large file stand-in\x00"})
    blob = git(repo, "rev-parse", "HEAD:data.bin").strip()
    (repo / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    before = snapshot(repo)
    result = gitmem(repo, "protect", "memory/plain.md")
    assert result.code == 4, result
    assert "now holds" not in result.err and "nothing was changed" in result.err
    assert snapshot(repo) == before


def _drop_blob(repo: Path, path: str) -> str:
    blob = git(repo, "rev-parse", f"HEAD:{path}").strip()
    (repo / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    return blob


@pytest.mark.parametrize("first", [(), ("protect", "memory/a.md")])
def test_an_op_on_a_memory_whose_own_blob_is_missing_refuses(tmp_path: Path,
                                                             first: tuple[str, ...]) -> None:
    # the memory the op reads is the one the store lacks: protect it straight away, or undo a
    # protect whose new version of it is gone; either way a refusal (exit 4), nothing written
    repo = make_repo(tmp_path / "repo", {"memory/a.md": MEMORY})
    if first:
        assert gitmem(repo, *first).code == 0
    blob = _drop_blob(repo, "memory/a.md")
    before = snapshot(repo)
    result = gitmem(repo, *(("undo", "--last") if first else ("protect", "memory/a.md")))
    assert result.code == 4, result
    assert blob in result.err and "git fsck" in result.err, result.err
    assert "internal error" not in result.err
    assert snapshot(repo) == before

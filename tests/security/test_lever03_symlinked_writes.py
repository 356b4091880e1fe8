"""Lever 3 of the red-team report: a cloned repository whose committed files are symbolic links
(or folders) where gitmem writes. gitmem never writes through a link, never puts a temporary
file in the working tree, and refuses (exit 4, nothing changed) where the file it must write is
itself a link.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from gitutil import commit_all, git, gitmem, make_repo, snapshot

ROOT = Path(__file__).resolve().parents[2]
MEMORY = "---\nname: a\ntype: project\n---\n- A fact.\n"


def clone(origin: Path, target: Path) -> Path:
    subprocess.run(["git", "clone", "-q", str(origin), str(target)], check=True)
    return target


def untracked(repo: Path) -> str:
    return git(repo, "status", "--porcelain", "--untracked-files=all", "--ignored")


def test_merge_driver_install_never_writes_through_a_committed_gitattributes_link(
    tmp_path: Path,
) -> None:
    rc = tmp_path / "rc"  # stands for ~/.bashrc
    rc.write_text("X=1\n")
    origin = make_repo(tmp_path / "origin", {"memory/a.md": MEMORY})
    assert gitmem(origin, "init").code == 0
    os.symlink("../rc", origin / ".gitattributes")
    commit_all(origin, "a link where gitmem writes")
    repo = clone(origin, tmp_path / "victim")
    before = snapshot(repo)
    result = gitmem(repo, "hooks", "install", "--merge-driver")
    assert result.code == 4, result
    assert ".gitattributes" in result.err and "symbolic link" in result.err, result
    assert rc.read_text() == "X=1\n"
    assert snapshot(repo) == before
    assert git(repo, "config", "--get-regexp", "^merge\\.", check=False) == ""
    assert not (repo / ".git/hooks/pre-commit").exists()  # refused before changing anything
    # uninstall reads and writes nothing through the link either
    assert gitmem(repo, "hooks", "uninstall").code == 0
    assert rc.read_text() == "X=1\n"
    assert os.path.islink(repo / ".gitattributes")


def test_an_op_never_writes_through_a_committed_temp_name_link(tmp_path: Path) -> None:
    victim = tmp_path / "v.txt"
    victim.write_text("precious\n")
    victim.chmod(0o600)
    origin = make_repo(tmp_path / "origin", {"memory/a.md": MEMORY})
    os.symlink("../../v.txt", origin / "memory/.a.md.gitmem-tmp")
    commit_all(origin, "a link named like gitmem's temporary copy")
    repo = clone(origin, tmp_path / "victim")
    result = gitmem(repo, "protect", "memory/a.md")
    assert result.code == 0, result
    assert victim.read_text() == "precious\n"
    assert victim.stat().st_mode & 0o777 == 0o600
    assert os.path.islink(repo / "memory/.a.md.gitmem-tmp")
    assert not os.path.islink(repo / "memory/a.md")
    assert "protected: true" in (repo / "memory/a.md").read_text()
    assert untracked(repo) == ""  # no temporary file anywhere in the working tree
    assert gitmem(repo, "undo", "HEAD").code == 0
    assert victim.read_text() == "precious\n"
    assert (repo / "memory/a.md").read_text() == MEMORY


def test_a_committed_folder_named_like_a_temp_copy_does_not_break_ops(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"memory/a.md": MEMORY,
                                         "memory/.a.md.gitmem-tmp/k": "kept\n"})
    assert gitmem(repo, "init").code == 0
    result = gitmem(repo, "protect", "memory/a.md")
    assert result.code == 0, result
    assert gitmem(repo, "log").code == 0
    assert untracked(repo) == ""
    assert (repo / "memory/.a.md.gitmem-tmp/k").read_text() == "kept\n"
    assert "protected: true" in git(repo, "show", "HEAD:memory/a.md")


def test_a_folder_link_inside_the_repository_is_not_written_through(tmp_path: Path) -> None:
    """git itself never writes "beyond a symbolic link"; neither does gitmem, even when the link
    stays inside the working tree (the file would land at another path than the commit says)."""
    repo = make_repo(tmp_path / "repo", {"memory/a.md": MEMORY, "notes/.keep": ""})
    assert gitmem(repo, "init").code == 0
    os.symlink("../notes", repo / "memory/x")  # made after the clone, not committed
    before = snapshot(repo)
    result = gitmem(repo, "save", "Deploys run from the release branch on Fridays.",
                    "--folder", "memory/x", "--category", "project")
    assert result.code == 4, result
    assert "symbolic link" in result.err, result
    assert snapshot(repo) == before
    assert os.listdir(tmp_path / "repo/notes") == [".keep"]


def test_a_committed_folder_link_is_refused_by_name_and_never_written_through(
    tmp_path: Path,
) -> None:
    """A clone whose memory folder is a committed link to a folder outside the working tree
    (seen on public repositories: `.claude/skills` -> `../.agents/skills`, absolute targets):
    save refuses before writing, and says the folder is a link, not "a file"."""
    outside = tmp_path / "outside"
    outside.mkdir()
    origin = make_repo(tmp_path / "origin", {"CLAUDE.md": "- Use pnpm for installs.\n",
                                             ".gitmem.toml": '[memory]\ninclude = '
                                             '["CLAUDE.md", "notes/**/*.md"]\n'})
    os.symlink(str(outside), origin / "notes")
    commit_all(origin, "the notes folder is a link")
    repo = clone(origin, tmp_path / "victim")
    before = snapshot(repo)
    for folder in ("notes", "notes/deploys"):
        result = gitmem(repo, "save", "Deploys run from the release branch on Fridays.",
                        "--folder", folder, "--category", "project")
        assert result.code == 2, result
        assert "notes is a symbolic link" in result.err and "choose another folder" in result.err
        assert snapshot(repo) == before
    assert os.listdir(outside) == []


def test_temporary_copies_live_in_the_git_dir_of_a_linked_worktree(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"memory/a.md": MEMORY})
    assert gitmem(repo, "init").code == 0
    linked = tmp_path / "linked"
    git(repo, "worktree", "add", "-q", "-b", "side", str(linked))
    os.symlink(str(tmp_path / "outside.txt"), linked / "memory/.a.md.gitmem-tmp")
    result = gitmem(linked, "protect", "memory/a.md")
    assert result.code == 0, result
    assert not (tmp_path / "outside.txt").exists()
    assert "protected: true" in (linked / "memory/a.md").read_text()


OTHER_FS = Path("/dev/shm")


def _on_another_file_system(path: Path) -> bool:
    return OTHER_FS.is_dir() and os.access(OTHER_FS, os.W_OK) and (
        os.stat(OTHER_FS).st_dev != os.stat(path).st_dev)


def test_a_worktree_on_another_file_system_gets_its_copies_beside_and_cleaned(
    tmp_path: Path,
) -> None:
    """The git dir's scratch folder cannot be renamed across file systems: the copy is then made
    beside the file under a fresh random name (O_EXCL: a committed link of any name is never
    written through), and a copy a killed op left there is removed by the next command."""
    if not _on_another_file_system(tmp_path):
        pytest.skip("no second file system to put a linked worktree on")
    repo = make_repo(tmp_path / "repo", {"memory/a.md": MEMORY})
    assert gitmem(repo, "init").code == 0
    linked = Path(tempfile.mkdtemp(dir=OTHER_FS)) / "linked"
    try:
        git(repo, "worktree", "add", "-q", "-b", "side", str(linked))
        result = gitmem(linked, "protect", "memory/a.md")
        assert result.code == 0, result
        assert untracked(linked) == ""
        killed = subprocess.run(
            [sys.executable, "-m", "gitmem", "unprotect", "memory/a.md"], cwd=linked,
            env=dict(os.environ, PYTHONPATH=str(ROOT), GITMEM_TEST_CRASH_AT="after-temp-file"),
            capture_output=True, check=False)
        assert killed.returncode == 137
        strays = [p for p in os.listdir(linked / "memory") if p.endswith(".gitmem-tmp")]
        assert len(strays) == 1, strays
        assert gitmem(linked, "log").code == 0  # finishes the op and removes the copy
        assert untracked(linked) == ""
        assert "protected" not in (linked / "memory/a.md").read_text()
    finally:
        shutil.rmtree(linked.parent, ignore_errors=True)

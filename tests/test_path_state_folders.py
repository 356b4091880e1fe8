"""A cited path's state in a code repository resolves each cited folder once a run: the answers
are those of resolving every path in full, through links, `..`, trailing slashes and loops."""

from __future__ import annotations

import os
from pathlib import Path

from gitutil import git

from gitmem.gitrepo import CodeRepo

EXPECTED = {
    "sub/f": "exists", "sub/f/": "exists", "./sub/f": "exists", "sub//f": "exists",
    "dir-link/f": "exists", "dir-link/": "exists", "link": "exists", "sub/../sub/f": "exists",
    "d/e/g": "exists",  # deleted from the working tree, still in HEAD
    "ign/new.txt": "ignored", "nope/x.md": "missing", "sub/nope": "missing",
    "../outside": "outside", "/etc/passwd": "outside", "out-link/x": "outside",
    "sub/..": "exists", "..": "outside",
    # gone from the working tree, found in HEAD under the path they resolve to
    "dir-link/gone": "exists", "dir-link/../d/e/g": "exists", "ign-link/new.txt": "ignored",
}


def test_cited_paths_resolve_as_resolving_each_in_full_does(tmp_path: Path) -> None:
    root = tmp_path / "code"
    (root / "sub").mkdir(parents=True)
    (root / "d" / "e").mkdir(parents=True)
    (root / "ign").mkdir()
    (root / "sub" / "f").write_text("x\n")
    (root / "sub" / "gone").write_text("z\n")
    (root / "d" / "e" / "g").write_text("y\n")
    (root / ".gitignore").write_text("ign/\n")
    os.symlink("sub", root / "dir-link")
    os.symlink("ign", root / "ign-link")
    os.symlink("sub/f", root / "link")
    os.symlink("loop", root / "loop")
    os.symlink(str(tmp_path), root / "out-link")
    git(tmp_path, "init", "-q", str(root))
    git(root, "add", "-A")
    git(root, "-c", "user.name=A", "-c", "user.email=a@b", "commit", "-q", "-m", "code")
    (root / "d" / "e" / "g").unlink()
    (root / "sub" / "gone").unlink()
    repo = CodeRepo.open("code", root)
    assert repo is not None
    for path, state in EXPECTED.items():
        assert repo.path_state(path) == state, path
    assert repo.path_state("loop/a") in ("missing", "exists")
    again = CodeRepo.open("code", root)  # a fresh run: nothing remembered
    assert again is not None
    for path in [*EXPECTED, "loop/a", "loop"]:
        assert again.path_state(path) == repo.path_state(path), path


def test_a_cited_folder_whose_contents_git_ignores_is_ignored_not_missing(tmp_path: Path) -> None:
    """`third_party/*` beside `!third_party/`: a setup script fills the folder, no commit holds
    its files, so a memory naming it as a folder cites no missing path. Not read that way: the
    same name cited as a file, and a folder whose contents are not ignored."""
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / ".gitignore").write_text("!third_party/\nthird_party/*\n!third_party/keep.txt\n")
    (plain / "a.py").write_text("x = 1\n")
    git(tmp_path, "init", "-q", str(plain))
    git(plain, "add", "-A")
    git(plain, "-c", "user.name=A", "-c", "user.email=a@b", "commit", "-q", "-m", "code")
    repo = CodeRepo.open("plain", plain)
    assert repo is not None
    assert repo.path_state("third_party/") == "ignored"
    assert repo.path_state("libs/third_party/") == "missing"  # the pattern is the root's
    assert repo.path_state("third_party") == "missing"  # not cited as a folder: a file's name
    assert repo.path_state("docs/") == "missing"

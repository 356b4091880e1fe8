"""A lever found by the stop-38 sweep of real repositories: many projects ask each contributor
to run `git config core.hooksPath .githooks` (a folder they commit). A cloned repository that
commits `.githooks` as a symbolic link to a folder outside the working tree chose where
`gitmem hooks install` wrote: the hooks (and the rename of a file already there to
`pre-commit.legacy`) landed outside the repository, with only a warning.

The promise: gitmem never writes hooks through a link of the working tree that leads out of it;
`hooks install` refuses (exit 4, nothing changed anywhere) and names the folder to put in
core.hooksPath if the user trusts it. A folder outside that the user names themselves, and a
link inside `.git`, are theirs to choose and keep working.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from gitutil import commit_all, git, gitmem, make_repo, snapshot

from gitmem.hooks import MARKER

MEMORY = "---\nname: a\ntype: project\n---\n- A fact.\n"


def clone(origin: Path, target: Path) -> Path:
    subprocess.run(["git", "clone", "-q", str(origin), str(target)], check=True)
    return target


def listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_a_committed_hooks_folder_link_out_of_the_repository_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "bin"  # stands for a folder of the user's that a clone guessed
    outside.mkdir()
    (outside / "pre-commit").write_text("#!/bin/sh\necho mine\n")
    origin = make_repo(tmp_path / "origin", {"memory/a.md": MEMORY, "tools/.keep": ""})
    os.symlink(str(outside), origin / ".githooks")
    os.symlink("../../bin", origin / "tools/hooks")  # a relative link leads out just as well
    commit_all(origin, "hooks folders")
    repo = clone(origin, tmp_path / "victim")
    kept = listing(outside)
    for hooks_path, link in ((".githooks", ".githooks"), (".githooks/more", ".githooks"),
                             ("tools/hooks", "tools/hooks")):
        git(repo, "config", "core.hooksPath", hooks_path)
        before = snapshot(repo)
        result = gitmem(repo, "hooks", "install")
        assert result.code == 4, result
        assert f"but {link} is a symbolic link that leads out of it" in result.err, result
        assert f"git config core.hooksPath {outside}" in result.err, result
        assert snapshot(repo) == before
        assert listing(outside) == kept  # nothing written, nothing renamed
        assert not (repo / ".git/hooks/pre-commit").exists()


def test_folders_the_user_chose_still_get_the_hooks(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    repo = make_repo(tmp_path / "r", {"memory/a.md": MEMORY})
    git(repo, "config", "core.hooksPath", str(shared))  # named by the user: used, with a warning
    result = gitmem(repo, "hooks", "install")
    assert result.code == 0, result
    assert "outside this repository" in result.out
    assert MARKER in (shared / "pre-commit").read_text()
    # a user who links .git/hooks to a shared folder: no checkout can make that link
    other = make_repo(tmp_path / "other", {"memory/a.md": MEMORY})
    linked = tmp_path / "linked-hooks"
    linked.mkdir()
    (other / ".git/hooks").rename(tmp_path / "old-hooks")
    os.symlink(str(linked), other / ".git/hooks")
    result = gitmem(other, "hooks", "install")
    assert result.code == 0, result
    assert MARKER in (linked / "pre-commit").read_text()
    # a committed link that stays inside the working tree is as good as the folder itself
    inner = make_repo(tmp_path / "inner", {"memory/a.md": MEMORY, "scripts/hooks/.keep": ""})
    os.symlink("scripts/hooks", inner / ".githooks")
    commit_all(inner, "a link to the hooks folder")
    git(inner, "config", "core.hooksPath", ".githooks")
    result = gitmem(inner, "hooks", "install")
    assert result.code == 0, result
    assert MARKER in (inner / "scripts/hooks/pre-commit").read_text()


def _state(repo: Path) -> tuple[str, str]:
    """HEAD and `git status --porcelain`: what a refusal must leave as it was."""
    return (git(repo, "rev-parse", "HEAD"),
            git(repo, "status", "--porcelain", "--untracked-files=all", "--ignored"))


def test_init_with_hooks_refuses_before_its_commit(tmp_path: Path) -> None:
    """`init --hooks` used to commit .gitmem.toml and only then refuse the linked-out hooks
    folder, saying "nothing was changed" with HEAD moved. Every refusal `hooks install` can
    make now comes first."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    origin = make_repo(tmp_path / "origin", {"memory/a.md": MEMORY})
    os.symlink(str(outside), origin / ".githooks")
    commit_all(origin, "hooks folder")
    repo = clone(origin, tmp_path / "victim")
    git(repo, "config", "core.hooksPath", ".githooks")
    before = _state(repo)
    result = gitmem(repo, "init", "--hooks")
    assert result.code == 4, result
    assert "leads out of it" in result.err and "nothing was changed" in result.err, result
    assert _state(repo) == before
    assert not (repo / ".gitmem.toml").exists()
    assert listing(outside) == {}
    # a foreign hook whose .legacy name is taken: refused before the commit as well
    git(repo, "config", "--unset", "core.hooksPath")
    hooks = repo / ".git/hooks"
    (hooks / "post-merge").write_text("#!/bin/sh\necho mine\n")
    (hooks / "post-merge.legacy").write_text("#!/bin/sh\necho older\n")
    result = gitmem(repo, "init", "--hooks")
    assert result.code == 4, result
    assert "post-merge.legacy already exists" in result.err, result
    assert _state(repo) == before
    assert not (hooks / "pre-commit").exists()  # no half install either


def test_uninstall_never_touches_a_folder_a_committed_link_leads_to(tmp_path: Path) -> None:
    """`hooks uninstall` removed gitmem's shims and renamed `.legacy` files back in a folder
    outside the repository, reached through a committed link (a folder other repositories may
    share). It refuses as install does: exit 4, nothing changed anywhere."""
    shared = tmp_path / "shared"
    shared.mkdir()
    user = make_repo(tmp_path / "user", {"memory/a.md": MEMORY})
    (shared / "pre-commit").write_text("#!/bin/sh\necho mine\n")
    git(user, "config", "core.hooksPath", str(shared))  # the user's own choice: installed there
    assert gitmem(user, "hooks", "install").code == 0
    kept = listing(shared)
    assert MARKER in kept["pre-commit"].decode() and "pre-commit.legacy" in kept
    origin = make_repo(tmp_path / "origin", {"memory/a.md": MEMORY})
    os.symlink(str(shared), origin / ".githooks")
    commit_all(origin, "hooks folder")
    repo = clone(origin, tmp_path / "victim")
    git(repo, "config", "core.hooksPath", ".githooks")
    before = _state(repo)
    result = gitmem(repo, "hooks", "uninstall")
    assert result.code == 4, result
    assert "leads out of it" in result.err and "nothing was changed" in result.err, result
    assert f"git config core.hooksPath {shared}" in result.err, result
    assert listing(shared) == kept
    assert _state(repo) == before


def test_a_committed_hooks_folder_link_to_itself_is_refused_not_a_crash(tmp_path: Path) -> None:
    """A committed `.githooks -> .githooks` with core.hooksPath .githooks made `hooks install`
    and `hooks uninstall` crash (RuntimeError "Symlink loop", exit 70 and a traceback). Each
    refuses it as a git state (exit 4, nothing changed), `init --hooks` before its commit."""
    origin = make_repo(tmp_path / "origin", {"memory/a.md": MEMORY})
    os.symlink(".githooks", origin / ".githooks")
    commit_all(origin, "a looping hooks folder")
    repo = clone(origin, tmp_path / "victim")
    for hooks_path in (".githooks", ".githooks/deeper"):
        git(repo, "config", "core.hooksPath", hooks_path)
        before = _state(repo)
        for command in (("hooks", "install"), ("hooks", "uninstall"), ("init", "--hooks")):
            result = gitmem(repo, *command)
            assert result.code == 4, (command, result)
            assert "symbolic link that loops" in result.err, (command, result)
            assert "Traceback" not in result.err and "internal error" not in result.err
            assert _state(repo) == before
            assert not (repo / ".gitmem.toml").exists()

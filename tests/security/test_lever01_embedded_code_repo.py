"""Lever 1 of the red-team report: `verify.code_repos` in a committed `.gitmem.toml` names a bare
repository committed inside the memory repository; its own config (`log.showSignature` +
`gpg.program`) makes the git that lint runs there start a program from the clone.

The promise: a repository named by a committed file is used only when it lies inside the working
tree and has a `.git` of its own (which no checkout can create); one outside (`../code`) or
embedded as plain files is never opened, and lint says why. Repositories named in git config or
the environment (the user's own word) are used as before.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from gitutil import commit_all, git, gitmem, make_repo

MEMORY = "---\nname: a\ntype: project\n---\n- The entry point is `src/g.py`.\n"
PAYLOAD = "#!/bin/sh\ntouch \"$(dirname \"$0\")/PWNED\"; cat >/dev/null\n"


def signed_deletion_repo(root: Path) -> Path:
    """A code repository whose newest commit deletes src/g.py and carries a gpgsig header, so a
    `git log` with log.showSignature asks gpg.program to verify it."""
    code = make_repo(root, {"src/g.py": "x\n"})
    git(code, "rm", "-q", "src/g.py")
    git(code, "commit", "-qm", "rm")
    tree, parent = git(code, "rev-parse", "HEAD^{tree}", "HEAD~1").split()
    raw = (f"tree {tree}\nparent {parent}\nauthor A <a@b> 1 +0000\ncommitter A <a@b> 1 +0000\n"
           "gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQ\n -----END PGP SIGNATURE-----\n\nrm\n")
    signed = git(code, "hash-object", "-t", "commit", "-w", "--stdin", input=raw).strip()
    git(code, "update-ref", "refs/heads/main", signed)
    return code


def hostile_clone(tmp_path: Path, entry: str) -> Path:
    code = signed_deletion_repo(tmp_path / "code")
    origin = make_repo(tmp_path / "origin", {"memory/a.md": MEMORY})
    assert gitmem(origin, "init").code == 0
    bare = origin / "v.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(code), str(bare)], check=True)
    git(bare, "pack-refs", "--all")
    (bare / "refs/heads/.keep").write_text("")
    (bare / "refs/tags/.keep").write_text("")
    (bare / "payload.sh").write_text(PAYLOAD)
    (bare / "payload.sh").chmod(0o755)
    (bare / "config").write_text("[core]\n\tbare = true\n[log]\n\tshowSignature = true\n"
                                 "[gpg]\n\tprogram = ./payload.sh\n")
    toml = (origin / ".gitmem.toml").read_text()
    (origin / ".gitmem.toml").write_text(
        toml.replace('code_repos = ["."]', f'code_repos = [".", "{entry}"]'))
    commit_all(origin, "a repository inside the repository")
    victim = tmp_path / "victim"
    subprocess.run(["git", "clone", "-q", str(origin), str(victim)], check=True)
    return victim


def test_a_bare_repository_committed_in_the_memory_repo_is_never_opened(tmp_path: Path) -> None:
    victim = hostile_clone(tmp_path, "v.git")
    assert (victim / "v.git/payload.sh").is_file()  # the clone does carry it
    result = gitmem(victim, "lint", "--format", "json")
    assert not (victim / "v.git/PWNED").exists(), "a program named by the clone ran"
    assert result.code in (0, 1), result
    assert "v.git" in result.err and "committed" in result.err, result  # says why it is unused
    # the post-merge hook path and the staged path ask the same repositories
    assert gitmem(victim, "lint", "--staged").code in (0, 1)
    assert not (victim / "v.git/PWNED").exists()


def test_a_committed_entry_outside_the_working_tree_is_not_opened_but_git_config_is(
    tmp_path: Path,
) -> None:
    signed_deletion_repo(tmp_path / "app")
    repo = make_repo(tmp_path / "mem", {
        ".gitmem.toml": '[verify]\ncode_repos = [".", "../app"]\n', "memory/a.md": MEMORY,
    })
    committed = gitmem(repo, "lint", "--format", "json")
    assert "../app" in committed.err and "git config gitmem.verify.codeRepos" in committed.err
    assert "deleted in" not in committed.out  # ../app was not asked about the path
    git(repo, "config", "gitmem.verify.codeRepos", ".,../app")
    local = gitmem(repo, "lint", "--format", "json")
    assert local.err == "" and "GM311" in local.out and "deleted in" in local.out, local


def test_a_repository_inside_the_tree_with_its_own_git_folder_is_used(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "mem", {"memory/a.md": MEMORY})
    signed_deletion_repo(repo / "vendor/app")  # a nested clone the user made: vendor/app/.git
    (repo / ".gitmem.toml").write_text('[verify]\ncode_repos = [".", "vendor/app"]\n')
    commit_all(repo, "config")
    result = gitmem(repo, "lint", "--format", "json")
    assert "GM311" in result.out and "deleted in" in result.out, result
    assert os.path.isdir(repo / "vendor/app/.git")

"""Lever 9 of the red-team report: a repository owned by another user (a CI container's checkout,
a shared folder) with no `safe.directory` made every command exit 70, and the pre-commit hook
then blocked every commit, even one touching no memory; a SHA-256 repository named in
`verify.code_repos` made lint exit 70.

The promises: gitmem trusts a repository exactly when git does (safe.directory, git's own
`-c safe.directory`, a sudo user's checkout), refuses the others with exit 4 and the
`git config --global --add safe.directory` line to run, and a code repository it cannot read
(another owner, SHA-256) is reported by name and skipped, never a crash.

"Owned by another user" is real here: the test chowns the repository to an unused uid, which
needs root (as in the CI containers where this happens); elsewhere the ownership tests skip.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from gitutil import commit_all, git, gitmem, make_repo, write

MEMORY = "---\nname: a\ntype: project\n---\n- Fixed in commit 4f3c2b1a9e.\n"
OTHER_UID = 54321
as_root = pytest.mark.skipif(os.geteuid() != 0, reason="chown to another user needs root")


def snapshot(repo: Path) -> tuple[str, str, dict[str, bytes]]:
    """HEAD, the index and the files, read by a git told to trust the repository (as
    gitutil.snapshot, which the refused repository would refuse too)."""
    def trusting_git(*args: str) -> str:
        return subprocess.run(["git", "-c", "safe.directory=*", *args], cwd=repo, text=True,
                              capture_output=True, check=True).stdout
    files = {str(path.relative_to(repo)): path.read_bytes() for path in sorted(repo.rglob("*"))
             if path.is_file() and ".git" not in path.relative_to(repo).parts}
    return trusting_git("rev-parse", "HEAD"), trusting_git("ls-files", "-s"), files


def give_away(root: Path) -> None:
    for folder, _, files in os.walk(root):
        os.chown(folder, OTHER_UID, OTHER_UID)
        for name in files:
            os.chown(os.path.join(folder, name), OTHER_UID, OTHER_UID)


@as_root
def test_a_repository_of_another_user_is_refused_with_the_line_that_trusts_it(
    tmp_path: Path,
) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": MEMORY})
    give_away(repo)
    before = snapshot(repo)
    for args in (("lint",), ("log",), ("protect", "memory/a.md")):
        result = gitmem(repo, *args)
        assert result.code == 4, (args, result)
        assert f"git config --global --add safe.directory {repo}" in result.err, result
    assert snapshot(repo) == before
    git(repo, "config", "--global", "--add", "safe.directory", str(repo))
    assert gitmem(repo, "lint").code == 1  # trusted now: the GM301 error is found


@as_root
@pytest.mark.parametrize("trust", ["git -c safe.directory", "sudo"])
def test_the_hook_runs_where_git_trusts_the_repository(tmp_path: Path, trust: str) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": MEMORY.replace("4f3c2b1a9e", "ok")})
    assert gitmem(repo, "hooks", "install").code == 0
    give_away(repo)
    env = dict(os.environ)
    prefix = ["git"]
    if trust == "sudo":
        env["SUDO_UID"] = str(OTHER_UID)  # git trusts a sudo user's own checkout
    else:
        prefix += ["-c", f"safe.directory={repo}"]

    def commit(*paths: str) -> subprocess.CompletedProcess[str]:
        subprocess.run([*prefix, "add", *paths], cwd=repo, env=env, check=True)
        return subprocess.run([*prefix, "commit", "-qm", "x"], cwd=repo, env=env,
                              capture_output=True, text=True, check=False)

    write(repo, {"src/app.py": "print(1)\n"})
    plain = commit("src/app.py")
    assert plain.returncode == 0, plain.stderr  # touches no memory: never blocked
    write(repo, {"memory/a.md": MEMORY.replace("commit 4f3c2b1a9e", "commit 4f3c2b1a9e0")})
    checked = commit("memory/a.md")
    assert checked.returncode == 1 and "GM301" in checked.stderr, checked.stderr  # and it checks


def test_a_sha256_code_repository_is_named_and_skipped(tmp_path: Path) -> None:
    code = tmp_path / "code"
    code.mkdir()
    git(code, "init", "-q", "--object-format=sha256", "-b", "main")
    write(code, {"f.txt": "x\n"})
    commit_all(code)
    repo = make_repo(tmp_path / "mem", {"memory/a.md": MEMORY})
    git(repo, "config", "gitmem.verify.codeRepos", ".,../code")
    result = gitmem(repo, "lint", "--format", "json")
    assert result.code in (0, 1), result
    assert "../code" in result.out + result.err and "SHA-256" in result.out + result.err, result


@as_root
def test_a_code_repository_of_another_user_is_named_and_skipped(tmp_path: Path) -> None:
    code = make_repo(tmp_path / "code", {"f.txt": "x\n"})
    give_away(code)
    repo = make_repo(tmp_path / "mem", {"memory/a.md": MEMORY})
    git(repo, "config", "gitmem.verify.codeRepos", ".,../code")
    result = gitmem(repo, "lint", "--format", "json")
    assert result.code in (0, 1), result
    assert "safe.directory" in result.out + result.err, result

"""`gitmem log` opens the repository through one `git rev-parse`, without importing pygit2:
it finds the same repository, HEAD, shallowness and gitmem.* configuration as the pygit2 open,
and leaves every case git does not answer plainly to that open."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from gitutil import git, gitmem, make_repo

from gitmem.errors import GitmemError
from gitmem.gitrepo import Repo


def facts(repo: Repo) -> tuple[object, ...]:
    return (repo.root, repo.git_dir, repo.head_id(), repo.is_shallow(), repo.common_dir(),
            repo.config_entries())


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = make_repo(tmp_path / "mem", {"memory/a.md": "- Use tabs.\n"})
    git(root, "config", "gitmem.lint.ignore", "GM101")
    git(root, "config", "gitmem.Other", "two words")
    git(root, "config", "--add", "gitmem.other", "last one wins")
    git(root, "config", "gitmemx.not", "mine")
    with (root / ".git" / "config").open("a") as config:
        config.write('[gitmem "Sub"]\n\tKey = v\n\tflag\n')
    return root


def test_git_finds_what_pygit2_finds(repo: Path, tmp_path: Path) -> None:
    (repo / "memory" / "deep").mkdir()
    for start in (repo, repo / "memory", repo / "memory" / "deep"):
        through_git = Repo.discover_through_git(start)
        assert through_git._opened is None  # no pygit2 repository opened
        assert facts(through_git) == facts(Repo.discover(start))
    assert Repo.discover_through_git(repo).config_entries() == {
        "gitmem.lint.ignore": "GM101", "gitmem.other": "last one wins", "gitmem.Sub.key": "v"}
    worktree = tmp_path / "wt"
    git(repo, "worktree", "add", "-q", str(worktree))
    assert facts(Repo.discover_through_git(worktree)) == facts(Repo.discover(worktree))
    shallow = tmp_path / "shallow"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{repo}", str(shallow))
    opened = Repo.discover_through_git(shallow)
    assert opened.is_shallow() and facts(opened)[:5] == facts(Repo.discover(shallow))[:5]


def test_what_git_does_not_answer_plainly_is_opened_as_before(tmp_path: Path) -> None:
    unborn = tmp_path / "unborn"
    git(tmp_path, "init", "-q", str(unborn))
    opened = Repo.discover_through_git(unborn)
    assert opened._opened is not None and opened.head_id() is None
    bare = tmp_path / "bare.git"
    git(tmp_path, "init", "-q", "--bare", str(bare))
    with pytest.raises(GitmemError, match="bare repository"):
        Repo.discover_through_git(bare)
    with pytest.raises(GitmemError, match="not inside a git repository"):
        Repo.discover_through_git(tmp_path)


def test_pygit2_is_opened_when_first_needed_and_then_answers(repo: Path) -> None:
    opened = Repo.discover_through_git(repo)
    assert opened.tree_files()["memory/a.md"]  # a pygit2 read
    assert opened._opened is not None
    git(repo, "commit", "-q", "--allow-empty", "-m", "moved")
    assert opened.head_id() == git(repo, "rev-parse", "HEAD").strip()  # no longer git's answer


def test_gitmem_log_imports_no_pygit2_on_a_history_git_log_reads(repo: Path) -> None:
    git(repo, "commit", "-q", "--allow-empty", "-m",
        "gitmem: protect memory/a.md\n\nGitmem-Op: protect\nGitmem-Path: memory/a.md")
    probe = ("import sys\nfrom gitmem.cli import main\n"
             "try:\n    main(['log', '--json'])\nexcept SystemExit as end:\n"
             "    assert not end.code, end.code\n"
             "print('pygit2' in sys.modules, file=sys.stderr)\n")
    for _ in range(2):  # the first run and the warm one
        proc = subprocess.run([sys.executable, "-c", probe], cwd=repo, capture_output=True,
                              text=True, check=True)
        assert proc.stderr.strip().splitlines()[-1] == "False"
        assert '"op": "protect"' in proc.stdout
    assert gitmem(repo, "log").out.count("protect") == 2

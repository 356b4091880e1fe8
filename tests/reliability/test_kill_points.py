"""An op killed (os._exit(137), as kill -9) at each named step of its commit sequence leaves the
repository, after the next gitmem command, exactly as before the op or exactly as after it.

The steps are the crash points of gitmem/ops/apply.py, switched on by GITMEM_TEST_CRASH_AT:
objects written; journal written; branch ref locked (libgit2 holds refs/heads/main.lock);
branch moved; first file's new copy written in .git/gitmem/tmp; first file renamed into place;
all files written; index written. Up to the ref lock the op must vanish; from the branch move on it must
be completed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gitutil import git, gitmem, make_repo
from reliutil import (
    assert_git_healthy,
    clone_tree,
    describe_difference,
    fork_gitmem,
    run_gitmem,
    state,
)
from scenes import SCENES, Scene
from templates import template

ROLLED_BACK = ("after-build-commit", "after-journal", "ref-locked")
FINISHED = ("after-move-ref", "after-temp-file", "after-worktree-file", "after-worktree",
            "after-index")


@pytest.mark.parametrize("step", ROLLED_BACK + FINISHED)
@pytest.mark.parametrize("scene", SCENES, ids=[s.name for s in SCENES])
def test_kill_at_a_named_step_is_rolled_back_or_finished(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, scene: Scene, step: str
) -> None:
    tpl = template(tmp_path_factory, scene)
    repo = clone_tree(tpl.repo, tmp_path / "repo")
    killed = fork_gitmem(repo, *tpl.args, GITMEM_TEST_CRASH_AT=step).result()
    assert killed.code == 137, killed
    check_recovered(repo, tpl.before if step in ROLLED_BACK else tpl.after, f"{scene.name}/{step}")


def check_recovered(repo: Path, want: dict[str, object], label: str) -> None:
    nxt = gitmem(repo, "log")  # any command: it finishes or drops the interrupted op first
    assert nxt.code == 0, nxt
    got = state(repo)
    assert got == want, f"{label}:\n{describe_difference(got, want)}"
    assert_git_healthy(repo)


@pytest.mark.parametrize("step", ["after-journal", "after-worktree-file"])
def test_crash_hook_kills_a_real_python_m_gitmem(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path, step: str
) -> None:
    scene = next(s for s in SCENES if s.name == "merge")
    tpl = template(tmp_path_factory, scene)
    repo = clone_tree(tpl.repo, tmp_path / "repo")
    killed = run_gitmem(repo, *tpl.args, GITMEM_TEST_CRASH_AT=step)
    assert killed.code == 137, killed
    check_recovered(repo, tpl.before if step in ROLLED_BACK else tpl.after, f"merge/{step}")


def test_crash_hook_is_inert_unless_named(tmp_path_factory: pytest.TempPathFactory,
                                          tmp_path: Path) -> None:
    scene = SCENES[0]
    tpl = template(tmp_path_factory, scene)
    repo = clone_tree(tpl.repo, tmp_path / "repo")
    done = run_gitmem(repo, *tpl.args, GITMEM_TEST_CRASH_AT="no-such-step")
    assert done.code == 0, done
    assert state(repo) == tpl.after


def test_a_half_written_copy_is_removed_even_when_the_edit_wins(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    """Killed with the new copy written (in the git dir's scratch folder, never in the working
    tree); the person then edits the file: the recovery keeps their edit and still removes the
    copy (it would linger forever)."""
    scene = SCENES[0]
    tpl = template(tmp_path_factory, scene)
    repo = clone_tree(tpl.repo, tmp_path / "repo")
    killed = fork_gitmem(repo, *tpl.args, GITMEM_TEST_CRASH_AT="after-temp-file").result()
    assert killed.code == 137, killed
    target = repo / scene.args[1]
    assert list((repo / ".git/gitmem/tmp").glob("*.gitmem-tmp"))
    assert not [p for p in repo.rglob("*.gitmem-tmp") if ".git" not in p.parts]
    edited = target.read_bytes() + b"- a person's edit after the crash\r\n"
    target.write_bytes(edited)
    nxt = gitmem(repo, "log")
    assert nxt.code == 0, nxt
    assert target.read_bytes() == edited
    assert list(repo.rglob("*.gitmem-tmp")) == []
    assert_git_healthy(repo)


def test_recovery_leaves_another_checked_out_branch_alone(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    """Killed after the branch moved; the person then checks out another branch (their files
    match it) before any gitmem command runs: finishing the op there would write main's
    content into the other branch's working tree."""
    scene = SCENES[0]
    tpl = template(tmp_path_factory, scene)
    repo = clone_tree(tpl.repo, tmp_path / "repo")
    killed = fork_gitmem(repo, *tpl.args, GITMEM_TEST_CRASH_AT="after-move-ref").result()
    assert killed.code == 137, killed
    git(repo, "checkout", "-q", "-b", "elsewhere", "HEAD~1")
    before = state(repo)
    nxt = gitmem(repo, "log")
    assert nxt.code == 0, nxt
    assert state(repo) == before
    assert "left the files" in nxt.err
    assert_git_healthy(repo)


@pytest.mark.parametrize("step", ROLLED_BACK + FINISHED)
def test_init_on_an_unborn_branch_killed_at_each_step(tmp_path: Path, step: str) -> None:
    """The first commit of a repository: no old commit, the branch ref does not exist yet."""
    repo = make_repo(tmp_path / "fresh")
    before = state(repo)
    reference = make_repo(tmp_path / "reference")
    assert gitmem(reference, "init").code == 0
    after = state(reference)
    killed = fork_gitmem(repo, "init", GITMEM_TEST_CRASH_AT=step).result()
    assert killed.code == 137, killed
    nxt = gitmem(repo, "log")
    assert nxt.code == 0, nxt
    got = state(repo)
    want = before if step in ROLLED_BACK else after
    # the reference repository's first commit has the same tree and message, no parent
    assert got == want, f"init/{step}:\n{describe_difference(got, want)}"
    if got["tree"]:
        assert_git_healthy(repo)
    else:  # still unborn: nothing to fsck or to point a probe ref at
        assert list((repo / ".git").rglob("*.lock")) == []
        assert not (repo / ".git/gitmem/journal.json").exists()

"""The races of test_races.py at exact moments: an event injected right after an op moved the
branch (a person's edit, a git process holding index.lock), in-process and deterministic."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from gitutil import git, gitmem, make_repo
from reliutil import assert_git_healthy

from gitmem import safe_write
from gitmem.gitrepo import Repo

MEMORY = "---\nname: wrapper\n---\n- Call it through `bin/cal`.\n"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "mem", {"memory/a.md": MEMORY, "other.txt": "x\n"})


def after_branch_move(monkeypatch: pytest.MonkeyPatch, event: Callable[[Repo], None]) -> None:
    real = Repo.move_ref

    def move_then(self: Repo, *args: Any, **kwargs: Any) -> None:
        real(self, *args, **kwargs)
        event(self)

    monkeypatch.setattr(Repo, "move_ref", move_then)


def test_an_edit_made_while_the_op_runs_is_kept(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    edited = MEMORY + "- a person's line written during the op\n"
    after_branch_move(monkeypatch, lambda r: (repo / "memory/a.md").write_text(edited))
    result = gitmem(repo, "protect", "memory/a.md")
    assert result.code == 0, result
    assert (repo / "memory/a.md").read_text() == edited  # never overwritten
    assert "your edit was kept" in result.err
    assert "protected: true" in git(repo, "show", "HEAD:memory/a.md")  # the op is committed
    assert git(repo, "show", ":memory/a.md") == MEMORY  # the index was left alone too
    assert_git_healthy(repo)


def test_an_index_lock_held_by_git_is_waited_for(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lock = repo / ".git/index.lock"

    def git_holds_the_index(_: Repo) -> None:
        lock.write_bytes(b"")
        threading.Timer(0.3, os.unlink, (lock,)).start()

    after_branch_move(monkeypatch, git_holds_the_index)
    result = gitmem(repo, "protect", "memory/a.md")
    assert result.code == 0, result
    assert git(repo, "status", "--porcelain") == ""
    assert_git_healthy(repo)


def test_an_index_lock_taken_mid_op_and_never_released_is_finished_later(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A git process takes index.lock after the op checked it and keeps it: the op is committed
    (exit 0, never exit 4, which promises HEAD unchanged) and says the index is behind; the next
    gitmem command finishes it once the lock is gone."""
    lock = repo / ".git/index.lock"
    after_branch_move(monkeypatch, lambda r: lock.write_bytes(b""))
    real_sync = Repo.sync_paths

    def impatient(self: Repo, *args: Any, **kwargs: Any) -> list[str]:
        return real_sync(self, *args, **{**kwargs, "lock_timeout": 0.2})

    monkeypatch.setattr(Repo, "sync_paths", impatient)
    result = gitmem(repo, "protect", "memory/a.md")
    assert result.code == 0, result
    assert "index.lock" in result.err and "committed" in result.err
    assert "protected: true" in git(repo, "show", "HEAD:memory/a.md")
    monkeypatch.undo()
    lock.unlink()  # what the message tells the person to do
    nxt = gitmem(repo, "log")
    assert nxt.code == 0 and "finished an interrupted operation" in nxt.err, nxt
    assert git(repo, "status", "--porcelain") == ""
    assert_git_healthy(repo)


def test_memory_under_a_symlinked_directory_is_never_written_through(
    tmp_path: Path, repo: Path
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "a.md").write_text(MEMORY)
    git(repo, "rm", "-q", "--cached", "memory/a.md")
    os.unlink(repo / "memory/a.md")
    os.rmdir(repo / "memory")
    os.symlink(outside, repo / "memory")
    git(repo, "reset", "-q", "HEAD", "--", "memory/a.md")  # HEAD still has memory/a.md
    head = git(repo, "rev-parse", "HEAD")
    result = gitmem(repo, "protect", "memory/a.md")
    assert result.code == 4 and "symbolic link" in result.err, result
    assert (outside / "a.md").read_text() == MEMORY
    assert git(repo, "rev-parse", "HEAD") == head  # refused before committing anything
    assert gitmem(repo, "log").code == 0


LATE = "- a line written into the old file after the op replaced it\n"


def replacing_writes(monkeypatch: pytest.MonkeyPatch, rel: str,
                     events: dict[int, Callable[[Path], None]]) -> None:
    """Run events[n] just before gitmem's n-th replacement of `rel` (1-based) renames its copy
    into place; events[0] right after the first one: the moments a racing writer can hit."""
    real = safe_write.write_file
    calls = {"n": 0}

    def write_then(root: Path, path: str, data: bytes, **kwargs: Any) -> None:
        if path != rel:
            return real(root, path, data, **kwargs)
        calls["n"] += 1
        if calls["n"] in events:
            events[calls["n"]](root / path)
        real(root, path, data, **kwargs)
        if calls["n"] == 1 and 0 in events:
            events[0](root / path)

    monkeypatch.setattr(safe_write, "write_file", write_then)


def writer_into_the_old_file(opened: dict[str, int]) -> dict[int, Callable[[Path], None]]:
    """A writer who opened the file before gitmem's rename and writes after it."""
    return {
        1: lambda full: opened.update(fd=os.open(full, os.O_WRONLY | os.O_APPEND)),
        0: lambda full: (os.write(opened["fd"], LATE.encode()), os.close(opened["fd"])),
    }


def test_a_line_appended_while_a_late_edit_is_put_back_is_kept_too(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Putting the person's version back is a rename too: a line appended to the file in that
    window (the op's version, about to be replaced) must end up in the file as well."""
    appended = "- and one more line appended meanwhile\n"
    events = writer_into_the_old_file({})
    events[2] = lambda full: full.open("a").write(appended)
    replacing_writes(monkeypatch, "memory/a.md", events)
    result = gitmem(repo, "protect", "memory/a.md")
    assert result.code == 0, result
    assert (repo / "memory/a.md").read_text() == MEMORY + LATE + appended
    assert "your edit was kept" in result.err
    assert "protected: true" in git(repo, "show", "HEAD:memory/a.md")
    assert not (repo / ".git/gitmem/kept").exists()
    assert_git_healthy(repo)


def test_a_file_rewritten_while_a_late_edit_is_put_back_keeps_both_versions(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two people's versions that cannot be joined: one stays in the working tree, the other
    is saved under .git/gitmem/kept and named on stderr; neither is lost."""
    rewrite = "---\nname: wrapper\n---\n- Someone's own rewrite of the whole file.\n"
    events = writer_into_the_old_file({})
    events[2] = lambda full: full.write_text(rewrite)
    replacing_writes(monkeypatch, "memory/a.md", events)
    result = gitmem(repo, "protect", "memory/a.md")
    assert result.code == 0, result
    [saved] = (repo / ".git/gitmem/kept").iterdir()
    versions = {(repo / "memory/a.md").read_text(), saved.read_text()}
    assert versions == {rewrite, MEMORY + LATE}
    assert str(saved) in result.err and "written twice" in result.err
    assert "protected: true" in git(repo, "show", "HEAD:memory/a.md")
    assert_git_healthy(repo)


def test_saved_versions_never_overwrite_each_other_and_fit_any_path(repo: Path) -> None:
    """Two versions set aside for paths that look alike once flattened, and one for a path
    too long to be a file name on its own: three files, each holding what it was given."""
    r = Repo.discover(repo)
    deep = "memory/" + "d" * 120 + "/" + "n" * 130 + ".md"
    saved = [r._save_aside(path, f"version {i}\n".encode())
             for i, path in enumerate(["memory/a/b.md", "memory/a__b.md", deep, "memory/a/b.md"])]
    assert len(set(saved)) == 4
    assert [p.read_text() for p in saved] == [f"version {i}\n" for i in range(4)]
    assert all(p.parent == repo / ".git/gitmem/kept" for p in saved)

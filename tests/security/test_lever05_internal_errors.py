"""Lever 5 of the red-team report (issue 20): inputs a hostile or odd repository can supply that
made gitmem exit 70 ("internal error = a bug"). Each now gets a clear message and the exit code
docs/exit-codes.md gives it, and changes nothing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from gitutil import commit_all, git, gitmem, make_repo, snapshot
from secutil import forge_plan


ROOT = Path(__file__).resolve().parents[2]
MEMORY = "---\nname: a\ntype: project\n---\n- A fact.\n"
OLD = "---\nname: wrapper\n---\n- The wrapper takes no arguments.\n"
NEW = "---\nname: wrapper-v2\n---\n- The wrapper takes arguments since v2.\n"


def refused_cleanly(result: object, code: int) -> None:
    assert result.code == code, result  # type: ignore[attr-defined]
    assert "internal error" not in result.err  # type: ignore[attr-defined]
    assert "Traceback" not in result.err  # type: ignore[attr-defined]


def test_a_sha256_repository_is_refused_by_name_with_exit_4(tmp_path: Path) -> None:
    repo = tmp_path / "r"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main", "--object-format=sha256")
    (repo / "memory").mkdir()
    (repo / "memory/a.md").write_text(MEMORY)
    commit_all(repo)
    before = snapshot(repo)
    for args in (("log",), ("lint",), ("protect", "memory/a.md"), ("init",)):
        result = gitmem(repo, *args)
        refused_cleanly(result, 4)
        assert "SHA-256" in result.err, result
    assert snapshot(repo) == before


def test_undo_of_an_op_that_touched_a_submodule_is_refused_with_exit_4(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "m", {"memory/a.md": MEMORY})
    # a gitlink to a commit of another repository (absent here, as a submodule's commits are)
    git(repo, "update-index", "--add", "--cacheinfo", f"160000,{'1' * 40},vendor/lib")
    git(repo, "commit", "-q", "--no-verify", "-m", "add submodule")
    git(repo, "update-index", "--cacheinfo", f"160000,{'2' * 40},vendor/lib")
    (repo / "memory/a.md").write_text(MEMORY + "- Another fact.\n")
    git(repo, "add", "memory/a.md")
    git(repo, "commit", "-q", "--no-verify", "-m", "gitmem: protect memory/a.md",
        "-m", "Gitmem-Op: protect\nGitmem-Path: memory/a.md")
    before = snapshot(repo)
    result = gitmem(repo, "undo", "--last")
    refused_cleanly(result, 4)
    assert "vendor/lib" in result.err and "submodule" in result.err, result
    assert snapshot(repo) == before


@pytest.mark.parametrize("folder", [".GIT", "memory/.Git", "git~1", "memory/GIT~1", ".git.",
                                    "memory/.git "])
def test_save_into_a_folder_git_reserves_is_a_usage_error(tmp_path: Path, folder: str) -> None:
    repo = make_repo(tmp_path / "m", {"memory/a.md": MEMORY})
    before = snapshot(repo)
    result = gitmem(repo, "save", "The build uses tabs.", "--category", "project",
                    "--folder", folder)
    refused_cleanly(result, 2)
    assert ".git" in result.err.lower(), result
    assert snapshot(repo) == before


def test_names_longer_than_the_file_system_allows(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "m", {"memory/a.md": MEMORY})
    before = snapshot(repo)
    long_folder = gitmem(repo, "save", "The build uses tabs.", "--category", "project",
                         "--folder", "d" * 300)
    refused_cleanly(long_folder, 2)
    assert "too long" in long_folder.err, long_folder
    assert snapshot(repo) == before
    long_lint = gitmem(repo, "lint", "memory/" + "a" * 300 + ".md")
    refused_cleanly(long_lint, 2)
    assert "too long" in long_lint.err, long_lint
    # a long text is no reason to fail: the file name it gets is cut to fit
    long_text = gitmem(repo, "save", "Token " + "Q" * 260 + " is the prefix.",
                       "--category", "project")
    assert long_text.code == 0, long_text
    [saved] = [p for p in (repo / "memory").iterdir() if p.name != "a.md"]
    assert len(saved.name.encode()) <= 255


def test_the_merge_driver_merges_an_impossible_do_not_reopen_date(tmp_path: Path) -> None:
    def memory(before: str) -> str:
        return f"---\nname: a\ndo_not_reopen: [{{partner: memory/b.md, before: {before}}}]\n---\n- One.\n"

    for name, text in {"O": memory("2025-01-01"), "A": memory("2025-02-01"),
                       "B": memory("2025-13-01")}.items():
        (tmp_path / name).write_text(text)
    result = gitmem(tmp_path, "merge-driver", *(str(tmp_path / n) for n in "OAB"), "memory/a.md")
    assert result.code in (0, 1), result
    assert "internal error" not in result.err
    merged = (tmp_path / "A").read_text()
    assert "2025-13-01" in merged  # the later (if impossible) date is kept, not lost
    assert merged.endswith("- One.\n")


@pytest.mark.parametrize("forgery", ["bad-key", "empty-summary", "control-summary"])
def test_a_forged_plan_with_a_malformed_trailer_or_summary_is_refused(
    tmp_path: Path, forgery: str
) -> None:
    repo = make_repo(tmp_path / "m", {"memory/old.md": OLD, "memory/new.md": NEW})

    def edit(payload: dict[str, object]) -> None:
        if forgery == "bad-key":
            payload["trailers"] = [*payload["trailers"], ["bad key", "x"]]  # type: ignore[misc]
        elif forgery == "empty-summary":
            payload["summary"] = ""
        else:
            payload["summary"] = "\x1b[2J\x07 \t"

    plan_id = forge_plan(repo, edit)
    before = snapshot(repo)
    result = gitmem(repo, "apply", plan_id, "--confirm")
    refused_cleanly(result, 5)
    assert "plan" in result.err and "not applied" in result.err, result
    assert snapshot(repo) == before


SLOW_IMPORT = textwrap.dedent("""
    import os, sys, time
    class SlowClick:
        def find_spec(self, name, path=None, target=None):
            if name == "click" and os.environ.get("GITMEM_SLOW_IMPORT_MARK"):
                open(os.environ["GITMEM_SLOW_IMPORT_MARK"], "w").close()
                time.sleep(30)
            return None
    sys.meta_path.insert(0, SlowClick())
""")


def test_ctrl_c_while_gitmem_is_still_importing_exits_130_quietly(tmp_path: Path) -> None:
    """A real SIGINT that arrives while the modules load (before main's handler exists): an
    import of click that takes long (a sitecustomize hook) gives the signal a certain window."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(SLOW_IMPORT)
    mark = tmp_path / "importing"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)]),
           "GITMEM_SLOW_IMPORT_MARK": str(mark)}
    entry = "import sys; from gitmem.cli import main; sys.exit(main())"
    # what the `gitmem` console script does, and `python -m gitmem`
    for argv in ([sys.executable, "-c", entry, "log"], [sys.executable, "-m", "gitmem", "log"]):
        if mark.exists():
            mark.unlink()
        proc = subprocess.Popen(argv, cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        deadline = time.monotonic() + 20
        while not mark.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert mark.exists(), "the import never started"
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=30)
        assert proc.returncode == 130, (argv, proc.returncode, err)
        assert b"Traceback" not in err, err
        assert b"interrupted" in err, err



def test_an_op_on_a_memory_whose_name_is_near_the_limit_completes(tmp_path: Path) -> None:
    """Beyond the report: a 250-byte memory name is valid, but the op's temporary file
    (`.<name>.gitmem-tmp`) was not; the op committed, then every command exited 70."""
    name = "memory/" + "a" * 250 + ".md"
    repo = make_repo(tmp_path / "m", {name: MEMORY})
    result = gitmem(repo, "protect", name)
    assert result.code == 0, result
    assert git(repo, "status", "--porcelain") == ""
    assert "protected: true" in (repo / name).read_text()
    assert gitmem(repo, "log").code == 0
    assert gitmem(repo, "undo", "--last").code == 0
    assert (repo / name).read_text() == MEMORY


def test_save_of_text_that_is_not_utf8_is_a_usage_error(tmp_path: Path) -> None:
    """Beyond the report (argument fuzzing): bytes that are not UTF-8 on the command line reach
    Python as surrogate escapes; writing them as a memory's body was exit 70."""
    repo = make_repo(tmp_path / "m", {"memory/a.md": MEMORY})
    before = snapshot(repo)
    result = gitmem(repo, "save", "bad \udcff\udcfe text", "--category", "project")
    refused_cleanly(result, 2)
    assert "UTF-8" in result.err, result
    assert snapshot(repo) == before

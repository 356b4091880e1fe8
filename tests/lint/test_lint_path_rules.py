"""GM311 missing-path and GM312 outside-path against a real code tree and its history."""

from __future__ import annotations

import os
from pathlib import Path

from gitutil import commit_all, git, make_repo, write
from lintutil import cli


def code_repo(root: Path) -> Path:
    repo = make_repo(root, {
        "src/app.py": "print(1)\n", "src/gone.py": "x\n", "src/old.py": "def f():\n    return 1\n",
        "package.json": "{}\n", ".gitignore": "*.log\n",
    })
    git(repo, "rm", "-q", "src/gone.py")
    git(repo, "commit", "-q", "-m", "drop gone.py")
    git(repo, "mv", "src/old.py", "src/new.py")
    git(repo, "commit", "-q", "-m", "rename old to new")
    return repo


def findings(repo: Path, *args: str) -> list[tuple[int, str, str]]:
    run = cli(repo, "lint", "--format", "json", *(args or ("--select", "GM")))
    assert run.code in (0, 1), run
    return [(f["line"], f["code"], f["message"]) for f in run.json()["findings"]]


def test_missing_paths_name_the_commit_that_deleted_or_renamed_them(tmp_path: Path) -> None:
    repo = code_repo(tmp_path / "r")
    deleted = git(repo, "log", "--format=%h", "-1", "--", "src/gone.py").strip()[:7]
    renamed = git(repo, "rev-parse", "--short=7", "HEAD").strip()
    write(repo, {"memory/a.md": "# Code\n\n- Entry: `src/app.py`, see [app](../src/app.py).\n"
                                "- Helper in `src/gone.py`.\n- Old helper `src/old.py`.\n"
                                "- Never existed: `src/never.py`.\n- Folder `src/`.\n"})
    commit_all(repo)
    got = findings(repo)
    assert [(line, code) for line, code, _ in got] == [
        (4, "GM311"), (5, "GM311"), (6, "GM314")]
    assert got[0][2] == f"src/gone.py does not exist in this repository (deleted in {deleted} " \
                        "'drop gone.py')"
    assert f"renamed to src/new.py in {renamed} 'rename old to new'" in got[1][2]
    assert got[2][2] == ("src/never.py is not in this repository and never was, nor is "
                         "anything named like it; fix it if it is meant as a file of this project")
    run = cli(repo, "lint")
    assert run.code == 0, "GM311 is a warning: it does not fail lint.fail_on = error"
    assert "[warning]" in run.out


def test_with_two_code_repositories_a_missing_path_names_both_and_its_history(
    tmp_path: Path,
) -> None:
    code = code_repo(tmp_path / "code")
    renamed = git(code, "rev-parse", "--short=7", "HEAD").strip()
    memories = make_repo(tmp_path / "mem", {
        "memory/a.md": "- Old helper `src/old.py`.\n- Never existed: `src/never.py`.\n",
    })
    # a repository outside the memory repository is named in git config, never in the committed
    # .gitmem.toml (docs/configuration.md: code repositories a clone may name)
    git(memories, "config", "gitmem.verify.codeRepos", ".,../code")
    got = [message for _, _, message in findings(memories)]
    assert got == [
        (f"src/old.py does not exist in this repository or ../code (renamed to src/new.py in "
         f"{renamed} of ../code 'rename old to new')"),
        ("src/never.py is not in this repository or ../code and never was, nor is anything "
         "named like it; fix it if it is meant as a file of this project"),
    ]


def test_ignored_and_build_output_paths_are_not_missing(tmp_path: Path) -> None:
    repo = code_repo(tmp_path / "r")
    write(repo, {"memory/a.md": "- Logs go to `logs/app.log`; bundles to `dist/app.js`.\n"
                                "- Also `build/lib/x.py`, `node_modules/react/index.js`, "
                                "`target/debug/app.rs`, `.venv/bin/python3.11`, "
                                "`src/__pycache__/app.pyc`.\n"})
    commit_all(repo)
    assert findings(repo) == []


def test_outside_paths_are_info_and_never_fail(tmp_path: Path) -> None:
    repo = code_repo(tmp_path / "r")
    os.symlink("/etc", repo / "src" / "escape")
    write(repo, {"memory/a.md": "- Hosts: `/etc/hosts`, `~/.ssh/config`, `../sibling/x.py`.\n"
                                "- Through a symlink: `src/escape/hosts.conf`.\n"
                                "- In prose: /usr/local/bin/tool is installed.\n"})
    commit_all(repo)
    got = findings(repo)
    assert [(line, code) for line, code, _ in got] == [
        (1, "GM312"), (1, "GM312"), (1, "GM312"), (2, "GM312"), (3, "GM312")]
    assert cli(repo, "lint", "--select", "GM312").code == 0


def test_bare_file_names_are_found_anywhere_or_left_alone(tmp_path: Path) -> None:
    repo = code_repo(tmp_path / "r")
    write(repo, {"memory/a.md": "- Scripts in `package.json`, entry `app.py`.\n"
                                "- Other projects use `Cargo.toml` and `example.com`.\n"})
    commit_all(repo)
    assert findings(repo) == []
    run = cli(repo, "lint", "--format", "json")
    [row] = run.json()["memories"]
    assert row == {"path": "memory/a.md", "claims": 3, "verified": 2, "broken": 0,
                   "unverifiable": 1}


def test_a_link_to_a_bare_name_is_a_path_beside_the_memory(tmp_path: Path) -> None:
    repo = code_repo(tmp_path / "r")
    write(repo, {
        "memory/MEMORY.md": "- [Testing](feedback_testing.md): real database\n"
                            "- [Deploy](deploy_notes.md): how we deploy\n",
        "memory/feedback_testing.md": "- Tests hit a real database.\n",
    })
    commit_all(repo)
    # the Claude Code MEMORY.md index: the first link resolves, the second is broken
    assert [(line, code) for line, code, _ in findings(repo)] == [(2, "GM314")]


def test_memory_symlinks_leaving_the_repository_are_never_followed(tmp_path: Path) -> None:
    repo = code_repo(tmp_path / "r")
    outside = tmp_path / "secret.md"
    outside.write_text("- Fixed in commit 4f3c2b1a9e.\n")
    os.symlink(outside, repo / "evil.md")
    write(repo, {"memory/a.md": "Plain.\n"})
    run = cli(repo, "lint", "--format", "json")
    assert run.code == 0, run
    assert [row["path"] for row in run.json()["memories"]] == ["memory/a.md"]


def test_no_code_repository_means_paths_are_unverifiable_not_missing(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {".gitmem.toml": "[verify]\ncode_repos = []\n",
                                      "memory/a.md": "- See `src/gone.py`.\n"})
    assert findings(repo) == []

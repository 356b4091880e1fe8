"""GM311 on shapes still falsely reported across all judged batches (issue 17, stop 36), each
written in our own words after the real file's shape. Beside each, a path the memory states as
present today that was deleted still warns, so the test can fail."""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, git, make_repo, write
from lintutil import path_codes


def test_a_part_of_a_dated_section_is_that_days_record(tmp_path: Path) -> None:
    # A status file logs each round of work under a dated heading, split into parts by what
    # they touched; a part's own heading names the form file it edited, replaced by code
    # later. That was right when written. The same file named in the standing part of the
    # memory, and in a section under a dated file title, still warns.
    repo = make_repo(tmp_path / "r", {"ui/panel.ui": "<ui/>\n", "ui/panel.py": "x\n"})
    git(repo, "rm", "-q", "ui/panel.ui")
    commit_all(repo, "build the panel in code")
    write(repo, {
        "memory/status.md": (
            "# Project status\n\n"
            "## Layout\n\n"
            "- The panel's layout lives in `ui/panel.ui`.\n\n"
            "## Round after 1.4 (2026-03-22)\n\n"
            "### Panel spacing (`ui/panel.ui`)\n"
            "- Margins widened to 6 px in `ui/panel.ui`.\n"),
        "memory/plan.md": (
            "# Plan 2026-01-05\n\n"
            "## Layout\n\n"
            "- Edit spacing in `ui/panel.ui`.\n")})
    commit_all(repo)
    assert path_codes(repo) == [("memory/plan.md", 5, "GM311"), ("memory/status.md", 5, "GM311")]


def test_a_bare_folder_a_package_memory_names_is_read_in_that_package(tmp_path: Path) -> None:
    # A web app's own agent file lists its conventions: calls are written in `api/`, read
    # through hooks in `hooks/`. Both folders sit in the app's src/. The repository once had
    # a root api/ (moved into the server since): the app's file still means its own. The
    # same `api/` in the root file, and `hooks/` where the app holds two, still warn.
    repo = make_repo(tmp_path / "r", {"api/routes.py": "x\n", "hooks/pre.sh": "x\n"})
    git(repo, "mv", "api", "server-api")
    git(repo, "rm", "-q", "-r", "hooks")
    commit_all(repo, "move the server's code")
    write(repo, {
        "web/src/api/client.ts": "x\n", "web/src/hooks/use.ts": "x\n",
        "web/test/hooks/fake.ts": "x\n",
        "web/AGENTS.md": ("# Web app\n\n## Conventions\n\n"
                          "1. Calls are written in `api/` and read through `hooks/`.\n"),
        "AGENTS.md": "# Repository\n\n- Server calls live in `api/`.\n"})
    commit_all(repo)
    assert path_codes(repo) == [("AGENTS.md", 3, "GM311"), ("web/AGENTS.md", 5, "GM311")]


def test_a_folder_whose_contents_git_ignores_is_filled_at_setup(tmp_path: Path) -> None:
    # The setup script clones a library into a folder git keeps empty: `.gitignore` ignores
    # what the folder holds but not the folder (its one tracked file was deleted since). The
    # memory names the folder as the place the library goes: nothing there is missing. A
    # folder whose contents are not ignored, deleted the same way, still warns.
    repo = make_repo(tmp_path / "r", {
        ".gitignore": "!vendor/\nvendor/*\n!vendor/CMakeLists.txt\n",
        "vendor/CMakeLists.txt": "# vendored\n", "tools/CMakeLists.txt": "# tools\n",
        "src/main.cc": "int main() {}\n"})
    git(repo, "rm", "-q", "vendor/CMakeLists.txt", "tools/CMakeLists.txt")
    commit_all(repo, "set up from cmake alone")
    write(repo, {"memory-bank/techContext.md": (
        "# Tech\n\n"
        "- The setup script clones the CLI parser into `vendor/`.\n"
        "- Build helpers live in `tools/`.\n")})
    commit_all(repo)
    assert path_codes(repo) == [("memory-bank/techContext.md", 4, "GM311")]

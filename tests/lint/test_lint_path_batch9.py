"""GM311 on the shapes a blind judge found falsely reported in batch 9 of public repositories
(issue 17, item 4), each written in our own words after the real file's shape. Beside each, a
path that was plainly deleted, renamed or never existed is still reported, so the test can fail."""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, git, make_repo, write
from lintutil import cli, path_findings


def test_an_apps_own_path_is_package_relative_after_the_root_app_moved_into_apps(
        tmp_path: Path) -> None:
    # a single app became a monorepo: its `src/` moved into `apps/web/` (a rename in git), a
    # second app was added, each app a package of its own. A guide for adding an app names
    # `src/main.tsx` as every app sees it: no stale citation. A folder renamed since, and a
    # script moved into a folder that is no package, and a root file deleted while a snapshot
    # of the old app (a package too) keeps a copy, still warn with the commit that did it.
    repo = make_repo(tmp_path / "r", {
        "package.json": "{}\n", "src/main.tsx": "render()\n", "src/App.tsx": "app()\n",
        "poc/run.py": "print(1)\n", "src/store.ts": "store()\n",
        "docs/ref/package.json": "{}\n", "docs/ref/src/store.ts": "store()\n"})
    git(repo, "rm", "-q", "src/store.ts")  # a snapshot of the old app keeps its copy
    git(repo, "mv", "src", "apps-web-src")
    (repo / "apps" / "web").mkdir(parents=True)
    git(repo, "mv", "apps-web-src", "apps/web/src")
    git(repo, "mv", "poc", "doc-poc")
    (repo / "doc").mkdir()
    git(repo, "mv", "doc-poc", "doc/poc")
    write(repo, {"apps/web/package.json": "{\"name\": \"web\"}\n",
                 "apps/game/package.json": "{\"name\": \"game\"}\n",
                 "apps/game/src/main.tsx": "render(game)\n",
                 "apps/game/src/App.tsx": "game()\n"})
    commit_all(repo, "turn the app into a workspace of apps")
    git(repo, "mv", "apps/web", "apps/tetris")
    commit_all(repo, "rename the web app")
    write(repo, {".cursor/rules/apps.mdc": (
        "# Adding an app\n\n"
        "## Step 1: implement src/main.tsx\n\n"
        "| File | Role |\n| --- | --- |\n"
        "| `src/main.tsx` | entry point |\n"
        "| `src/App.tsx` | root component |\n\n"
        "## Deployments\n\n"
        "| Project | Folder |\n| --- | --- |\n"
        "| web | `apps/web` |\n\n"
        "The prototype runner is `poc/run.py`.\n"
        "State lives in `src/store.ts`.\n")})
    commit_all(repo)
    got = path_findings(repo)
    assert [(line, code) for line, code, _ in got] == [(14, "GM311"), (16, "GM311"),
                                                       (17, "GM311")]
    assert "renamed to apps/tetris" in got[0][2]
    assert "renamed to doc/poc/run.py" in got[1][2]
    assert "deleted in" in got[2][2]


def test_the_old_names_of_a_rename_table_are_history(tmp_path: Path) -> None:
    # a note records which files were renamed, old name beside new; the old name is what the
    # file was called, not a pointer. The same old name cited as where to look still warns.
    repo = make_repo(tmp_path / "r", {"tasks/teleop.json": "{}\n", "src/blend.lua": "x\n"})
    git(repo, "mv", "tasks/teleop.json", "tasks/shared_control.json")
    git(repo, "mv", "src/blend.lua", "src/vla_blend.lua")
    commit_all(repo, "clearer names")
    write(repo, {"memory/project_names.md": (
        "# Renames\n\n"
        "**Files renamed for clarity**:\n"
        "| Old name | New name |\n|------|------|\n"
        "| `tasks/teleop.json` | `tasks/shared_control.json` |\n"
        "| `tasks/teleop_runner.py` | `tasks/shared_control_runner.py` |\n\n"
        "| 旧名 | 新名 |\n| --- | --- |\n"
        "| `src/blend.lua` | `src/vla_blend.lua` |\n\n"
        "The task list is loaded from `tasks/teleop.json`.\n")})
    commit_all(repo)
    got = path_findings(repo)
    # line 7: the new name that does not exist is still reported; line 13: a standing pointer
    assert [(line, code) for line, code, _ in got] == [(7, "GM314"), (13, "GM311")]
    assert "shared_control_runner.py" in got[0][2]
    assert "renamed to tasks/shared_control.json" in got[1][2]


def test_a_dated_changelog_entry_inside_claude_md_is_a_record(tmp_path: Path) -> None:
    # CLAUDE.md keeps a change log of its own: under each dated heading, what was done that
    # day. The folder it set up was deleted later; the entry was right when it was written.
    # Cited in the standing part of the file, the deleted folder still warns.
    repo = make_repo(tmp_path / "r", {"content/articles/a.md": "x\n", "src/app.ts": "x\n"})
    git(repo, "rm", "-q", "-r", "content")
    commit_all(repo, "drop the article pages")
    write(repo, {"CLAUDE.md": (
        "# CLAUDE.md\n\n"
        "## Changes\n\n"
        "### 2025-09-21 00:00:00\n"
        "- **Content**: set up the `content/articles/` folder and its config\n\n"
        "### 2025-09-07\n"
        "- Scanned the templates; `content/articles/a.md` is the sample page\n\n"
        "## Project\n\n"
        "- Articles are read from `content/articles/a.md` at build time.\n\n"
        "### 2.1 Content\n\n"
        "- The sample page is `content/articles/a.md`.\n")})
    commit_all(repo)
    got = path_findings(repo)
    # a numbered section (`2.1`) is no version of a change log: its deleted path still warns
    assert [(line, code) for line, code, _ in got] == [(13, "GM311"), (17, "GM311")]
    assert "deleted in" in got[0][2]


def test_a_file_named_under_a_conventions_heading_that_never_existed_is_a_convention(
        tmp_path: Path) -> None:
    # a test folder's AGENTS.md lists its conventions, among them where shared fixtures go; no
    # fixture is shared yet, so the file was never written: a convention, noted as info. A
    # deleted file under the same heading, and a never-written script in another section of
    # the file (whose title says conventions too), still warn.
    repo = make_repo(tmp_path / "r", {"tests/unit/test_a.py": "x\n",
                                      "tests/unit/helpers.py": "x\n"})
    git(repo, "rm", "-q", "tests/unit/helpers.py")
    commit_all(repo, "inline the helpers")
    write(repo, {"tests/unit/AGENTS.md": (
        "# Unit test conventions\n\n"
        "## CONVENTIONS\n\n"
        "1. **Fixtures**: Shared fixtures in `tests/unit/conftest.py`\n"
        "2. **Helpers**: Common helpers in `tests/unit/helpers.py`\n\n"
        "## QUALITY GATE\n\n"
        "Run `tests/unit/gate.py` before pushing.\n")})
    commit_all(repo)
    got = path_findings(repo)
    assert [(line, code) for line, code, _ in got] == [
        (5, "GM313"), (6, "GM311"), (10, "GM314")]
    assert "deleted in" in got[1][2]


def test_an_archived_note_citing_a_deleted_file_is_history(tmp_path: Path) -> None:
    # A memory folder keeps finished plans under `_archive/`: frozen as they were written. A
    # file one of them names was deleted later; the live memory naming it still warns.
    repo = make_repo(tmp_path / "r", {"src/legacy_sync.ts": "x\n", "src/app.ts": "x\n"})
    git(repo, "rm", "-q", "src/legacy_sync.ts")
    commit_all(repo, "drop the legacy sync")
    write(repo, {
        "MEMORY.md": "# Index\n",
        "memory/_archive/sync-plan.md": "- The sync job lives in `src/legacy_sync.ts`.\n",
        "memory/sync.md": "- The sync job lives in `src/legacy_sync.ts`.\n",
    })
    commit_all(repo)
    got = [f for f in cli(repo, "lint", "--json").json()["findings"] if f["code"] == "GM311"]
    assert [(f["path"], f["line"]) for f in got] == [("memory/sync.md", 1)]

"""GM311 on the shapes a blind judge found falsely reported in batch 8 of public repositories
(issue 17, item 4), each written in our own words after the real file's shape. Beside each, a
path that was plainly deleted or never existed is still reported, so the test can fail."""

from __future__ import annotations

import shutil
from pathlib import Path

from gitutil import commit_all, git, make_repo, write
from lintutil import cli


def _found(repo: Path) -> list[tuple[int, str]]:
    # the default rules and GM314: a path the tree never held, with nothing like it, is noted
    run = cli(repo, "lint", "--format", "json", "--select", "GM1,GM2,GM301,GM302,GM311,GM314")
    assert run.code in (0, 1), run
    return [(f["line"], f["code"]) for f in run.json()["findings"]]


def _messages(repo: Path) -> dict[int, str]:
    run = cli(repo, "lint", "--format", "json")
    return {f["line"]: f["message"] for f in run.json()["findings"] if f["code"] == "GM311"}


def test_a_dated_file_name_pattern_is_no_missing_path(tmp_path: Path) -> None:
    # a rule says where each day's notes go: `memory/YYYY-MM-DD.md` is a pattern, not a file
    repo = make_repo(tmp_path / "r", {"memory/2026-01-05.md": "x\n", "src/app.py": "x\n"})
    write(repo, {"CLAUDE.md": "# Sessions\n\n"
                              "1. Record the outcome in `memory/YYYY-MM-DD.md`\n"
                              "2. Weekly digests are `memory/weekly-yyyymmdd.md` files.\n"
                              "3. The entry point is `src/main.py`.\n"})
    commit_all(repo)
    assert _found(repo) == [(5, "GM314")]


def test_an_elided_path_that_resolves_through_some_folders_exists(tmp_path: Path) -> None:
    # a table abbreviates long paths with `...` for the folders between; the file is there
    repo = make_repo(tmp_path / "r", {
        "docs/areas/plant/chem/scope.md": "x\n",
        "flows/areas/gas/check/schema.yaml": "a: 1\n"})
    write(repo, {"memory/sweep.md": "# Sweep\n\n"
                                    "| # | File | Fix |\n| --- | --- | --- |\n"
                                    "| 1 | `docs/.../chem/scope.md` | wording |\n"
                                    "| 2 | `flows/.../check/schema.yaml` | basis |\n"
                                    "| 3 | `docs/.../port/scope.md` | wording |\n"})
    commit_all(repo)
    assert _found(repo) == [(7, "GM314")]


def test_a_sentence_that_says_a_file_is_not_there_cites_nothing(tmp_path: Path) -> None:
    # "There is no `x` and no `y`": the note warns against the paths, it does not cite them;
    # the sentence runs over a line break, as wrapped Markdown does
    repo = make_repo(tmp_path / "r", {"core/store.rs": "x\n", "core/rank/mod.rs": "x\n"})
    (repo / "core" / "store.rs").unlink()
    write(repo, {"core/store/mod.rs": "x\n"})
    commit_all(repo, "split the store into a module")
    write(repo, {".clinerules": "# Paths\n\n"
                                "**Note:** `store` is a folder now. There is no\n"
                                "`core/store.rs` and no `core/rank.rs` — ranking lives in\n"
                                "`core/rank/`. Session state is in `core/session.rs`.\n"})
    commit_all(repo)
    assert _found(repo) == [(5, "GM314")]


def test_a_path_ignored_below_a_garbled_ignore_line_is_not_missing(tmp_path: Path) -> None:
    # an ignore file with a line saved in another encoding (NUL bytes in it): git still reads
    # the lines after it. The copied scripts were taken out of git and ignored in one commit,
    # so what the memory names under `tools/kit/` is local, not deleted
    repo = make_repo(tmp_path / "r", {"tools/kit/INDEX.md": "x\n", "src/app.py": "x\n",
                                      "src/old.py": "x\n"})
    git(repo, "rm", "-q", "--cached", "tools/kit/INDEX.md")
    (repo / "src" / "old.py").unlink()
    garbled = ".\0t\0m\0p\0/\0\r\0\r\n\0\r\n".encode("latin-1")  # and a blank UTF-16 line
    write(repo, {".gitignore": b"# local\n" + garbled + b"# template copies\ntools/kit/\n"})
    commit_all(repo, "keep the copied scripts out of git")
    shutil.rmtree(repo / "tools" / "kit")  # a fresh clone has no such folder
    write(repo, {"CLAUDE.md": "# Scripts\n\n"
                              "- The index of copied scripts is `tools/kit/INDEX.md`.\n"
                              "- The launcher is `src/old.py`.\n"})
    commit_all(repo)
    assert _found(repo) == [(4, "GM311")]


def test_the_folders_around_an_ignored_template_copy_are_local(tmp_path: Path) -> None:
    # a project generated from a template workspace keeps the template's copies out of git
    # (`kit/common/scripts/` ignored); its rules still say to copy files into `kit/` and
    # `kit/common/.cfg/settings.json`, which exist only where the workspace is checked out.
    # A folder git still holds files in (`lib/`) does not make its deleted files local.
    repo = make_repo(tmp_path / "r", {"kit/common/scripts/README.md": "x\n",
                                      "lib/core.py": "x\n", "lib/gone.py": "x\n"})
    git(repo, "rm", "-q", "--cached", "kit/common/scripts/README.md")
    (repo / "lib" / "gone.py").unlink()
    write(repo, {".gitignore": "/lib/cache/\nkit/common/scripts/\n"})
    commit_all(repo, "keep the template copies out of git")
    shutil.rmtree(repo / "kit")  # a fresh clone has no such folder
    write(repo, {"CLAUDE.md": "# Template boundary\n\n"
                              "- Work on the templates (in `kit/`) one at a time.\n"
                              "- Also copy each script to `kit/common/` and list it in "
                              "`kit/common/scripts/INDEX.md`.\n"
                              "- Mirror settings into `kit/common/.cfg/settings.json`.\n"
                              "- The loader is `lib/gone.py`.\n"})
    commit_all(repo)
    assert _found(repo) == [(6, "GM311")]


def test_an_editors_open_tabs_pasted_into_memory_are_a_record(tmp_path: Path) -> None:
    # an agent's turn pasted whole into a context file: its environment block lists the
    # editor's visible files and open tabs at that moment, not files the memory cites
    repo = make_repo(tmp_path / "r", {"src/Kept.php": "x\n", "src/Old.php": "x\n"})
    (repo / "src" / "Old.php").unlink()
    commit_all(repo, "drop the old controller")
    write(repo, {"memory-bank/techContext.md":
                 "# Tech\n\nUse the final file content above.<environment_details>\n"
                 "# VSCode Visible Files\nsrc/Old.php\n\n# VSCode Open Tabs\n"
                 "src/Kept.php\nsrc/Gone.php\nsrc/Old.php\n\n# Current Time\nnoon\n"
                 "</environment_details>\n\n## Controllers\n\n"
                 "- The phone controller is `src/Old.php`.\n"})
    commit_all(repo)
    assert _found(repo) == [(18, "GM311")]


def test_open_tabs_under_a_heading_end_at_the_next_heading(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"src/Kept.php": "x\n"})
    write(repo, {"memory-bank/activeContext.md":
                 "# Now\n\n## VSCode Open Tabs\n\nsrc/Gone.php\nsrc/Kept.php\n\n"
                 "## Next\n\n- Fix `src/Broken.php`.\n"})
    commit_all(repo)
    assert _found(repo) == [(10, "GM314")]


def test_a_handoff_example_in_an_escaped_fence_cites_nothing(tmp_path: Path) -> None:
    # rules kept inside a template string write their fences with escaped backticks; the
    # example handoff between them names another project's files
    repo = make_repo(tmp_path / "r", {"src/app.js": "x\n"})
    write(repo, {"memory-bank/.clinerules":
                 "# Handoffs\n\nAn effective handoff:\n\n\\`\\`\\`xml\n<new_task>\n<context>\n"
                 "- Patterns are in tests/auth.test.js\n</context>\n</new_task>\n\\`\\`\\`\n\n"
                 "Our own entry point is `src/main.js`.\n"})
    commit_all(repo)
    assert _found(repo) == [(13, "GM314")]


def test_a_checklist_in_a_fence_inside_a_list_item_cites_nothing(tmp_path: Path) -> None:
    # a fenced block indented under a list item is still a code block: a checkpoint template
    # asking whether a summary was created in a folder made on use
    repo = make_repo(tmp_path / "r", {"notes/tasks.md": "x\n", "notes/old.md": "x\n"})
    (repo / "notes" / "old.md").unlink()
    commit_all(repo, "drop the old notes")
    write(repo, {".cursor/rules/flow.mdc":
                 "# Archive\n\n* **Checkpoint:**\n    ```\n"
                 "    - Summary created in `notes/archive/`? [YES/NO]\n"
                 "    - `notes/old.md` updated? [YES/NO]\n    ```\n"
                 "* Then update `notes/old.md`.\n"})
    commit_all(repo)
    assert _found(repo) == [(8, "GM311")]


def test_release_notes_of_a_framework_name_its_files_not_ours(tmp_path: Path) -> None:
    # a folder of notes on what changed in the frameworks the project uses: the hook file the
    # notes describe is the framework's convention, never a file of this tree. A path this
    # tree held and deleted is still reported where a rule cites it.
    repo = make_repo(tmp_path / "r", {"src/app.ts": "x\n", "src/hooks.ts": "x\n"})
    (repo / "src" / "hooks.ts").unlink()
    commit_all(repo, "fold the hooks into the app")
    write(repo, {".gemini/.changelogs/Kit-25H1.md":
                 "# Kit, first half of 2025\n\n"
                 "* **transport hook**: define it in `src/hooks.js` to move custom types.\n",
                 ".gemini/GEMINI.md": "# Rules\n\n- Server hooks are in `src/hooks.ts`.\n"})
    commit_all(repo)
    found = {(run_path, line) for run_path, line, code in _found_paths(repo) if code == "GM311"}
    assert found == {(".gemini/GEMINI.md", 3)}


def _found_paths(repo: Path) -> list[tuple[str, int, str]]:
    run = cli(repo, "lint", "--format", "json", "--select", "GM1,GM2,GM301,GM302,GM311,GM314")
    assert run.code in (0, 1), run
    return [(f["path"], f["line"], f["code"]) for f in run.json()["findings"]]


def test_a_copy_of_the_rules_kept_under_docs_reports_its_paths_on_the_original(tmp_path: Path
                                                                             ) -> None:
    # a project keeps a snapshot of its own agent rules under docs/ for reference: the stale
    # link is the original's to fix, reported there once, not again in the copy
    rules = "# Flow\n\n- Build with `levels/build-L3.mdc`.\n"
    repo = make_repo(tmp_path / "r", {"levels/build-basic.mdc": "x\n"})
    write(repo, {".cursor/rules/flow.mdc": rules, "docs/reference/.cursor/rules/flow.mdc": rules})
    commit_all(repo)
    # never held, nothing like it in the tree: GM314
    found = {(path, line) for path, line, code in _found_paths(repo) if code == "GM314"}
    assert found == {(".cursor/rules/flow.mdc", 3)}

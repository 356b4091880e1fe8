"""GM311 on shapes a judge found falsely reported across all judged batches of public
repositories (issue 17, the in-sample round over every judgment). Written in our own words
after the real files' shapes. Beside each, a path that is really missing is still reported,
so each test can fail."""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, make_repo, write
from lintutil import cli


def missing(repo: Path) -> list[tuple[str, int]]:
    """Where a cited path is not in the tree: GM311, or GM314 when the tree never held it and
    holds nothing like it."""
    run = cli(repo, "lint", "--format", "json", "--select", "GM311,GM314")
    assert run.code in (0, 1), run
    return sorted((f["path"], f["line"]) for f in run.json()["findings"])


def test_a_go_package_qualified_name_is_a_member_of_that_package(tmp_path: Path) -> None:
    # Go code is quoted as `folder/of/package.Symbol`: the package is the folder, the symbol an
    # exported name in one of its files. A file extension after a folder is still a file name,
    # and a symbol of a package folder that does not exist is still reported.
    repo = make_repo(tmp_path / "r", {"go.mod": "module x\n",
                                      "internal/limits/limits.go": "package limits\n"})
    write(repo, {"AGENTS.md": ("# Packages\n\n"
                               "- Clamp sizes with `internal/limits.ClampSize` first.\n"
                               "- Defaults sit in `internal/limits.toml`.\n"
                               "- Tokens come from `internal/tokens.Issue`.\n")})
    commit_all(repo)
    assert missing(repo) == [("AGENTS.md", 4), ("AGENTS.md", 5)]


def convention_and_missing(repo: Path) -> list[tuple[str, int, str]]:
    run = cli(repo, "lint", "--format", "json", "--select", "GM311,GM313,GM314")
    assert run.code in (0, 1), run
    return sorted((f["path"], f["line"], f["code"]) for f in run.json()["findings"])


def test_a_file_a_tool_generates_or_one_named_if_it_exists_is_no_citation(
        tmp_path: Path) -> None:
    # a CLI guide lists the files its command generates in a user's project; a frontend guide
    # says to prefer a theme file "if it exists" (here in Japanese); a German decision says a
    # later step will add a script. None of them says the file is in this tree: GM313 at most.
    # The same kind of file cited as there is still GM311.
    repo = make_repo(tmp_path / "r", {"src/cli.ts": "x\n", "src/app.ts": "x\n"})
    write(repo, {"CLAUDE.md": (
        "# CLI\n\n"
        "- Generate `.claude/agents/setup-helper.md` in the target project.\n"
        "- The init step emits a provider module (path hint `src/providers/query.tsx`).\n"
        "- テーマ改修は `src/styles/theme.ts`（存在する場合）を優先。\n"
        "- Team: Schritt 12 wird `scripts/audit-pattern.sh` einziehen.\n"
        "- Prefer `src/styles/tokens.ts` if it exists.\n"
        "- The entry point is `src/main.ts`.\n")})
    commit_all(repo)
    assert convention_and_missing(repo) == [
        ("CLAUDE.md", 3, "GM313"), ("CLAUDE.md", 4, "GM313"), ("CLAUDE.md", 5, "GM313"),
        ("CLAUDE.md", 6, "GM313"), ("CLAUDE.md", 7, "GM313"), ("CLAUDE.md", 8, "GM314")]


def test_an_invented_example_file_is_no_citation_but_one_beside_real_files_is(
        tmp_path: Path) -> None:
    # "embed fixtures (e.g., `testdata/cases.yaml`)" illustrates a kind of file; a list of
    # rules loaded "e.g., `rules/a.mdc`, `rules/b.mdc`" where one of them exists names real
    # files, and the missing one is a stale pointer.
    repo = make_repo(tmp_path / "r", {"rules/a.mdc": "x\n", "internal/topo/topo.go": "x\n"})
    write(repo, {".cursor/rules/tests.mdc": (
        "# Tests\n\n"
        "- Embed fixtures (e.g., `internal/topo/testdata/cases.yaml`) and unmarshal them.\n"
        "- Rules loaded (e.g., `rules/a.mdc`, `rules/b.mdc`).\n")})
    commit_all(repo)
    assert convention_and_missing(repo) == [(".cursor/rules/tests.mdc", 3, "GM313"),
                                            (".cursor/rules/tests.mdc", 4, "GM311")]


def test_a_two_digit_slot_and_a_my_stand_in_are_placeholders(tmp_path: Path) -> None:
    # `stage-NN-evidence.md` stands for each stage's file and `my-article.mdx` for any article;
    # a real file name with "my" in it is still a path.
    repo = make_repo(tmp_path / "r", {"docs/stage-01-evidence.md": "x\n"})
    write(repo, {"AGENTS.md": (
        "# Docs\n\n"
        "- Each stage's record is `docs/stage-NN-evidence.md`.\n"
        "- File path: `articles/2025/0127/my-article.mdx` maps to the slug.\n"
        "- The tool's settings are read from `config/my-tool.toml`.\n")})
    commit_all(repo)
    assert missing(repo) == [("AGENTS.md", 5)]


def test_a_list_entry_stamped_with_its_time_records_a_file_deleted_since(
        tmp_path: Path) -> None:
    # an activity log whose entries open with a time stamp says what was done then; the test
    # file it names was deleted by a later refactor. Cited as where tests go today, it warns.
    repo = make_repo(tmp_path / "r", {"tests/test_old.py": "x\n", "src/app.py": "x\n"})
    git_rm(repo, "tests/test_old.py")
    write(repo, {"memory-bank/activeContext.md": (
        "# Active context\n\n"
        "*   [2025-04-01 20:43:55] Added service tests to `tests/test_old.py`.\n"
        "*   Service tests are in `tests/test_old.py`.\n")})
    commit_all(repo)
    assert missing(repo) == [("memory-bank/activeContext.md", 4)]


def test_the_entries_of_a_tree_of_a_folder_outside_the_repository(tmp_path: Path) -> None:
    # a list nested under "stored in `~/.config/tool/`" names that folder's entries, not this
    # tree's, even when the repository once had a folder of the same name; the same folder
    # cited at the top level warns.
    repo = make_repo(tmp_path / "r", {"logs/keep.txt": "x\n", "src/app.py": "x\n"})
    git_rm(repo, "logs/keep.txt")
    write(repo, {"AGENTS.md": (
        "# Configuration\n\n"
        "- Configuration stored in `~/.config/tool/`:\n"
        "    - `settings.conf` - global settings\n"
        "    - `logs/` - log files\n"
        "- Build logs go to `logs/`.\n")})
    commit_all(repo)
    assert missing(repo) == [("AGENTS.md", 6)]


def git_rm(repo: Path, path: str) -> None:
    from gitutil import git

    git(repo, "rm", "-q", path)
    commit_all(repo, f"drop {path}")


def test_files_listed_under_a_label_that_says_a_tool_generates_them(tmp_path: Path) -> None:
    # a CLI guide shows each file its command generates in a user's project: a label line,
    # then each path alone on its line with its content in a fence. Under a label that says
    # nothing of the kind, such a missing file still warns.
    repo = make_repo(tmp_path / "r", {"src/cli.ts": "x\n"})
    write(repo, {"CLAUDE.md": (
        "# CLI\n\n"                                    # 1-2
        "The entry is `src/cli.ts`.\n\n"               # 3-4
        "**Generated slash commands:**\n\n"            # 5-6
        "`.claude/commands/check-schema.md`:\n\n"      # 7-8
        "```markdown\nCheck the schema.\n```\n\n"      # 9-12
        "`.claude/commands/plan-move.md`:\n\n"         # 13-14
        "```markdown\nPlan the move.\n```\n\n"         # 15-18
        "**Shipped commands:**\n\n"                    # 19-20
        "`.claude/commands/release.md`:\n")})          # 21
    commit_all(repo)
    assert convention_and_missing(repo) == [("CLAUDE.md", 7, "GM313"), ("CLAUDE.md", 13, "GM313"),
                                            ("CLAUDE.md", 21, "GM314")]


def test_a_memory_whose_name_says_it_is_deprecated_points_nowhere(tmp_path: Path) -> None:
    # a memory bank keeps an old patterns page renamed `...-deprecated.md`; its plan for a
    # module that was never written is the record of an old plan. The live page's same path
    # still warns.
    repo = make_repo(tmp_path / "r", {"src/server.ts": "x\n"})
    text = "# Patterns\n\n- Tools are split out in `src/tools/registry.ts`.\n- See `src/server.ts`.\n"
    write(repo, {"memory-bank/systemPatterns-deprecated.md": text,
                 "memory-bank/systemPatterns.md": text})
    commit_all(repo)
    assert missing(repo) == [("memory-bank/systemPatterns.md", 3)]


def test_a_line_that_reports_what_was_done_records_a_file_deleted_since(
        tmp_path: Path) -> None:
    # a decision log says what was implemented: tests added to a file a later refactor
    # deleted. That was true when written. A line that says where the tests are still warns.
    repo = make_repo(tmp_path / "r", {"tests/test_cmd.py": "x\n", "src/app.py": "x\n"})
    git_rm(repo, "tests/test_cmd.py")
    write(repo, {"memory-bank/decisionLog.md": (
        "# Decisions\n\n"
        "*   **Implementation:** Added five service tests to `tests/test_cmd.py`.\n"
        "*   **Tests:** the service tests are in `tests/test_cmd.py`.\n")})
    commit_all(repo)
    assert missing(repo) == [("memory-bank/decisionLog.md", 4)]


def test_a_module_named_as_code_imports_it_exists(tmp_path: Path) -> None:
    # TypeScript and Python import a module without its extension (`src/game/events` for
    # `events.ts`): that is the file, not a missing path. A module with no file of any
    # extension behind it, beside it or in a folder that does not exist, is still missing.
    repo = make_repo(tmp_path / "r", {"package.json": "{}\n",
                                      "src/game/events.ts": "export {}\n"})
    write(repo, {"AGENTS.md": ("# Modules\n\n"
                               "- See `src/game/events` for the event bus.\n"
                               "- See `src/net/socket` for the socket.\n"
                               "- See `src/game/timers` for the timers.\n")})
    commit_all(repo)
    assert missing(repo) == [("AGENTS.md", 4), ("AGENTS.md", 5)]


def test_a_removed_folder_named_so_it_stays_removed(tmp_path: Path) -> None:
    # cleanup rules name the folders a refactor deleted so nobody brings them back: "do not
    # reintroduce `css/` or `images/`". That is no stale pointer; a line that still says the
    # styles are built from `css/` is.
    repo = make_repo(tmp_path / "r", {"css/site.css": "x\n", "images/logo.png": "x\n",
                                      "legacy_js/app.js": "x\n", "web/tpl/page.html": "x\n",
                                      "assets/site.css": "x\n"})
    for path in ("css/site.css", "images/logo.png", "legacy_js/app.js", "web/tpl/page.html"):
        git_rm(repo, path)
    write(repo, {"AGENTS.md": (
        "# Cleanup\n\n"
        "- Do not reintroduce top-level `css/` or `images/`; `assets/` is canonical.\n"
        "- Never bring back `legacy_js/` or the copied `web/tpl/` tree.\n"
        "- The bundler builds the styles from `css/`.\n")})
    commit_all(repo)
    assert missing(repo) == [("AGENTS.md", 5)]


def test_a_standing_line_or_a_file_name_that_only_mentions_retirement_still_warns(
        tmp_path: Path) -> None:
    # "Installed packages are pinned in `x`" is a standing statement, not a record of an
    # install; a verb in another script's sentence does not open it; a memory about deprecated
    # APIs is not itself retired. Each cites a deleted file and still warns.
    repo = make_repo(tmp_path / "r", {"src/requirements.txt": "x\n", "src/bundle.js": "x\n",
                                      "src/compat.py": "x\n", "src/app.py": "x\n"})
    for path in ("src/requirements.txt", "src/bundle.js", "src/compat.py"):
        git_rm(repo, path)
    write(repo, {"memory/packages.md": "- Installed packages are pinned in `src/requirements.txt`.\n",
                 "memory/build.md": "- 最新の Released ビルドは `src/bundle.js` にある。\n",
                 "memory/handling-deprecated-apis.md": "- The shims live in `src/compat.py`.\n",
                 "memory/apis-deprecated.md": "- The old shims lived in `src/compat.py`.\n"})
    commit_all(repo)
    assert missing(repo) == [("memory/build.md", 1), ("memory/handling-deprecated-apis.md", 1),
                             ("memory/packages.md", 1)]


def test_a_tool_an_example_closed_earlier_or_a_plain_label_leave_a_missing_file_missing(
        tmp_path: Path) -> None:
    # "generates" makes the file named AFTER it a thing the step makes, not the script that
    # runs; an "e.g." whose parenthesis closed before the path gives no example of it; a label
    # that only groups files ("Keep these in sync:") says nothing of their being made.
    repo = make_repo(tmp_path / "r", {"src/app.py": "x\n", "README.md": "x\n"})
    write(repo, {"AGENTS.md": (
        "# Build (see `README.md`)\n\n"
        "- Run `src/codegen.py`, which generates the API client.\n"
        "- Generate `docs/api.md` with the codegen step.\n"
        "- Per-stage settings (e.g. staging) are read by `src/loader.py`.\n"
        "- Stage names come from a table (e.g. `conf/stages.toml`).\n"
        "- `stages/STAGEID-name.md` - one file a stage (e.g., `stages/S01-build.md`).\n"
        "\nKeep these files in sync:\n\n`src/schema.py`\n")})
    commit_all(repo)
    assert missing(repo) == [("AGENTS.md", 3), ("AGENTS.md", 5), ("AGENTS.md", 11)]


def test_real_names_that_look_like_stand_ins_still_warn(tmp_path: Path) -> None:
    # a network's `train_NN.py` and Django's `my_app/` are real names: deleted, they warn
    repo = make_repo(tmp_path / "r", {"src/train_NN.py": "x\n", "src/my_app/settings.py": "x\n",
                                      "src/app.py": "x\n"})
    for path in ("src/train_NN.py", "src/my_app/settings.py"):
        git_rm(repo, path)
    write(repo, {"AGENTS.md": ("# Model\n\n"
                               "- The model is trained by `src/train_NN.py`.\n"
                               "- Settings are in `src/my_app/settings.py`.\n")})
    commit_all(repo)
    assert missing(repo) == [("AGENTS.md", 3), ("AGENTS.md", 4)]


def test_second_review_shapes_of_records_labels_series_and_stand_ins(tmp_path: Path) -> None:
    # a record that goes on with a clause of its own is still a record; a plan label ("Files
    # to be created:") announces its files; only a describing word may stand between "or" and
    # the next denied path, so "or modify `x`" names a real, deleted file; `sprint-NN.md` and
    # `my-app/` stand for names.
    repo = make_repo(tmp_path / "r", {"src/parse.py": "x\n", "src/schema.py": "x\n",
                                      "src/app.py": "x\n"})
    for path in ("src/parse.py", "src/schema.py"):
        git_rm(repo, path)
    write(repo, {"AGENTS.md": (
        "# Notes\n\n"
        "- Moved the parser into `src/parse.py` because it was too big.\n"
        "- Never use `tmp/` or modify `src/schema.py` by hand.\n"
        "- Each sprint has `docs/sprints/sprint-NN.md` and `my-app/main.py`.\n"
        "\n**Files to be created:**\n\n`src/report.py`\n")})
    commit_all(repo)
    assert missing(repo) == [("AGENTS.md", 4)]

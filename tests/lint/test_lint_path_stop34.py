"""GM311 on shapes judges found falsely reported in several public repositories (issue 17, the
round over all judged batches at once). Written in our own words after the real files' shapes.
Beside each, a path that is really missing (or was deleted) is still reported, so each test can
fail."""

from __future__ import annotations

import resource
from pathlib import Path

from gitutil import commit_all, git, make_repo, write
from lintutil import path_codes


def test_a_log_file_naming_a_path_that_never_was_in_the_tree_notes_it(tmp_path: Path) -> None:
    # a task file plans a new test module; a progress log's next step writes a results page; a
    # day's journal records a client module that was never committed here. None of them is a
    # pointer to fix: GM313 at most. A file the log names that was deleted since is history
    # (nothing), and the same never-committed file named by a standing guide is still GM311.
    repo = make_repo(tmp_path / "r", {"src/app.py": "x\n", "src/old.py": "x\n"})
    git(repo, "rm", "-q", "src/old.py")
    commit_all(repo, "drop the old module")
    write(repo, {
        "memory-bank/tasks/TASK007-export.md": (
            "# TASK007 export\n\n## Plan\n\n- 新增 `tests/test_export_render.py`\n"),
        "memory-bank/progress.md": (
            "# Progress\n\n- Next step: run the bench, record results to `docs/bench.md`.\n"
            "- Moved the helpers out of `src/old.py`.\n"),
        "memory/2026-01-05.md": "# Jan 5\n\n1. **SDK** - `src/sdk/client.py` - full coverage\n",
        "AGENTS.md": "# Guide\n\n- The SDK client is `src/sdk/client.py`.\n"})
    commit_all(repo)
    assert path_codes(repo) == [
        ("AGENTS.md", 3, "GM314"),
        ("memory-bank/progress.md", 3, "GM313"),
        ("memory-bank/tasks/TASK007-export.md", 5, "GM313"),
        ("memory/2026-01-05.md", 3, "GM313")]


def test_a_path_the_memory_says_is_untracked_or_never_committed(tmp_path: Path) -> None:
    # a release skill warns that two vendored folders linger untracked in the user's working
    # copy and must never be committed; a note says leftover files must not be staged. They are
    # not meant to be in the tree. A file the same skill cites as
    # a part of the tree is still GM311, with the commit that deleted it.
    repo = make_repo(tmp_path / "r", {"lib/vendor-a/a.h": "x\n", "lib/vendor-a/version.h": "x\n",
                                      "lib/vendor-b/b.h": "x\n", "src/main.cpp": "x\n"})
    git(repo, "rm", "-q", "-r", "lib/vendor-a", "lib/vendor-b")
    commit_all(repo, "drop the vendored copies")
    write(repo, {".claude/skills/release/SKILL.md": (
        "# Release\n\n"
        "- Submodules often show as modified, and the untracked `lib/vendor-a/`\n"
        "  and `lib/vendor-b/` beside them. Leave them; **never commit them**.\n"
        "- The mirror differs in `data/big.rda` and `data/.attrs` - don't stage those.\n"
        "- The version header is `lib/vendor-a/version.h`.\n")})
    commit_all(repo)
    assert path_codes(repo) == [(".claude/skills/release/SKILL.md", 6, "GM311")]


def test_a_path_offered_beside_an_existing_one_or_hedged_is_a_choice(tmp_path: Path) -> None:
    # a docs guide says to document a setting in the README or a configuration page; a testing
    # note puts unit tests in `tests/` or in a folder beside the code; a spec names a scene file
    # "(or equivalent)". The tree has the first place: the other is an option, GM313 at most.
    # Two missing alternatives with none there, or a path with no alternative, are still GM311.
    repo = make_repo(tmp_path / "r", {"README.md": "x\n", "tests/test_a.py": "x\n",
                                      "src/app.ts": "x\n"})
    write(repo, {".github/copilot-instructions.md": (
        "# Notes\n\n"
        "- Document new settings in README.md or docs/settings.md\n"
        "- Unit tests go under `tests/` or `src/app/__tests__`.\n"
        "- Badges render in `src/scene/Badge.tsx` (or equivalent).\n"
        "- Settings load from `config/app.yaml` or `config/app.local.yaml`.\n"
        "- The router is `src/router.ts`.\n")})
    commit_all(repo)
    assert path_codes(repo) == [
        (".github/copilot-instructions.md", 3, "GM313"),
        (".github/copilot-instructions.md", 4, "GM313"),
        (".github/copilot-instructions.md", 5, "GM313"),
        (".github/copilot-instructions.md", 6, "GM314"),
        (".github/copilot-instructions.md", 6, "GM314"),
        (".github/copilot-instructions.md", 7, "GM314")]


def test_names_listed_under_an_examples_label_are_illustrations(tmp_path: Path) -> None:
    # a branching rule gives the pattern `type/short-description`, then "Examples:" and three
    # branch names; one of them reads like a folder of docs. None of the examples is in the
    # tree, so they are invented names. A list of examples beside a real file names real files:
    # a missing one there is still GM311.
    repo = make_repo(tmp_path / "r", {"docs/index.md": "x\n", "src/ui/Card.tsx": "x\n"})
    write(repo, {"AGENTS.md": (
        "# Branching\n\n"
        "- Name branches `type/short-description`.\n"
        "  Examples:\n"
        "  - `feat/login-form`\n"
        "  - `docs/install-guide`\n\n"
        "# Components\n\n"
        "**Examples:**\n"
        "- `src/ui/Card.tsx`\n"
        "- `src/ui/Badge.tsx`\n")})
    commit_all(repo)
    assert path_codes(repo) == [("AGENTS.md", 6, "GM313"), ("AGENTS.md", 12, "GM314")]


def test_a_word_about_git_elsewhere_on_the_line_keeps_a_deleted_path_reported(
        tmp_path: Path) -> None:
    # a settings module and a routing module were deleted; the lines that cite them also say
    # something about git, but about another thing (a dotenv file not to commit, scratch files
    # left untracked). Both paths are still GM311. What the words do describe stays quiet: a
    # folder named right after "untracked", the one joined to it on the next line, and two data
    # files followed by "don't stage those".
    repo = make_repo(tmp_path / "r", {"src/settings.py": "x\n", "src/routes.py": "x\n",
                                      "vendor/zlib/z.h": "x\n", "vendor/png/p.h": "x\n",
                                      "src/main.py": "x\n"})
    git(repo, "rm", "-q", "-r", "src/settings.py", "src/routes.py", "vendor")
    commit_all(repo, "move settings and routes into the app package")
    write(repo, {"CLAUDE.md": (
        "# Notes\n\n"
        "- Credentials come from `src/settings.py`; never commit the `.env` file.\n"
        "- Leave untracked scratch files alone; URL routing is in `src/routes.py`.\n"
        "- A fresh checkout may hold the untracked `vendor/zlib/`\n"
        "  and `vendor/png/` next to the sources. That is fine; never commit them.\n"
        "- Local runs leave `notes/run.csv` and `notes/plot.svg` behind - don't stage those.\n")})
    commit_all(repo)
    assert path_codes(repo) == [("CLAUDE.md", 3, "GM311"), ("CLAUDE.md", 4, "GM311")]


def test_a_long_list_of_examples_beside_a_long_table_is_read_in_linear_time(
        tmp_path: Path) -> None:
    # a map of 150 modules that are all there, then "Examples:" and 150 handler files none of
    # which is: each handler is an invented illustration (GM313). Asking, for every entry, whether
    # any line of the list names any of the 150 modules once took tens of seconds here; the
    # whole lint now takes a small fraction of that (CPU time, not wall time: the box is shared).
    count = 150
    repo = make_repo(tmp_path / "r", {f"src/mod{i}.py": "x\n" for i in range(count)})
    rows = "".join(f"| `src/mod{i}.py` | module {i} |\n" for i in range(count))
    entries = "".join(f"- `src/handlers/handler{i}.py`\n" for i in range(count))
    write(repo, {"CLAUDE.md": f"# Map\n\n{rows}\nHandlers to read first. Examples:\n{entries}"})
    commit_all(repo)
    started = resource.getrusage(resource.RUSAGE_SELF)
    found = path_codes(repo)
    ended = resource.getrusage(resource.RUSAGE_SELF)
    seconds = (ended.ru_utime - started.ru_utime) + (ended.ru_stime - started.ru_stime)
    first = count + 5  # the line of the first handler
    assert found == [("CLAUDE.md", first + i, "GM313") for i in range(count)]
    assert seconds < 3.0, f"lint took {seconds:.1f} s of CPU"


def test_a_product_name_or_a_denied_pair_is_no_second_place(tmp_path: Path) -> None:
    # "or" joins a missing path to a framework's name ("Next.js"), a version ("3.x"), or a file
    # in a list of files not to edit: none of them is a second place to look, so the missing
    # path is still GM311. A plain file name beside it (README.md) is one: GM313.
    repo = make_repo(tmp_path / "r", {"package.json": "{}\n", "README.md": "x\n"})
    write(repo, {"AGENTS.md": (
        "# Notes\n\n"
        "- Never edit `package.json` or `src/api/client.ts` by hand.\n"
        "- Requests are handled in `src/server.ts` or Next.js middleware.\n"
        "- The shim for older runtimes is `src/compat.ts` or 3.x.\n"
        "- Describe each flag in README.md or docs/flags.md\n")})
    commit_all(repo)
    assert path_codes(repo) == [
        ("AGENTS.md", 3, "GM314"), ("AGENTS.md", 4, "GM314"), ("AGENTS.md", 5, "GM314"),
        ("AGENTS.md", 6, "GM313")]

"""GM311 on the shapes a blind judge found falsely reported in batch 10 of public repositories
(issue 17, item 4), each written in our own words after the real file's shape. Beside each, a
path that was plainly deleted, renamed or never existed is still reported, so the test can fail."""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, git, make_repo, write
from lintutil import cli, path_findings


def test_a_stand_in_name_in_a_path_pattern_cites_no_file(tmp_path: Path) -> None:
    # instructions for writing agents give the file each tool reads as a pattern: NAME for the
    # agent's name, `agent-name` for an example of one, `struct_name.rs` for a file named after
    # its type, `your-app/` for the reader's project. None is a file. The one real agent file
    # the note names, deleted since, still warns; so does a plain file that never existed.
    repo = make_repo(tmp_path / "r", {".github/agents/review.agent.md": "x\n",
                                      ".claude/agents/review.md": "x\n",
                                      "src/lib.rs": "x\n"})
    git(repo, "rm", "-q", ".claude/agents/review.md")
    commit_all(repo, "one reviewer is enough")
    write(repo, {"AGENTS.md": (
        "# Agent files\n\n"
        "| File | Prefix |\n| --- | --- |\n"
        "| `.github/agents/NAME.agent.md` | `copilot-NAME` |\n"
        "| `.claude/agents/NAME.md` | `claude-NAME` |\n\n"
        "Each skill in `.github/skills/NAME/SKILL.md` has a twin in "
        "`.claude/skills/NAME/SKILL.md`.\n"
        "Invoking `/agent-name` loads `.claude/agents/agent-name.md`.\n"
        "- One type per file: `src/shapes/struct_name.rs`\n"
        "- Clone it into `your-app/` first; each app documents itself in "
        "`apps/__APP_ID__/README.md`.\n"
        "- The reviewer reads `.claude/agents/review.md`.\n"
        "- The parser is in `src/parse.rs`.\n")})
    commit_all(repo)
    got = path_findings(repo)
    assert [(line, code) for line, code, _ in got] == [(12, "GM311"), (13, "GM314")]
    assert "deleted in" in got[0][2]
    assert got[1][2].startswith("src/parse.rs is not in this repository and never was")


def test_a_path_named_to_say_it_is_not_the_place_cites_nothing(tmp_path: Path) -> None:
    # the note says where shared code lives by naming where it does not: "NOT `utils/`" (the
    # folder it was moved from), "instead of `lib/`", "avoid `tmp/scratch/`", "never under
    # `vendor/`". A folder named as the place that does not exist, and a deleted file named
    # as the place, still warn.
    repo = make_repo(tmp_path / "r", {"utils/log.go": "package utils\n",
                                      "cmd/old.go": "package cmd\n"})
    (repo / "internal").mkdir()
    git(repo, "mv", "utils", "internal/utils")
    git(repo, "rm", "-q", "cmd/old.go")
    commit_all(repo, "fold old into root")
    write(repo, {".github/copilot-instructions.md": (
        "# Layout\n\n"
        "- Shared code: [internal/utils/](internal/utils/) — NOT `utils/`.\n"
        "- Helpers go in `internal/utils/` instead of `lib/`.\n"
        "- Avoid `tmp/scratch/` for anything kept; never under `vendor/` either.\n"
        "- Commands are registered in `cmd/old.go`.\n"
        "- Settings are read from `internal/config/`.\n")})
    commit_all(repo)
    got = path_findings(repo)
    assert [(line, code) for line, code, _ in got] == [(6, "GM311"), (7, "GM313")]
    assert "deleted in" in got[0][2]


def test_a_layout_under_a_conventions_section_is_a_convention(tmp_path: Path) -> None:
    # a rules file copies a framework's usual layout ("## Web framework conventions" /
    # "### Project structure"): files this project never had, since it is a workspace of
    # crates. Noted as info. A file of that layout the project had and deleted, and a file
    # in another section of the file that never existed, still noted (GM314); a file titled
    # "conventions" is no conventions section for the sections below it.
    repo = make_repo(tmp_path / "r", {"crates/core/src/lib.rs": "x\n", "src/routes.rs": "x\n",
                                      "Cargo.toml": "[workspace]\n"})
    git(repo, "rm", "-q", "src/routes.rs")
    commit_all(repo, "routes move into the core crate")
    write(repo, {".windsurfrules": (
        "# Rust project\n\n"
        "## Web framework conventions\n\n"
        "### Project structure\n\n"
        "- Entry: `src/main.rs` with the async runtime\n"
        "- State: `src/state.rs` holding the shared state\n"
        "- Routes: `src/routes.rs` composing the router\n\n"
        "## Build\n\n"
        "- The build script is `scripts/gen.rs`.\n"
        "- Release notes come from `tools/notes.rs`.\n"),
        "docs/notes/AGENTS.md": (
        "# Conventions of this folder\n\n"
        "## Files\n\n"
        "- The index is `docs/notes/index.md`.\n")})
    commit_all(repo)
    run = cli(repo, "lint", "--format", "json", "--select", "GM311,GM313,GM314")
    findings = run.json()["findings"]
    by_path: dict[str, list[tuple[int, str]]] = {}
    for f in findings:
        by_path.setdefault(f["path"], []).append((f["line"], f["code"]))
    assert by_path[".windsurfrules"] == [(7, "GM313"), (8, "GM313"), (9, "GM311"),
                                         (13, "GM314"), (14, "GM314")]
    assert by_path["docs/notes/AGENTS.md"] == [(5, "GM314")]
    assert any("deleted in" in f["message"] for f in findings if f["line"] == 9)


def test_a_subfolder_moved_below_the_folder_named_above_it_is_where_the_note_says(
        tmp_path: Path) -> None:
    # the note lists the top folders, then "the `adapters/` subdirectory" right after `lib/`:
    # adapters/ was moved into lib/ since, where the note reads it. A folder moved elsewhere
    # and cited on its own, and one called a subdirectory with no folder named above it, still
    # warn with the commit that moved them.
    repo = make_repo(tmp_path / "r", {"lib/core.py": "x\n", "adapters/a.py": "x\n",
                                      "plugins/p.py": "x\n", "hooks/h.py": "x\n"})
    (repo / "lib").mkdir(exist_ok=True)
    git(repo, "mv", "adapters", "lib/adapters")
    git(repo, "mv", "plugins", "lib/plugins")
    git(repo, "mv", "hooks", "lib/hooks")
    commit_all(repo, "one package")
    write(repo, {".clinerules": (
        "# Layout\n\n"
        "- The `lib/` directory holds the code\n"
        "- The `rust/` directory holds the fast parts\n"
        "- The `adapters/` subdirectory holds one adapter per venue\n"
        "- Plugins are loaded from `plugins/`\n\n"
        "The `hooks/` subfolder runs before each order.\n")})
    write(repo, {"rust/x.rs": "x\n"})
    commit_all(repo)
    got = path_findings(repo)
    assert [(line, code) for line, code, _ in got] == [(6, "GM311"), (8, "GM311")]
    assert "renamed to lib/plugins" in got[0][2]
    assert "renamed to lib/hooks" in got[1][2]


def test_an_instance_of_a_path_pattern_given_after_e_g_is_no_file(tmp_path: Path) -> None:
    # a table of tool names gives a pattern and one instance "(e.g., `src/newFile.py`)": a
    # tool's name shaped like a path, no file. Real files given "e.g." with no pattern beside
    # them (the rules a step loads) are citations and warn, as does the name cited as a file.
    repo = make_repo(tmp_path / "r", {"src/a.py": "x\n"})
    write(repo, {"AGENTS.md": (
        "| Kind | Form |\n| --- | --- |\n"
        "| Built-in | `group/toolReferenceName` (e.g., `src/newFile.py`) |\n"
        "| Rules loaded | e.g. `src/other.py`, `src/a.py` |\n\n"
        "The entry point is `src/newFile.py`.\n")})
    commit_all(repo)
    got = path_findings(repo)
    assert [(line, code) for line, code, _ in got] == [(4, "GM314"), (6, "GM314")]


def test_a_path_ending_in_an_ellipsis_stands_for_what_lies_below(tmp_path: Path) -> None:
    # "the handlers are in `src/handlers/...`": whatever lies below a folder the tree has. The
    # same shape below a folder the tree never had is still reported.
    repo = make_repo(tmp_path / "r", {"src/handlers/user.rs": "x\n"})
    write(repo, {"CLAUDE.md": (
        "- The handlers are in `src/handlers/...`.\n"
        "- The views are in `src/views/...`.\n")})
    commit_all(repo)
    got = path_findings(repo)
    assert [(line, code) for line, code, _ in got] == [(2, "GM314")]

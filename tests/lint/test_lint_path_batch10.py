"""GM311 on the shapes a blind judge found falsely reported in batch 10 of public repositories
(issue 17, item 4), each written in our own words after the real file's shape. Beside each, a
path that was plainly deleted, renamed or never existed is still reported, so the test can fail."""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, git, make_repo, write
from lintutil import cli


def _findings(repo: Path) -> list[tuple[int, str, str]]:
    run = cli(repo, "lint", "--format", "json", "--select", "GM311,GM313")
    assert run.code in (0, 1), run
    return [(f["line"], f["code"], f["message"]) for f in run.json()["findings"]
            if f["code"] in ("GM311", "GM313")]


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
        "- Clone it into `your-app/` first.\n"
        "- The reviewer reads `.claude/agents/review.md`.\n"
        "- The parser is in `src/parse.rs`.\n")})
    commit_all(repo)
    got = _findings(repo)
    assert [(line, code) for line, code, _ in got] == [(12, "GM311"), (13, "GM311")]
    assert "deleted in" in got[0][2]
    assert got[1][2].startswith("src/parse.rs does not exist")


def test_a_path_ending_in_an_ellipsis_stands_for_what_lies_below(tmp_path: Path) -> None:
    # "the handlers are in `src/handlers/...`": whatever lies below a folder the tree has. The
    # same shape below a folder the tree never had is still reported.
    repo = make_repo(tmp_path / "r", {"src/handlers/user.rs": "x\n"})
    write(repo, {"CLAUDE.md": (
        "- The handlers are in `src/handlers/...`.\n"
        "- The views are in `src/views/...`.\n")})
    commit_all(repo)
    got = _findings(repo)
    assert [(line, code) for line, code, _ in got] == [(2, "GM311")]

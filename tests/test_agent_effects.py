"""Supersede and merge reach the agent's own runtime, per layout, and undo takes it back.

Each test reads the repository the way that layout's agent does (a Cursor rule's own fields, the
links of a MEMORY.md index, a whole file read every session) before the op, after it and after
`gitmem undo`, on a real git repository through the real CLI.
"""

from __future__ import annotations

import datetime as dt
import fnmatch
import posixpath
import re
from pathlib import Path

from gitutil import git, gitmem, make_repo, snapshot, write

from gitmem import trailers as t

TODAY = dt.date.today().isoformat()


def days() -> set[str]:
    """The day this module was read and today: a run that crosses midnight dates its op either."""
    return {TODAY, dt.date.today().isoformat()}


def trailers_of(repo: Path) -> dict[str, tuple[str, ...]]:
    return t.trailer_map(t.parse_trailers(git(repo, "log", "-1", "--format=%B")))


# ----- how each agent reads its memory ---------------------------------------------------------

def cursor_fields(text: str) -> dict[str, str]:
    """Cursor's frontmatter, read line by line as Cursor does (it is not strict YAML)."""
    lines = text.split("\n")
    assert lines[0] == "---"
    fields = {}
    for line in lines[1:lines.index("---", 1)]:
        key, _, value = line.partition(":")
        fields[key.strip()] = value.strip().strip('"')
    return fields


def cursor_applies(repo: Path, rule: str, editing: str) -> bool:
    """Whether Cursor attaches `rule` on its own while `editing` is open: Always or Auto
    Attached (an Agent Requested rule is only offered by its description)."""
    fields = cursor_fields((repo / rule).read_text())
    if fields.get("alwaysApply") == "true":
        return True
    globs = [g.strip() for g in fields.get("globs", "").split(",") if g.strip()]
    return any(fnmatch.fnmatch(editing, g) or fnmatch.fnmatch(editing, g.removeprefix("**/"))
               for g in globs)


def claude_loads(repo: Path, index: str = "MEMORY.md") -> set[str]:
    """The memory files Claude Code is pointed at: the files MEMORY.md links."""
    text = (repo / index).read_text()
    folder = posixpath.dirname(index)
    return {posixpath.normpath(posixpath.join(folder, href))
            for href in re.findall(r"\]\(([^)\s]+)\)", text)}


def body_lines(repo: Path, path: str) -> list[str]:
    """What an agent that reads the whole file sees first: the lines after any frontmatter."""
    lines = (repo / path).read_text().split("\n")
    if lines[0] == "---":
        lines = lines[lines.index("---", 1) + 1:]
    return [line for line in lines if line.strip()]


# ----- Cursor ----------------------------------------------------------------------------------

TABS_RULE = ("---\ndescription: Indentation style for Python\nglobs: **/*.py\n"
             "alwaysApply: true\n---\n- Use tabs for indentation in Python files.\n")
SPACES_RULE = ("---\ndescription: Indentation style for Python, current\nglobs: **/*.py\n"
               "alwaysApply: false\n---\n- Use four spaces for indentation in Python files.\n")
GLOB_RULE = ("---\ndescription: How to log\nglobs: src/**/*.py, tests/*.py\nalwaysApply: false\n"
             "---\n- Log with the logging module, never print.\n")


def test_a_superseded_cursor_rule_no_longer_applies_and_undo_restores_it(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "cursor", {".cursor/rules/tabs.mdc": TABS_RULE,
                                           ".cursor/rules/spaces.mdc": SPACES_RULE})
    assert cursor_applies(repo, ".cursor/rules/tabs.mdc", "src/app.py")
    before = snapshot(repo)
    result = gitmem(repo, "supersede", ".cursor/rules/tabs.mdc", "--by",
                    ".cursor/rules/spaces.mdc", "--reason", "we moved to spaces", "--confirm")
    assert result.code == 0, result
    assert not cursor_applies(repo, ".cursor/rules/tabs.mdc", "src/app.py")
    fields = cursor_fields((repo / ".cursor/rules/tabs.mdc").read_text())
    assert fields["alwaysApply"] == "false" and "globs" not in fields
    assert any(fields["description"].startswith(f"SUPERSEDED on {day} by .cursor/rules/spaces.mdc")
               for day in days())
    assert "we moved to spaces" in fields["description"]
    assert "Was: Indentation style for Python" in fields["description"]  # the old one is kept
    assert trailers_of(repo)["Gitmem-Op"] == ("supersede",)
    assert git(repo, "show", "--format=", "--name-only", "HEAD").split() == [
        ".cursor/rules/tabs.mdc"]
    assert gitmem(repo, "undo", "--last").code == 0
    assert cursor_applies(repo, ".cursor/rules/tabs.mdc", "src/app.py")
    assert snapshot(repo)["files"] == before["files"]


def test_a_merged_away_glob_rule_no_longer_attaches(tmp_path: Path) -> None:
    other = GLOB_RULE.replace("How to log", "Logging").replace(
        "never print.", "never print.\n- Use lazy % formatting in log calls.")
    repo = make_repo(tmp_path / "cursor", {".cursor/rules/logging.mdc": GLOB_RULE,
                                           ".cursor/rules/logging-2.mdc": other})
    assert cursor_applies(repo, ".cursor/rules/logging-2.mdc", "src/pkg/mod.py")
    before = snapshot(repo)
    result = gitmem(repo, "merge", ".cursor/rules/logging.mdc", ".cursor/rules/logging-2.mdc",
                    "--confirm")
    assert result.code == 0, result
    assert not cursor_applies(repo, ".cursor/rules/logging-2.mdc", "src/pkg/mod.py")
    assert cursor_applies(repo, ".cursor/rules/logging.mdc", "src/pkg/mod.py")  # the survivor
    assert "lazy % formatting" in (repo / ".cursor/rules/logging.mdc").read_text()
    assert "SUPERSEDED" in cursor_fields(
        (repo / ".cursor/rules/logging-2.mdc").read_text())["description"]
    assert gitmem(repo, "undo", "--last").code == 0
    assert snapshot(repo)["files"] == before["files"]


# ----- Claude Code: MEMORY.md + memory/ ----------------------------------------------------------

INDEX = ("# Memory index\n\n- [Wrapper](memory/wrapper.md) — how to call the build wrapper\n"
         "- [Tests](memory/tests.md) — run tests with pytest -x\n")
WRAPPER = ("---\nname: wrapper\ndescription: how to call the wrapper\ntype: project\n---\n"
           "- Call build.sh with no arguments.\n")
WRAPPER_V2 = ("---\nname: wrapper v2\ndescription: the wrapper takes a target\ntype: project\n"
              "---\n- Call build.sh with the target as its first argument.\n")
TESTS = "---\nname: tests\ntype: project\n---\n- Run tests with pytest -x.\n"


def claude_repo(tmp_path: Path, index: str = INDEX) -> Path:
    return make_repo(tmp_path / "claude", {"MEMORY.md": index, "memory/wrapper.md": WRAPPER,
                                           "memory/wrapper-v2.md": WRAPPER_V2,
                                           "memory/tests.md": TESTS})


def test_the_index_stops_pointing_claude_at_a_superseded_memory(tmp_path: Path) -> None:
    repo = claude_repo(tmp_path)
    assert claude_loads(repo) == {"memory/wrapper.md", "memory/tests.md"}
    before = snapshot(repo)
    result = gitmem(repo, "supersede", "memory/wrapper.md", "--by", "memory/wrapper-v2.md",
                    "--confirm")
    assert result.code == 0, result
    # the winner takes the loser's place; the loser is listed, unlinked, as superseded
    assert claude_loads(repo) == {"memory/wrapper-v2.md", "memory/tests.md"}
    index = (repo / "MEMORY.md").read_text()
    assert index.index("wrapper-v2") < index.index("[Tests]")
    assert any(index.endswith(f"## Superseded\n\n- ~~Wrapper (`memory/wrapper.md`) — how to call "
                              f"the build wrapper~~ superseded {day} by `memory/wrapper-v2.md`; "
                              "do not load\n") for day in days())
    assert trailers_of(repo)["Gitmem-Path"] == ("memory/wrapper.md", "memory/wrapper-v2.md",
                                                "MEMORY.md")
    assert gitmem(repo, "undo", "--last").code == 0
    assert claude_loads(repo) == {"memory/wrapper.md", "memory/tests.md"}
    assert snapshot(repo)["files"] == before["files"]


def test_a_merge_unlinks_the_absorbed_memory_and_keeps_one_link_to_the_survivor(
    tmp_path: Path,
) -> None:
    index = INDEX.replace("- [Tests]", "- [Wrapper v2](memory/wrapper-v2.md) — target\n- [Tests]")
    repo = claude_repo(tmp_path, index)
    before = snapshot(repo)
    result = gitmem(repo, "merge", "memory/wrapper-v2.md", "memory/wrapper.md", "--confirm")
    assert result.code == 0, result
    assert claude_loads(repo) == {"memory/wrapper-v2.md", "memory/tests.md"}
    assert (repo / "MEMORY.md").read_text().count("](memory/wrapper-v2.md)") == 1
    assert gitmem(repo, "undo", "--last").code == 0
    assert snapshot(repo)["files"] == before["files"]


def test_an_index_inside_the_memory_folder_and_a_second_supersede(tmp_path: Path) -> None:
    """Claude Code's own layout: memory/MEMORY.md linking `wrapper.md` beside it; a second
    supersede adds to the Superseded section instead of opening another."""
    repo = make_repo(tmp_path / "auto", {
        "memory/MEMORY.md": "- [Wrapper](wrapper.md) — build wrapper\n- [Tests](tests.md)\n",
        "memory/wrapper.md": WRAPPER, "memory/wrapper-v2.md": WRAPPER_V2,
        "memory/tests.md": TESTS,
        "memory/tests-v2.md": TESTS.replace("pytest -x", "pytest -x -q"),
    })
    for old, new in (("wrapper", "wrapper-v2"), ("tests", "tests-v2")):
        result = gitmem(repo, "supersede", f"memory/{old}.md", "--by", f"memory/{new}.md",
                        "--confirm")
        assert result.code == 0, result
    assert claude_loads(repo, "memory/MEMORY.md") == {"memory/wrapper-v2.md",
                                                      "memory/tests-v2.md"}
    text = (repo / "memory/MEMORY.md").read_text()
    assert text.count("## Superseded") == 1 and text.count("do not load") == 2


def test_a_stored_plan_that_unlinks_an_index_applies_when_the_index_is_no_memory(
    tmp_path: Path,
) -> None:
    repo = claude_repo(tmp_path)
    write(repo, {".gitmem.toml": '[memory]\ninclude = ["memory/**"]\n'})
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "config")
    planned = gitmem(repo, "plan", "supersede", "memory/wrapper.md", "--by",
                     "memory/wrapper-v2.md")
    assert planned.code == 0 and "+## Superseded" in planned.out, planned
    plan_id = planned.out.split("\nplan ")[1].split(":")[0]
    applied = gitmem(repo, "apply", plan_id, "--confirm")
    assert applied.code == 0, applied
    assert claude_loads(repo) == {"memory/wrapper-v2.md", "memory/tests.md"}


# ----- files an agent reads whole: CLAUDE.md, AGENTS.md, memory-bank/, .clinerules -------------

def test_a_superseded_agents_md_says_so_in_its_first_line(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "whole", {"AGENTS.md": "# Project\n\n- Use tabs.\n",
                                          "CLAUDE.md": "# Project\n\n- Use spaces.\n"})
    before = snapshot(repo)
    result = gitmem(repo, "supersede", "AGENTS.md", "--by", "CLAUDE.md", "--confirm")
    assert result.code == 0, result
    first = body_lines(repo, "AGENTS.md")[0]
    assert any(first.startswith(f"> **Superseded** on {day} by `CLAUDE.md`") for day in days())
    assert "nothing in this file applies any more" in first
    assert gitmem(repo, "undo", "--last").code == 0
    assert snapshot(repo)["files"] == before["files"]


def test_a_merged_away_memory_bank_file_is_marked_void_inside(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "bank", {
        "memory-bank/techContext.md": "# Tech\n\n- The API runs on Flask.\n",
        "memory-bank/techNotes.md": "# Tech notes\n\n- Deploy with docker compose.\n",
    })
    result = gitmem(repo, "merge", "memory-bank/techContext.md", "memory-bank/techNotes.md",
                    "--confirm")
    assert result.code == 0, result
    assert body_lines(repo, "memory-bank/techNotes.md")[0].startswith(
        "> **Superseded** on ")
    assert "Deploy with docker compose" in (repo / "memory-bank/techContext.md").read_text()
    assert not body_lines(repo, "memory-bank/techContext.md")[0].startswith(">")


def test_a_losing_claim_in_claude_md_is_struck_through_and_undo_restores_it(
    tmp_path: Path,
) -> None:
    repo = make_repo(tmp_path / "claude-md", {"CLAUDE.md": (
        "# Conventions\n\n- Always squash merges when landing a pull request.\n"
        "- Rebase feature branches onto main before review.\n"
        "- Never squash merges when landing a pull request.\n")})
    before = snapshot(repo)
    items = [i for i in __import__("json").loads(gitmem(repo, "review", "--json").out)["items"]
             if i["kind"] == "contradiction"]
    assert len(items) == 1
    result = gitmem(repo, "resolve", items[0]["id"], "--keep", "CLAUDE.md:5",
                    "--reason", "the team squashes no more")
    assert result.code == 0, result
    lines = body_lines(repo, "CLAUDE.md")
    assert any(lines[1].startswith("- ~~Always squash merges when landing a pull request.~~ "
                                   f"(superseded {day} by CLAUDE.md") for day in days())
    assert lines[3] == "- Never squash merges when landing a pull request."
    assert gitmem(repo, "undo", "--last").code == 0
    assert snapshot(repo)["files"] == before["files"]


def test_a_clinerules_file_superseded_whole_gets_the_banner(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "cline", {".clinerules/old.md": "- Use npm.\n",
                                          ".clinerules/new.md": "- Use pnpm.\n"})
    result = gitmem(repo, "supersede", ".clinerules/old.md", "--by", ".clinerules/new.md",
                    "--confirm")
    assert result.code == 0, result
    assert body_lines(repo, ".clinerules/old.md")[0].startswith("> **Superseded**")
    assert body_lines(repo, ".clinerules/old.md")[1] == "- Use npm."


def test_an_openclaw_bootstrap_file_at_the_root_gets_the_banner_and_a_nested_one_does_not(
        tmp_path: Path) -> None:
    """OpenClaw loads its workspace's root `IDENTITY.md` whole into every session: the banner is
    what tells it the file no longer holds. An `IDENTITY.md` deeper down, and a root `USER.md`
    (a name any project may give a document), are memories like others: frontmatter only."""
    repo = make_repo(tmp_path / "claw", {
        "SOUL.md": "- Be direct.\n", "IDENTITY.md": "- The assistant is called Pico.\n",
        "memory/2026-03-02.md": "- The assistant is called Nano now.\n",
    })
    assert gitmem(repo, "supersede", "IDENTITY.md", "--by", "memory/2026-03-02.md",
                  "--confirm").code == 0
    assert body_lines(repo, "IDENTITY.md")[0].startswith("> **Superseded**")
    notes = make_repo(tmp_path / "notes", {
        "MEMORY.md": "# Index\n", "notes/IDENTITY.md": "- The printer is called attic.\n",
        "USER.md": "- The user prefers short answers.\n",
        "memory/printers.md": "- The printer is called loft now.\n",
    })
    for path in ("notes/IDENTITY.md", "USER.md"):
        assert gitmem(notes, "supersede", path, "--by", "memory/printers.md",
                      "--confirm").code == 0
    assert body_lines(notes, "notes/IDENTITY.md")[0] == "- The printer is called attic."
    assert body_lines(notes, "USER.md")[0] == "- The user prefers short answers."


def test_a_rule_of_a_rules_folder_superseded_gets_the_banner_and_undo_removes_it(
        tmp_path: Path) -> None:
    """Antigravity (`.agents/rules/`), Windsurf, Roo Code and Kiro load a rule's file whole when
    its trigger applies; they never read `superseded_by`. The banner is what they read."""
    repo = make_repo(tmp_path / "rules", {
        ".agents/rules/old.md": "---\ntrigger: always_on\n---\n\n- Use npm.\n",
        ".agents/rules/new.md": "---\ntrigger: always_on\n---\n\n- Use pnpm.\n",
        ".windsurf/rules/old.md": "- Tabs.\n", ".windsurf/rules/new.md": "- Spaces.\n",
        ".roo/rules-code/old.md": "- Yarn.\n", ".roo/rules-code/new.md": "- Bun.\n"})
    before = snapshot(repo)
    for folder in (".agents/rules", ".windsurf/rules", ".roo/rules-code"):
        result = gitmem(repo, "supersede", f"{folder}/old.md", "--by", f"{folder}/new.md",
                        "--confirm")
        assert result.code == 0, result
        assert body_lines(repo, f"{folder}/old.md")[0].startswith("> **Superseded**")
    assert body_lines(repo, ".agents/rules/old.md")[1] == "- Use npm."
    for _ in range(3):
        assert gitmem(repo, "undo", "--last").code == 0
    assert snapshot(repo)["files"] == before["files"]

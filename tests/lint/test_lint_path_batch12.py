"""GM311 on a shape a blind judge found falsely reported in batch 12 of public repositories
(issue 17): a shared protocol naming the memory-bank files the agent is to start. Written in
our own words after the real file's shape. Beside it, a file of a memory bank that exists and
one that was deleted are still reported, so the test can fail."""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, git, make_repo, write
from lintutil import cli

PROTOCOL = """# Learning protocol

- `memory-bank/lessons.md` holds the distilled lessons.
- `memory-bank/raw_notes.md` gathers what each task taught, pruned once a lesson is kept.
"""


def missing(repo: Path) -> list[tuple[str, int, str]]:
    run = cli(repo, "lint", "--format", "json", "--select", "GM311,GM313,GM314")
    assert run.code in (0, 1), run
    return sorted((f["path"], f["line"], f["code"]) for f in run.json()["findings"])


def test_files_of_a_memory_folder_the_repository_never_had_are_to_be_started(
        tmp_path: Path) -> None:
    # a shared protocol names the memory files the agent starts when it has something to record;
    # this repository never had a memory bank, so they are not stale pointers. Where the memory
    # bank exists, a file of it that never existed warns, and one that was deleted names the
    # commit.
    repo = make_repo(tmp_path / "r", {"src/app.ts": "x\n"})
    write(repo, {".clinerules/learning.md": PROTOCOL})
    commit_all(repo)
    assert missing(repo) == []
    write(repo, {"memory-bank/activeContext.md": "# Now\n", "memory-bank/lessons.md": "# L\n"})
    commit_all(repo, "start the memory bank")
    git(repo, "rm", "-q", "memory-bank/lessons.md")
    commit_all(repo, "fold the lessons into the active context")
    found = cli(repo, "lint", "--format", "json", "--select", "GM311,GM314").json()["findings"]
    assert [(f["path"], f["line"]) for f in found] == [(".clinerules/learning.md", 3),
                                                        (".clinerules/learning.md", 4)]
    assert "deleted in" in found[0]["message"] and "deleted in" not in found[1]["message"]


def test_a_path_listed_under_a_heading_that_says_removed_is_recorded_as_gone(
        tmp_path: Path) -> None:
    # a context note lists the file a refactor deleted under "### Removed Old Files": the memory
    # records the deletion. The same deleted file cited under another heading still warns.
    repo = make_repo(tmp_path / "r", {"app/commands/export.py": "x\n", "app/main.py": "x\n"})
    git(repo, "rm", "-q", "app/commands/export.py")
    write(repo, {"app/commands/export/command.py": "x\n"})
    commit_all(repo, "split the export command into a package")
    write(repo, {"memory-bank/activeContext.md": (
        "# Active context\n\n### New Layout\n\n- `app/commands/export/command.py` - CLI wrapper\n\n"
        "### Removed Old Files\n\n- `app/commands/export.py` - split into a package\n\n"
        "### Entry points\n\n- `app/commands/export.py` - the export command\n\n"
        "### How deleted exports are purged\n\n- `app/commands/export.py` runs the purge\n")})
    commit_all(repo)
    found = cli(repo, "lint", "--format", "json", "--select", "GM311,GM314").json()["findings"]
    # a heading about something else that was deleted lists no removed file
    assert [(f["line"], f["code"]) for f in found] == [(13, "GM311"), (17, "GM311")]
    assert "split the export command" in found[0]["message"]

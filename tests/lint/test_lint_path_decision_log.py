"""GM311 on a decision log whose entries open with a date field (issue 17): each entry records
what was decided then, so a path it names that was renamed or deleted since is history. The
same deleted path in a section with no date field still warns, with the commit that did it."""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, git, make_repo, write
from lintutil import path_findings


def test_a_decision_entry_that_opens_with_a_date_field_is_a_record(tmp_path: Path) -> None:
    # a decision of last spring explains the index it replaced; the old index was removed
    # later. In German ("Datum") and in English ("Date"), the entry was right when written.
    repo = make_repo(tmp_path / "r", {"notes/index.md": "x\n", "notes/map.md": "x\n",
                                      "src/app.py": "x\n"})
    git(repo, "rm", "-q", "notes/index.md", "notes/map.md")
    commit_all(repo, "retire the old note index")
    write(repo, {"memory/decisions.md": (
        "# Decisions\n\n"
        "## D7: one knowledge folder\n\n"
        "**Datum:** 2025-04-02 · **Status:** aktiv · Bisher führte `notes/index.md` zu allem.\n\n"
        "## D8: keep the map\n\n"
        "Date: 2025-04-09\n"
        "- We open `notes/map.md` first in every session.\n\n"
        "## How to start\n\n"
        "- Read `notes/index.md` before anything else.\n")})
    commit_all(repo)
    got = path_findings(repo)
    assert [(line, code) for line, code, _ in got] == [(14, "GM311")]
    assert "deleted in" in got[0][2]

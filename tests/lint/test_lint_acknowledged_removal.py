"""GM311 on a line that itself says the cited code is gone: "decommissioned", or deleted in
Korean ("삭제됨"). A monorepo that retired its first version keeps saying where that version
lived; the memory already knows the folder left the tree, so there is nothing to fix (blind
batch 18 of issue 17, written in our own words). A line that still presents the deleted folder
as current is reported with the commit that deleted it."""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, git, make_repo, write
from lintutil import path_findings


def test_a_line_saying_the_code_was_decommissioned_or_deleted_cites_nothing_stale(
        tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"legacy/app.ts": "x\n", "legacy/queries/list.ts": "x\n",
                                      "web/page.tsx": "x\n"})
    git(repo, "rm", "-q", "-r", "legacy")
    commit_all(repo, "remove the first version's code")
    write(repo, {"AGENTS.md": (
        "# Agents\n\n"
        "- Version 2 is live. Version 1 (`legacy/`) is decommissioned; its code left the tree.\n"
        "- `legacy/queries/` 경로는 1판 트리로, 이미 삭제됨. `web/` 을 보세요.\n"
        "- Add new list queries under `legacy/queries/`.\n"
        "- Pages live in `web/page.tsx`.\n")})
    commit_all(repo)
    got = path_findings(repo)
    assert [(line, code) for line, code, _ in got] == [(5, "GM311")]
    assert "deleted in" in got[0][2]

"""A comma after a denied path joins the next path to the denial only while the series goes on.

"There is no `a/`, `b/` or `c/`" names three absent paths; "The app reads no `x.json`,
`config/app.yaml` holds every setting" denies the first and then starts a clause of its own,
whose subject is a path the memory says is there. That second path is checked (GM311 or
GM314 when the tree lacks it), as it was before commas reached a denial's series.
"""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, git, make_repo, write
from lintutil import path_codes


def test_a_path_that_opens_a_new_clause_after_a_comma_is_still_checked(tmp_path: Path) -> None:
    # the tree keeps its settings in `conf/` (the memory says `config/`, one letter off) and
    # deleted `scripts/deploy.sh`; each of those follows a denied path and a comma, as the
    # subject of a new clause. A series that goes on past the comma (", ... or ...") or ends
    # with the path is still all denied, and so is a Chinese series joined by "、".
    repo = make_repo(tmp_path / "r", {"conf/settings.yaml": "x\n", "src/main.py": "x\n",
                                      "scripts/deploy.sh": "x\n"})
    git(repo, "rm", "-q", "scripts/deploy.sh")
    commit_all(repo, "deploys move to the release job")
    write(repo, {"CLAUDE.md": (
        "# Project\n\n"
        "- The entry point is `src/main.py`.\n"
        "- The app reads no `settings.json`, `config/settings.yaml` holds every setting.\n"
        "- The release has no `Makefile`, `scripts/deploy.sh` ships it.\n"
        "- There is no `tests/fixtures/`, `tests/seed.sql` or `tests/snapshots/` yet.\n"
        "- The app reads no `app.ini`, `app.toml`.\n"
        "- 未发现 `.cursor/rules/`、`.cursorrules` 或 `.windsurfrules`。\n")})
    commit_all(repo)
    assert path_codes(repo) == [("CLAUDE.md", 4, "GM311"), ("CLAUDE.md", 5, "GM311")]

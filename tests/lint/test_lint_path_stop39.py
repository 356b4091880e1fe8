"""GM311 on shapes still falsely reported across all judged batches (issue 17, stop 39), each
written in our own words after the real file's shape. Beside each, a path the memory states as
present today that was deleted, or an example with no folder before it, still warns, so the
test can fail."""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, git, make_repo, write
from lintutil import path_codes


def test_a_path_tied_to_an_older_version_is_that_versions_layout(tmp_path: Path) -> None:
    # The first version of an app lived in `legacy/`; version 2 moved to `web/` and the old
    # code was deleted. The memory compares the two versions in a table and says where an
    # agent's code came from: the path belongs to the old version, named as such. A line that
    # says the old folder is where the code is today still warns.
    repo = make_repo(tmp_path / "r", {"legacy/app.py": "x\n", "web/page.tsx": "x\n"})
    git(repo, "rm", "-q", "-r", "legacy")
    commit_all(repo, "drop version 1")
    write(repo, {
        "CLAUDE.md": ("# Versions\n\n"
                      "| Part | v1 (`legacy/`) | v2 (`web/`) |\n"
                      "| --- | --- | --- |\n"
                      "| Pages | server-rendered | client-rendered |\n\n"
                      "Copied from v1 (`legacy/`) into v2 (`web/`), read-only since.\n\n"
                      "The report module is a v2 part, not the v1 `legacy/` monolith.\n"),
        "AGENTS.md": "# Layout\n\n- The app's code is in `legacy/`.\n"})
    commit_all(repo)
    assert path_codes(repo) == [("AGENTS.md", 3, "GM311")]


def test_an_example_below_the_folder_a_rule_names_is_the_rules_pattern(tmp_path: Path) -> None:
    # The rules say to organize types by domain under `src/types/`, and give the file a
    # domain would get. No such file was ever written; a file of the same name sits in
    # another folder. The example shows the rule's pattern: a convention (GM313), not a slip
    # of a path (GM311). An example beside a file, not below a folder, still names a file,
    # and warns.
    repo = make_repo(tmp_path / "r", {"src/types/shared.ts": "x\n",
                                      "src/routes/orders.ts": "x\n", "src/routes/users.ts": "x\n"})
    write(repo, {
        ".clinerules/rules.md": (
            "# Types\n\n"
            "- Organize types by domain under `src/types/` (e.g., `src/types/orders.ts`).\n"
            "- Split handlers by domain as `src/routes/orders.ts` does (e.g., `src/handlers/users.ts`).\n")})
    commit_all(repo)
    assert path_codes(repo) == [(".clinerules/rules.md", 3, "GM313"),
                                (".clinerules/rules.md", 4, "GM311")]


def test_an_older_versions_path_is_history_only_where_the_line_says_so(tmp_path: Path) -> None:
    # An API had a v1 and a v2 handler; the v1 one was deleted. Lines that set v1 in the past
    # (moved from it to v2, the old v1, v1 was replaced, a table comparing the versions) cite
    # the old layout and stay quiet. A line that says both versions are served names the
    # deleted file as present, and warns; so do lines whose only "later version" is a folder of
    # another path (`infra/v2/`) or the V8 engine.
    repo = make_repo(tmp_path / "r", {"src/api/v1/handler.py": "x\n",
                                      "src/api/v2/handler.py": "x\n", "infra/v2/main.tf": "x\n"})
    git(repo, "rm", "-q", "src/api/v1/handler.py")
    commit_all(repo, "drop the v1 handler")
    old = "`src/api/v1/handler.py`"
    write(repo, {"CLAUDE.md": (
        "# API\n\n"
        f"Both versions are served: v1 ({old}) and v2 (`src/api/v2/handler.py`).\n\n"
        f"Routes moved from v1 ({old}) to v2 in the spring.\n\n"
        f"The old v1 ({old}) gave way to v2.\n\n"
        f"v1 ({old}) was replaced by v2.\n\n"
        f"Tune v1 ({old}), which was deployed by `infra/v2/`.\n\n"
        f"Profile v1 ({old}), which was tuned for V8.\n\n"
        "| Route | v1 | v2 |\n"
        "| --- | --- | --- |\n"
        f"| /orders | {old} | `src/api/v2/handler.py` |\n")})
    commit_all(repo)
    assert path_codes(repo) == [("CLAUDE.md", 3, "GM311"), ("CLAUDE.md", 11, "GM311"),
                                ("CLAUDE.md", 13, "GM311")]

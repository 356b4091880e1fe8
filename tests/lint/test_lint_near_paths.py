"""A cited path the repository never held: a wrong path when the tree holds one a slip away
(GM311, naming it), else a note off by default (GM314). Shapes after the wrong paths blind judges
found in public projects' memory, in our own words."""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, git, make_repo, write
from lintutil import cli

from gitmem.lint.near_paths import TreeIndex, near_path

TREE = TreeIndex.of([
    ".claude/rules/perf.md", "client/forms/form-hook.ts", "src/game/types.ts",
    ".kiro/specs/t/tasks.md", ".cursor/rules/a.mdc", "backend/AGENTS.md", "api/AGENTS.md",
    "lib/ui/index.ts", "src/app.ts", "src/api.ts",
])


def test_a_path_one_slip_from_a_tracked_one_is_named() -> None:
    assert near_path(".Codex/rules/perf.md", TREE) == ".claude/rules/perf.md"  # another folder
    assert near_path(".github/backend/AGENTS.md", TREE) == "backend/AGENTS.md"  # link one short
    assert near_path("client/hooks/form-hook.ts", TREE) == "client/forms/form-hook.ts"
    assert near_path(".cusor/rules/a.mdc", TREE) == ".cursor/rules/a.mdc"  # one letter
    assert near_path(".kiro/specs/t/task.md", TREE) == ".kiro/specs/t/tasks.md"
    assert near_path("src/game/types/index.ts", TREE) == "src/game/types.ts"  # folder module
    assert near_path("lib/ui.ts", TREE) == "lib/ui/index.ts"


def test_nothing_alike_or_too_short_or_shared_names_no_path() -> None:
    assert near_path("scripts/backup-nightly.sh", TREE) is None
    assert near_path("src/apx.ts", TREE) is None  # one letter from two files: which one?
    assert near_path("web/AGENTS.md", TREE) is None  # a name held twice says nothing
    assert near_path("lib/db.ts", TREE) is None  # `db` is too short to call a slip
    assert near_path("../elsewhere/x.md", TREE) is None


def test_a_corrected_path_is_named_only_where_the_tree_holds_it() -> None:
    tree = TreeIndex.of(["src/models/user.py", ".cursor/rules/models.mdc",
                         "packages/api/src/index.ts", "packages/web/src/index.ts",
                         "tests/__init__.py"])
    # one letter off in a folder, but the file the correction names is not there either
    assert near_path("src/model/order.py", tree) is None
    assert near_path(".cusor/rules/style.mdc", tree) is None
    assert near_path("src/model/user.py", tree) == "src/models/user.py"
    # names every package has its own of say nothing of where a never-held one points
    assert near_path("src/index.ts", tree) is None
    assert near_path("services/billing/src/index.ts", tree) is None
    assert near_path("plugins/new/tests/__init__.py", tree) is None


def lint_paths(repo: Path, *select: str) -> list[tuple[int, str, str]]:
    args = ("--select", ",".join(select)) if select else ()
    run = cli(repo, "lint", "--format", "json", *args)
    assert run.code in (0, 1), run
    return [(f["line"], f["code"], f["message"]) for f in run.json()["findings"]
            if f["code"].startswith("GM31")]


def test_a_wrong_path_warns_with_the_real_one_and_a_never_held_one_is_a_note(
        tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"client/forms/form-hook.ts": "x\n",
                                      "scripts/deploy.sh": "x\n"})
    git(repo, "rm", "-q", "scripts/deploy.sh")
    commit_all(repo, "drop the deploy script")
    write(repo, {"CLAUDE.md": ("# Guide\n\n"
                               "- The form hook is `client/hooks/form-hook.ts`.\n"
                               "- Restore with `scripts/backup-nightly.sh`.\n"
                               "- Deploy with `scripts/deploy.sh`.\n")})
    commit_all(repo)
    default = lint_paths(repo)
    assert [(line, code) for line, code, _ in default] == [(3, "GM311"), (5, "GM311")]
    assert default[0][2] == ("client/hooks/form-hook.ts does not exist in this repository and "
                             "never did; client/forms/form-hook.ts does")
    assert "deleted in" in default[1][2]
    asked = lint_paths(repo, "GM311", "GM314")
    assert [(line, code) for line, code, _ in asked] == [
        (3, "GM311"), (4, "GM314"), (5, "GM311")]
    assert asked[1][2].startswith("scripts/backup-nightly.sh is not in this repository and "
                                  "never was")
    run = cli(repo, "lint", "--format", "json")
    assert "GM314" in run.json()["rules_left_out"]
    near = [f for f in run.json()["findings"] if f["line"] == 3]
    assert near[0]["signals"] == {"near": "client/forms/form-hook.ts"}

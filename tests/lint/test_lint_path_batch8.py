"""GM311 on the shapes a blind judge found falsely reported in batch 8 of public repositories
(issue 17, item 4), each written in our own words after the real file's shape. Beside each, a
path that was plainly deleted or never existed is still reported, so the test can fail."""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, make_repo, write
from lintutil import cli


def _found(repo: Path) -> list[tuple[int, str]]:
    run = cli(repo, "lint", "--format", "json")
    assert run.code in (0, 1), run
    return [(f["line"], f["code"]) for f in run.json()["findings"]]


def _messages(repo: Path) -> dict[int, str]:
    run = cli(repo, "lint", "--format", "json")
    return {f["line"]: f["message"] for f in run.json()["findings"] if f["code"] == "GM311"}


def test_a_dated_file_name_pattern_is_no_missing_path(tmp_path: Path) -> None:
    # a rule says where each day's notes go: `memory/YYYY-MM-DD.md` is a pattern, not a file
    repo = make_repo(tmp_path / "r", {"memory/2026-01-05.md": "x\n", "src/app.py": "x\n"})
    write(repo, {"CLAUDE.md": "# Sessions\n\n"
                              "1. Record the outcome in `memory/YYYY-MM-DD.md`\n"
                              "2. Weekly digests are `memory/weekly-yyyymmdd.md` files.\n"
                              "3. The entry point is `src/main.py`.\n"})
    commit_all(repo)
    assert _found(repo) == [(5, "GM311")]


def test_an_elided_path_that_resolves_through_some_folders_exists(tmp_path: Path) -> None:
    # a table abbreviates long paths with `...` for the folders between; the file is there
    repo = make_repo(tmp_path / "r", {
        "docs/areas/plant/chem/scope.md": "x\n",
        "flows/areas/gas/check/schema.yaml": "a: 1\n"})
    write(repo, {"memory/sweep.md": "# Sweep\n\n"
                                    "| # | File | Fix |\n| --- | --- | --- |\n"
                                    "| 1 | `docs/.../chem/scope.md` | wording |\n"
                                    "| 2 | `flows/.../check/schema.yaml` | basis |\n"
                                    "| 3 | `docs/.../port/scope.md` | wording |\n"})
    commit_all(repo)
    assert _found(repo) == [(7, "GM311")]


def test_a_sentence_that_says_a_file_is_not_there_cites_nothing(tmp_path: Path) -> None:
    # "There is no `x` and no `y`": the note warns against the paths, it does not cite them;
    # the sentence runs over a line break, as wrapped Markdown does
    repo = make_repo(tmp_path / "r", {"core/store.rs": "x\n", "core/rank/mod.rs": "x\n"})
    (repo / "core" / "store.rs").unlink()
    write(repo, {"core/store/mod.rs": "x\n"})
    commit_all(repo, "split the store into a module")
    write(repo, {".clinerules": "# Paths\n\n"
                                "**Note:** `store` is a folder now. There is no\n"
                                "`core/store.rs` and no `core/rank.rs` — ranking lives in\n"
                                "`core/rank/`. Session state is in `core/session.rs`.\n"})
    commit_all(repo)
    assert _found(repo) == [(5, "GM311")]

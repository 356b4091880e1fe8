"""GM311 on real projects: conventions are not broken citations, ignored folders and package-relative
paths resolve as git and the package see them, and a clone missing objects does not crash.

Each case is shaped after a false alarm seen on a public project (issue 17): a Rust rule file
saying integration tests go in `tests/`, a `data/` folder ignored by a folder-only pattern, a
monorepo package's CLAUDE.md naming `test/x.test.ts`."""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, git, make_repo, write
from lintutil import cli


def findings(repo: Path) -> list[tuple[int, str, str, str]]:
    run = cli(repo, "lint", "--json", "--select", "GM3")
    assert run.code in (0, 1), run.out + run.err
    return [(f["line"], f["code"], f["severity"], f["message"]) for f in run.json()["findings"]]


def test_a_convention_is_info_and_a_deleted_path_keeps_its_warning(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"src/lib.rs": "", "src/old.rs": ""})
    git(repo, "rm", "-q", "src/old.rs")
    git(repo, "commit", "-q", "-m", "drop old.rs")
    write(repo, {".cursor/rules/rust.mdc": (
        "---\nalwaysApply: true\n---\n"
        "- Put integration tests in `tests/`.\n"
        "- Components live in `src/components/`.\n"
        "- The parser is `src/old.rs`.\n"
        "- The lexer is `src/lexer.rs`.\n")})
    commit_all(repo)
    got = findings(repo)
    assert [(line, code, severity) for line, code, severity, _ in got] == [
        (4, "GM313", "info"), (5, "GM313", "info"), (6, "GM311", "warning"),
        (7, "GM314", "info")]  # never held, nothing like it in the tree: noted only
    assert "convention" in got[0][3]
    assert "deleted in" in got[2][3]


def test_folder_only_gitignore_pattern_covers_the_folder_and_its_files(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        ".gitignore": "data/\noutput/\n",
        "CLAUDE.md": "- Raw exports are in `data/` as `data/prices.csv`.\n"
                     "- Results go to `output/result.txt`.\n",
    })
    assert findings(repo) == []


def test_package_relative_paths_in_a_monorepo_exist(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "packages/cli/test/x.test.ts": "",
        "packages/cli/src/main.ts": "",
        "pyalex/entities/works.py": "",
        "packages/cli/CLAUDE.md": "- Tests are in `test/x.test.ts`; the entry is `src/main.ts`.\n",
        "AGENTS.md": "- Entity models are in `entities/works.py`.\n"
                     "- The tests of the CLI are `test/x.test.ts`.\n",
    })
    assert findings(repo) == []


def test_a_deleted_path_still_warns_when_a_package_has_the_same_name(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"src/util.py": "", "packages/a/src/main.py": ""})
    git(repo, "rm", "-q", "src/util.py")
    git(repo, "commit", "-q", "-m", "drop util")
    write(repo, {"CLAUDE.md": "- Helpers are in `src/util.py`.\n"})
    commit_all(repo)
    assert [code for _, code, _, _ in findings(repo)] == ["GM311"]


def test_a_clone_missing_a_deleted_blob_does_not_crash(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"src/big.bin": "x" * 5000, "src/keep.py": ""})
    blob = git(repo, "rev-parse", "HEAD:src/big.bin").strip()
    git(repo, "rm", "-q", "src/big.bin")
    git(repo, "commit", "-q", "-m", "drop big")
    write(repo, {"CLAUDE.md": "- The fixture is `src/big.bin`.\n"})
    commit_all(repo)
    # a size-limited snapshot: the deleted blob is not in the object store
    (repo / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    got = findings(repo)
    assert [(code, "deleted in" in message) for _, code, _, message in got] == [("GM311", True)]


def test_what_the_memory_already_says_or_a_record_held_is_not_reported(tmp_path: Path) -> None:
    """Seen on public memories: a struck-through tool 'retired and deleted', an example
    mapping, a data file built on a server, a journal entry listing the files of its day."""
    repo = make_repo(tmp_path / "r", {"src/lib/pipeline.ts": "", "tools/migrate.py": ""})
    git(repo, "mv", "src/lib/pipeline.ts", "src/lib/rag.ts")
    git(repo, "rm", "-q", "tools/migrate.py")
    git(repo, "commit", "-q", "-m", "reorganise")
    write(repo, {
        "memory-bank/journal/2025_02_28_setup.md": "- Created `src/lib/pipeline.ts`.\n",
        "memory-bank/systemPatterns.md": (
            "- ~~Migration tool `tools/migrate.py`~~ retired.\n"
            "- Example: `src/app/page.tsx` maps to `tests/app/page.test.tsx`.\n"
            "- Prices are cached in `cache/prices.npy`.\n"
            "- The pipeline is `src/lib/pipeline.ts`.\n"),
    })
    commit_all(repo)
    got = findings(repo)
    assert [(code, line) for line, code, _, _ in got] == [("GM311", 4)]
    assert "renamed to src/lib/rag.ts" in got[0][3]


def test_placeholders_and_the_repository_name_in_front_are_no_missing_paths(
        tmp_path: Path) -> None:
    # issue 17's judged GM311 false alarms, reworded: a name pattern with xxx, a mock file named
    # after "moduleName", and a path written from the folder above the checkout
    repo = make_repo(tmp_path / "r", {
        "docs/fields.csv": "a,b\n",
        "src/api.py": "",
        "CLAUDE.md": "- Converters are `loaders/Conv_xxx.py`, one per source.\n"
                     "- Mock files: `__mocks__/moduleName.ts`\n"
                     "- The field list is `myproject/docs/fields.csv`.\n"
                     "- The client is `src/client.py`.\n",
    })
    got = findings(repo)
    assert [(line, code) for line, code, _, _ in got] == [(4, "GM314")], got


def test_a_module_member_and_an_app_bundle_are_no_missing_paths(tmp_path: Path) -> None:
    # issue 17's 2nd judged sample, reworded: `ops/db.probe` names probe() in ops/db.py, and a
    # binary inside the .app bundle a build makes is build output
    repo = make_repo(tmp_path / "r", {
        "ops/db.py": "def probe(): ...\n",
        "CLAUDE.md": "- Health checks call `ops/db.probe` with a 5 s bound.\n"
                     "- Never run `./Viewer.app/Contents/MacOS/Viewer` directly.\n"
                     "- Migrations are in `ops/migrate.py`.\n",
    })
    got = findings(repo)
    assert [(line, code) for line, code, _, _ in got] == [(3, "GM314")], got

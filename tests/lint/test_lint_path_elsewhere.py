"""GM311/GM313 on four more shapes of public memory (issue 17, written again in our own words):
a folder the memory itself says does not exist yet, a data folder's hidden marker file, a
folder deleted by a commit, and a path of a sibling repository or a server. Beside each false
alarm, the true finding of the same shape stays reported."""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, git, make_repo, write
from lintutil import cli


def findings(repo: Path) -> list[tuple[str, int, str, str]]:
    run = cli(repo, "lint", "--json", "--select", "GM3")
    assert run.code in (0, 1), run.out + run.err
    return [(f["path"], f["line"], f["code"], f["message"]) for f in run.json()["findings"]]


def test_links_under_a_folder_the_memory_says_does_not_exist_yet(tmp_path: Path) -> None:
    design = ("# Design\n\n> **Note:** the `docs/shots/` folder does not exist yet; the images "
              "below are placeholders.\n\n- ![Top bar](../docs/shots/top-bar.png)\n"
              "- ![Side panel](../docs/shots/side-panel.png)\n")
    tech = "# Tech\n\n- ![Schema](../docs/diagrams/schema.png)\n"
    repo = make_repo(tmp_path / "r", {"docs/readme.md": "", "memory-bank/design.md": design,
                                      "memory-bank/tech.md": tech})
    got = findings(repo)
    assert [(path, code) for path, _, code, _ in got] == [("memory-bank/tech.md", "GM314")], got


def test_a_hidden_marker_file_of_a_data_folder_is_no_citation(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"src/app.py": "", "CLAUDE.md": (
        "- The feed's watermark is in `feeds_all/.meta`; each feature has its own `Dpx/.meta`.\n"
        "- The app reads `src/.settings.toml`.\n")})
    got = findings(repo)
    assert [(line, code) for _, line, code, _ in got] == [(2, "GM314")], got


def test_a_deleted_folder_warns_with_its_commit(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"src/tracker/state.py": "", "src/tracker/log.py": "",
                                      "src/main.py": ""})
    git(repo, "rm", "-q", "-r", "src/tracker")
    git(repo, "commit", "-q", "-m", "rewrite without the tracker")
    write(repo, {"CLAUDE.md": "- `src/tracker/` — the game state tracker\n"
                              "- Put new fixtures in `tests/fixtures/`.\n"})
    commit_all(repo)
    got = findings(repo)
    assert [(line, code) for _, line, code, _ in got] == [(1, "GM311"), (2, "GM313")], got
    assert "deleted in" in got[0][3] and "rewrite without the tracker" in got[0][3]


def test_a_sibling_repository_or_a_server_path_is_not_missing(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"src/app.py": "", "docs/index.md": "", "CLAUDE.md": (
        "- Research notes: `north-lab/notes/research/2026-03-15-survey.md`\n"
        "- The framework's loaders are in `quantkit/data/module/ipo.py`.\n"
        "- The entry point is `src/main.py`.\n")})
    got = findings(repo)
    assert [(line, code) for _, line, code, _ in got] == [(3, "GM314")], got


def test_a_folder_that_once_held_files_still_counts_as_this_repositorys(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"engine/core.py": "", "src/app.py": ""})
    git(repo, "rm", "-q", "-r", "engine")
    git(repo, "commit", "-q", "-m", "drop the engine")
    write(repo, {"CLAUDE.md": "- The scheduler is `engine/scheduler.py`.\n"})
    commit_all(repo)
    got = findings(repo)
    assert [(line, code) for _, line, code, _ in got] == [(1, "GM314")], got


def test_a_folder_moved_whole_names_its_new_place(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"tracker/src/state.py": "", "tracker/src/log.py": ""})
    git(repo, "mv", "tracker/src", "lib")
    git(repo, "commit", "-q", "-m", "flatten the tracker")
    write(repo, {"CLAUDE.md": "- `tracker/src/` — the game state tracker\n"})
    commit_all(repo)
    got = findings(repo)
    assert [(line, code) for _, line, code, _ in got] == [(1, "GM311")], got
    assert "renamed to lib" in got[0][3], got


def test_a_path_inside_the_item_of_its_folder_is_read_from_that_folder(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"signals/weekly/summary.md": "", ".config/launchd/a.plist": "",
                                      "CLAUDE.md": (
        "- `signals/` — reports, the digest in `weekly/summary.md`\n"
        "- `.config/` — tool settings and `launchd/a.plist`\n"
        "- `signals/` — reports, the digest in `weekly/archive.md`\n")})
    got = findings(repo)
    assert [(line, code) for _, line, code, _ in got] == [(3, "GM314")], got

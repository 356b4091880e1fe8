"""The merge driver's conflict markers are git's own: side names, marker size, diff3/zdiff3.

Each real `git merge` below conflicts on a memory (through the driver) and, in the same merge, on
a plain text file git merges itself; the driver's marker lines must equal git's.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gitutil import commit_all, git, gitmem, make_repo, write
from hookutil import run_git

BASE = "---\nname: deploy\nconfidence: 0.8\n---\n- Deploy on Fridays.\n- Tag releases.\n"
NOTES = "Deploy on Fridays.\nTag releases.\n"


def marker_lines(text: str) -> list[str]:
    return re.findall(r"^(?:<{7}|\|{7}|={7}|>{7}).*$", text, flags=re.M)


def conflicting_repo(tmp_path: Path, attributes: str = "") -> Path:
    """main and side both change the first claim of memory/deploy.md and the first line of
    notes.txt (not a memory: git merges it itself)."""
    repo = make_repo(tmp_path / "r", {"memory/deploy.md": BASE, "notes.txt": NOTES})
    assert gitmem(repo, "hooks", "install", "--merge-driver", "--no-hooks").code == 0
    if attributes:
        with (repo / ".gitattributes").open("a") as fh:
            fh.write(attributes)
    commit_all(repo, "route memory files to the gitmem merge driver")
    git(repo, "switch", "-q", "-c", "side")
    write(repo, {"memory/deploy.md": BASE.replace("Fridays", "Mondays"),
                 "notes.txt": NOTES.replace("Fridays", "Mondays")})
    commit_all(repo, "side: Mondays")
    git(repo, "switch", "-q", "main")
    write(repo, {"memory/deploy.md": BASE.replace("Fridays", "Tuesdays"),
                 "notes.txt": NOTES.replace("Fridays", "Tuesdays")})
    commit_all(repo, "main: Tuesdays")
    return repo


@pytest.mark.parametrize("style", [None, "diff3", "zdiff3"])
def test_git_merge_markers_match_gits_own_in_every_conflict_style(
    tmp_path: Path, style: str | None
) -> None:
    repo = conflicting_repo(tmp_path)
    config = ["-c", f"merge.conflictStyle={style}"] if style else []
    proc = run_git(repo, *config, "merge", "--no-edit", "side")
    assert proc.returncode != 0 and "memory/deploy.md" in proc.stdout
    memory = (repo / "memory/deploy.md").read_text()
    ours_git = marker_lines((repo / "notes.txt").read_text())
    assert marker_lines(memory) == ours_git
    base = git(repo, "rev-parse", "--short", "main~1").strip()
    if style:
        assert ours_git == ["<<<<<<< HEAD", f"||||||| {base}", "=======", ">>>>>>> side"]
        assert ("<<<<<<< HEAD\n- Deploy on Tuesdays.\n"
                f"||||||| {base}\n- Deploy on Fridays.\n"
                "=======\n- Deploy on Mondays.\n>>>>>>> side\n") in memory
    else:
        assert ours_git == ["<<<<<<< HEAD", "=======", ">>>>>>> side"]


def test_a_frontmatter_conflict_under_diff3_shows_the_base_value(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/deploy.md": BASE})
    assert gitmem(repo, "hooks", "install", "--merge-driver", "--no-hooks").code == 0
    commit_all(repo, "driver")
    git(repo, "switch", "-q", "-c", "side")
    write(repo, {"memory/deploy.md": BASE.replace("name: deploy", "name: releases")})
    commit_all(repo, "side renames")
    git(repo, "switch", "-q", "main")
    write(repo, {"memory/deploy.md": BASE.replace("name: deploy", "name: shipping")})
    commit_all(repo, "main renames")
    git(repo, "config", "merge.conflictStyle", "diff3")
    assert run_git(repo, "merge", "--no-edit", "side").returncode != 0
    base = git(repo, "rev-parse", "--short", "main~1").strip()
    assert (repo / "memory/deploy.md").read_text().startswith(
        "---\n<<<<<<< HEAD\nname: shipping\n"
        f"||||||| {base}\nname: deploy\n"
        "=======\nname: releases\n>>>>>>> side\nconfidence: 0.8\n---\n"
    )


def test_a_pull_names_the_pulled_commit_as_git_does(tmp_path: Path) -> None:
    upstream = conflicting_repo(tmp_path)
    git(tmp_path, "clone", "-q", "--branch", "main", str(upstream), "clone")
    clone = tmp_path / "clone"
    assert gitmem(clone, "hooks", "install", "--merge-driver", "--no-hooks").code == 0
    git(clone, "config", "pull.rebase", "false")
    git(clone, "reset", "-q", "--hard", "HEAD~1")  # back to before main's change
    write(clone, {"memory/deploy.md": BASE.replace("Fridays", "Sundays"),
                  "notes.txt": NOTES.replace("Fridays", "Sundays")})
    commit_all(clone, "clone: Sundays")
    assert run_git(clone, "pull", "-q", "--no-edit", "origin", "side").returncode != 0
    memory = marker_lines((clone / "memory/deploy.md").read_text())
    assert memory == marker_lines((clone / "notes.txt").read_text())
    assert memory[-1] == ">>>>>>> " + git(clone, "rev-parse", "origin/side").strip()


def test_conflict_marker_size_from_gitattributes_is_honoured(tmp_path: Path) -> None:
    repo = conflicting_repo(tmp_path, "memory/deploy.md conflict-marker-size=12\n"
                                      "notes.txt conflict-marker-size=12\n")
    assert run_git(repo, "merge", "--no-edit", "side").returncode != 0
    memory = (repo / "memory/deploy.md").read_text()
    assert "<" * 12 + " HEAD\n" in memory and "=" * 12 + "\n" in memory
    lines = re.findall(r"^[<=>|]{12}.*$", memory, flags=re.M)
    assert lines == re.findall(r"^[<=>|]{12}.*$", (repo / "notes.txt").read_text(), flags=re.M)


def drive(tmp_path: Path, *options: str) -> str:
    ours = BASE.replace("Fridays", "Tuesdays")
    for name, text in {"O": BASE, "A": ours, "B": BASE.replace("Fridays", "Mondays")}.items():
        (tmp_path / name).write_text(text)
    result = gitmem(tmp_path, "merge-driver", *(str(tmp_path / n) for n in "OAB"),
                    "memory/deploy.md", *options)
    assert result.code == 1, result
    return (tmp_path / "A").read_text()


def test_the_names_git_2_44_passes_are_written_into_the_markers(tmp_path: Path) -> None:
    """What git >= 2.44 expands %S %X %Y to (rebase names like these have spaces)."""
    merged = drive(tmp_path, "--marker-size", "7", "--ours-label", "HEAD",
                   "--base-label", "parent of 4d7b6a7 (m)", "--theirs-label", "4d7b6a7 (m)")
    assert "<<<<<<< HEAD\n- Deploy on Tuesdays.\n=======\n" in merged
    assert merged.count(">>>>>>> 4d7b6a7 (m)\n") == 1


def test_placeholders_an_older_git_leaves_unexpanded_fall_back(tmp_path: Path) -> None:
    merged = drive(tmp_path, "--marker-size", "7", "--base-label", "%S", "--ours-label", "%X",
                   "--theirs-label", "%Y")
    assert marker_lines(merged) == ["<<<<<<< ours", "=======", ">>>>>>> theirs"]

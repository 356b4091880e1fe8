"""How often `gitmem lint` lists the working tree, counted by git itself (trace2), in a real
repository: the untracked files are listed by one `git ls-files --others` per run, whether
memory.include is configured or discovered from the layouts the working tree holds."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from gitutil import commit_all, git, gitmem, make_repo, write

MEMORY = "---\nname: a\ndescription: a fact\ntype: project\n---\n- A fact.\n"


def listings(repo: Path, trace: Path, *args: str) -> list[str]:
    """The `git ls-files ... --others` commands one `gitmem lint ARGS` ran."""
    config = Path(os.environ["HOME"]) / ".gitconfig"
    kept = config.read_text()
    config.write_text(kept + f"[trace2]\n\tnormalTarget = {trace}\n")
    try:
        result = gitmem(repo, "lint", *args)
    finally:
        config.write_text(kept)
    assert result.code in (0, 1), result
    starts = [line for line in trace.read_text().splitlines() if " start " in line]
    assert starts, "git wrote no trace: the count below would prove nothing"
    return [line for line in starts if "ls-files" in line and "--others" in line]


@pytest.mark.parametrize("configured", [False, True], ids=["discovered", "configured"])
def test_lint_lists_untracked_files_once(tmp_path: Path, configured: bool) -> None:
    files: dict[str, str | bytes] = {"memory/a.md": MEMORY, "CLAUDE.md": "# Project\n"}
    if configured:
        files[".gitmem.toml"] = '[memory]\ninclude = ["memory/**/*.md"]\n'
    repo = make_repo(tmp_path / "m", files)
    write(repo, {"memory/new.md": "---\nname: [unclosed\n---\n- A fact.\n"})  # untracked
    found = listings(repo, tmp_path / "trace.txt", "--format", "json")
    assert len(found) == 1, found
    # and the untracked memory was linted: the one listing served both needs
    result = gitmem(repo, "lint", "--format", "json")
    paths = {f["path"] for f in json.loads(result.out)["findings"]}
    assert "memory/new.md" in paths, result


def root_walks(repo: Path, trace: Path, *args: str) -> tuple[list[str], list[tuple[str, str]]]:
    """The `git rev-list --max-parents=0` commands (HEAD's root commits) one `gitmem lint
    ARGS` ran, and what it found."""
    config = Path(os.environ["HOME"]) / ".gitconfig"
    kept = config.read_text()
    config.write_text(kept + f"[trace2]\n\tnormalTarget = {trace}\n")
    try:
        result = gitmem(repo, "lint", "--format", "json", *args)
    finally:
        config.write_text(kept)
    assert result.code in (0, 1), result
    starts = [line for line in trace.read_text().splitlines() if " start " in line]
    assert starts, "git wrote no trace: the count below would prove nothing"
    codes = sorted((f["code"], f["path"]) for f in json.loads(result.out)["findings"])
    return [line for line in starts if "--max-parents=0" in line], codes


def test_root_commits_are_asked_of_git_once_per_head(tmp_path: Path) -> None:
    # Finding HEAD's root commits walks the whole history; lint asks only when a memory cites
    # an unknown hash, and then once: the same HEAD again reads the answer back, a later
    # commit walks only the commits since the HEAD last asked, and a history merged in later
    # still has its root found.
    log = "# Log\n\n## 2026-02-11\n- Shipped the exporter in commit 3e1f0a9c.\n"
    repo = make_repo(tmp_path / "m", {"MEMORY.md": log, "src/app.py": "print(1)\n"})
    older = {("GM303", "MEMORY.md")}
    walks, codes = root_walks(repo, tmp_path / "t1")
    assert len(walks) == 1 and set(codes) == older
    walks, codes = root_walks(repo, tmp_path / "t2")
    assert walks == [] and set(codes) == older
    first = git(repo, "rev-parse", "HEAD").strip()
    write(repo, {"src/app.py": "print(2)\n"})
    commit_all(repo, "a later commit")
    walks, codes = root_walks(repo, tmp_path / "t3")
    assert len(walks) == 1 and f"^{first}" in walks[0] and set(codes) == older
    git(repo, "checkout", "-q", "--orphan", "imported")
    git(repo, "rm", "-q", "-r", "--cached", ".")
    for name in ("MEMORY.md", "src/app.py"):
        (repo / name).unlink()
    write(repo, {"memory/old.md": "# Old log\n\n## 2026-01-05\n- Ported in commit 5c8d2e7a.\n"})
    commit_all(repo, "the imported project")
    git(repo, "checkout", "-q", "main")
    git(repo, "merge", "-q", "--allow-unrelated-histories", "-m", "merge", "imported")
    walks, codes = root_walks(repo, tmp_path / "t4")
    assert len(walks) == 1 and set(codes) == older | {("GM303", "memory/old.md")}
    # the pre-commit hook's check keeps its answer too: the next commit's check walks no more
    write(repo, {"src/app.py": "print(3)\n"})
    commit_all(repo, "another commit")
    write(repo, {"MEMORY.md": log + "- Fixed the retry loop in commit 7d2b9e4f.\n"})
    git(repo, "add", "MEMORY.md")
    walks, codes = root_walks(repo, tmp_path / "t5", "--staged")
    assert len(walks) == 1 and codes == [("GM301", "MEMORY.md")]
    walks, codes = root_walks(repo, tmp_path / "t6", "--staged")
    assert walks == [] and codes == [("GM301", "MEMORY.md")]


@pytest.mark.parametrize("damaged", [7, "ab", (1, 2), ("0" * 40, ("not an id",))])
def test_a_damaged_root_commit_entry_is_asked_of_git_again(tmp_path: Path, damaged: object
                                                          ) -> None:
    # the cache under .git/gitmem holds the last HEAD asked and its roots: an entry of any
    # other shape (an edit by hand, a disk error) is not trusted, and git is asked instead
    from gitmem.memory.cache_codec import RecordCodec
    from gitmem.workspace import open_workspace

    repo = make_repo(tmp_path / "m", {"MEMORY.md": "- A fact.\n", "src/app.py": "print(1)\n"})
    root = git(repo, "rev-parse", "HEAD").strip()
    ws = open_workspace(repo)
    ((_, code),) = ws.code_repos()
    assert code is not None and code.roots_cache is ws.cache
    ws.cache.store("root-commits-last", str(code.root), damaged, RecordCodec())
    assert code._root_commits() == (root,)

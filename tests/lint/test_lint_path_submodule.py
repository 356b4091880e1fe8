"""A memory that cites a file inside a git submodule (`recipe/train.py`, where `recipe` is a
gitlink) cites another repository's file: a clone without `git submodule update` holds none of
them, and this repository's tree cannot say whether it exists. Blind batch 10 of public
repositories (issue 17) had such paths reported as deleted: the project had moved its `recipe/`
folder into a repository of its own and kept it as a submodule. A file deleted beside it is
still reported with the commit that deleted it, so the test can fail."""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, git, make_repo, write
from lintutil import cli


def test_a_path_inside_a_submodule_that_is_not_checked_out_is_not_reported_missing(
        tmp_path: Path) -> None:
    library = make_repo(tmp_path / "library", {"train.py": "fit()\n"})
    library_head = git(library, "rev-parse", "HEAD").strip()
    repo = make_repo(tmp_path / "r", {"recipe/train.py": "fit()\n", "tools/old.py": "x()\n"})
    git(repo, "rm", "-q", "-r", "recipe", "tools")
    # the gitlink as `git submodule add` records it, without cloning the library into the tree
    git(repo, "update-index", "--add", "--cacheinfo", f"160000,{library_head},recipe")
    (repo / "recipe").mkdir()  # a clone's unpopulated submodule: an empty folder
    write(repo, {".gitmodules": f'[submodule "recipe"]\n\tpath = recipe\n\turl = {library}\n'})
    git(repo, "add", ".gitmodules")
    git(repo, "commit", "-q", "-m", "move recipe to a repository of its own, as a submodule")
    write(repo, {"memory/MEMORY.md": "# Memory\n\n- Training starts in `recipe/train.py`.\n"
                                     "- The old helper was `tools/old.py`.\n"})
    commit_all(repo, "memory")
    assert git(repo, "ls-tree", "HEAD", "recipe").startswith("160000 commit")
    assert not (repo / "recipe" / "train.py").exists()

    run = cli(repo, "lint", "--format", "json", "--select", "GM311")
    assert run.code in (0, 1), run
    reported = [(f["line"], f["message"]) for f in run.json()["findings"]]
    assert [line for line, _ in reported] == [4], reported
    assert "tools/old.py" in reported[0][1] and "deleted in" in reported[0][1]

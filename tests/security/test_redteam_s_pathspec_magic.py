"""A path taken from repository content reaches `git log -- PATHS` (the history lookup that says
which commit deleted a cited path). Read as a pathspec, `:(bogus)x` made git fail and
`:(exclude)src/x` hid another path, so a committed folder name silently took the "deleted in
<commit>" fate away from every other missing path checked with it. Paths are literal now."""

from __future__ import annotations

from pathlib import Path

import pytest
from gitutil import commit_all, git, gitmem, make_repo, write

from gitmem.gitrepo import CodeRepo


def _repo(tmp_path: Path, folder: str) -> Path:
    repo = make_repo(tmp_path / "r", {"src/old.py": "x\n", "src/keep.py": "y\n"})
    git(repo, "rm", "-q", "src/old.py")
    git(repo, "commit", "-q", "-m", "drop old.py")
    write(repo, {"memory/a.md": "---\nname: a\n---\n- The entry point is `src/old.py`.\n",
                 f"{folder}/b.md": "---\nname: b\n---\n- See [the notes](old.py) first.\n"})
    commit_all(repo, "memories")
    return repo


@pytest.mark.parametrize("folder", [":(bogus)", ":(exclude)src"])
def test_a_magic_folder_name_is_a_literal_path_in_the_history_lookup(
        tmp_path: Path, folder: str) -> None:
    repo = _repo(tmp_path, folder)
    result = gitmem(repo, "lint", "--select", "GM311,GM314")
    lines = result.out.splitlines()
    [own] = [line for line in lines if line.startswith("memory/a.md:4: GM311")]
    assert "src/old.py does not exist in this repository (deleted in " in own, result.out
    assert "'drop old.py'" in own
    # the magic folder's own `old.py` was never held: no commit's fate, a note (GM314)
    [magic] = [line for line in lines if line.startswith(f"{folder}/b.md:4: GM314")]
    assert "GM314 old.py is not in this repository and never was" in magic, result.out
    assert "deleted in" not in magic


def test_history_lookup_reads_each_path_literally(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "notes")
    code = CodeRepo.open("code", repo)
    assert code is not None
    fates = code.path_fates([":(glob)**/old.py", ":(bogus)x", ":!src/old.py", "*.py",
                             "src/old.py"])
    assert set(fates) == {"src/old.py"}
    assert fates["src/old.py"][0] == "deleted"

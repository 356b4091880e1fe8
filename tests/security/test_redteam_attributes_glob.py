"""A lever found by the sec-a red-team pass (beyond the report): a `memory.include` glob with a
space. `hooks install --merge-driver` wrote each glob bare as a `.gitattributes` line, so
`x.md filter=lfs` set an attribute of the config author's choosing (`filter`, `diff`, `eol`,
`working-tree-encoding`) on files, and `my notes/*.md` routed `my` instead of the notes.

The promise: every glob is written as one quoted pattern; it can only ever say which files use
`merge=gitmem`.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from gitutil import commit_all, git, gitmem, make_repo

MEMORY = "---\nname: a\ntype: project\n---\n- A fact.\n"


def attributes(repo: Path, path: str) -> tuple[str, str]:
    proc = subprocess.run(["git", "check-attr", "-a", "--", path], cwd=repo, text=True,
                          capture_output=True, check=True)
    return proc.stdout, proc.stderr


def test_a_glob_sets_only_merge_gitmem_on_the_files_it_names(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"my notes/a.md": MEMORY, "x.md": MEMORY})
    (repo / ".gitmem.toml").write_text(
        '[memory]\ninclude = ["my notes/*.md", "x.md filter=lfs", "\\"q\\".md"]\n')
    commit_all(repo, "config")
    assert gitmem(repo, "hooks", "install", "--merge-driver").code == 0
    out, err = attributes(repo, "my notes/a.md")
    assert (out, err) == ("my notes/a.md: merge: gitmem\n", "")
    out, err = attributes(repo, "x.md")
    assert "filter" not in out and err == "", (out, err)
    out, err = attributes(repo, "my")
    assert out == "" and err == ""
    assert attributes(repo, '"q".md')[0] == '"\\"q\\".md": merge: gitmem\n'
    assert gitmem(repo, "hooks", "uninstall").code == 0
    assert not (repo / ".gitattributes").exists()
    assert git(repo, "status", "--porcelain") == ""

"""GM311 on shapes a judge found falsely reported across all judged batches of public
repositories (issue 17, the in-sample round over every judgment). Written in our own words
after the real files' shapes. Beside each, a path that is really missing is still reported,
so each test can fail."""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, make_repo, write
from lintutil import cli


def missing(repo: Path) -> list[tuple[str, int]]:
    run = cli(repo, "lint", "--format", "json", "--select", "GM311")
    assert run.code in (0, 1), run
    return sorted((f["path"], f["line"]) for f in run.json()["findings"])


def test_a_go_package_qualified_name_is_a_member_of_that_package(tmp_path: Path) -> None:
    # Go code is quoted as `folder/of/package.Symbol`: the package is the folder, the symbol an
    # exported name in one of its files. A file extension after a folder is still a file name,
    # and a symbol of a package folder that does not exist is still reported.
    repo = make_repo(tmp_path / "r", {"go.mod": "module x\n",
                                      "internal/limits/limits.go": "package limits\n"})
    write(repo, {"AGENTS.md": ("# Packages\n\n"
                               "- Clamp sizes with `internal/limits.ClampSize` first.\n"
                               "- Defaults sit in `internal/limits.toml`.\n"
                               "- Tokens come from `internal/tokens.Issue`.\n")})
    commit_all(repo)
    assert missing(repo) == [("AGENTS.md", 4), ("AGENTS.md", 5)]


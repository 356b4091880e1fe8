"""Cited paths that are not paths of the tree as cited (issue 17, blind batch 15's judged-false
GM311, written again in our own words), each beside the citation that stays reported.

- A branch-naming rule lists conventional prefixes ("use a prefix such as `fix/`, `feat/`,
  `test/`; never `docs/` for code"): branch names, not folders, even where a `test/` folder
  once existed. The same `test/` named as where tests live is still a path.
- A rule names a helper as code imports it from the package's source root, without the
  extension (`lib/slugify` for `src/lib/slugify.ts`): it exists. A helper no file stands for
  is still missing.
"""

from __future__ import annotations

from pathlib import Path

from gitutil import git, make_repo
from lintutil import path_findings


def test_branch_prefixes_are_no_folders(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"test/run.sh": "echo ok\n", "src/app.py": "x = 1\n"})
    git(repo, "mv", "test", "checks")
    git(repo, "commit", "-q", "-m", "Rename the test folder")
    (repo / "CLAUDE.md").write_text(
        "# Git\n\n- Name a branch with a prefix: `fix/`, `feat/`, `test/`; never `docs/` for "
        "code.\n- Pick a branch such as `docs/readme-update` for documentation.\n"
        "- Shell checks live in `test/`.\n", encoding="utf-8")
    git(repo, "add", "CLAUDE.md")
    git(repo, "commit", "-q", "-m", "memory")
    assert [(line, code) for line, code, _ in path_findings(repo)] == [(5, "GM311")]


def test_a_module_imported_from_its_source_root_exists(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "src/lib/slugify.ts": "export const slugify = (s: string) => s;\n",
        "CLAUDE.md": "# Uploads\n\n- Rename uploads with `lib/slugify` before saving them.\n"
                     "- Check sizes with `lib/sizeGuard` first.\n",
    })
    assert [(line, code) for line, code, _ in path_findings(repo)] == [(4, "GM314")]

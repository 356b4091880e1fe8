"""GM311 on path shapes that public memory files use and a person judged not missing (issue 17,
fifth round, in our own words): a range of numbered files, and a file a program writes at run
time beside files git does hold. Beside each, a plainly missing file is still reported."""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, make_repo, write
from lintutil import cli


def _codes(repo: Path) -> list[tuple[int, str, str]]:
    run = cli(repo, "lint", "--format", "json", "--select", "GM")  # the info notes too
    assert run.code in (0, 1), run
    return [(f["line"], f["code"], f["message"]) for f in run.json()["findings"]]


def _repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "r", {
        "docs/notes/01-intro.md": "x\n", "docs/notes/02-method.md": "x\n",
        "docs/notes/03-results.md": "x\n", "research/sources.yaml": "a: 1\n",
        "research/fetch.py": "print(1)\n"})


def test_a_range_of_numbered_files_is_no_missing_path(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    write(repo, {"CLAUDE.md": "# Notes\n\n| Part | Files |\n| --- | --- |\n"
                              "| Chapters 1-3 | `docs/notes/01-03` |\n\n"
                              "- The summary is in `docs/notes/04-summary.md`.\n"})
    commit_all(repo)
    assert [(line, code) for line, code, _ in _codes(repo)] == [(7, "GM314")]


def test_a_cache_a_program_writes_is_no_missing_path(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    write(repo, {"CLAUDE.md": "# Data\n\n"
                              "- `research/fetch.py` keeps answers in `research/api-cache.json`.\n"
                              "- Its run log is `research/fetch.log`.\n"
                              "- Its settings are in `research/settings.yaml`.\n"})
    commit_all(repo)
    assert [(line, code) for line, code, _ in _codes(repo)] == [(5, "GM314")]


def test_a_web_apps_route_written_from_slash_is_the_projects_page(tmp_path: Path) -> None:
    # issue 17, sixth round: `/workspace/hr/me/page.tsx` names the page of that route, which the
    # project holds under web/src/app/; a server's own file stays outside the repository
    repo = make_repo(tmp_path / "r", {
        "web/src/app/org/[id]/workspace/staff/me/page.tsx": "export {}\n"})
    write(repo, {"CLAUDE.md": "# Staff pages\n\n"
                              "- [x] Self-service view (`/workspace/staff/me/page.tsx`)\n"
                              "- The proxy reads `/etc/nginx/sites/app.conf`.\n"})
    commit_all(repo)
    assert [(line, code) for line, code, _ in _codes(repo)] == [(4, "GM312")]


def test_a_path_of_a_nested_repository_is_not_this_ones(tmp_path: Path) -> None:
    # issue 17, sixth round: `skins/` is another git repository checked out inside this one;
    # the `tools/preview.py` the item names is that repository's, not this one's (which moved
    # its own tools/preview.py away)
    repo = make_repo(tmp_path / "r", {"tools/preview.py": "print(1)\n"})
    write(repo, {"src/preview.py": "print(1)\n"})
    (repo / "tools" / "preview.py").unlink()
    commit_all(repo, "move the preview tool")
    write(repo, {"CLAUDE.md": "# Layout\n\n"
                              "- `skins/` — a git repo (`site-skins`) of CSS skins, with its own "
                              "`tools/preview.py`\n"
                              "- `docs/` — notes; the preview is `tools/preview.py`\n"})
    commit_all(repo)
    found = [(line, code) for line, code, _ in _codes(repo)]
    assert (3, "GM311") not in found and (4, "GM311") in found, found

"""GM311 on the shapes a blind judge found falsely reported in batch 9 of public repositories
(issue 17, item 4), each written in our own words after the real file's shape. Beside each, a
path that was plainly deleted, renamed or never existed is still reported, so the test can fail."""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, git, make_repo, write
from lintutil import cli


def _findings(repo: Path) -> list[tuple[int, str, str]]:
    run = cli(repo, "lint", "--format", "json", "--select", "GM311,GM313")
    assert run.code in (0, 1), run
    return [(f["line"], f["code"], f["message"]) for f in run.json()["findings"]
            if f["code"] in ("GM311", "GM313")]


def test_an_apps_own_path_is_package_relative_after_the_root_app_moved_into_apps(
        tmp_path: Path) -> None:
    # a single app became a monorepo: its `src/` moved into `apps/web/` (a rename in git), a
    # second app was added, each app a package of its own. A guide for adding an app names
    # `src/main.tsx` as every app sees it: no stale citation. A folder renamed since, and a
    # script moved into a folder that is no package, and a root file deleted while a snapshot
    # of the old app (a package too) keeps a copy, still warn with the commit that did it.
    repo = make_repo(tmp_path / "r", {
        "package.json": "{}\n", "src/main.tsx": "render()\n", "src/App.tsx": "app()\n",
        "poc/run.py": "print(1)\n", "src/store.ts": "store()\n",
        "docs/ref/package.json": "{}\n", "docs/ref/src/store.ts": "store()\n"})
    git(repo, "rm", "-q", "src/store.ts")  # a snapshot of the old app keeps its copy
    git(repo, "mv", "src", "apps-web-src")
    (repo / "apps" / "web").mkdir(parents=True)
    git(repo, "mv", "apps-web-src", "apps/web/src")
    git(repo, "mv", "poc", "doc-poc")
    (repo / "doc").mkdir()
    git(repo, "mv", "doc-poc", "doc/poc")
    write(repo, {"apps/web/package.json": "{\"name\": \"web\"}\n",
                 "apps/game/package.json": "{\"name\": \"game\"}\n",
                 "apps/game/src/main.tsx": "render(game)\n",
                 "apps/game/src/App.tsx": "game()\n"})
    commit_all(repo, "turn the app into a workspace of apps")
    git(repo, "mv", "apps/web", "apps/tetris")
    commit_all(repo, "rename the web app")
    write(repo, {".cursor/rules/apps.mdc": (
        "# Adding an app\n\n"
        "## Step 1: implement src/main.tsx\n\n"
        "| File | Role |\n| --- | --- |\n"
        "| `src/main.tsx` | entry point |\n"
        "| `src/App.tsx` | root component |\n\n"
        "## Deployments\n\n"
        "| Project | Folder |\n| --- | --- |\n"
        "| web | `apps/web` |\n\n"
        "The prototype runner is `poc/run.py`.\n"
        "State lives in `src/store.ts`.\n")})
    commit_all(repo)
    got = _findings(repo)
    assert [(line, code) for line, code, _ in got] == [(14, "GM311"), (16, "GM311"),
                                                       (17, "GM311")]
    assert "renamed to apps/tetris" in got[0][2]
    assert "renamed to doc/poc/run.py" in got[1][2]
    assert "deleted in" in got[2][2]

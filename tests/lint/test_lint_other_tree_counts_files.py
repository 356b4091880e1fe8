"""A memory is taken for another code base's only when it names three distinct never-held files
(GM311 docs): a task runner's copied rules that name its own two files over and over are still
checked against this tree. Files count once each, however often the memory names them."""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, make_repo, write
from lintutil import path_codes


def _steps(*files: str) -> str:
    return "# Runner\n\n" + "".join(
        f"- Step {n}: run `{files[n % len(files)]}`, then check the output.\n" for n in range(10))


def test_two_files_named_ten_times_are_still_checked(tmp_path: Path) -> None:
    # rules copied in from a task runner name its two files ten times, none of them ever in
    # this tree: two distinct files are no other code base, each line is still reported. The
    # same ten lines over three distinct files are one, and report nothing.
    repo = make_repo(tmp_path / "r", {"README.md": "x\n", "src/app.ts": "x\n"})
    write(repo, {
        ".clinerules/runner.md": _steps("tools/devrun.js", "tools/taskgraph.js"),
        ".clinerules/tool.md": _steps("tools/devrun.js", "tools/taskgraph.js",
                                      "tools/watcher.js")})
    commit_all(repo)
    found = path_codes(repo)
    assert [line for path, line, _ in found if path == ".clinerules/runner.md"] == list(
        range(3, 13)), found
    assert [f for f in found if f[0] == ".clinerules/tool.md"] == [], found

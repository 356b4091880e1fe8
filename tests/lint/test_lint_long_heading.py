"""A heading with a long run of spaces in it must not stall `gitmem lint` (and with it the
pre-commit hook) on a repository someone cloned: the heading's closing `#` run is stripped by
hand, not by a regex that backtracked over the spaces (cubic where the cited paths' places are
read, quadratic where the prose lines and the claims are)."""

from __future__ import annotations

import resource
from pathlib import Path

from gitutil import make_repo
from lintutil import cli, path_codes


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def test_a_heading_padded_with_spaces_beside_a_missing_path_lints_quickly(tmp_path: Path) -> None:
    # a few thousand spaces inside a heading, and a line below it that cites a missing file:
    # the missing file is still reported, in far less than the most of a minute it took
    repo = make_repo(tmp_path / "r", {
        "CLAUDE.md": ("# Handbook\n\n## Setup" + " " * 3000 + "steps ##\n\n"
                      "- Run `make test` before a push; see `lib/server.py` and `docs/setup.md`.\n"),
        "lib/server.py": "\n"})
    started = _cpu()
    codes = path_codes(repo)
    assert _cpu() - started < 5.0
    assert codes == [("CLAUDE.md", 5, "GM314")]


def test_a_very_long_padded_heading_alone_lints_quickly(tmp_path: Path) -> None:
    # no path cited: only the prose lines are read, whose heading regex was quadratic
    repo = make_repo(tmp_path / "r", {
        "CLAUDE.md": "# Handbook\n\n## Setup" + " " * 80_000 + "steps\n\n- Run the tests first.\n"})
    started = _cpu()
    run = cli(repo, "lint", "--format", "json")
    assert _cpu() - started < 5.0
    assert run.code in (0, 1), run


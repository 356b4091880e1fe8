"""A list of named items, each entry describing its own item ("`name` - what it does"), holds no
contradiction between its entries: a local and a production variant of one command are two
scripts, not two stances (the one false GM211 of the real-repository census had this shape)."""

from __future__ import annotations

from pathlib import Path

from gitutil import make_repo
from lintutil import cli

SCRIPTS = """# Active context

## Two databases
- **Scripts:** added one script per database:
  - `admin:ui:dev` - Opens the admin console with SQLite
  - `admin:ui:live` - Opens the admin console with PostgreSQL
"""


def gm211(repo: Path) -> list[tuple[int, str]]:
    run = cli(repo, "lint", "--json", "--select", "GM211")
    assert run.code in (0, 1), run.out + run.err
    return [(f["line"], f["message"]) for f in run.json()["findings"]]


def test_variants_of_a_named_command_are_no_contradiction(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory-bank/activeContext.md": SCRIPTS})
    assert gm211(repo) == []


def test_one_named_command_with_two_databases_still_is(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory-bank/activeContext.md": SCRIPTS.replace(
        "`admin:ui:dev`", "`admin:ui`").replace("`admin:ui:live`", "`admin:ui`")})
    found = gm211(repo)
    assert [line for line, _ in found] == [5]
    assert "PostgreSQL" in found[0][1]

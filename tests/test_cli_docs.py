"""docs/cli.md documents every command, and its help blocks are the live `--help`."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("gen_cli_docs", ROOT / "scripts/gen_cli_docs.py")
assert spec and spec.loader
gen = importlib.util.module_from_spec(spec)
sys.modules["gen_cli_docs"] = gen
spec.loader.exec_module(gen)


def test_every_command_has_a_section_and_a_help_block() -> None:
    doc = (ROOT / "docs/cli.md").read_text()
    documented = {m["name"] for m in gen.BLOCK.finditer(doc)}
    missing = [name for name in gen.command_names() if name not in documented]
    assert not missing, f"docs/cli.md lacks help blocks for: {missing}"


def test_help_blocks_match_the_live_help() -> None:
    doc = (ROOT / "docs/cli.md").read_text()
    assert gen.render(doc) == doc, "docs/cli.md is stale: run python scripts/gen_cli_docs.py"


def test_every_command_help_runs() -> None:
    for name in gen.command_names():
        assert "Usage: gitmem" in gen.help_text(name), name


def test_static_short_help_matches_each_command() -> None:
    import click

    from gitmem.cli import COMMANDS, SHORT_HELP, cli

    ctx = click.Context(cli)
    assert set(SHORT_HELP) == set(COMMANDS)
    for name in COMMANDS:
        command = cli.get_command(ctx, name)
        assert command is not None
        assert SHORT_HELP[name] == command.get_short_help_str(limit=100), name

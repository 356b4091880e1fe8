"""Regenerate the `--help` blocks of docs/cli.md from the CLI itself.

docs/cli.md is prose written by hand around one fenced block per command; this script rewrites
only those blocks (between `<!-- help: NAME -->` and `<!-- /help -->`), and
tests/test_cli_docs.py fails when a block differs from the live `--help`.

    python scripts/gen_cli_docs.py          # rewrite docs/cli.md in place
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import click
from click.testing import CliRunner

DOC = Path(__file__).resolve().parents[1] / "docs" / "cli.md"
BLOCK = re.compile(r"<!-- help: (?P<name>[a-z -]+) -->\n```text\n.*?```\n<!-- /help -->", re.S)


def command_names() -> list[str]:
    """Every command and subcommand path, e.g. 'lint', 'plan supersede', 'hooks install'."""
    from gitmem.cli import cli

    names: list[str] = []
    ctx = click.Context(cli)
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        names.append(name)
        if isinstance(command, click.Group):
            names += [f"{name} {sub}" for sub in command.list_commands(ctx)]
    return names


def help_text(name: str) -> str:
    from gitmem.cli import cli

    result = CliRunner().invoke(cli, [*name.split(), "--help"], terminal_width=100,
                                prog_name="gitmem")
    return result.output


def render(doc: str) -> str:
    return BLOCK.sub(
        lambda m: f"<!-- help: {m['name']} -->\n```text\n{help_text(m['name'])}```\n<!-- /help -->",
        doc,
    )


if __name__ == "__main__":
    DOC.write_text(render(DOC.read_text()))
    sys.exit(0)

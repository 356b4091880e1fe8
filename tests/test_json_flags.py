"""Every command that prints data takes both `--json` and `--format json`, with one output."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from gitutil import gitmem, make_repo

from gitmem.cli import COMMANDS, cli


def _commands() -> list[tuple[str, click.Command]]:
    ctx = click.Context(cli)
    out = []
    for name in COMMANDS:
        command = cli.get_command(ctx, name)
        assert command is not None
        subs = command.commands.items() if isinstance(command, click.Group) else []
        out += [(f"{name} {sub}", c) for sub, c in subs] or [(name, command)]
    return out


def test_every_command_with_json_output_also_takes_format_json() -> None:
    for name, command in _commands():
        options = {opt for p in command.params for opt in p.opts}
        if "--json" in options:
            fmt = next(p for p in command.params if "--format" in p.opts)
            assert "json" in fmt.type.choices, name  # type: ignore[attr-defined]


@pytest.mark.parametrize("args", [
    ("candidates",), ("review",), ("log",), ("history", "memory/a.md"), ("recall", "tabs"),
    ("sweep",), ("lint",),
])
def test_json_and_format_json_print_the_same(tmp_path: Path, args: tuple[str, ...]) -> None:
    repo = make_repo(tmp_path / "m", {
        "memory/a.md": "---\nname: a\n---\n- Always indent Python with tabs.\n",
        "memory/b.md": "---\nname: b\n---\n- Never indent Python with tabs.\n",
    })
    one, two = gitmem(repo, *args, "--json"), gitmem(repo, *args, "--format", "json")
    assert one.code == two.code and one.out.lstrip().startswith("{")
    timing = re.compile(r'"seconds": [0-9.]+')  # lint's summary says how long it took
    assert timing.sub("", one.out) == timing.sub("", two.out)

"""What every command shares: opening the workspace from the -C option, JSON output."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any, TextIO, TypeVar

import click

from gitmem.progress import is_terminal
from gitmem.workspace import Workspace, open_workspace


def workspace(ctx: click.Context, overrides: dict[str, Any] | None = None, *,
              memories: bool = True) -> Workspace:
    """The workspace of -C DIR; `memories=False` for a command that reads no memory (see
    `open_workspace`)."""
    root = ctx.find_root()
    directory = (root.obj or {}).get("directory", ".")
    ws = open_workspace(directory, overrides, memories=memories)
    for warning in ws.config.warnings:
        click.echo(f"gitmem: warning: {warning}", err=True)
    return ws


def echo_diff(diff: str, err: bool = False) -> None:
    """A plan's diff: the files' own bytes into a pipe or a file; on a terminal every control
    character but line breaks and tabs escaped, as `show` does (a cloned memory may hold escapes
    that retitle the terminal or write the clipboard)."""
    if is_terminal(sys.stderr if err else sys.stdout):
        from gitmem.lint.formats.printable import printable_lines

        click.echo(printable_lines(diff), nl=False, err=err)
    else:
        click.echo(diff.encode("utf-8", "surrogateescape"), nl=False, err=err)


def emit_json(data: dict[str, Any]) -> None:
    """A command's --json output: `data` under the shared top-level "version" field."""
    from gitmem import jsontext

    click.echo(jsontext.dumps({"version": jsontext.JSON_VERSION, **data}, indent=2))


def wants_color(stream: TextIO) -> bool:
    """Colour for a terminal, unless NO_COLOR is set to a non-empty value (no-color.org: an
    empty NO_COLOR does not turn colour off)."""
    return not os.environ.get("NO_COLOR") and is_terminal(stream)


def location(path: str, line: int) -> dict[str, object]:
    """A claim's place as the JSON outputs write it."""
    return {"path": path, "line": line}


def short(sha: str) -> str:
    return sha[:12]


F = TypeVar("F", bound=Callable[..., Any])


def json_options(func: F) -> F:
    """`--json` and `--format text|json` (the same choice, as lint spells it): the command
    gets `as_json` and `fmt`; `wants_json(as_json, fmt)` says which was chosen."""
    func = click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                        show_default=True, help="Output format; json is the same as --json.")(func)
    return click.option("--json", "as_json", is_flag=True,
                        help="Machine-readable output (same as --format json).")(func)


def wants_json(as_json: bool, fmt: str) -> bool:
    return as_json or fmt == "json"

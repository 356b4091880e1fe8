"""What every command shares: opening the workspace from the -C option, JSON output."""

from __future__ import annotations

from typing import Any

import click

from gitmem import jsontext
from gitmem.workspace import Workspace, open_workspace


def workspace(ctx: click.Context, overrides: dict[str, Any] | None = None) -> Workspace:
    root = ctx.find_root()
    directory = (root.obj or {}).get("directory", ".")
    ws = open_workspace(directory, overrides)
    for warning in ws.config.warnings:
        click.echo(f"gitmem: warning: {warning}", err=True)
    return ws


def emit_json(data: Any) -> None:
    click.echo(jsontext.dumps(data, indent=2))


def location(path: str, line: int) -> dict[str, object]:
    """A claim's place as the JSON outputs write it."""
    return {"path": path, "line": line}


def short(sha: str) -> str:
    return sha[:12]

"""`gitmem log`: the op commits in history. Its own module, importing only what it needs: a
first `gitmem log --json` over 20,000 ops is measured against `git log`, start-up included."""

from __future__ import annotations

import gc

import click

from gitmem import trailers as t
from gitmem.commands.common import json_options, short, wants_json, workspace
from gitmem.errors import UsageError
from gitmem.ops.history import log_json_parts, ops_and_false_claims
from gitmem.trailers import sanitize_value as safe


@click.command()
@click.option("--op", "op_name", default=None, help="Only operations of this kind.")
@click.option("--path", default=None, help="Only operations that touched this memory.")
@json_options
@click.pass_context
def log(ctx: click.Context, op_name: str | None, path: str | None, as_json: bool, fmt: str) -> None:
    """The gitmem operations in history, newest first."""
    as_json = wants_json(as_json, fmt)
    if op_name is not None and op_name not in t.OPS:
        raise UsageError(f"--op {op_name}: no such operation; one of {', '.join(t.OPS)}")
    if as_json:
        # what a run builds (the workspace, the table) holds no reference cycles: the
        # collector would only walk the growing table again and again
        gc.disable()
    ws = workspace(ctx, memories=False)
    rel = ws.relpath(path) if path else None
    if as_json:
        # color=True: echo would otherwise search all 12 MB for terminal escapes to strip
        # when stdout is no terminal (9 ms over 20,000 ops), and JSON has none to strip (it
        # escapes every control character)
        for part in log_json_parts(ws.repo, op_name, rel):
            click.echo(part, nl=False, color=True)
        click.echo()
        return
    ops, false = ops_and_false_claims(ws.repo, op_name, rel)
    for op in ops:
        # a commit gitmem did not write may carry terminal escapes: show text, never controls
        state = f"  [undone by {short(op.undone_by)}]" if op.undone_by else ""
        if op.id in false:  # its Gitmem-Reverts claim is not borne out by its change
            state += "".join(f"  [does not revert {short(named)}]" for named in false[op.id])
        summary = safe(op.summary.removeprefix("gitmem: "))
        click.echo(f"{short(op.id)} {op.date[:19]} {safe(op.op):<10} {summary}{state}")
        for key in ("Gitmem-Reason", "Gitmem-Reverts", "Gitmem-Run"):
            for value in op.trailers.get(key, ()):
                click.echo(f"{'':13}{key.removeprefix('Gitmem-').lower()}: {safe(value)}")
    if not ops:
        filtered = op_name is not None or rel is not None
        click.echo("no gitmem operation matches" if filtered else "no gitmem operations yet",
                   err=True)

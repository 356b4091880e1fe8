"""Commands that read history and memory: log, show, history, recall."""

from __future__ import annotations

import click

from gitmem import trailers as t
from gitmem.commands.common import emit_json, short, workspace
from gitmem.errors import UsageError
from gitmem.ops.history import list_ops, log_json
from gitmem.ops.recall import rank_memories
from gitmem.ops.timeline import path_timeline, resolve_as_of
from gitmem.trailers import sanitize_value as safe


@click.command()
@click.option("--op", "op_name", default=None, help="Only operations of this kind.")
@click.option("--path", default=None, help="Only operations that touched this memory.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_context
def log(ctx: click.Context, op_name: str | None, path: str | None, as_json: bool) -> None:
    """The gitmem operations in history, newest first."""
    if op_name is not None and op_name not in t.OPS:
        raise UsageError(f"--op {op_name}: no such operation; one of {', '.join(t.OPS)}")
    ws = workspace(ctx)
    rel = ws.relpath(path) if path else None
    if as_json:
        click.echo(log_json(ws.repo, op_name, rel))
        return
    ops = list_ops(ws.repo, op_name, rel)
    for op in ops:
        # a commit gitmem did not write may carry terminal escapes: show text, never controls
        state = f"  [undone by {short(op.undone_by)}]" if op.undone_by else ""
        summary = safe(op.summary.removeprefix("gitmem: "))
        click.echo(f"{short(op.id)} {op.date[:19]} {safe(op.op):<10} {summary}{state}")
        for key in ("Gitmem-Reason", "Gitmem-Reverts", "Gitmem-Run"):
            for value in op.trailers.get(key, ()):
                click.echo(f"{'':13}{key.removeprefix('Gitmem-').lower()}: {safe(value)}")
    if not ops:
        filtered = op_name is not None or rel is not None
        click.echo("no gitmem operation matches" if filtered else "no gitmem operations yet",
                   err=True)


@click.command()
@click.argument("path")
@click.option("--as-of", "as_of", default=None, metavar="DATE|REV",
              help="The memory as it was at a date (YYYY-MM-DD[THH:MM]) or a revision.")
@click.pass_context
def show(ctx: click.Context, path: str, as_of: str | None) -> None:
    """Print a memory, now or at a point in time."""
    ws = workspace(ctx)
    rel = ws.memory_path(path, must_exist=False)
    if as_of is None:
        data = ws.repo.read_worktree(rel)
        if data is None:
            raise UsageError(f"{path}: no such memory in the working tree")
    else:
        commit = resolve_as_of(ws.repo, as_of)
        data = ws.repo.read_at(commit, rel)
        if data is None:
            raise UsageError(f"{path} did not exist as of {as_of} (commit {short(commit)})")
    click.echo(data.decode("utf-8", errors="replace"), nl=False)


@click.command()
@click.argument("path")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_context
def history(ctx: click.Context, path: str, as_json: bool) -> None:
    """A memory's timeline: every commit that changed it, ops marked."""
    ws = workspace(ctx)
    rel = ws.memory_path(path, must_exist=False)
    events = path_timeline(ws.repo, rel)
    if not events:
        raise UsageError(f"{path} has no history in this branch")
    if as_json:
        emit_json({"path": rel, "events": events})
        return
    for event in events:
        op = event["op"] or "edit"
        click.echo(f"{short(str(event['id']))} {str(event['date'])[:19]} {safe(str(op)):<10} "
                   f"{safe(str(event['summary']))}")


@click.command()
@click.argument("query", required=False, default="")
@click.option("--include-superseded", is_flag=True,
              help="Also show superseded memories and match superseded claims.")
@click.option("--limit", default=20, show_default=True, type=click.IntRange(min=1),
              help="At most this many memories.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_context
def recall(ctx: click.Context, query: str, include_superseded: bool, limit: int,
           as_json: bool) -> None:
    """Active memories matching a query, best first (superseded ones hidden)."""
    ws = workspace(ctx)
    ranked = rank_memories(ws.memories("worktree"), query, include_superseded)[:limit]
    if as_json:
        emit_json({"memories": [
            {"path": m.path, "name": m.name, "type": m.type, "superseded_by": m.superseded_by,
             "protected": m.protected, "score": round(score, 4)} for m, score in ranked]})
        return
    for memory, score in ranked:
        flag = f"  (superseded by {memory.superseded_by})" if memory.superseded_by else ""
        desc = memory.meta.get("description")
        desc = f": {desc}" if isinstance(desc, str) else ""
        click.echo(f"{score:.2f} {memory.path}{desc}{flag}")

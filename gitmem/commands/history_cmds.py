"""Commands that read history and memory: show, history, recall (`log` is log_cmd.py)."""

from __future__ import annotations

import sys

import click

from gitmem.commands.common import emit_json, json_options, location, short, wants_json, workspace
from gitmem.errors import EXIT_FINDINGS, UsageError
from gitmem.lint.formats.printable import printable, printable_lines
from gitmem.ops.evidence import claim_evidence
from gitmem.ops.recall import memory_evidence, with_evidence
from gitmem.ops.recall import recall as recall_memories
from gitmem.ops.timeline import path_timeline, resolve_as_of
from gitmem.progress import is_terminal
from gitmem.trailers import sanitize_value as safe


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
    _print_memory(data)


def _print_memory(data: bytes) -> None:
    """A memory's bytes, exactly, into a pipe or a file (so `show --as-of` can restore one); on
    a terminal every control character but line breaks and tabs is shown escaped, because a
    cloned repository's memory may carry sequences that retitle, clear or rewrite the screen."""
    out = sys.stdout
    if not is_terminal(out):
        out.flush()
        out.buffer.write(data)
        out.buffer.flush()
        return
    click.echo(printable_lines(data.decode("utf-8", errors="replace")), nl=False)


@click.command()
@click.argument("path")
@json_options
@click.pass_context
def history(ctx: click.Context, path: str, as_json: bool, fmt: str) -> None:
    """A memory's timeline: every commit that changed it, ops marked."""
    as_json = wants_json(as_json, fmt)
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
@json_options
@click.pass_context
def recall(ctx: click.Context, query: str, include_superseded: bool, limit: int,
           as_json: bool, fmt: str) -> None:
    """Active memories matching a query, best first, with matching claims."""
    ws = workspace(ctx)
    found = recall_memories(ws.memories("worktree"), query, include_superseded)
    if found and query.strip():  # the citations of the first few decide near ties
        head = found[: limit * 3]
        verdicts = memory_evidence(claim_evidence(ws, [r.memory for r in head]))
        found = with_evidence(head, verdicts) + found[limit * 3:]
    found = found[:limit]
    if wants_json(as_json, fmt):
        emit_json({"memories": [
            {"path": r.memory.path, "name": r.memory.name, "type": r.memory.type,
             "superseded_by": r.memory.superseded_by, "protected": r.memory.protected,
             "score": r.score, "snippets": [location(c.path, c.line) | {"text": c.text}
                                            for c in r.snippets]} for r in found]})
    for r in [] if wants_json(as_json, fmt) else found:
        memory = r.memory
        flag = (f"  (superseded by {printable(memory.superseded_by)})" if memory.superseded_by
                else "")
        desc = memory.meta.get("description")
        desc = f": {' '.join(desc.split())}" if isinstance(desc, str) else ""
        click.echo(f"{r.score:.2f} {printable(memory.path)}{safe(desc)}{flag}")
        for claim in r.snippets:
            click.echo(f"    {claim.line}: {safe(claim.text)}")
    if not found:
        what = "no memory matches the query" if query.strip() else "no memories"
        click.echo(f"{what}{'' if include_superseded else ' (superseded ones are hidden: see '}"
                   f"{'' if include_superseded else '--include-superseded)'}", err=True)
        raise SystemExit(EXIT_FINDINGS)

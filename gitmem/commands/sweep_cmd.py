"""`gitmem sweep`: the scheduled pass that resolves what the authority order decides."""

from __future__ import annotations

import datetime as dt

import click

from gitmem import trailers as t
from gitmem.commands.common import emit_json, json_options, location, short, wants_json, workspace
from gitmem.errors import GitStateError, StalePlanError
from gitmem.lint.formats.printable import printable
from gitmem.ops.apply import commit_changes
from gitmem.ops.sweep import Decision, current_items, decide, new_run_id, undone_items
from gitmem.review_queue import ReviewItem, enqueue


def _sweep_entry(d: Decision, status: str, commit: str | None = None) -> dict[str, object]:
    keep = dict(d.plan.trailers).get(t.KEEP) if d.plan is not None else None
    return {"id": d.item.id, "kind": d.item.kind, "status": status, "basis": d.basis,
            "keep": keep, "commit": commit, "a": location(d.item.a_path, d.item.a_line),
            "b": location(d.item.b_path, d.item.b_line)}


@click.command()
@click.option("--apply", "do_apply", is_flag=True, help="Commit the resolutions (default: dry run).")
@json_options
@click.pass_context
def sweep(ctx: click.Context, do_apply: bool, as_json: bool, fmt: str) -> None:
    """The scheduled pass: resolve what the authority order decides, queue the rest."""
    as_json = wants_json(as_json, fmt)
    ws = workspace(ctx)
    if do_apply:
        ws.repo.require_writable()  # detached HEAD, a merge in progress: refuse the whole run
    today, run = dt.date.today(), new_run_id()
    taken_back = undone_items(ws.repo)  # a run resolves, never undoes: one look is enough
    if not do_apply:
        corpus = ws.memories("worktree")
        items = current_items(ws, corpus, today, "sweep")
        _dry_run(decide(ws, corpus, items, today, run, taken_back), ws.config.max_mutations,
                 as_json)
        return
    say = (lambda *args, **kw: None) if as_json else click.echo
    report: list[dict[str, object]] = []
    applied: list[str] = []
    seen: set[str] = set()
    skipped: list[ReviewItem] = []
    while True:
        corpus = ws.memories("worktree")  # again each round: the last commit changed files
        items = [i for i in current_items(ws, corpus, today, "sweep") if i.id not in seen]
        decisions = decide(ws, corpus, items, today, run, taken_back)
        todo = next((d for d in decisions if d.plan is not None), None)
        if todo is None or len(applied) >= ws.config.max_mutations:
            break
        assert todo.plan is not None
        seen.add(todo.item.id)
        try:
            sha = commit_changes(ws, todo.plan)
        except (GitStateError, StalePlanError) as exc:
            try:
                ws.repo.require_writable()  # the repository refuses every op: exit 4
            except GitStateError:
                if applied:  # say what this run committed, and how to take it back, first
                    _applied_so_far(run, applied, report, as_json)
                raise
            click.echo(f"skipped {todo.item.id}: {exc}", err=True)  # a memory being edited
            report.append(_sweep_entry(todo, "skipped"))
            skipped.append(todo.item)
            continue
        applied.append(sha)
        report.append(_sweep_entry(todo, "resolved", sha))
        say(f"resolved {todo.item.id} ({todo.basis}) in {short(sha)}")
    undecided = [d.item for d in decisions if d.plan is None] + skipped
    left = [d for d in decisions if d.plan is not None]  # over max_mutations
    enqueue(ws.repo.state_dir, undecided)
    if as_json:
        report += [_sweep_entry(d, "review") for d in decisions if d.plan is None]
        report += [_sweep_entry(d, "left") for d in left]
        emit_json({"dry_run": False, "run": run if applied else None, "items": report})
        return
    if not applied:
        click.echo(f"nothing resolved; {len(undecided)} queued for review"
                   + (f"; {len(left)} left for the next run (policy.max_mutations)" if left else ""))
        return
    click.echo(f"{len(applied)} resolution(s) committed as run {run}; {len(undecided)} queued "
               f"for review" + (f", {len(left)} left for the next run (policy.max_mutations)"
                                if left else "")
               + f"; undo the run with `gitmem undo --run {run}`")


def _dry_run(decisions: list[Decision], max_mutations: int, as_json: bool) -> None:
    """What `sweep --apply` would do: the first `max_mutations` decided items resolved, the
    rest of them left for a later run, the undecided ones queued."""
    report, planned = [], 0
    for d in decisions:
        if d.plan is not None:
            planned += 1
        status = "review" if d.plan is None else (
            "would_resolve" if planned <= max_mutations else "left")
        report.append(_sweep_entry(d, status))
        if status == "would_resolve":
            verb = f"would resolve ({d.basis})"
        elif status == "left":
            verb = "would be left for the next run (policy.max_mutations)"
        elif d.basis == "undone before":
            verb = "needs review (its resolution was undone)"
        else:
            verb = "needs review"
        if not as_json:
            click.echo(f"{d.item.id}  {verb}: {printable(d.item.a_path)}:{d.item.a_line} ~ "
                       f"{printable(d.item.b_path)}:{d.item.b_line}")
    if as_json:
        emit_json({"dry_run": True, "run": None, "items": report})
    elif not decisions:
        click.echo("nothing to resolve or review", err=True)
    elif planned:
        click.echo("dry run: nothing changed; run `gitmem sweep --apply` to commit", err=True)


def _applied_so_far(run: str, applied: list[str], report: list[dict[str, object]],
                    as_json: bool) -> None:
    """A run the repository stopped midway: what it committed, before the refusal is raised."""
    if as_json:
        emit_json({"dry_run": False, "run": run, "items": report})
    else:
        click.echo(f"{len(applied)} resolution(s) committed as run {run} before the repository "
                   f"refused the next; undo them with `gitmem undo --run {run}`")

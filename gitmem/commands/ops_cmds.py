"""Commands that write memory: init, plan/apply, supersede, merge, protect, unprotect, undo."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence

import click

from gitmem import trailers as t
from gitmem.commands.common import echo_diff, emit_json, json_options, short, wants_json, workspace
from gitmem.config import CONFIG_FILE, default_toml
from gitmem.consistency.lexicon import lexicon_for
from gitmem.errors import GitStateError, StalePlanError, UsageError
from gitmem.lint.formats.printable import printable
from gitmem.model import FileChange, Memory, Plan
from gitmem.ops.agent_effects import INDEX_NAME, read_indexes
from gitmem.ops.apply import commit_changes
from gitmem.ops.diff import plan_diff, unified_diff
from gitmem.ops.explain import explain
from gitmem.ops.history import list_ops
from gitmem.ops.plan import merge_plan, protect_plan, supersede_plan
from gitmem.ops.scoring import score_pair
from gitmem.ops.store import discard_plan, load_plan, save_plan
from gitmem.ops.undo import resolve_op, undo_plans
from gitmem.workspace import Workspace


def _load(ws: Workspace, user_path: str) -> Memory:
    rel = ws.memory_path(user_path)
    memory = ws.memory_at(rel, "HEAD")
    assert memory is not None  # memory_path checked it is committed
    return memory


def _indexes(ws: Workspace, memories: Sequence[Memory]) -> dict[str, bytes]:
    """The committed MEMORY.md files that may link these memories (none of them itself)."""
    named = {m.path for m in memories}
    found = read_indexes(sorted(named), lambda path: ws.repo.read_at("HEAD", path))
    return {path: raw for path, raw in found.items() if path not in named}


def _supersede(ws: Workspace, old: str, new: str, reason: str) -> Plan:
    a, b = _load(ws, old), _load(ws, new)
    klass, confidence, signals = score_pair(b, a, ws.config)
    return supersede_plan(a, b, today=dt.date.today(), reason=reason, klass=klass,
                          confidence=confidence, signals=signals, indexes=_indexes(ws, [a, b]))


def _merge(ws: Workspace, paths: Sequence[str], into: str | None, reason: str) -> Plan:
    if len(paths) < 2:
        raise UsageError("merge needs at least two memories: gitmem merge A B [--into A]")
    memories = [_load(ws, p) for p in paths]
    survivor = _load(ws, into) if into else memories[0]
    if survivor.path not in {m.path for m in memories}:
        raise UsageError(f"--into {into} must be one of the memories being merged")
    others = [m for m in memories if m.path != survivor.path]
    klass, confidence, signals = score_pair(survivor, others[0], ws.config) if len(others) == 1 \
        else ("possible", None, {})
    plan = merge_plan(memories, survivor, today=dt.date.today(), reason=reason, klass=klass,
                      confidence=confidence, signals=signals,
                      match_threshold=ws.config.match_threshold,
                      possible_threshold=ws.config.possible_threshold,
                      indexes=_indexes(ws, memories),
                      lexicon=lexicon_for(ws.config.lexicon))
    for line in plan.body.splitlines():
        if line.startswith("Contradicts the survivor: "):  # carried, but someone should decide
            click.echo(f"warning: {printable(line)} (after the merge, `gitmem review` lists it)",
                       err=True)
    return plan


def _gate(ws: Workspace, plan: Plan, confirm: bool, plan_id: str | None = None) -> None:
    """Without --confirm only a byte-identical match-band plan applies, and only with
    policy.auto_apply; everything else is shown and waits for a person."""
    automatic = ws.config.auto_apply and plan.klass == "match" and plan.signals.get("identical")
    if confirm or automatic:
        return
    again = f"gitmem apply {short(plan_id)} --confirm" if plan_id else "the same command with --confirm"
    raise UsageError(
        f"this {plan.op} is in the '{plan.klass}' band and needs a person's confirmation: review "
        f"the diff, then run {again}"
    )


def _report(plan: Plan, sha: str) -> None:
    click.echo(printable(plan.summary.removeprefix("gitmem: ")))
    click.echo(f"committed {short(sha)}; undo with `gitmem undo {short(sha)}`")


def _store_and_print(ws: Workspace, plan: Plan, as_json: bool) -> None:
    """Check that the plan's diff reads back and applies (else exit 70, nothing stored), store
    the plan, print it."""
    diff = plan_diff(plan.changes)
    plan_id = save_plan(ws.repo.state_dir, plan, ws.repo.head_id())
    why = explain(plan, ws.config.match_threshold, ws.config.possible_threshold)
    if as_json:
        emit_json({"plan": plan_id, "op": plan.op, "class": plan.klass,
                   "confidence": plan.confidence, "signals": dict(plan.signals), "diff": diff,
                   "explanation": why})
        return
    echo_diff(diff)
    conf = "" if plan.confidence is None else f", confidence {plan.confidence:.2f}"
    click.echo(f"\nplan {plan_id}: {plan.op}, class {plan.klass}{conf}")
    for line in filter(None, why.values()):
        click.echo(f"  {printable(line)}")
    click.echo(f"apply it with: gitmem apply {plan_id} --confirm")


def _one_step(ctx: click.Context, plan: Plan, confirm: bool, ws: Workspace) -> None:
    try:
        _gate(ws, plan, confirm)
    except UsageError:
        echo_diff(unified_diff(plan.changes), err=True)
        why = explain(plan, ws.config.match_threshold, ws.config.possible_threshold)
        click.echo("".join(f"{printable(line)}\n" for line in why.values() if line), nl=False,
                   err=True)
        raise
    _report(plan, commit_changes(ws, plan))


def _echo_layouts(names: tuple[str, ...]) -> None:
    from gitmem.memory.layouts import LAYOUTS

    if not names:
        click.echo("no agent-memory layout found: every Markdown file is a memory "
                   "(memory.include in .gitmem.toml narrows it)")
        return
    click.echo("agent-memory layouts found (memory.include reads these, not the project's docs):")
    for layout in LAYOUTS:
        if layout.name in names:
            click.echo(f"  {layout.name} ({layout.agent}): {', '.join(layout.include)}")


@click.command()
@click.option("--hooks", "with_hooks", is_flag=True, help="Also install the git hooks.")
@click.option("--merge-driver", is_flag=True, help="Also register the memory merge driver.")
@click.pass_context
def init(ctx: click.Context, with_hooks: bool, merge_driver: bool) -> None:
    """Write .gitmem.toml with the defaults, as one commit (Gitmem-Op: init)."""
    ws = workspace(ctx)
    if with_hooks or merge_driver:  # a refusal must come before the init commit
        from gitmem.hooks import check_installable

        check_installable(ws.repo, hooks=with_hooks, merge_driver=merge_driver)
    head = ws.repo.head_id()
    existing = ws.repo.read_at("HEAD", CONFIG_FILE) if head else None
    if existing is not None:
        click.echo(f"{CONFIG_FILE} is already committed; nothing to do")
    else:
        if (ws.repo.root / CONFIG_FILE).exists():
            raise GitStateError(
                f"{CONFIG_FILE} exists but is not committed; commit it (or remove it), then run "
                "`gitmem init` again"
            )
        plan = Plan(
            op="init",
            changes=(FileChange(CONFIG_FILE, None, default_toml(ws.config).encode()),),
            summary="gitmem: init",
            trailers=((t.OP, "init"), (t.PATH, CONFIG_FILE)),
        )
        _echo_layouts(ws.config.layouts)
        sha = commit_changes(ws, plan)
        click.echo(f"wrote {CONFIG_FILE} in commit {short(sha)}")
    if with_hooks or merge_driver:
        from gitmem.hooks import install_hooks

        for line in install_hooks(ws.repo, hooks=with_hooks, merge_driver=merge_driver):
            click.echo(line)


@click.group()
def plan() -> None:
    """Compute a plan, print its diff and id; change nothing tracked."""


@plan.command("supersede")
@click.argument("old")
@click.option("--by", "new", required=True, help="The memory that replaces OLD.")
@click.option("--reason", default="", help="Why (recorded as Gitmem-Reason).")
@json_options
@click.pass_context
def plan_supersede(ctx: click.Context, old: str, new: str, reason: str, as_json: bool, fmt: str) -> None:
    """Plan marking OLD as superseded by NEW."""
    as_json = wants_json(as_json, fmt)
    ws = workspace(ctx)
    p = _supersede(ws, old, new, reason)
    _store_and_print(ws, p, as_json)


@plan.command("merge")
@click.argument("paths", nargs=-1, required=True)
@click.option("--into", default=None, help="The surviving memory (default: the first).")
@click.option("--reason", default="", help="Why (recorded as Gitmem-Reason).")
@json_options
@click.pass_context
def plan_merge(ctx: click.Context, paths: tuple[str, ...], into: str | None, reason: str,
               as_json: bool, fmt: str) -> None:
    """Plan merging memories into one survivor."""
    as_json = wants_json(as_json, fmt)
    ws = workspace(ctx)
    p = _merge(ws, paths, into, reason)
    _store_and_print(ws, p, as_json)


@click.command()
@click.argument("plan_id", metavar="PLAN")
@click.option("--confirm", is_flag=True, help="Apply a plan that is not auto-applicable.")
@click.pass_context
def apply(ctx: click.Context, plan_id: str, confirm: bool) -> None:
    """Apply a stored plan as one op commit; refuse a stale or tampered plan."""
    ws = workspace(ctx)
    try:
        full_id, p, _head = load_plan(ws.repo.state_dir, plan_id)
    except StalePlanError:
        key = plan_id.strip().lower()
        applied = next((op for op in list_ops(ws.repo) if len(key) >= 4 and any(
            value.startswith(key) for value in op.trailers.get(t.PLAN, ()))), None)
        if applied is None:
            raise
        state = f", undone since by {short(applied.undone_by)}" if applied.undone_by else ""
        click.echo(f"plan {plan_id} was already applied in {short(applied.id)} "
                   f"({printable(applied.summary.removeprefix('gitmem: '))}{state}); nothing to do")
        return
    for change in p.changes:
        if change.path.startswith("/") or ".." in change.path.split("/") or (
            not ws.matcher.matches(change.path) and change.path.rsplit("/", 1)[-1] != INDEX_NAME
        ):
            raise StalePlanError(f"plan {plan_id} touches {change.path!r}, not a memory; refused")
    _gate(ws, p, confirm, full_id)
    p = dataclasses.replace(p, trailers=p.trailers + ((t.PLAN, full_id[:12]),))
    sha = commit_changes(ws, p, stale_is_plan_error=True)
    discard_plan(ws.repo.state_dir, full_id)
    _report(p, sha)


@click.command()
@click.argument("old")
@click.option("--by", "new", required=True, help="The memory that replaces OLD.")
@click.option("--reason", default="", help="Why (recorded as Gitmem-Reason).")
@click.option("--confirm", is_flag=True, help="Apply without auto-apply policy.")
@click.pass_context
def supersede(ctx: click.Context, old: str, new: str, reason: str, confirm: bool) -> None:
    """Mark OLD as superseded by NEW (plan + apply in one step)."""
    ws = workspace(ctx)
    _one_step(ctx, _supersede(ws, old, new, reason), confirm, ws)


@click.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--into", default=None, help="The surviving memory (default: the first).")
@click.option("--reason", default="", help="Why (recorded as Gitmem-Reason).")
@click.option("--confirm", is_flag=True, help="Apply without auto-apply policy.")
@click.pass_context
def merge(ctx: click.Context, paths: tuple[str, ...], into: str | None, reason: str,
          confirm: bool) -> None:
    """Merge memories into one survivor (plan + apply in one step)."""
    ws = workspace(ctx)
    _one_step(ctx, _merge(ws, paths, into, reason), confirm, ws)


def _protect(ctx: click.Context, path: str, reason: str, on: bool) -> None:
    ws = workspace(ctx)
    memory = _load(ws, path)
    if memory.protected == on:  # a no-op, like init twice: exit 0
        click.echo(f"{printable(memory.path)} is already {'protected' if on else 'not protected'}; "
                   "nothing to do")
        return
    p = protect_plan(memory, on, reason)
    sha = commit_changes(ws, p)  # the note below tells what was done: only once it is
    if on and not memory.has_frontmatter:
        click.echo(f"note: {printable(memory.path)} had no frontmatter; a block now holds `protected: "
                   "true` (unprotect removes it again)", err=True)
    _report(p, sha)


@click.command()
@click.argument("path")
@click.option("--reason", default="", help="Why (recorded as Gitmem-Reason).")
@click.pass_context
def protect(ctx: click.Context, path: str, reason: str) -> None:
    """Pin a memory: it can survive a merge but is never merged away or superseded."""
    _protect(ctx, path, reason, True)


@click.command()
@click.argument("path")
@click.option("--reason", default="", help="Why (recorded as Gitmem-Reason).")
@click.pass_context
def unprotect(ctx: click.Context, path: str, reason: str) -> None:
    """Remove a memory's pin."""
    _protect(ctx, path, reason, False)


@click.command()
@click.argument("op_id", metavar="[OP]", required=False)
@click.option("--last", is_flag=True,
              help="Undo the newest operation not yet undone (never an init).")
@click.option("--run", "run_id", default=None, help="Undo every operation of one sweep run.")
@click.pass_context
def undo(ctx: click.Context, op_id: str | None, last: bool, run_id: str | None) -> None:
    """Revert an op commit (undoing an undo is a redo)."""
    if sum(bool(x) for x in (op_id, last, run_id)) != 1:
        raise UsageError("name exactly one of: an operation id, --last, or --run RUN")
    ws = workspace(ctx)
    for sha, p in undo_plans(ws.repo, resolve_op(ws.repo, op_id, last, run_id), run_id):
        for change in p.changes:
            if change.after is None:  # said before the commit: the file leaves the tree
                click.echo(f"undo removes {printable(change.path)}, which "
                           f"{short(sha)} added", err=True)
        new = commit_changes(ws, p)
        summary = printable(p.summary.removeprefix("gitmem: undo "))
        click.echo(f"undid {short(sha)} ({summary}) in {short(new)}")

"""Consistency commands: candidates, review, resolve, dismiss, save (sweep: `sweep_cmd.py`)."""

from __future__ import annotations

import datetime as dt
import shlex
import sys
from collections import Counter
from collections.abc import Callable, Sequence

import click

from gitmem.commands.common import emit_json, json_options, location, short, wants_json, workspace
from gitmem.commands.review_text import SUMMARY_OVER, by_kind, echo_queue
from gitmem.config import Config
from gitmem.consistency.corpus import corpus_pairs
from gitmem.errors import EXIT_FINDINGS, GitStateError, UsageError
from gitmem.lint.formats.printable import printable
from gitmem.memory.parse import parse_memory
from gitmem.model import Claim, Memory
from gitmem.ops.apply import commit_changes
from gitmem.ops.evidence import claim_evidence, unknown_commits
from gitmem.ops.resolve import dismiss_plan, resolve_plan
from gitmem.ops.save import new_memory_path, render_memory, save_plan
from gitmem.ops.sweep import (
    current_items,
    detected_pairs,
    item_for,
    sides_of,
)
from gitmem.review_queue import ReviewItem, enqueue, remove
from gitmem.workspace import Workspace


def _side(claim: Claim) -> dict[str, object]:
    """One side of a pair in JSON: where the claim stands and what it says."""
    return {**location(claim.path, claim.line), "text": claim.text}


@click.command()
@json_options
@click.pass_context
def candidates(ctx: click.Context, as_json: bool, fmt: str) -> None:
    """Duplicate and contradiction candidate pairs with score, class and signals."""
    as_json = wants_json(as_json, fmt)
    ws = workspace(ctx)
    pairs = detected_pairs(ws, ws.memories("worktree"))
    if as_json:
        emit_json({"pairs": [
            {"kind": p.kind, "class": p.klass, "score": round(p.score, 4),
             "confidence": round(p.confidence, 4), "a": _side(p.a), "b": _side(p.b), "signals": dict(p.signals)} for p in pairs]})
        return
    for p in pairs:
        click.echo(f"{p.kind:<13} {p.klass:<8} {p.score:.2f}  {printable(p.a.path)}:{p.a.line} ~ "
                   f"{printable(p.b.path)}:{p.b.line}")
        click.echo(f"{'':24}{printable(p.a.text)}\n{'':24}{printable(p.b.text)}")
    click.echo(f"{len(pairs)} candidate pair(s)", err=True)


def _item(ws: Workspace, memories: list[Memory], item_id: str, today: dt.date) -> ReviewItem:
    item_id = item_id.strip()
    if not item_id:
        raise UsageError("name a review item (an empty id matches nothing); `gitmem review` "
                         "lists them")
    matches = [i for i in current_items(ws, memories, today) if i.id.startswith(item_id.lower())]
    if not matches:
        raise UsageError(f"no pending review item {item_id!r}; `gitmem review` lists them")
    if len(matches) > 1:
        raise UsageError(f"review item id {item_id!r} is ambiguous; give more characters")
    return matches[0]


@click.command()
@click.option("--all", "everything", is_flag=True,
              help=f"List every item (a queue over {SUMMARY_OVER} items is summarised).")
@json_options
@click.pass_context
def review(ctx: click.Context, everything: bool, as_json: bool, fmt: str) -> None:
    """The pending-review queue: pairs waiting for a person's decision."""
    as_json = wants_json(as_json, fmt)
    ws = workspace(ctx)
    items = current_items(ws, ws.memories("worktree"), dt.date.today())
    if as_json:  # always every item: scripts read the whole queue
        emit_json({"items": [i.as_json() for i in items],  # each side: path, line, text
                   "summary": {"total": len(items), "by_kind": by_kind(items)}})
        return
    echo_queue(items, everything)
    if items:
        click.echo("decide with `gitmem resolve ID --keep PATH` or `gitmem dismiss ID`", err=True)
    else:
        click.echo("nothing to review", err=True)


def _keep_argument(ws: Workspace, keep: str) -> tuple[str, int | None]:
    """`--keep PATH` or `--keep PATH:LINE` (the line is needed when both claims share a file)."""
    path, _, line = keep.rpartition(":")
    if path and line.isdigit():
        return ws.relpath(path), int(line)
    return ws.relpath(keep), None


@click.command()
@click.argument("item_id", metavar="ITEM")
@click.option("--keep", "keep", required=True,
              help="The memory whose claim stands (PATH:LINE when both claims are in one file).")
@click.option("--reason", default="", help="Why (recorded as Gitmem-Reason).")
@click.pass_context
def resolve(ctx: click.Context, item_id: str, keep: str, reason: str) -> None:
    """Settle a review item: the other side's claim is superseded (one op commit)."""
    ws = workspace(ctx)
    today = dt.date.today()
    corpus = ws.memories("worktree")
    item = _item(ws, corpus, item_id, today)
    keep_path, keep_line = _keep_argument(ws, keep)
    a, b = f"{item.a_path}:{item.a_line}", f"{item.b_path}:{item.b_line}"
    if item.a_path == item.b_path and item.a_line == item.b_line:
        raise UsageError(f"both claims are on line {item.a_line} of {item.a_path}; put them on "
                         "lines of their own (or edit the line by hand), then resolve")
    if item.a_path == item.b_path:  # both claims in one file: only the line tells them apart
        if keep_path != item.a_path or keep_line not in (item.a_line, item.b_line):
            raise UsageError(f"both claims are in {item.a_path}; say which one stands: "
                             f"--keep {a} or --keep {b}")
        keep_a = keep_line == item.a_line
    else:
        if keep_path not in (item.a_path, item.b_path) or (
            keep_line is not None and f"{keep_path}:{keep_line}" not in (a, b)
        ):
            raise UsageError(f"--keep must be {item.a_path} or {item.b_path}")
        keep_a = keep_path == item.a_path
    sides = sides_of(item, {m.path: m for m in corpus}, {})
    assert sides is not None  # current_items only returns items whose claims stand
    winner, loser = sides if keep_a else (sides[1], sides[0])
    plan = resolve_plan(winner, loser, today=today, item_id=item.id, basis="review",
                        reason=reason, confidence=item.confidence)
    sha = commit_changes(ws, plan)
    remove(ws.repo.state_dir, item.id)
    click.echo(f"kept {printable(winner.memory.path)}:{winner.claim.line}; superseded "
               f"{printable(loser.memory.path)}:{loser.claim.line} in {short(sha)}")


@click.command()
@click.argument("item_id", metavar="ITEM")
@click.option("--until", "until", default=None, metavar="DATE",
              help="Do not raise the pair again before this date (default: policy.dismiss_days).")
@click.option("--reason", default="", help="Why (recorded as Gitmem-Reason).")
@click.pass_context
def dismiss(ctx: click.Context, item_id: str, until: str | None, reason: str) -> None:
    """Dismiss a review item: record a per-pair cooldown in both memories (one op commit)."""
    ws = workspace(ctx)
    today = dt.date.today()
    if until is None:
        day = today + dt.timedelta(days=ws.config.dismiss_days)
    else:
        try:
            day = dt.date.fromisoformat(until)
        except ValueError:
            raise UsageError(f"--until {until!r} is not a date (YYYY-MM-DD)") from None
        if day <= today:
            raise UsageError("--until must be a date in the future")
    corpus = ws.memories("worktree")
    item = _item(ws, corpus, item_id, today)
    if item.a_path == item.b_path:  # the commands to paste, not ITEM and LINE to fill in
        keep = [shlex.quote(f"{item.a_path}:{line}") for line in (item.a_line, item.b_line)]
        raise GitStateError(
            f"both claims of {item.id} are in {item.a_path}, and a cooldown is kept "
            "per pair of memories, so it cannot hold a pair inside one file: say which line "
            f"stands (`gitmem resolve {item.id} --keep {keep[0]}` or `gitmem resolve "
            f"{item.id} --keep {keep[1]}`) or edit the file")
    memories = {m.path: m for m in corpus}
    plan = dismiss_plan(memories[item.a_path], memories[item.b_path], until=day,
                        item_id=item.id, reason=reason)
    sha = commit_changes(ws, plan)
    remove(ws.repo.state_dir, item.id)
    click.echo(f"dismissed {item.id} until {day.isoformat()} in {short(sha)}")


def _stdin_text() -> str:
    data = sys.stdin.buffer.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UsageError(f"the text on stdin is not valid UTF-8 (byte {error.start}); "
                         "convert it to UTF-8 and run again") from None


def _folder_hint(matches: Callable[[str], bool], path: str, existing: Sequence[Memory],
                 config: Config) -> str:
    """A folder of the existing memories where the new file would be a memory, as a hint; else
    the memory.include entry that would take it, and where to add it."""
    name = path.rsplit("/", 1)[-1]
    folders = Counter(m.path.rsplit("/", 1)[0] for m in existing if "/" in m.path)
    for folder, _ in folders.most_common():
        if matches(f"{folder}/{name}"):
            return f" (--folder {shlex.quote(folder)} would do)"  # a command to paste as is
    # no folder takes it (the memory is AGENTS.md or CLAUDE.md files only): the glob to add
    glob = f"{path.rsplit('/', 1)[0]}/*.md" if "/" in path else path
    if "include" in config.from_file:
        return f' (or add "{glob}" to memory.include in .gitmem.toml)'
    if "include" in config.explicit:  # git config or the environment, which win over the file
        return (f' (or add "{glob}" to memory.include where you set it: git config '
                "gitmem.memory.include or GITMEM_MEMORY_INCLUDE)")
    # memory.include is discovered: a file naming only the new glob would drop the layouts
    return (" (or run `gitmem init`, which writes the layouts it found to memory.include in "
            f'.gitmem.toml, and add "{glob}" there)')


@click.command()
@click.argument("text")
@click.option("--category", required=True, help="The memory's type (user, feedback, project...).")
@click.option("--tag", "tags", multiple=True, help="A tag (repeatable).")
@click.option("--from-user", is_flag=True, help="The user said it: it wins over agents' notes.")
@click.option("--folder", default="memory", show_default=True, help="Where the file goes.")
@click.option("--force", is_flag=True, help="Save even if it cites a commit no repository has.")
@click.option("--reason", default="", help="Why (recorded as Gitmem-Reason).")
@click.pass_context
def save(ctx: click.Context, text: str, category: str, tags: tuple[str, ...], from_user: bool,
         folder: str, force: bool, reason: str) -> None:
    """Write a new memory and, in the same commit, supersede what it contradicts.

    TEXT is what to remember; `-` reads it from stdin."""
    if text == "-":
        text = _stdin_text()
    if not text.strip():
        raise UsageError("TEXT is empty; say what to remember")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # bytes that are not UTF-8 on the command line
        raise UsageError("TEXT is not valid UTF-8, and a memory is UTF-8 text; pass it as "
                         "UTF-8 (nothing was saved)") from None
    if text.strip().splitlines()[0].strip() == "---":
        raise UsageError(
            "TEXT starts with a '---' line, which would be read as frontmatter; save writes the "
            "frontmatter itself (--category, --tag, --from-user): pass only what to remember"
        )
    ws = workspace(ctx)
    today = dt.date.today()
    existing = ws.memories("worktree")
    path = new_memory_path(folder, text, {m.path for m in existing})
    if not ws.matcher.matches(path):
        raise UsageError(f"{path} would not be a memory file under memory.include; pick --folder"
                         + _folder_hint(ws.matcher.matches, path, existing, ws.config))
    new = parse_memory(path, render_memory(text, category, tags, from_user, today))
    bad = unknown_commits(ws, new)
    if bad and not force:
        listed = ", ".join(token for _, token in bad)
        click.echo(f"GM301: the text cites commit {listed}, which does not exist in any "
                   "configured repository (the hash may be invented or mistyped); nothing was "
                   "saved. Correct the hash, or save anyway with --force", err=True)
        raise SystemExit(EXIT_FINDINGS)
    found = corpus_pairs(existing + [new], ws.config, today, frozenset({path}))
    pairs = [p for p in found if p.kind == "contradiction"]
    repeats = [p for p in found if p.kind == "duplicate" and p.klass == "match"
               and p.a.path != p.b.path]
    memories = {m.path: m for m in existing + [new]}
    evidence = claim_evidence(ws, [new] + [memories[p.b.path if p.a.path == path else p.a.path]
                                            for p in pairs])
    conflicts = []
    items: dict[tuple[str, str], ReviewItem] = {}  # (new claim, old claim) -> its review item
    for pair in pairs:
        item = item_for(pair, "save", today)
        sides = sides_of(item, memories, evidence)
        if sides and sides[0].memory.path != sides[1].memory.path:
            ours, theirs = sides if sides[0].memory.path == path else (sides[1], sides[0])
            conflicts.append((ours, theirs))
            items[(ours.claim.text, theirs.claim.text)] = item
    outcome = save_plan(new, conflicts, today, reason, ws.config.max_mutations)
    sha = commit_changes(ws, outcome.plan)
    click.echo(f"saved {printable(path)} in {short(sha)}")
    for where in outcome.superseded:
        click.echo(f"  superseded {printable(where)} (it contradicted the new memory)")
    for winner in outcome.lost_to:
        if outcome.whole_lost:
            click.echo(f"  stored as superseded: {printable(winner)} outranks it")
        else:
            click.echo(f"  a line of it is stored as superseded: {printable(winner)} outranks it")
    queued = enqueue(ws.repo.state_dir,
                     [items[(a.claim.text, b.claim.text)] for a, b in outcome.queued]
                     + [item_for(p, "save", today) for p in repeats])
    for item in queued:
        other = (item.b_path, item.b_line) if item.a_path == path else (item.a_path, item.a_line)
        what = "it repeats" if item.kind == "duplicate" else "against"
        click.echo(f"  queued for review: {item.id} ({what} {printable(other[0])}:{other[1]})")

"""`gitmem save`: write a new memory and settle the contradictions it causes, in one commit."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from gitmem import trailers as t
from gitmem.memory.fields import set_field
from gitmem.memory.inforce import claim_in_force, claim_standing
from gitmem.memory.parse import parse_memory
from gitmem.model import FileChange, Memory, Plan
from gitmem.ops.resolve import Side, decide_winner, lose_claim

_WORD = re.compile(r"[A-Za-z0-9]+")


def slug(text: str, words: int = 6, limit: int = 80) -> str:
    """A file name stem from the text's first words, cut to `limit` characters so a long word
    never makes a name the file system refuses."""
    found = [w.lower() for w in _WORD.findall(text)][:words]
    return "-".join(found)[:limit].rstrip("-") or "memory"


def new_memory_path(folder: str, text: str, taken: set[str]) -> str:
    base = f"{folder.rstrip('/')}/{slug(text)}" if folder else slug(text)
    path, n = f"{base}.md", 2
    while path in taken:
        path, n = f"{base}-{n}.md", n + 1
    return path


def _titles(text: str) -> tuple[str, str]:
    """The name (60 characters) and description (150) a saved text gets."""
    first = " ".join(text.split())
    return first[:60], first[:150]


def render_memory(text: str, category: str, tags: tuple[str, ...], from_user: bool,
                  today: dt.date) -> bytes:
    """A new memory: Claude-Code style frontmatter written through the field editor, so every
    value is quoted the way the editor would quote it; the text becomes the body."""
    name, description = _titles(text)
    body = text.strip() + "\n"
    if "\n" not in text.strip() and not text.lstrip().startswith(("-", "*", "#")):
        body = f"- {text.strip()}\n"
    raw = body.encode("utf-8")
    for key, value in (("name", name), ("description", description), ("type", category),
                       ("tags", list(tags)), ("source", "user" if from_user else "agent"),
                       ("valid_from", today)):
        if key == "tags" and not tags:
            continue
        raw = set_field(raw, key, value)
    return raw


@dataclass
class SaveOutcome:
    plan: Plan
    path: str
    superseded: list[str] = field(default_factory=list)  # "path:line" of claims taken out
    lost_to: list[str] = field(default_factory=list)  # the new memory lost to these
    queued: list[tuple[Side, Side]] = field(default_factory=list)
    whole_lost: bool = False  # the new memory is stored superseded, not only some lines


def save_plan(new: Memory, conflicts: list[tuple[Side, Side]], today: dt.date,
              reason: str = "", max_mutations: int | None = None) -> SaveOutcome:
    """conflicts: (new side, existing side) contradiction pairs. Decided ones become edits in
    the same commit; undecided ones are returned to be queued for review.

    The new memory's losses are settled first: a new claim that loses to one memory supersedes
    no other (the outcome must not depend on the order of conflicts). At most `max_mutations`
    existing memories are edited; the other decided conflicts are queued."""
    current: dict[str, Memory] = {new.path: new}
    outcome_lines: list[str] = []
    lost_to: list[str] = []
    queued: list[tuple[Side, Side]] = []
    befores: dict[str, bytes | None] = {new.path: None}
    decided = []
    for ours, theirs in conflicts:
        verdict = decide_winner(ours, theirs)
        if verdict is None or verdict[1].memory.protected:
            queued.append((ours, theirs))  # a protected memory is never superseded silently
        else:
            decided.append((ours, theirs, verdict))
    decided.sort(key=lambda entry: entry[2][1].memory.path != new.path)  # our losses first
    for ours, theirs, (winner, loser, basis) in decided:
        if winner.memory.path == new.path and (
            claim_standing(current[new.path], ours.claim.text) is None
            or (max_mutations is not None and len(befores) - 1 >= max_mutations
                and loser.memory.path not in befores)
        ):
            queued.append((ours, theirs))  # it lost already, or the edit cap is reached
            continue
        loser_mem = current.get(loser.memory.path, loser.memory)
        claim = claim_standing(loser_mem, loser.claim.text)
        if claim is None:
            continue  # already taken out by an earlier conflict
        befores.setdefault(loser_mem.path, loser.memory.raw)
        change = lose_claim(winner.memory, loser_mem, claim, today, reason or basis, basis)
        assert change.after is not None
        current[loser_mem.path] = parse_memory(loser_mem.path, change.after)
        if loser_mem.path == new.path:
            lost_to.append(winner.memory.path)
        else:
            outcome_lines.append(f"{loser_mem.path}:{claim.line}")
    mine = current[new.path]
    whole_lost = bool(lost_to) and not mine.active
    if lost_to and not whole_lost:  # some lines lost: name and describe what still stands
        name, description = _titles(" ".join(c.text for c in mine.claims if claim_in_force(c)))
        raw = set_field(set_field(mine.raw, "name", name), "description", description)
        current[new.path] = parse_memory(new.path, raw)
    changes = tuple(FileChange(p, befores[p], current[p].raw) for p in befores)
    pairs = [(t.OP, "save"), (t.PATH, new.path)]
    pairs += [(t.PATH, p) for p in befores if p != new.path]
    pairs += [(t.SUPERSEDED_BY, p) for p in lost_to]
    if reason:
        pairs.append((t.REASON, reason))
    plan = Plan(op="save", changes=changes, summary=f"gitmem: save {new.path}",
                trailers=tuple(pairs), klass="match", reason=reason)
    return SaveOutcome(plan, new.path, outcome_lines, lost_to, queued, whole_lost)

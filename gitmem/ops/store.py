"""Plans saved under .git/gitmem/plans/<id>.json, content-addressed so tampering is detected.

The id is a hash of the plan's canonical content; a file whose content no longer hashes to its
id (edited, truncated, swapped) is refused rather than applied.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from gitmem import safe_write
from gitmem import trailers as t
from gitmem.errors import StalePlanError
from gitmem.gitrepo import make_state_dir
from gitmem.model import FileChange, Plan

PLAN_DIR = "plans"
ID_LENGTH = 12


def _b64(data: bytes | None) -> str | None:
    return None if data is None else base64.b64encode(data).decode("ascii")


def _unb64(text: Any) -> bytes | None:
    if text is None:
        return None
    if not isinstance(text, str):
        raise ValueError("bad content")
    return base64.b64decode(text.encode("ascii"), validate=True)


def plan_payload(plan: Plan, head: str | None) -> dict[str, Any]:
    return {
        "schema": 1,
        "op": plan.op,
        "head": head,
        "summary": plan.summary,
        "body": plan.body,
        "reason": plan.reason,
        "class": plan.klass,
        "confidence": plan.confidence,
        "signals": dict(plan.signals),
        "trailers": [list(p) for p in plan.trailers],
        "changes": [
            {"path": c.path, "before": _b64(c.before), "after": _b64(c.after)} for c in plan.changes
        ],
    }


def _digest(payload: dict[str, Any]) -> str:
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def save_plan(state_dir: Path, plan: Plan, head: str | None) -> str:
    payload = plan_payload(plan, head)
    digest = _digest(payload)
    folder = state_dir / PLAN_DIR
    make_state_dir(folder)
    safe_write.write_file(folder, f"{digest}.json",
                          json.dumps({"id": digest, "plan": payload}, indent=1).encode("utf-8"),
                          scratch=None)
    return digest[:ID_LENGTH]


def find_plan_file(state_dir: Path, plan_id: str) -> Path:
    folder = state_dir / PLAN_DIR
    key = plan_id.strip().lower()
    if len(key) < 4 or any(ch not in "0123456789abcdef" for ch in key):
        raise StalePlanError(f"{plan_id!r} is not a plan id; `gitmem plan ...` prints one")
    matches = sorted(folder.glob(f"{key}*.json")) if folder.is_dir() else []
    if not matches:
        raise StalePlanError(f"no plan {plan_id!r}; make one with `gitmem plan ...`")
    if len(matches) > 1:
        raise StalePlanError(f"plan id {plan_id!r} is ambiguous; give more characters")
    return matches[0]


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError("expected text")
    return value


def _plan_path(value: Any) -> str:
    """A change's path: relative, POSIX, no empty, `.` or `..` segment, no NUL, not in .git.
    Whether it is a memory file is the caller's check (it needs the configuration)."""
    path = _text(value)
    parts = path.split("/")
    if (
        not path or "\x00" in path or path.startswith("/") or "\\" in path
        or any(part in ("", ".", "..") for part in parts) or parts[0].lower() == ".git"
    ):
        raise ValueError(f"bad path {path!r}")
    return path


def _number(value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError("expected a number")
    return float(value)


def _signals(value: Any) -> dict[str, object]:
    if not isinstance(value, dict) or not all(
        isinstance(v, (str, int, float, bool)) for v in value.values()
    ):
        raise TypeError("expected a mapping of plain values")
    return value


def _trailer_pairs(value: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, list) or not all(
        isinstance(pair, list) and len(pair) == 2 for pair in value
    ):
        raise TypeError("expected [key, value] pairs")
    return tuple((_text(key), _text(item)) for key, item in value)


def _changes(value: Any) -> tuple[FileChange, ...]:
    if not isinstance(value, list) or not value:
        raise TypeError("expected a non-empty list of changes")
    changes = []
    for change in value:
        if not isinstance(change, dict):
            raise TypeError("expected a change object")
        changes.append(
            FileChange(_plan_path(change["path"]), _unb64(change["before"]), _unb64(change["after"]))
        )
    if len({c.path for c in changes}) != len(changes):
        raise ValueError("a path changed twice")
    return tuple(changes)


# the ops `gitmem plan` makes, and the trailers their planners write (apply adds Gitmem-Plan)
PLANNED_OPS = ("supersede", "merge")
PLAN_TRAILER_KEYS = frozenset({t.OP, t.PATH, t.SUPERSEDED_BY, t.CONFIDENCE, t.CLASS, t.SIGNALS,
                               t.REASON, t.SCHEMA})


def check_op_message(plan: Plan) -> str | None:
    """Why the commit a plan would make is not an op `gitmem log` and `undo` read back as the
    plan's own (None when it is): a forger who recomputed the digest can write any trailers."""
    if plan.op not in PLANNED_OPS:
        return f"its op {plan.op!r} is not one `gitmem plan` makes ({', '.join(PLANNED_OPS)})"
    keys = [key for key, _ in plan.trailers]
    strange = sorted({key for key in keys if key not in PLAN_TRAILER_KEYS})
    if strange:
        return f"it carries trailer keys a {plan.op} plan never has: {', '.join(map(repr, strange))}"
    ops = [value for key, value in plan.trailers if key == t.OP]
    if ops != [plan.op]:
        return f"it must carry exactly one trailer 'Gitmem-Op: {plan.op}', not {ops!r}"
    named = {value for key, value in plan.trailers if key == t.PATH}
    unnamed = sorted(c.path for c in plan.changes if c.path not in named)
    if unnamed:
        return f"no Gitmem-Path trailer names {', '.join(unnamed)}"
    try:
        message = t.format_message(plan.summary, plan.trailers, plan.body)
    except ValueError as exc:
        return str(exc)
    if t.is_gitmem_op(message) != plan.op:
        return "its commit message would not read back as a gitmem op"
    return None


def load_plan(state_dir: Path, plan_id: str) -> tuple[str, Plan, str | None]:
    """(full id, plan, head it was made at); StalePlanError when missing or tampered.

    The digest catches an edit; the shape checks catch a forger who recomputed it: every field
    must have the type `plan_payload` writes and every path must stay inside the working tree,
    so a forged plan is refused here rather than failing (or writing) half-way through apply."""
    path = find_plan_file(state_dir, plan_id)
    full_id = path.stem
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        payload = data["plan"]
        if data.get("id") != full_id or _digest(payload) != full_id:
            raise ValueError("digest mismatch")
        if payload.get("schema") != 1:
            raise ValueError("unknown schema")
        head = payload.get("head")
        if head is not None:
            _text(head)
        plan = Plan(
            op=_text(payload["op"]),
            changes=_changes(payload["changes"]),
            summary=_text(payload["summary"]),
            trailers=_trailer_pairs(payload["trailers"]),
            klass=_text(payload["class"]),
            confidence=_number(payload["confidence"]),
            signals=_signals(payload["signals"]),
            reason=_text(payload["reason"]),
            body=_text(payload["body"]),
        )
    except (ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError, OSError,
            RecursionError) as exc:
        raise StalePlanError(
            f"plan {plan_id} is damaged or was edited ({exc.__class__.__name__}); it was not "
            "applied: make a new one with `gitmem plan ...`"
        ) from None
    wrong = check_op_message(plan)
    if wrong is not None:
        raise StalePlanError(
            f"plan {plan_id} was edited: {wrong}; it was not applied: make a new one with "
            "`gitmem plan ...`"
        )
    return full_id, plan, head


def discard_plan(state_dir: Path, full_id: str) -> None:
    try:
        os.unlink(state_dir / PLAN_DIR / f"{full_id}.json")
    except FileNotFoundError:
        pass

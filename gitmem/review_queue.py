"""The pending-review queue: pairs a person (or the resolution order) must decide.

Kept per clone under .git/gitmem/review.json; `sweep`, the post-merge hook and `review` share it.
An item's id is a hash of the pair's kind and both claims' paths and texts, so the same
contradiction found twice is one item.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path

from gitmem import safe_write
from gitmem.gitrepo import make_state_dir

QUEUE_FILE = "review.json"


@dataclass(frozen=True)
class ReviewItem:
    kind: str  # "contradiction" | "duplicate"
    a_path: str
    a_line: int
    a_text: str
    b_path: str
    b_line: int
    b_text: str
    reason: str
    detected_at: str  # ISO date
    source: str = "lint"  # "sweep" | "post-merge" | "lint" | "save"
    confidence: float | None = None

    @property
    def id(self) -> str:
        sides = sorted([(self.a_path, self.a_text), (self.b_path, self.b_text)])
        key = json.dumps([self.kind, sides], ensure_ascii=True)
        return hashlib.sha256(key.encode()).hexdigest()[:10]

    def as_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "kind": self.kind,
            "a": {"path": self.a_path, "line": self.a_line, "text": self.a_text},
            "b": {"path": self.b_path, "line": self.b_line, "text": self.b_text},
            "detected_at": self.detected_at,
            "reason": self.reason,
            "source": self.source,
            "confidence": self.confidence,
        }


def _path(state_dir: Path) -> Path:
    return state_dir / QUEUE_FILE


def load_queue(state_dir: Path) -> list[ReviewItem]:
    try:
        raw = json.loads(_path(state_dir).read_text(encoding="utf-8"))
        return [ReviewItem(**entry) for entry in raw.get("items", [])]
    except (FileNotFoundError, NotADirectoryError):
        return []
    except (ValueError, TypeError, AttributeError, RecursionError):
        return []  # a damaged queue is rebuilt by the next sweep; it holds no memory content


def save_queue(state_dir: Path, items: Iterable[ReviewItem]) -> None:
    make_state_dir(state_dir)
    target = _path(state_dir)
    text = json.dumps({"version": 1, "items": [asdict(i) for i in items]}, indent=1)
    safe_write.write_file(target.parent, target.name, text.encode("utf-8"), scratch=None)


def enqueue(state_dir: Path, new_items: Iterable[ReviewItem]) -> list[ReviewItem]:
    """Add items not already queued; return the ones that were new."""
    items = load_queue(state_dir)
    known = {i.id for i in items}
    added = []
    for item in new_items:
        if item.id not in known:
            known.add(item.id)
            items.append(item)
            added.append(item)
    if added:
        save_queue(state_dir, items)
    return added


def remove(state_dir: Path, item_id: str) -> None:
    save_queue(state_dir, [i for i in load_queue(state_dir) if i.id != item_id])


def today() -> str:
    return dt.date.today().isoformat()

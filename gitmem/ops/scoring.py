"""Class, confidence and signals for a supersede or merge plan."""

from __future__ import annotations

from typing import Any

from gitmem.config import Config
from gitmem.model import Memory


def score_pair(keep: Memory, other: Memory, config: Config) -> tuple[str, float | None, dict[str, Any]]:
    """How alike two memories are. Until the consistency scorer is wired in, every plan is
    'possible' (it needs a person's --confirm)."""
    if keep.raw == other.raw:
        return "match", 1.0, {"identical": True}
    return "possible", None, {}

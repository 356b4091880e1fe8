"""Recall: active memories ranked by token overlap with a query."""

from __future__ import annotations

import re
from collections.abc import Sequence

from gitmem.memory.inforce import claim_in_force
from gitmem.model import Memory

_TOKEN = re.compile(r"[a-z0-9][a-z0-9_.-]*[a-z0-9]|[a-z0-9]")


def tokens(text: str) -> set[str]:
    return set(_TOKEN.findall(text.casefold()))


def memory_text(memory: Memory, include_superseded: bool = False) -> str:
    """What recall matches against: name, description, tags and the claims still in force
    (every claim with `include_superseded`)."""
    parts = [memory.name, " ".join(memory.tags)]
    description = memory.meta.get("description")
    if isinstance(description, str):
        parts.append(description)
    parts += [c.text for c in memory.claims if include_superseded or claim_in_force(c)]
    return " ".join(parts)


def rank_memories(
    memories: Sequence[Memory], query: str, include_superseded: bool = False
) -> list[tuple[Memory, float]]:
    """(memory, score) best first; score = share of query tokens the memory contains.

    Superseded memories, and claims a resolution marked superseded, are left out unless
    `include_superseded`."""
    wanted = tokens(query)
    ranked = []
    for memory in memories:
        if not include_superseded and not memory.active:
            continue
        if memory.problems and not memory.claims:
            continue
        if not wanted:
            score = 1.0
        else:
            have = tokens(memory_text(memory, include_superseded))
            score = len(wanted & have) / len(wanted)
            if score == 0:
                continue
        ranked.append((memory, score))
    ranked.sort(key=lambda pair: (-pair[1], not pair[0].active, pair[0].path))
    return ranked

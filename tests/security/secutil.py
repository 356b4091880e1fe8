"""Helpers shared by the security tests."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gitutil import forge_plan_file, gitmem


def forge_plan(repo: Path, edit: Callable[[dict[str, Any]], object]) -> str:
    """Plan `supersede memory/old.md --by memory/new.md`, then forge it as an attacker would:
    `edit` the stored payload in place and recompute its digest and file name. Returns the
    forged plan's short id."""
    made = gitmem(repo, "plan", "supersede", "memory/old.md", "--by", "memory/new.md", "--json")
    assert made.code == 0, made
    [plan_file] = (repo / ".git/gitmem/plans").glob(f"{json.loads(made.out)['plan']}*.json")
    return forge_plan_file(plan_file, edit)

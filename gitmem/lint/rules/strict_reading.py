"""How the pair rules read memory that sits beside code (`lint.pairs_beside_code`).

Where the memory is agent layouts beside a project's code, blind samples of public projects
found two kinds of pair findings no one would act on: pairs between two agents' own files (one
text kept alike in CLAUDE.md, AGENTS.md and GEMINI.md for each tool) and contradictions that are
no two directives (parallel cases, figures of two runs). Read strictly, the default there, the
pair rules leave those out (docs/rules/GM201.md, GM211.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from gitmem.config import Config

if TYPE_CHECKING:
    from gitmem.consistency.analyze import PairFinding
    from gitmem.lint.rules.claim_groups import ClaimGroup

# The pair rules that read memory beside code strictly (`strict_pairs`).
STRICT_CODES = ("GM201", "GM202", "GM211")


def strict_pairs(config: Config) -> bool:
    """Whether the pair rules read this memory strictly: it is agent layouts beside code and
    lint.pairs_beside_code is "strict" (the default). There, blind samples of public projects
    found the pairs between two agents' own files restated on purpose (CLAUDE.md, AGENTS.md and
    GEMINI.md kept alike for each tool) and the contradictions that are no two directives
    (parallel cases, figures of two runs) no conflict: only the rest is reported."""
    return config.pairs_beside_code == "strict" and bool(config.layouts)


def across_agents(paths: Iterable[str]) -> bool:
    """Whether these locations lie each in another agent's own files (`.cursorrules`,
    `CLAUDE.md`, `AGENTS.md`...): copies kept for several tools. A memory bank, a root memory/
    folder and files of no layout are every agent's, and two locations in one layout are one
    agent's: either keeps the pair."""
    from gitmem.memory.layouts import SHARED_LAYOUTS, layout_of

    layouts = [layout_of(path) for path in paths]
    if any(layout is None or layout in SHARED_LAYOUTS for layout in layouts):
        return False
    return len(set(layouts)) == len(layouts)


def kept_strictly(group: ClaimGroup, directives: bool) -> bool:
    """Whether a strict reading (`strict_pairs`) keeps this group: a judge decided it, or its
    locations are not each another agent's own file and, with `directives` (GM211), both sides
    are directives ("Use X" / "Never use X"), neither turned by a double negation ("Never merge
    without review" / "Always run the checks"): two descriptions of parallel cases or two runs'
    figures are no conflict to resolve."""
    pair = group.pair
    if "judge" in pair.signals:
        return True
    if across_agents(claim.path for claim in (*group.first, *group.second)):
        return False
    return not directives or two_directives(pair)


def two_directives(pair: PairFinding) -> bool:
    """Whether both sides of a pair are directives (`features.directs`), as a strict reading
    asks of a contradiction (`kept_strictly`)."""
    from gitmem.consistency.features import directs

    return directs(pair.a.text) and directs(pair.b.text)

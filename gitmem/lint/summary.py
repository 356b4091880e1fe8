"""Per-memory grounding: how many of a memory's citations git verifies, refutes or cannot judge.

`--format json` prints it beside the findings (`"memories": [...]`), and recall or review can use
`grounding_summary` to rank memories with broken citations last. Pure: it reads `Evidence`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from gitmem.lint.commit_claims import CommitCitation
from gitmem.lint.evidence import (
    EXISTS,
    MISSING,
    UNKNOWN,
    VERIFIED,
    Evidence,
    best_path_verdict,
    set_aside,
    span_ids_not_commits,
)
from gitmem.lint.extract import Citations, extract_citations
from gitmem.lint.path_citations import PathCitation
from gitmem.model import Memory

VERIFIED_CLAIM, BROKEN_CLAIM, UNVERIFIABLE_CLAIM = "verified", "broken", "unverifiable"


@dataclass(frozen=True)
class MemoryGrounding:
    path: str
    claims: int  # commit claims + path citations
    verified: int
    broken: int
    unverifiable: int

    def as_json(self) -> dict[str, object]:
        return {"path": self.path, "claims": self.claims, "verified": self.verified,
                "broken": self.broken, "unverifiable": self.unverifiable}


def classify_commits(claims: Sequence[CommitCitation], evidence: Evidence) -> list[str]:
    """`classify_commit` of each commit claim of one memory, in order."""
    aside = frozenset(span_ids_not_commits(claims, evidence))
    return [classify_commit(claim, evidence, aside) for claim in claims]


def classify_commit(claim: CommitCitation, evidence: Evidence, aside: Collection[str] = ()) -> str:
    """verified: found; broken: no configured repository has it; otherwise unverifiable
    (another repository's, ambiguous, shallow clone, no repository, not looked up, or one of
    the code-span ids `aside` of its memory: `span_ids_not_commits`)."""
    unchecked = claim.other_repo or set_aside(claim, aside)
    verdict = None if unchecked else evidence.commits.get(claim.key)
    if verdict is not None and verdict.status == VERIFIED:
        return VERIFIED_CLAIM
    if verdict is not None and verdict.status == UNKNOWN:
        return BROKEN_CLAIM
    return UNVERIFIABLE_CLAIM


def classify_path(citation: PathCitation, evidence: Evidence) -> str:
    """verified: exists; broken: missing; otherwise unverifiable (outside, ignored or build
    output, a bare name found nowhere, no repository, not looked up)."""
    verdict = best_path_verdict([evidence.paths[q] for q in citation.queries if q in evidence.paths])
    if verdict is not None and verdict.status == EXISTS:
        return VERIFIED_CLAIM
    if verdict is not None and verdict.status == MISSING:
        return BROKEN_CLAIM
    return UNVERIFIABLE_CLAIM


def grounding_summary(
    memories: Iterable[Memory],
    evidence: Evidence,
    citations: Mapping[str, Citations] | None = None,
    review_file: str | None = None,
) -> list[MemoryGrounding]:
    """One row per memory, in the order given; citations are extracted when not passed in."""
    rows = []
    for memory in memories:
        found = (citations or {}).get(memory.path) or extract_citations(memory, review_file)
        kinds = classify_commits(found.commits, evidence)
        kinds += [classify_path(p, evidence) for p in found.paths]
        rows.append(MemoryGrounding(
            memory.path, len(kinds), kinds.count(VERIFIED_CLAIM), kinds.count(BROKEN_CLAIM),
            kinds.count(UNVERIFIABLE_CLAIM),
        ))
    return rows

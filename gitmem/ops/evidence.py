"""How each claim's own citations fare in git: the 'evidence' step of the resolution order."""

from __future__ import annotations

from collections.abc import Sequence

from gitmem.lint.extract import claim_spans, extract_citations, owner
from gitmem.lint.grounding import gather_evidence
from gitmem.lint.summary import BROKEN_CLAIM, VERIFIED_CLAIM, classify_commits, classify_path
from gitmem.model import Claim, Memory
from gitmem.workspace import Workspace

ClaimKey = tuple[str, int, str]  # (path, first line, text): two sentences may share a line


def claim_key(claim: Claim) -> ClaimKey:
    return claim.path, claim.line, claim.text


def claim_evidence(ws: Workspace, memories: Sequence[Memory]) -> dict[ClaimKey, str]:
    """claim_key -> "verified" when the claim cites something git confirms and nothing it
    refutes, "broken" when one of its citations is refuted; claims without either are absent.
    A claim's citations are those on its lines (a bullet may go on over several) that its text
    names."""
    citations = {m.path: extract_citations(m, ws.config.review_file) for m in memories}
    evidence = gather_evidence(citations, ws.code_repos())
    verdicts: dict[ClaimKey, list[str]] = {}
    for memory in memories:
        found = citations[memory.path]
        spans = claim_spans(memory)
        cited = [(c.line, c.token, kind)
                 for c, kind in zip(found.commits, classify_commits(found.commits, evidence))]
        cited += [(p.line, p.text, classify_path(p, evidence)) for p in found.paths]
        for line, token, kind in cited:
            claim = owner(spans, line, token)
            if claim is not None:
                verdicts.setdefault(claim_key(claim), []).append(kind)
    out = {}
    for key, kinds in verdicts.items():
        if BROKEN_CLAIM in kinds:
            out[key] = "broken"
        elif VERIFIED_CLAIM in kinds:
            out[key] = "verified"
    return out


def unknown_commits(ws: Workspace, memory: Memory) -> list[tuple[int, str]]:
    """(line, token) of commit hashes no configured repository has (GM301) in one memory."""
    citations = extract_citations(memory, ws.config.review_file)
    evidence = gather_evidence({memory.path: citations}, ws.code_repos())
    return [(c.line, c.token) for c, kind in zip(citations.commits,
                                                 classify_commits(citations.commits, evidence))
            if kind == BROKEN_CLAIM]

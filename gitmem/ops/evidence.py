"""How each claim's own citations fare in git: the 'evidence' step of the resolution order."""

from __future__ import annotations

from collections.abc import Sequence

from gitmem.lint.extract import extract_citations
from gitmem.lint.grounding import gather_evidence
from gitmem.lint.summary import BROKEN_CLAIM, VERIFIED_CLAIM, classify_commit, classify_path
from gitmem.model import Memory
from gitmem.workspace import Workspace


def claim_evidence(ws: Workspace, memories: Sequence[Memory]) -> dict[tuple[str, int], str]:
    """(path, line) -> "verified" when the line cites something git confirms and nothing it
    refutes, "broken" when a citation on the line is refuted; lines without either are absent."""
    citations = {m.path: extract_citations(m, ws.config.review_file) for m in memories}
    evidence = gather_evidence(citations.values(), ws.code_repos())
    verdicts: dict[tuple[str, int], list[str]] = {}
    for path, found in citations.items():
        for commit in found.commits:
            verdicts.setdefault((path, commit.line), []).append(classify_commit(commit, evidence))
        for cited in found.paths:
            verdicts.setdefault((path, cited.line), []).append(classify_path(cited, evidence))
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
    evidence = gather_evidence([citations], ws.code_repos())
    return [(c.line, c.token) for c in citations.commits
            if classify_commit(c, evidence) == BROKEN_CLAIM]

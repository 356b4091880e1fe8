"""The slice of the corpus a pre-commit check needs, without parsing a 10,000-memory repository.

Corpus rules compare the staged memories with the rest. The hook builds a corpus that answers
them exactly where it matters and costs little elsewhere:

- every memory path of the index is present (as an empty stand-in), so GM103 knows what exists;
- the memories the staged ones reference, and what those reference in turn (the superseded_by
  chains a GM104 loop would run through), are parsed for real;
- for GM2xx (duplicates, contradictions), the memories that share blocking keys with the claims
  this commit adds or changes (`neighbours.py`, a persistent key index per blob) are parsed for
  real.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from gitmem.hooks_run.neighbours import neighbour_paths
from gitmem.lint.rules.format_rules import resolve_reference
from gitmem.memory.parse import parse_memory
from gitmem.model import Claim, Memory
from gitmem.workspace import Workspace

MAX_CHAIN = 64  # superseded_by hops followed from a staged memory


def fresh_claims(staged: Iterable[Memory], added: dict[str, frozenset[int]]) -> list[Claim]:
    """The claims of the staged memories that start on a line this commit adds or changes."""
    return [c for m in staged for c in m.claims if c.line in added.get(m.path, frozenset())]


def _references(memory: Memory) -> list[str]:
    found = [memory.superseded_by] if memory.superseded_by else []
    entries = memory.meta.get("do_not_reopen")
    if isinstance(entries, list):
        found += [e["partner"] for e in entries
                  if isinstance(e, dict) and isinstance(e.get("partner"), str)]
    return found


def hook_corpus(
    ws: Workspace, index_file: str | None, staged: Sequence[Memory], claims: Sequence[Claim]
) -> tuple[Memory, ...]:
    """Staged memories, their reference chains and consistency neighbours parsed; every other
    memory of the index as an empty stand-in with its path."""
    index = ws.repo.index_blobs(index_file)
    blobs = {p: b for p, b in index.items() if ws.matcher.matches(p)}
    parsed: dict[str, Memory] = {m.path: m for m in staged}

    def load(path: str) -> Memory:
        if path not in parsed:
            parsed[path] = parse_memory(path, ws.repo.read_blob(blobs[path]), blobs[path])
        return parsed[path]

    known = frozenset(blobs)
    frontier = list(staged)
    for _ in range(MAX_CHAIN):
        following = []
        for memory in frontier:
            for target in _references(memory):
                resolved = resolve_reference(memory.path, target, known)
                if resolved is not None and resolved not in parsed:
                    following.append(load(resolved))
        if not following:
            break
        frontier = following
    others = {p: b for p, b in blobs.items() if p not in parsed}
    texts = [claim.text for claim in claims]
    for path in neighbour_paths(ws.repo.state_dir, others, texts, ws.repo.read_blob):
        load(path)
    stand_ins = [Memory(path, b"", {}, "", 1, blob_id=blob)
                 for path, blob in blobs.items() if path not in parsed]
    return tuple(sorted([*parsed.values(), *stand_ins], key=lambda m: m.path))

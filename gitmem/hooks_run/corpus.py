"""The slice of the corpus a pre-commit check needs, without parsing a 10,000-memory repository.

Corpus rules compare the staged memories with the rest; their findings count only where they
touch a staged memory. The hook builds the corpus those findings need and nothing more:

- the memories the staged ones reference, and what those reference in turn, are parsed: so
  every reference that resolves is present (GM103 reports exactly the ones that do not) and
  every superseded_by chain a GM104 loop would run through is whole;
- for GM2xx (duplicates, contradictions), the memories that share blocking keys with the claims
  this commit adds or changes (`neighbours.py`, a persistent key index per blob) are parsed for
  real, keeping only their claims that could pair with a new one under the candidate
  generator's join rule (pairs of two old claims are not this commit's to report).
"""

from __future__ import annotations

import dataclasses
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence

from gitmem.consistency.candidates import blocking_keys, similar_enough
from gitmem.consistency.lexicon import default_lexicon
from gitmem.hooks_run.neighbours import neighbour_paths
from gitmem.lint.rules.format_rules import memory_references, resolve_reference
from gitmem.memory.parse import parse_memory
from gitmem.model import Claim, Memory
from gitmem.workspace import Workspace

MAX_CHAIN = 64  # superseded_by hops followed from a staged memory


def fresh_claims(staged: Iterable[Memory], added: Mapping[str, frozenset[int]]) -> list[Claim]:
    """The claims of the staged memories that start on a line this commit adds or changes."""
    return [c for m in staged for c in m.claims if c.line in added.get(m.path, frozenset())]


def hook_corpus(
    ws: Workspace, index_file: str | None, staged: Sequence[Memory], claims: Sequence[Claim]
) -> tuple[Memory, ...]:
    """Staged memories, their reference chains and their consistency neighbours."""
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
            for _, target in memory_references(memory):
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
    staged_paths = {m.path for m in staged}
    pairing = _Pairing(claims)
    kept = [m if m.path in staged_paths else pairing.only_claims_pairing(m)
            for m in parsed.values()]
    return tuple(sorted(kept, key=lambda m: m.path))


def _could_pair(shared: int, a: int, b: int) -> bool:
    """The candidate generator's join condition (Jaccard of the key sets)."""
    return similar_enough(shared, a, b)


class _Pairing:
    """Which old claims could pair with one of the new claims, each key set computed once and
    the new claims found through their keys (a 150-claim file against the claims of its
    neighbours is millions of set intersections otherwise)."""

    def __init__(self, claims: Sequence[Claim]) -> None:
        self._lexicon, self._cache = default_lexicon(), {}  # type: ignore[var-annotated]
        fresh = [blocking_keys(c.text, self._lexicon, self._cache) for c in claims]
        self._sizes = [len(keys) for keys in fresh]
        self._holding: dict[str, list[int]] = defaultdict(list)  # key -> new claims with it
        for index, keys in enumerate(fresh):
            for key in keys:
                self._holding[key].append(index)

    def could_pair(self, text: str) -> bool:
        keys = blocking_keys(text, self._lexicon, self._cache)
        shared: Counter[int] = Counter()
        for key in keys:
            shared.update(self._holding.get(key, ()))
        return any(_could_pair(count, len(keys), self._sizes[index])
                   for index, count in shared.items())

    def only_claims_pairing(self, memory: Memory) -> Memory:
        """The memory with only the claims that could pair with a new claim. Pairs of two old
        claims are not this commit's to report, and comparing them is most of the work."""
        kept = tuple(c for c in memory.claims if self.could_pair(c.text))
        if len(kept) == len(memory.claims):
            return memory
        return dataclasses.replace(memory, claims=kept)

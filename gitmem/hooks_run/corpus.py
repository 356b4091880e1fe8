"""The slice of the corpus a pre-commit check needs, without parsing a 10,000-memory repository.

Corpus rules compare the staged memories with the rest. The hook builds a corpus that answers
them exactly where it matters and costs little elsewhere:

- every memory path of the index is present (as an empty stand-in), so GM103 knows what exists;
- the memories the staged ones reference, and what those reference in turn (the superseded_by
  chains a GM104 loop would run through), are parsed for real;
- for GM2xx (duplicates, contradictions), the memories whose text shares enough words with the
  claims this commit adds or changes are parsed for real. Two claims that share fewer than half
  of their words are never a duplicate or a contradiction pair, so a raw-bytes word check over
  the index blobs (C-speed `in` on bytes, no parsing) finds every memory worth comparing.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from gitmem.lint.rules.format_rules import resolve_reference
from gitmem.memory.parse import parse_memory
from gitmem.model import Claim, Memory
from gitmem.workspace import Workspace

MAX_CHAIN = 64  # superseded_by hops followed from a staged memory
MAX_NEIGHBOURS = 200  # memories parsed for the duplicate / contradiction checks
PREFIX = 6  # words are compared by their first letters, so "migrations" finds "migrate"
_WORD = re.compile(r"[^\W_]{3,}")
_STOPWORDS = frozenset(
    "the and for are but not you all any can had her was one our out has his how its may new now "
    "see two way who did get let put say she too use with that this from they will have what when "
    "your into than then them been also only more some such each which their there these those "
    "would could should about after before where while always never must".split()
)


def content_words(text: str) -> frozenset[bytes]:
    """The words of a claim that say what it is about, lowercased and cut to PREFIX letters."""
    words = {w[:PREFIX] for w in (m.group(0).casefold() for m in _WORD.finditer(text))}
    return frozenset(w.encode("utf-8") for w in words - _STOPWORDS)


def fresh_claims(staged: Iterable[Memory], added: dict[str, frozenset[int]]) -> list[Claim]:
    """The claims of the staged memories that start on a line this commit adds or changes."""
    return [c for m in staged for c in m.claims if c.line in added.get(m.path, frozenset())]


def _neighbour_paths(
    ws: Workspace, blobs: dict[str, str], claims: Sequence[Claim]
) -> list[str]:
    wanted = [(words, max(1, (len(words) + 1) // 2))
              for words in (content_words(c.text) for c in claims) if words]
    if not wanted:
        return []
    scored = []
    for path, blob in blobs.items():
        raw = ws.repo.read_blob(blob).lower()
        best = 0.0
        for words, needed in wanted:
            hits = sum(1 for word in words if word in raw)
            if hits >= needed:
                best = max(best, hits / len(words))
        if best:
            scored.append((-best, path))
    scored.sort()
    return [path for _, path in scored[:MAX_NEIGHBOURS]]


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
    index = ws.repo.index_files(index_file)
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
    for path in _neighbour_paths(ws, others, claims):
        load(path)
    stand_ins = [Memory(path, b"", {}, "", 1, blob_id=blob)
                 for path, blob in blobs.items() if path not in parsed]
    return tuple(sorted([*parsed.values(), *stand_ins], key=lambda m: m.path))

"""What keeps a 100,000-file lint under 1 GB gives the same answers as holding everything.

- `candidate_pairs` finds, through its index, exactly the pairs a comparison of every claim with
  every other finds.
- `find_pairs` drops a text's features after its last pair: each text is still computed once.
- The blob-id cache reads an entry from its file only when it is looked up.
"""

from __future__ import annotations

import gc
import json
import os
import random
import weakref
from collections.abc import Sequence
from pathlib import Path

import pytest

from gitmem.consistency import analyze
from gitmem.consistency.analyze import find_pairs
from gitmem.consistency.candidates import blocking_keys, candidate_pairs
from gitmem.consistency.families import one_value_families
from gitmem.consistency.lexicon import default_lexicon
from gitmem.memory.cache import MemoryCache
from gitmem.memory.parse import parse_memory
from gitmem.model import Claim, Memory


def all_pairs_reference(claims: Sequence[Claim], min_jaccard: float = 0.3
                        ) -> list[tuple[int, int]]:
    """Every pair compared with every other: those whose key sets have Jaccard >= min_jaccard,
    except that a pair of two claims that are both not the first copy of their text is left
    out (each copy still pairs with the first copy of every text it is similar to), and a
    family (families.py: texts one word apart) counts as one text whose first copy is its first
    member's: its members pair with that claim, and each copy of a member with its own first."""
    lexicon, cache = default_lexicon(), {}  # type: ignore[var-annotated]
    key_sets = [blocking_keys(claim.text, lexicon, cache) for claim in claims]
    first: dict[str, int] = {}
    for x, claim in enumerate(claims):
        first.setdefault(claim.text, x)
    by_keys: dict[frozenset[str], list[str]] = {}
    for text, x in first.items():
        if key_sets[x]:
            by_keys.setdefault(key_sets[x], []).append(text)
    family: dict[str, int] = {}  # text -> the first claim of its family's first member
    for texts in by_keys.values():
        for members in one_value_families(texts):
            for at in members:
                family[texts[at]] = first[texts[members[0]]]
    lead = [family.get(c.text, first[c.text]) for c in claims]
    out = []
    for x, set_x in enumerate(key_sets):
        for y in range(x + 1, len(claims)):
            tx, ty = claims[x].text, claims[y].text
            if tx in family and family[tx] == family.get(ty):  # one family
                if lead[x] != x and (tx != ty or first[tx] != x):
                    continue  # two members: each meets the first member only
            elif lead[x] != x and lead[y] != y:
                continue  # two copies: only the first copy of one text pairs with the other
            overlap = len(set_x & key_sets[y])
            union = len(set_x | key_sets[y])
            if overlap and overlap / union >= min_jaccard:
                out.append((x, y))
    return out


def templated_claims(count: int, seed: int = 3) -> list[Claim]:
    """Claims from a few templates over a small vocabulary: many equal key sets (ties between
    partners), keys held by more claims than DF_CAP, one-word swaps."""
    rng = random.Random(seed)
    parts = ["rate limiter", "image resizer", "audit log", "billing service", "search indexer",
             "admin console", "nightly backup", "staging cluster", "export job", "CLI"]
    templates = ["Configuration for the {} lives in `src/legacy/old_{}.py`.",
                 "See [the handler](src/legacy/old_{1}.py) before changing the {0}.",
                 "Always squash merges of the {} branch {}", "Never squash merges of the {} branch {}",
                 "Use {} {} for the release build"]
    return [Claim(f"memory/{i // 7}.md", i % 7 + 1,
                  rng.choice(templates).format(rng.choice(parts), rng.randrange(40)))
            for i in range(count)]


def mixed_claims(count: int, seed: int = 5) -> list[Claim]:
    """Distinct sentences over a small vocabulary of frequent words (sets of 1..12 keys, many
    sharing keys held by most claims) and the templated ones (equal key sets, one-word swaps)."""
    rng = random.Random(seed)
    words = ["deploy", "component", "test", "API", "React", "cache", "schema", "release",
             "tabs", "spaces", "PostgreSQL", "Redis", "build", "lint", "docs", "review", "token",
             "retry", "queue", "timeout", "index", "migration", "branch", "merge"]
    out = templated_claims(count // 2, seed)
    for i in range(count - len(out)):
        body = " ".join(rng.choices(words, k=rng.randint(1, 12)))
        out.append(Claim(f"memory/d{i // 5}.md", i % 5 + 1, f"{rng.choice(('Always', 'Never', 'Use'))} {body}"))
    rng.shuffle(out)
    return out


@pytest.mark.parametrize("min_jaccard", [0.3, 0.5, 0.8])
def test_candidate_pairs_are_every_pair_at_the_threshold(min_jaccard: float) -> None:
    claims = mixed_claims(700)
    assert candidate_pairs(claims, min_jaccard=min_jaccard) == all_pairs_reference(claims, min_jaccard)
    assert candidate_pairs(claims[:1]) == all_pairs_reference(claims[:1]) == []


def test_find_pairs_computes_each_text_once_and_drops_it_after_its_last_pair(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    subjects = ["compress the thumbnail", "rotate vault secrets", "vacuum postgres tables",
                "pin docker digests", "translate onboarding emails", "shard kafka topics"]
    texts = [f"Always {subject}" for subject in subjects]
    claims = [Claim(f"memory/{i}.md", 1, text) for i, text in enumerate(texts)]
    claims += [Claim(f"memory/{i}-b.md", 1, f"Never {subject}") for i, subject in enumerate(subjects)]
    claims.append(Claim("memory/0-again.md", 1, texts[0]))  # a text in several pairs
    computed: list[str] = []
    alive: list[weakref.ref] = []
    most_alive = 0
    real = analyze.features

    def features(text, lexicon=None):  # type: ignore[no-untyped-def]
        nonlocal most_alive
        gc.collect()
        most_alive = max(most_alive, sum(ref() is not None for ref in alive))
        computed.append(text)
        found = real(text, lexicon)
        alive.append(weakref.ref(found))
        return found

    monkeypatch.setattr(analyze, "features", features)
    found = find_pairs(claims)
    assert found
    assert sorted(computed) == sorted({c.text for c in claims})  # once per distinct text
    assert most_alive < len(set(computed)) // 2  # not every text's features at once
    monkeypatch.undo()
    assert found == find_pairs(claims)


def memories(count: int) -> list[Memory]:
    return [parse_memory(f"memory/m{n}.md", f"- Claim {n} about the build.\n".encode(),
                         f"{n:040x}") for n in range(count)]


def test_cached_values_are_read_from_the_file_as_it_was_when_opened(tmp_path: Path) -> None:
    file = tmp_path / "cache.json"
    writer = MemoryCache(file, "fp")
    for memory in memories(5):
        writer.parse(memory.path, memory.raw, memory.blob_id or "", parse_memory)
    writer.save()
    data = json.loads(file.read_text())  # plain JSON, one entry to a line
    assert len(data["entries"]) == 5 and len(file.read_text().splitlines()) == 5 + 2

    reader = MemoryCache(file, "fp")
    reader._load()
    other = MemoryCache(file, "fp")  # another run replaces the file meanwhile
    other.parse("memory/x.md", b"- Other.\n", "f" * 40, parse_memory)
    other.save()
    for memory in memories(5):
        assert reader.parse(memory.path, memory.raw, memory.blob_id or "", parse_memory) == memory
    assert (reader.hits, reader.misses) == (5, 0)


def test_a_file_changed_under_a_reader_only_costs_misses(tmp_path: Path) -> None:
    file = tmp_path / "cache.json"
    writer = MemoryCache(file, "fp")
    for memory in memories(4):
        writer.parse(memory.path, memory.raw, memory.blob_id or "", parse_memory)
    writer.save()
    reader = MemoryCache(file, "fp")
    reader._load()
    with open(file, "r+b") as fh:  # rewritten in place, not renamed: the open file shrinks
        fh.truncate(os.path.getsize(file) // 2)
    for memory in memories(4):
        assert reader.parse(memory.path, memory.raw, memory.blob_id or "", parse_memory) == memory
    assert reader.misses > 0
    reader.save()
    again = MemoryCache(file, "fp")
    again._load()
    for memory in memories(4):
        assert again.parse(memory.path, memory.raw, memory.blob_id or "", parse_memory) == memory
    assert (again.hits, again.misses) == (4, 0)


def test_two_saves_in_one_run_keep_every_entry_and_a_damaged_line_is_one_miss(
    tmp_path: Path,
) -> None:
    file = tmp_path / "cache.json"
    cache = MemoryCache(file, "fp")
    first, second, third = memories(3)
    for memory in (first, second):
        cache.parse(memory.path, memory.raw, memory.blob_id or "", parse_memory)
    cache.save()  # the values now live in the file
    cache.parse(third.path, third.raw, third.blob_id or "", parse_memory)
    assert cache.parse(first.path, first.raw, first.blob_id or "", parse_memory) == first
    cache.save()  # the values of the first save are copied from the file written by it

    lines = file.read_text().split("\n")
    damaged = [line.replace("Claim 1 about", "Claim 1 \\x about") for line in lines]
    assert damaged != lines
    file.write_text("\n".join(damaged))
    again = MemoryCache(file, "fp")
    again._load()
    for memory in (first, second, third):
        assert again.parse(memory.path, memory.raw, memory.blob_id or "", parse_memory) == memory
    assert (again.hits, again.misses) == (2, 1)


def test_a_file_in_another_layout_is_read_whole(tmp_path: Path) -> None:
    file = tmp_path / "cache.json"
    writer = MemoryCache(file, "fp")
    for memory in memories(3):
        writer.parse(memory.path, memory.raw, memory.blob_id or "", parse_memory)
    writer.save()
    file.write_text(json.dumps(json.loads(file.read_text()), indent=1))
    reader = MemoryCache(file, "fp")
    reader._load()
    for memory in memories(3):
        assert reader.parse(memory.path, memory.raw, memory.blob_id or "", parse_memory) == memory
    assert (reader.hits, reader.misses) == (3, 0)


def test_entries_longer_than_the_read_buffer_are_indexed_and_read_back(tmp_path: Path) -> None:
    # Opening the file keeps only each line's start: a record of megabytes (a corpus's pairs)
    # spans several reads and must still be found, whole, among short entries
    from gitmem.memory.cache import RecordCodec

    file = tmp_path / "cache.json"
    codec = RecordCodec()
    big = tuple(f"pair {n} " + "x" * 90 for n in range(30_000))  # about 3 MB of JSON
    writer = MemoryCache(file, "fp")
    for memory in memories(3):
        writer.parse(memory.path, memory.raw, memory.blob_id or "", parse_memory)
    writer.remember("pairs", "big", lambda: big, codec)
    writer.remember("pairs", "small", lambda: ("one",), codec)
    writer.save()
    assert max(map(len, file.read_bytes().split(b"\n"))) > 2 << 20

    def reread() -> MemoryCache:
        reader = MemoryCache(file, "fp")
        reader._load()
        return reader

    reader = reread()
    assert reader.lookup("pairs", "big", codec) == (True, big)
    assert reader.lookup("pairs", "small", codec) == (True, ("one",))
    for memory in memories(3):
        assert reader.parse(memory.path, memory.raw, memory.blob_id or "", parse_memory) == memory
    assert (reader.hits, reader.misses) == (3, 0)

    data = file.read_bytes()
    file.write_bytes(data.replace(b"pair 29999 ", "pair 29999 \u00e9".encode()))  # not ASCII
    reader = reread()
    assert reader.lookup("pairs", "big", codec) == (False, None)  # one miss, not the file
    assert reader.lookup("pairs", "small", codec) == (True, ("one",))
    start = data.index(b'"pair 100 ')
    for cut in (start, data.index(b"\n", start) - 1):  # inside the long line, before its end
        file.write_bytes(data[:cut])
        reader = reread()
        assert reader.lookup("pairs", "small", codec) == (False, None)  # truncated: not used


def _tracked_after(claims: Sequence[Claim]) -> int:
    find_pairs(claims, workers=1)
    gc.collect()
    return len(gc.get_objects())


def test_a_process_judging_run_after_run_keeps_no_texts_of_runs_gone_by() -> None:
    """The answers kept by text (concepts, names, pairs of value sets, cleaned texts, the
    vetoes' per-text readings) live as long as the shipped lexicon, which is the process's:
    a test session or a long-lived tool judging run after run grew by every text it had met,
    up to each table's bound. After `find_pairs` they hold nothing."""
    from gitmem.consistency import claims as claim_module
    from gitmem.consistency import clauses, paraphrase, reported, triage_facts

    lexicon = default_lexicon()
    batches = [mixed_claims(400, seed) for seed in (11, 12, 13, 14)]
    counts = [_tracked_after(batch) for batch in batches]
    assert paraphrase._read_texts(lexicon) == {}
    assert claim_module._names_read(lexicon) == {}
    assert triage_facts._lexicon_words(lexicon).swaps == {}
    assert clauses._plain.cache_info().currsize == 0
    assert reported.frame.cache_info().currsize == 0
    # each run over 400 new texts left about 2,800 objects more before; now only what the
    # tables of words keep of words not met before (about 170: a vocabulary, not the texts)
    assert counts[-1] - counts[0] < 1500, counts

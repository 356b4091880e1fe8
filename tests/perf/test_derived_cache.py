"""Records other modules derive from a memory, cached with its blob (MemoryCache.derived)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import pytest

from gitmem.memory.cache import CorruptEntry, MemoryCache, RecordCodec, Uncacheable
from gitmem.memory.parse import parse_memory


@dataclass(frozen=True)
class Leaf:
    text: str
    line: int


class Pair(NamedTuple):
    left: str
    right: int


@dataclass(frozen=True)
class Tree:
    leaves: tuple[Leaf, ...]
    flag: bool = False
    extra: object = None


CODEC = RecordCodec(Tree, Leaf, Pair)


def test_records_round_trip_and_unknown_classes_are_refused() -> None:
    tree = Tree((Leaf("a", 1), Leaf("ü", 2)), True, (1.5, None, "x", Pair("p", 3)))
    assert CODEC.decode(CODEC.encode(tree)) == tree
    words = Tree((), extra=frozenset({"b", "a", "c"}))
    assert CODEC.decode(json.loads(json.dumps(CODEC.encode(words)))) == words
    with pytest.raises(Uncacheable):
        CODEC.encode(Tree((), extra=frozenset({Leaf("a", 1)})))
    with pytest.raises(Uncacheable):
        CODEC.encode(Tree((), extra={"a": 1}))
    with pytest.raises(Uncacheable):
        CODEC.encode(Tree((), extra=float("nan")))
    for bad in ({"$": "os.system", "f": []}, {"$": "Leaf", "f": ["a"]}, {"$": "Leaf"}, {1: 2},
                {"$": "", "s": [{"$": "Leaf", "f": ["a", 1]}]}):
        with pytest.raises(CorruptEntry):
            CODEC.decode(bad)


def test_derived_values_are_computed_once_per_blob_and_version(tmp_path: Path) -> None:
    memory = parse_memory("memory/a.md", b"- Use tabs.\n- Use uv.\n", "a" * 40)
    calls: list[str] = []

    def compute(m):  # type: ignore[no-untyped-def]
        calls.append(m.path)
        return Tree(tuple(Leaf(c.text, c.line) for c in m.claims))

    cache = MemoryCache(tmp_path / "cache.json", "fp")
    first = cache.derived("leaves", memory, compute, CODEC, "v1")
    cache.save()
    again = MemoryCache(tmp_path / "cache.json", "fp")
    again._load()
    assert again.derived("leaves", memory, compute, CODEC, "v1") == first
    assert len(calls) == 1
    assert again.derived("leaves", memory, compute, CODEC, "v2") == first  # new version
    assert len(calls) == 2
    listed = again.derived("lists", memory, lambda m: Tree((), extra=[1]), CODEC, "v1")
    assert listed == Tree((), extra=[1])  # computed, not stored: a list does not read back
    assert not any(key.startswith("lists") for key in again._entries)


def test_a_damaged_derived_entry_is_computed_again(tmp_path: Path) -> None:
    memory = parse_memory("memory/a.md", b"- Use tabs.\n", "b" * 40)
    cache = MemoryCache(tmp_path / "cache.json", "fp")
    value = cache.derived("leaves", memory, lambda m: Tree((Leaf("x", 1),)), CODEC)
    key = next(iter(cache._entries))
    cache._entries[key][1] = {"$": "Leaf", "f": "not a list"}
    assert cache.derived("leaves", memory, lambda m: Tree((Leaf("x", 1),)), CODEC) == value


def test_remembered_pair_verdicts_are_keyed_by_both_texts_in_order(tmp_path: Path) -> None:
    from gitmem.memory.cache import content_key

    assert content_key("ab", "c") != content_key("a", "bc") != content_key("c", "ab")
    cache = MemoryCache(tmp_path / "cache.json", "fp")
    calls = []

    def judge(a: str, b: str) -> Leaf:
        calls.append((a, b))
        return Leaf(f"{a}|{b}", 1)

    for _ in range(2):
        assert cache.remember("pair", content_key("x", "y"), lambda: judge("x", "y"), CODEC,
                              "v") == Leaf("x|y", 1)
    assert calls == [("x", "y")]
    assert MemoryCache.disabled().remember("pair", "k", lambda: judge("p", "q"), CODEC) == (
        Leaf("p|q", 1))

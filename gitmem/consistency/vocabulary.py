"""What the consistency checks know about words and tools, read from data files, not code.

The knowledge lives in `data/*.toml`, shipped with the package (docs/consistency.md, "The
lexicon"): `words.toml` (function, negating, directive and time words), `synonyms.toml`,
`antonyms.toml`, `exclusive.toml` (classes of values that exclude each other: databases,
package managers, naming cases, ...) and `hypernyms.toml`. A repository adds its own entries in
`.gitmem.toml` under `[consistency.lexicon]` (`parse_extension`). Entries are written as in text;
an entry of several words with spaces. `lexicon.py` turns a `Vocabulary` into lookups.
"""

from __future__ import annotations

import functools
import hashlib
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

FILES = ("words.toml", "synonyms.toml", "antonyms.toml", "exclusive.toml", "hypernyms.toml",
         "paraphrases.toml")  # the last is read by `paraphrase.py`, for duplicates only
WORD_KINDS = ("function", "negators", "negative", "directive", "time_scope", "correction",
              "compatible", "light", "inclusive", "presence",
              "measure", "scope")
EXTENSION_KEYS = ("exclusive", "synonyms", "antonyms")
_MAX_ENTRY = 80  # characters of one name: a tool or a phrase, not a sentence
_MAX_ENTRIES = 5000  # names a repository may add in all

Groups = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Vocabulary:
    words: tuple[tuple[str, tuple[str, ...]], ...]  # (kind of WORD_KINDS, entries)
    synonyms: Groups  # each group's first entry is its main form
    antonyms: Groups  # pairs
    classes: tuple[tuple[str, tuple[str, ...]], ...]  # (class name, members)
    hypernyms: tuple[tuple[str, tuple[str, ...]], ...]  # (word, narrower words or class:NAME)

    def word_list(self, kind: str) -> tuple[str, ...]:
        return dict(self.words)[kind]

    def extended(self, extension: Extension) -> Vocabulary:
        """This vocabulary with a repository's entries added after the shipped ones (a word
        both ship and repository read as a synonym keeps the shipped main form)."""
        if not extension:
            return self
        taken = {name for name, _ in self.classes}
        added = []
        for number, group in enumerate(extension.exclusive, 1):
            name = f"repository_{number}"
            while name in taken:
                name += "_"
            added.append((name, group))
        return Vocabulary(self.words, self.synonyms + extension.synonyms,
                          self.antonyms + extension.antonyms, self.classes + tuple(added),
                          self.hypernyms)


@dataclass(frozen=True)
class Extension:
    """A repository's additions from `.gitmem.toml` `[consistency.lexicon]`."""

    exclusive: Groups = ()
    synonyms: Groups = ()
    antonyms: Groups = ()

    def __bool__(self) -> bool:
        return bool(self.exclusive or self.synonyms or self.antonyms)


def _entry(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{where}: expected a name as a non-empty string, got {value!r}")
    text = " ".join(value.split())
    if len(text) > _MAX_ENTRY:
        raise ValueError(f"{where}: {text[:20]!r}... is longer than {_MAX_ENTRY} characters")
    if not any(char.isalnum() for char in text) or not text.isprintable():
        raise ValueError(f"{where}: {value!r} is not a name (letters or digits, printable)")
    return text


def _groups(value: Any, where: str, size: tuple[int, int]) -> Groups:
    low, high = size
    shape = "pairs of two names" if low == high else f"lists of at least {low} names"
    if not isinstance(value, list):
        raise ValueError(f"{where}: expected a list of {shape}, like [[\"Valkey\", \"Redis\"]]")
    out = []
    for number, group in enumerate(value, 1):
        here = f"{where} entry {number}"
        if not isinstance(group, list) or not low <= len(group) <= high:
            raise ValueError(f"{here}: expected {shape}, got {group!r}")
        names = tuple(_entry(name, here) for name in group)
        if len({name.lower() for name in names}) < len(names):
            raise ValueError(f"{here}: {list(names)!r} names the same thing twice")
        out.append(names)
    return tuple(out)


def parse_extension(value: Any) -> Extension:
    """The `[consistency.lexicon]` table of `.gitmem.toml`; ValueError names the bad entry."""
    if not isinstance(value, Mapping):
        raise ValueError("expected a table with keys " + ", ".join(EXTENSION_KEYS))
    unknown = sorted(set(value) - set(EXTENSION_KEYS))
    if unknown:
        raise ValueError(f"unknown key {unknown[0]!r} (known: {', '.join(EXTENSION_KEYS)})")
    extension = Extension(
        exclusive=_groups(value.get("exclusive", []), "exclusive", (2, _MAX_ENTRIES)),
        synonyms=_groups(value.get("synonyms", []), "synonyms", (2, _MAX_ENTRIES)),
        antonyms=_groups(value.get("antonyms", []), "antonyms", (2, 2)),
    )
    count = sum(len(g) for kind in EXTENSION_KEYS for g in getattr(extension, kind))
    if count > _MAX_ENTRIES:
        raise ValueError(f"{count} names; at most {_MAX_ENTRIES} may be added")
    return extension


def _load(name: str) -> dict[str, Any]:
    return tomllib.loads((resources.files(__package__) / "data" / name).read_text("utf-8"))


def _listed(table: Mapping[str, Any], file: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    out = []
    for key, entries in table.items():
        if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
            raise RuntimeError(f"gitmem's data/{file}: {key} is not a list of strings")
        out.append((key, tuple(entries)))
    return tuple(out)


@functools.cache
def shipped() -> Vocabulary:
    """The vocabulary in the package's data files (a malformed file is a packaging bug)."""
    words = dict(_listed(_load("words.toml"), "words.toml"))
    if set(words) != set(WORD_KINDS):
        raise RuntimeError(f"gitmem's data/words.toml: expected the keys {', '.join(WORD_KINDS)}")
    synonyms = _groups(_load("synonyms.toml")["groups"], "synonyms.toml", (2, 1000))
    antonyms = _groups(_load("antonyms.toml")["pairs"], "antonyms.toml", (2, 2))
    return Vocabulary(
        words=tuple((kind, words[kind]) for kind in WORD_KINDS),
        synonyms=synonyms,
        antonyms=antonyms,
        classes=_listed(_load("exclusive.toml"), "exclusive.toml"),
        hypernyms=_listed(_load("hypernyms.toml"), "hypernyms.toml"),
    )


@functools.cache
def digest() -> str:
    """Changes whenever a data file does: caches of verdicts key on it beside the code."""
    hasher = hashlib.sha1()
    for name in FILES:
        hasher.update((resources.files(__package__) / "data" / name).read_bytes())
    return hasher.hexdigest()[:16]

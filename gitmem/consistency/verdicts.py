"""Verdicts on claim pairs, kept between runs so that an edit re-judges only its own pairs.

Judging a pair is most of a lint's cost, and after one memory changes nearly every pair is
the same as last time. A verdict (a finding, or none) depends only on the two texts, whether
each states rules (its section heading), each side's tags, and the thresholds and detector
code, which the caller puts in the stored record's version. A pair is keyed by a 64-bit
digest of exactly those inputs (two of a million pairs share a key with odds of about one in
4 x 10^7; `GITMEM_NO_CACHE=1` judges every pair). Pairs without a finding, the vast majority, are held as one
sorted array of keys (8 bytes a pair: at 100,000 files about a million pairs); findings are
held by key with their class, scores and signals, and are rebuilt around the current claims,
whose lines may have moved.

A run recalls what it can from the previous run's verdicts and records every verdict it used
into a fresh set, which replaces the old one: pairs that no longer exist drop out.
"""

from __future__ import annotations

import hashlib
from array import array
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from itertools import groupby
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from gitmem.model import Claim

if TYPE_CHECKING:  # analyze imports this module; a finding is only read here
    from gitmem.consistency.analyze import PairFinding

_KEY_BYTES = 8


class StoredVerdict(NamedTuple):
    """A finding without its claims, as the blob-id cache holds it."""

    key: str  # 16 hex digits
    kind: str
    klass: str
    score: float
    confidence: float
    signals: tuple[tuple[str, object], ...]
    identical: bool


class StoredVerdicts(NamedTuple):
    none: str  # the sorted keys of the pairs without a finding, as one hex string
    found: tuple[StoredVerdict, ...]


def _part(text: str) -> bytes:
    data = text.encode("utf-8", "surrogatepass")
    return b"%d:" % len(data) + data


def verdict_key(a: Claim, b: Claim, states_rules: tuple[bool, bool],
                tags: tuple[Sequence[str], Sequence[str]]) -> int:
    """A digest of everything the judge reads of a pair (in order: a first)."""
    parts = [a.text, b.text, f"{int(states_rules[0])}{int(states_rules[1])}",
             "\x1f".join(tags[0]), "\x1f".join(tags[1])]
    digest = hashlib.blake2b(b"".join(map(_part, parts)), digest_size=_KEY_BYTES)
    return int.from_bytes(digest.digest(), "big")


class VerdictKeys:
    """`verdict_key` for the many pairs of one run: each text's and each path's tags' part of
    the digest is encoded once, not once per pair it is in (the same keys)."""

    _RULES: ClassVar[dict[tuple[bool, bool], bytes]] = {
        (x, y): _part(f"{int(x)}{int(y)}") for x in (False, True) for y in (False, True)}

    def __init__(self, tags: Mapping[str, Sequence[str]]) -> None:
        self._tags = tags
        self._texts: dict[str, bytes] = {}
        self._paths: dict[str, bytes] = {}

    def _text(self, text: str) -> bytes:
        found = self._texts.get(text)
        if found is None:
            found = self._texts[text] = _part(text)
        return found

    def _path(self, path: str) -> bytes:
        found = self._paths.get(path)
        if found is None:
            found = self._paths[path] = _part("\x1f".join(self._tags.get(path, ())))
        return found

    def __call__(self, a: Claim, b: Claim, states_rules: tuple[bool, bool]) -> int:
        """`verdict_key(a, b, states_rules, (tags of a's path, tags of b's path))`."""
        data = b"".join((self._text(a.text), self._text(b.text), self._RULES[states_rules],
                         self._path(a.path), self._path(b.path)))
        return int.from_bytes(hashlib.blake2b(data, digest_size=_KEY_BYTES).digest(), "big")


class PairVerdicts:
    """The previous run's verdicts to recall, and this run's to keep."""

    def __init__(self, none: array | None = None,
                 found: dict[int, StoredVerdict] | None = None) -> None:
        self._none = none if none is not None else array("Q")
        self._found = found or {}
        self._fresh_none = array("Q")  # 8 bytes a pair, not a list of ints
        self._fresh_found: dict[int, StoredVerdict] = {}

    def recall(self, key: int) -> tuple[bool, StoredVerdict | None]:
        """(True, the stored finding or None) for a pair judged last time; (False, None)
        otherwise. A recalled verdict is kept for the next run."""
        stored = self._found.get(key)
        if stored is not None:
            self._fresh_found[key] = stored
            return True, stored
        at = bisect_left(self._none, key)
        if at < len(self._none) and self._none[at] == key:
            self._fresh_none.append(key)
            return True, None
        return False, None

    def record(self, key: int, finding: PairFinding | None) -> None:
        """Keep a verdict judged in this run."""
        if finding is None:
            self._fresh_none.append(key)
        else:
            self._fresh_found[key] = StoredVerdict(
                f"{key:016x}", finding.kind, finding.klass, finding.score, finding.confidence,
                tuple(finding.signals.items()), finding.identical)

    def stored(self) -> StoredVerdicts:
        """This run's verdicts, for the cache."""
        keys = sorted_unique(self._fresh_none)  # native order: the cache is local
        return StoredVerdicts(keys.tobytes().hex(), tuple(self._fresh_found.values()))

    @classmethod
    def from_stored(cls, stored: object) -> PairVerdicts:
        """The verdicts of a cache record; a record of any other shape gives none."""
        if not isinstance(stored, StoredVerdicts) or not isinstance(stored.none, str):
            return cls()
        try:
            raw = bytes.fromhex(stored.none)
        except ValueError:
            return cls()
        if len(raw) % _KEY_BYTES or not isinstance(stored.found, tuple):
            return cls()
        keys = array("Q", raw)
        found: dict[int, StoredVerdict] = {}
        for verdict in stored.found:
            if not _well_formed(verdict):
                return cls()
            found[int(verdict.key, 16)] = verdict
        if any(keys[i] >= keys[i + 1] for i in range(len(keys) - 1)):
            return cls()  # not the sorted array this module writes
        return cls(keys, found)


def sorted_unique(keys: array) -> array:
    """`keys` (64-bit digests) sorted, each once, without a list of them all (at 100,000 files
    29 million ints, 1.2 GB): bucketed by their top byte, which digests spread evenly, and each
    bucket sorted on its own."""
    buckets = [array("Q") for _ in range(256)]
    for key in keys:
        buckets[key >> 56].append(key)
    out = array("Q")
    for at, bucket in enumerate(buckets):
        out.extend(key for key, _ in groupby(sorted(bucket)))
        buckets[at] = array("Q")
    return out


def finding_shaped(kind: object, klass: object, score: object, confidence: object,
                   signals: object, identical: object) -> bool:
    """Whether stored finding fields have the types a `PairFinding` holds (the cache file is
    data: anything else is recomputed, never trusted)."""
    return (isinstance(kind, str) and isinstance(klass, str)
            and isinstance(score, (int, float)) and isinstance(confidence, (int, float))
            and isinstance(identical, bool) and isinstance(signals, tuple)
            and all(isinstance(kv, tuple) and len(kv) == 2 and isinstance(kv[0], str)
                    for kv in signals))


def _well_formed(verdict: object) -> bool:
    return (isinstance(verdict, StoredVerdict) and isinstance(verdict.key, str)
            and len(verdict.key) == 2 * _KEY_BYTES
            and all(c in "0123456789abcdef" for c in verdict.key)
            and finding_shaped(verdict.kind, verdict.klass, verdict.score, verdict.confidence,
                               verdict.signals, verdict.identical))

"""The GM2xx findings of a corpus as the blob-id cache keeps them (`gitmem/lint/cached.py`).

A pair rule's findings are a function of the corpus, the configuration and the rules' code,
like the pairs they are made from, but reading them back skips what a warm lint spent most of
its time on: decoding every pair with its two claims and folding the pairs into groups again.
They are kept by column, one row per finding, under each rule's code, and checked field by
field when read: a row of another shape makes the whole record a miss (computed again).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from itertools import chain, repeat
from sys import intern
from typing import Any

from gitmem.memory.cache import CorruptEntry, Uncacheable
from gitmem.model import Finding, Location

_SCALARS = (str, int, float, bool, type(None))
_SCALAR_SET = frozenset(_SCALARS)
_CONFIDENCE = frozenset((float, int, type(None)))
_STR, _INT = frozenset((str,)), frozenset((int,))
Record = Mapping[str, Sequence[Finding]]  # rule code -> its findings, in the order it gave them


def _signal_ok(value: Any) -> bool:
    return type(value) in _SCALARS and not (type(value) is float and not math.isfinite(value))


class FindingsCodec:
    """Encodes and decodes a `Record` (the interface of `RecordCodec`: `MemoryCache.store`
    keeps a value only if it decodes back equal)."""

    def encode(self, value: Record) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise Uncacheable("not a record of findings")
        out: dict[str, Any] = {}
        for code, findings in value.items():
            if type(code) is not str:
                raise Uncacheable("a rule code that is not a string")
            names = {(f.name, f.severity) for f in findings}
            if len(names) > 1:
                raise Uncacheable("one code with two names or severities")
            name, severity = names.pop() if names else ("", "")
            rows = []
            for f in findings:
                if f.code != code or f.fingerprint or not all(map(_signal_ok, f.signals.values())):
                    raise Uncacheable("a finding the record cannot carry")
                related = [x for loc in f.related for x in (loc.path, loc.line)]
                rows.append([f.path, f.line, f.message, related, f.confidence, dict(f.signals)])
            out[code] = {"name": name, "severity": severity, "rows": rows}
        return out

    def decode(self, data: Any) -> dict[str, list[Finding]]:
        if type(data) is not dict:
            raise CorruptEntry("not a record of findings")
        out = {}
        for code, entry in data.items():
            if type(entry) is not dict or set(entry) != {"name", "severity", "rows"}:
                raise CorruptEntry("not a rule's findings")
            name, severity, rows = entry["name"], entry["severity"], entry["rows"]
            if type(name) is not str or type(severity) is not str or type(rows) is not list:
                raise CorruptEntry("not a rule's findings")
            code, name, severity = intern(code), intern(name), intern(severity)
            out[code] = _findings(code, name, severity, rows)
        return out


def _findings(code: str, name: str, severity: str, rows: list[Any]) -> list[Finding]:
    """The findings of one rule's rows, checked and built a column at a time (a warm lint
    decodes 11,000 of them)."""
    if not rows:
        return []
    if set(map(type, rows)) != {list} or set(map(len, rows)) != {6}:
        raise CorruptEntry("not a finding")
    paths, lines, messages, related, confidences, signals = zip(*rows)
    if (set(map(type, paths)) != {str} or set(map(type, lines)) != {int}
            or set(map(type, messages)) != {str} or set(map(type, related)) != {list}
            or not _CONFIDENCE.issuperset(map(type, confidences))
            or set(map(type, signals)) != {dict}):
        raise CorruptEntry("not a finding")
    values = list(chain.from_iterable(map(dict.values, signals)))
    if not _SCALAR_SET.issuperset(map(type, values)) or not all(
            map(math.isfinite, [v for v in values if type(v) is float])):
        raise CorruptEntry("not a finding")
    places = []
    for pairs in related:
        where, at = pairs[::2], pairs[1::2]
        if len(where) != len(at) or not _STR.issuperset(map(type, where)) or not \
                _INT.issuperset(map(type, at)):
            raise CorruptEntry("not a location")
        places.append(tuple(map(Location, where, at)))
    return list(map(Finding, repeat(code), repeat(name), repeat(severity), paths, lines,
                    messages, places, confidences, signals))

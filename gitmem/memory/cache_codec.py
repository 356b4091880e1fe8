"""The JSON encodings of the blob-id cache: a parsed `Memory`, frontmatter values, and records
other modules derive from memories (`RecordCodec`).

Decoding is checked field by field: anything that is not exactly the shape written raises
`CorruptEntry`, and the caller treats it as a miss. Nothing is ever unpickled or executed.
"""

from __future__ import annotations

import base64
import dataclasses
import datetime as dt
import math
from itertools import repeat
from sys import intern
from typing import Any

from gitmem.memory.problems import FileNotice, FrontmatterProblem
from gitmem.model import Claim, Memory, Problem

_PROBLEM_KINDS: dict[str, type[Problem]] = {
    "problem": Problem, "frontmatter": FrontmatterProblem, "file": FileNotice,
}
_KIND_OF = {cls: name for name, cls in _PROBLEM_KINDS.items()}
_SCALARS = (str, int, float, bool, type(None))
_INT, _STR = {int}, {str}


class Uncacheable(Exception):
    """A value the JSON encoding cannot carry faithfully; the memory is parsed every time."""


class CorruptEntry(Exception):
    """An entry that does not decode into what a `Memory` holds; treated as a miss."""


# ----- encoding plain values (frontmatter) -----------------------------------------------------
def encode_value(value: Any) -> Any:
    """A JSON value for a YAML-loaded value; dicts that JSON cannot hold as objects, and the
    non-JSON types YAML produces (dates, bytes, sets), become {"$": kind, "v": ...}."""
    kind = type(value)
    if kind is float and not math.isfinite(value):
        raise Uncacheable("a float JSON cannot hold")
    if kind in _SCALARS:
        return value
    if kind is list:
        return [encode_value(v) for v in value]
    if kind is dict:
        if all(type(k) is str for k in value) and "$" not in value:
            return {k: encode_value(v) for k, v in value.items()}
        return {"$": "pairs", "v": [[encode_value(k), encode_value(v)] for k, v in value.items()]}
    if kind is dt.datetime:
        return {"$": "datetime", "v": value.isoformat()}
    if kind is dt.date:
        return {"$": "date", "v": value.isoformat()}
    if kind is bytes:
        return {"$": "bytes", "v": base64.b64encode(value).decode("ascii")}
    if kind is tuple:
        return {"$": "tuple", "v": [encode_value(v) for v in value]}
    if kind in (set, frozenset):
        return {"$": kind.__name__, "v": [encode_value(v) for v in value]}
    raise Uncacheable(kind.__name__)


def decode_value(value: Any) -> Any:
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list:
        return [decode_value(v) for v in value]
    if kind is not dict:
        raise CorruptEntry(f"unexpected {kind.__name__}")
    tag = value.get("$")
    if tag is None:
        return {k: decode_value(v) for k, v in value.items()}
    inner = value.get("v")
    if tag == "pairs" and type(inner) is list:
        return {_key(decode_value(k)): decode_value(v) for k, v in map(_pair, inner)}
    if tag == "tuple" and type(inner) is list:
        return tuple(decode_value(v) for v in inner)
    if tag in ("set", "frozenset") and type(inner) is list:
        items = [_key(decode_value(v)) for v in inner]
        return set(items) if tag == "set" else frozenset(items)
    if type(inner) is not str:
        raise CorruptEntry(f"bad {tag!r} value")
    try:
        if tag == "datetime":
            return dt.datetime.fromisoformat(inner)
        if tag == "date":
            return dt.date.fromisoformat(inner)
        if tag == "bytes":
            return base64.b64decode(inner, validate=True)
    except ValueError as error:
        raise CorruptEntry(str(error)) from None
    raise CorruptEntry(f"unknown tag {tag!r}")


def _pair(item: Any) -> tuple[Any, Any]:
    if type(item) is not list or len(item) != 2:
        raise CorruptEntry("bad pair")
    return item[0], item[1]


def _key(value: Any) -> Any:
    try:
        hash(value)
    except TypeError:
        raise CorruptEntry("unhashable key") from None
    return value


# ----- encoding a Memory -----------------------------------------------------------------------
def _text_of(raw: bytes) -> str:
    text = raw.decode("utf-8", "replace")
    return text.removeprefix("\ufeff")


def encode_memory(memory: Memory) -> list[Any]:
    """[meta, body (or the length of the text's tail it is), body_line, has_frontmatter, claims
    (five columns: lines, texts, kinds, sections, parents), problems, size of the file]. The
    path, bytes and blob id are the key and are not stored."""
    text = _text_of(memory.raw)
    body: str | int = memory.body
    if text.endswith(memory.body):
        body = len(memory.body)  # the body is the file's tail: store where it starts, not it
    problems = []
    for problem in memory.problems:
        kind = _KIND_OF.get(type(problem))
        if kind is None:
            raise Uncacheable(type(problem).__name__)
        problems.append([kind, problem.message, problem.line])
    if any(claim.path != memory.path for claim in memory.claims):
        raise Uncacheable("a claim of another path")
    if type(memory.meta) is not dict:
        raise Uncacheable("meta is not a dict")
    # frontmatter that JSON holds as it is (the usual case) is stored as it is: reading it back
    # then needs no walk at all, since JSON only ever produces values YAML can produce too
    meta = ["plain", memory.meta] if _is_plain(memory.meta) else ["tagged", encode_value(memory.meta)]
    claims = [[c.line for c in memory.claims], [c.text for c in memory.claims],
              [c.kind for c in memory.claims], [c.section for c in memory.claims],
              [c.parent for c in memory.claims]]
    return [meta, body, memory.body_line, memory.has_frontmatter, claims, problems,
            len(memory.raw)]


def _is_plain(value: Any) -> bool:
    kind = type(value)
    if kind in _SCALARS:
        return kind is not float or math.isfinite(value)
    if kind is list:
        return all(_is_plain(v) for v in value)
    if kind is dict:
        return all(type(k) is str and _is_plain(v) for k, v in value.items())
    return False


def decode_memory(entry: Any, path: str, raw: bytes, blob_id: str) -> Memory:
    """The `Memory` an entry describes, or CorruptEntry when it is not exactly that shape."""
    if type(entry) is not list or len(entry) != 7 or entry[6] != len(raw):
        raise CorruptEntry("not an entry for these bytes")
    meta, body, body_line, has_frontmatter, claims, problems, _ = entry
    if type(meta) is not list or len(meta) != 2 or meta[0] not in ("plain", "tagged"):
        raise CorruptEntry("bad meta")
    meta = _interned(meta[1]) if meta[0] == "plain" else decode_value(meta[1])
    if type(meta) is not dict or type(body_line) is not int or type(has_frontmatter) is not bool:
        raise CorruptEntry("bad header")
    if type(body) is int:
        text = _text_of(raw)
        if not 0 <= body <= len(text):
            raise CorruptEntry("body beyond the file")
        body = text[len(text) - body:]
    elif type(body) is not str:
        raise CorruptEntry("bad body")
    if type(claims) is not list or type(problems) is not list:
        raise CorruptEntry("bad lists")
    # claims are stored by column: checked and built by C loops, not a Python one per claim
    lines, texts, kinds, sections, parents = claims  # a wrong shape raises ValueError / ...
    if not (type(lines) is type(texts) is type(kinds) is type(sections) is type(parents) is list
            and len(lines) == len(texts) == len(kinds) == len(sections) == len(parents)
            and set(map(type, lines)) <= _INT and set(map(type, texts)) <= _STR
            and set(map(type, kinds)) <= _STR and set(map(type, sections)) <= _STR
            and set(map(type, parents)) <= _STR):
        raise CorruptEntry("bad claims")
    out_claims = list(map(Claim, repeat(path), lines, texts, map(intern, kinds),
                          map(intern, sections), map(intern, parents)))
    out_problems = []
    for problem in problems:
        if (type(problem) is not list or len(problem) != 3 or problem[0] not in _PROBLEM_KINDS
                or type(problem[1]) is not str or type(problem[2]) is not int):
            raise CorruptEntry("bad problem")
        out_problems.append(_PROBLEM_KINDS[problem[0]](problem[1], problem[2]))
    return Memory(path, raw, meta, body, body_line, tuple(out_claims), tuple(out_problems),
                  has_frontmatter, blob_id)


def _interned(meta: Any) -> Any:
    """Plain frontmatter with its keys and the strings of its lists (tags) interned: entries are
    decoded one at a time, so "name" or a tag that 100,000 memories hold would otherwise be
    100,000 strings."""
    if type(meta) is not dict:
        return meta  # not a memory's frontmatter: decode_memory refuses it
    for value in meta.values():
        if type(value) is list and set(map(type, value)) <= _STR:
            value[:] = map(intern, value)
    return dict(zip(map(intern, meta), meta.values()))


# ----- records derived from a memory -------------------------------------------------------------
class RecordCodec:
    """JSON for trees of frozen dataclasses or NamedTuples of the listed classes, tuples and
    JSON scalars: what other modules compute from memories (lint's citations, a detector's
    claim features or pair verdicts).

    Only the listed classes are ever built when reading (by name, from their fields in order),
    so a cache file cannot make gitmem construct anything else. Frozensets of scalars are
    carried (as sorted lists); lists, dicts and sets are not: a value holding one does not
    read back equal and is therefore never stored."""

    def __init__(self, *classes: type) -> None:
        self._by_name = {cls.__qualname__: cls for cls in classes}
        self._fields = {cls: _field_names(cls) for cls in classes}

    def encode(self, value: Any) -> Any:
        kind = type(value)
        if kind in _SCALARS:
            if kind is float and not math.isfinite(value):
                raise Uncacheable("a float JSON cannot hold")
            return value
        if kind is tuple:
            return [self.encode(v) for v in value]
        if kind is frozenset:
            items = [self.encode(v) for v in value]
            if not set(map(type, items)) <= {str, int, bool}:
                raise Uncacheable("a frozenset of records")
            return {"$": "", "s": sorted(items, key=repr)}
        names = self._fields.get(kind)
        if names is None:
            raise Uncacheable(kind.__name__)
        return {"$": kind.__qualname__, "f": [self.encode(getattr(value, n)) for n in names]}

    def decode(self, data: Any) -> Any:
        kind = type(data)
        if kind in _SCALARS:
            return data
        if kind is list:
            return tuple(self.decode(v) for v in data)
        if kind is not dict:
            raise CorruptEntry(f"unexpected {kind.__name__}")
        if data.get("$") == "" and type(data.get("s")) is list:
            items = data["s"]
            if not set(map(type, items)) <= {str, int, bool}:
                raise CorruptEntry("a frozenset of non-scalars")
            return frozenset(items)
        cls = self._by_name.get(data.get("$"))  # type: ignore[arg-type]
        values = data.get("f")
        if cls is None or type(values) is not list or len(values) != len(self._fields[cls]):
            raise CorruptEntry("not a known record")
        return cls(*(self.decode(v) for v in values))


def _field_names(cls: type) -> tuple[str, ...]:
    """The fields of a dataclass or a NamedTuple, in constructor order."""
    if dataclasses.is_dataclass(cls):
        return tuple(f.name for f in dataclasses.fields(cls))
    names = getattr(cls, "_fields", None)
    if isinstance(names, tuple) and issubclass(cls, tuple):
        return names
    raise TypeError(f"{cls.__qualname__} is neither a dataclass nor a NamedTuple")

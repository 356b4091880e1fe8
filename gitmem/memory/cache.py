"""Parsed memories cached by content: a memory whose blob did not change is not parsed again.

git already names every version of a file by its content (the blob id), so the cache is a map
from (blob id, path) to the parsed `Memory`, kept in one JSON file,
`.git/gitmem/cache/memories.json`. Nothing in it can go stale: an edited file has a new blob id, a switched branch
brings other blob ids, and entries are never looked up by path alone. What could change the
parse of the same bytes (a new gitmem, an edited parser, another PyYAML) changes the cache's
fingerprint, and a cache with another fingerprint is ignored as a whole. Parsing reads no
configuration, so no configuration goes into the key.

The cache is an optimisation, never a source of truth:

- it is plain JSON (never pickle), checked field by field when read; an entry that does not
  decode into exactly the types a `Memory` holds is a miss, and a file that is not ours
  (garbage, truncated, another schema) is ignored and rebuilt;
- an entry is stored only if decoding it gives back a `Memory` equal to the one just parsed,
  so a value the encoding cannot carry (an exotic YAML type) is simply parsed every time;
- the file is written whole to a temporary name and renamed over the old one (atomic on POSIX),
  only when something new was parsed; concurrent runs at worst lose each other's additions;
- an entry is read from the file only when it is looked up (`entries_file.py`), so a run holds
  the memories it decoded, not the whole file decoded as well.

For the working tree it also remembers each file's stat data (size, mtime, ctime, inode) with
the blob id it hashed to, so an unchanged file is not hashed again. That record is written only
for files last changed more than `RACY_NS` before they were read, the margin git's own index
uses against "racy" files: a file changed in the same instant as its record would otherwise
look unchanged. ctime cannot be set back by `touch`, so a rewrite that restores the mtime is
still seen. `GITMEM_NO_CACHE=1` turns the cache off (nothing read, nothing written).
"""

from __future__ import annotations

import base64
import dataclasses
import datetime as dt
import hashlib
import json
import math
import os
import sys
import tempfile
import time
from collections.abc import Callable
from itertools import repeat
from pathlib import Path
from sys import intern
from typing import Any, TypeVar

from gitmem import __version__
from gitmem.memory.entries_file import Entries, EntriesFile, json_text
from gitmem.memory.problems import FileNotice, FrontmatterProblem
from gitmem.model import Claim, Memory, Problem

SCHEMA = 1
CACHE_FILE = Path("cache") / "memories.json"
DISABLE_ENV = "GITMEM_NO_CACHE"
RACY_NS = 2_000_000_000  # stat records only for files unchanged for this long before the read
KEEP_GENERATIONS = 8  # entries unused for this many writes are dropped
_PROBLEM_KINDS: dict[str, type[Problem]] = {
    "problem": Problem, "frontmatter": FrontmatterProblem, "file": FileNotice,
}
_KIND_OF = {cls: name for name, cls in _PROBLEM_KINDS.items()}
_SCALARS = (str, int, float, bool, type(None))
T = TypeVar("T")
_INT, _STR = {int}, {str}


class Uncacheable(Exception):
    """A value the JSON encoding cannot carry faithfully; the memory is parsed every time."""


class CorruptEntry(Exception):
    """An entry that does not decode into what a `Memory` holds; treated as a miss."""


# ----- cache files in general ------------------------------------------------------------------
PACKAGE = Path(__file__).resolve().parents[1]


def cache_disabled(environ: Any = os.environ) -> bool:
    return str(environ.get(DISABLE_ENV, "")).strip().lower() in ("1", "true", "yes", "on")


def source_fingerprint(schema: int, sources: list[Path], extra: str = "") -> str:
    """A cache's version: its schema, the gitmem version and the size and mtime of the source
    files that compute what it holds (an edited module never reads old entries, whatever the
    version number says), plus whatever else the caller names."""
    digest = hashlib.sha256(f"{schema}\0{__version__}\0{sys.version_info[:2]}\0{extra}".encode())
    for source in sources:
        try:
            st = source.stat()
        except OSError:
            continue
        digest.update(f"{source.name}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    return digest.hexdigest()[:32]


def read_cache_file(file: Path, schema: int, fingerprint: str) -> dict[str, Any] | None:
    """The cache file's JSON object if it is ours (this schema and fingerprint), else None:
    a missing, unreadable, truncated or foreign file is simply not used."""
    try:
        data = json.loads(file.read_bytes())
    except (OSError, ValueError, RecursionError):
        return None
    if type(data) is not dict or data.get("schema") != schema:
        return None
    return data if data.get("fingerprint") == fingerprint else None


def write_cache_file(file: Path, data: dict[str, Any]) -> bool:
    """Write the whole file under a temporary name and rename it over the old one (atomic on
    POSIX: a reader sees the old file or the new one, never half). False when it failed; a
    cache that cannot be written is only a slower next run."""
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{file.stem}-", suffix=".tmp", dir=file.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, separators=(",", ":"))
            os.replace(tmp, file)
        except BaseException:
            os.unlink(tmp)
            raise
    except (OSError, ValueError):
        return False
    return True


def code_fingerprint() -> str:
    """Everything besides the bytes that decides how a memory parses: the parser's source files
    (gitmem/memory/ and the records in model.py) and PyYAML."""
    sources = [PACKAGE / "model.py", *sorted((PACKAGE / "memory").glob("*.py"))]
    try:
        import yaml

        extra = f"yaml {yaml.__version__} {getattr(yaml, '__with_libyaml__', '')}"
    except ImportError:  # pragma: no cover - PyYAML is a dependency of python-frontmatter
        extra = ""
    return source_fingerprint(SCHEMA, sources, extra)


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
    (four columns: lines, texts, kinds, sections), problems, size of the file]. The path, bytes
    and blob id are the key and are not stored."""
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
              [c.kind for c in memory.claims], [c.section for c in memory.claims]]
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
    lines, texts, kinds, sections = claims  # a wrong shape raises ValueError / TypeError
    if not (type(lines) is type(texts) is type(kinds) is type(sections) is list
            and len(lines) == len(texts) == len(kinds) == len(sections)
            and set(map(type, lines)) <= _INT and set(map(type, texts)) <= _STR
            and set(map(type, kinds)) <= _STR and set(map(type, sections)) <= _STR):
        raise CorruptEntry("bad claims")
    out_claims = list(map(Claim, repeat(path), lines, texts, map(intern, kinds),
                          map(intern, sections)))
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


def content_key(*texts: str) -> str:
    """A cache key naming exactly these texts, in this order (a claim pair, a query)."""
    digest = hashlib.sha1(usedforsecurity=False)
    for text in texts:
        data = text.encode("utf-8", "surrogatepass")
        digest.update(b"%d:" % len(data) + data)
    return digest.hexdigest()


def module_version(*modules: Any) -> str:
    """A version for derived records: the size and mtime of the modules that compute them."""
    return source_fingerprint(0, [Path(m.__file__) for m in modules if getattr(m, "__file__", None)])


# ----- the cache file --------------------------------------------------------------------------
StatKey = tuple[int, int, int, int, int]  # size, mtime_ns, ctime_ns, inode, device


def stat_key(st: os.stat_result) -> StatKey:
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev)


class MemoryCache:
    """Parsed memories by (blob id, path) and worktree stat records, for one run."""

    def __init__(self, file: Path | None, fingerprint: str = "") -> None:
        self.file = file
        self.fingerprint = fingerprint
        self.generation = 0
        self._source = EntriesFile(file) if file is not None else None
        self._entries: Entries = {}  # "blob path" -> [generation, encoded (JSON text or Span)]
        self._stats: dict[str, list[Any]] = {}  # path -> [size, mtime, ctime, ino, dev, blob]
        self._used: set[str] = set()
        self._dirty = False
        self.hits = 0
        self.misses = 0

    @classmethod
    def disabled(cls) -> MemoryCache:
        return cls(None)

    @classmethod
    def open(cls, state_dir: Path, environ: Any = os.environ) -> MemoryCache:
        """The cache of a repository (`state_dir` is .git/gitmem); an unreadable, foreign or
        outdated file gives an empty cache that will replace it."""
        if cache_disabled(environ):
            return cls.disabled()
        cache = cls(state_dir / CACHE_FILE, code_fingerprint())
        cache._load()
        return cache

    @property
    def enabled(self) -> bool:
        return self.file is not None

    def _load(self) -> None:
        assert self._source is not None
        found = self._source.load(SCHEMA, self.fingerprint)
        if found is None:
            return
        header, entries = found
        generation, stats = header.get("generation"), header.get("stats")
        if type(generation) is not int or type(stats) is not dict:
            return
        self.generation = generation
        self._entries = entries
        self._stats = stats

    # ----- lookups ------------------------------------------------------------------------
    def blob_for_stat(self, path: str, st: os.stat_result) -> str | None:
        """The blob id a worktree file hashed to when its stat data was exactly this."""
        record = self._stats.get(path)
        if type(record) is not list or len(record) != 6:
            return None
        if tuple(record[:5]) != stat_key(st) or type(record[5]) is not str:
            return None
        return record[5]

    def remember_stat(self, path: str, st: os.stat_result, blob_id: str, read_ns: int) -> None:
        """Record a file's stat data and blob, unless it changed too recently to be sure that a
        later change would change its stat data too (racy git)."""
        if not self.enabled:
            return
        if max(st.st_mtime_ns, st.st_ctime_ns) >= read_ns - RACY_NS:
            self._stats.pop(path, None)
            return
        record = [*stat_key(st), blob_id]
        if self._stats.get(path) != record:
            self._stats[path] = record
            self._dirty = True

    def parse(self, path: str, raw: bytes, blob_id: str,
              parse: Callable[[str, bytes, str], Memory]) -> Memory:
        """The parsed memory for these bytes: from the cache, or parsed now and remembered."""
        key = f"{blob_id} {path}"
        if self.enabled:
            item = self._entries.get(key)
            if item is not None:
                try:
                    memory = decode_memory(self._decoded(item), path, raw, blob_id)
                except (CorruptEntry, OSError, TypeError, ValueError, RecursionError):
                    del self._entries[key]
                    self._dirty = True
                else:
                    self.hits += 1
                    self._used.add(key)
                    return memory
        memory = parse(path, raw, blob_id)
        self.misses += 1
        if self.enabled:
            self._store(key, memory)
        return memory

    def _decoded(self, item: list[Any]) -> Any:
        assert self._source is not None
        return self._source.value(item[1])

    def _store(self, key: str, memory: Memory) -> None:
        try:
            encoded = encode_memory(memory)
            # store only what reads back as the very same Memory (the encoding emits only what
            # JSON carries unchanged: str keys, lists, no NaN in plain values)
            if decode_memory(encoded, memory.path, memory.raw, memory.blob_id or "") != memory:
                return
            text = json_text(encoded)
        except (Uncacheable, CorruptEntry, TypeError, ValueError, RecursionError):
            return
        self._put(key, text)

    def derived(self, kind: str, memory: Memory, compute: Callable[[Memory], T],
                codec: RecordCodec, version: str = "") -> T:
        """`compute(memory)`, remembered with the memory's blob: what `kind` (a name) computes
        from unchanged bytes is read back instead of computed again. `version` must change
        whenever the result could (the computing modules, see `module_version`, and any
        setting `compute` reads, such as lint.review_file)."""
        if not memory.blob_id:
            return compute(memory)
        return self.remember(kind, f"{memory.blob_id} {memory.path}", lambda: compute(memory),
                             codec, version)

    def remember(self, kind: str, key: str, compute: Callable[[], T], codec: RecordCodec,
                 version: str = "") -> T:
        """`compute()`, remembered under `key`, which must name everything the result depends
        on besides `version`: content, never a path alone. For a pair of claims, a digest of
        both texts (see `content_key`), so that a verdict on unchanged claims is read back."""
        found, value = self.lookup(kind, key, codec, version)
        if found:
            return value  # type: ignore[no-any-return]
        value = compute()
        self.store(kind, key, value, codec, version)
        return value

    def lookup(self, kind: str, key: str, codec: RecordCodec, version: str = "") -> tuple[bool, Any]:
        """(True, the record) stored under `key`; (False, None) when absent or unreadable."""
        if not self.enabled:
            return False, None
        full_key = f"{kind}\0{version}\0{key}"
        item = self._entries.get(full_key)
        if item is None:
            return False, None
        try:
            value = codec.decode(self._decoded(item))
        except (CorruptEntry, OSError, TypeError, ValueError, RecursionError):
            del self._entries[full_key]
            self._dirty = True
            return False, None
        self._used.add(full_key)
        return True, value

    def store(self, kind: str, key: str, value: Any, codec: RecordCodec, version: str = "") -> None:
        """Keep `value` under `key`, replacing what was there; a value that does not read back
        equal is not kept."""
        if not self.enabled:
            return
        try:
            encoded = codec.encode(value)
            if codec.decode(encoded) != value:
                return
            text = json_text(encoded)
        except (Uncacheable, CorruptEntry, TypeError, ValueError, RecursionError):
            return
        self._put(f"{kind}\0{version}\0{key}", text)

    def _put(self, key: str, text: str) -> None:
        assert self._source is not None
        self._entries[key] = [self.generation + 1, self._source.add(text)]
        self._used.add(key)
        self._dirty = True

    # ----- writing ------------------------------------------------------------------------
    def save(self) -> None:
        """Write the cache if this run parsed anything new (atomically; errors are ignored:
        the cache is only ever an optimisation)."""
        if not self.enabled or not self._dirty:
            return
        assert self._source is not None
        generation = self.generation + 1
        entries: Entries = {}
        for key, (last, value) in self._entries.items():
            if key in self._used:
                entries[key] = [generation, value]
            elif generation - last < KEEP_GENERATIONS:
                entries[key] = [last, value]
        header = {"schema": SCHEMA, "fingerprint": self.fingerprint, "gitmem": __version__,
                  "generation": generation, "written": time.time(), "stats": self._stats}
        written = self._source.save(header, entries)
        if written is None:
            return
        self.generation = generation
        self._entries = written
        self._dirty = False

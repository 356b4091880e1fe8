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

import hashlib
import importlib.util
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from gitmem import __version__
from gitmem.memory.cache_codec import (
    CorruptEntry,
    RecordCodec,
    Uncacheable,
    decode_memory,
    encode_memory,
)
from gitmem.memory.cache_files import (
    DISABLE_ENV,
    PACKAGE,
    cache_disabled,
    source_fingerprint,
)
from gitmem.memory.entries_file import Entries, EntriesFile, json_text
from gitmem.model import Memory

__all__ = [  # what other modules take from here, the codec's names included
    "CACHE_FILE", "DISABLE_ENV", "CorruptEntry", "MemoryCache", "RecordCodec", "Uncacheable",
    "content_key", "module_version",
]

SCHEMA = 1
CACHE_FILE = Path("cache") / "memories.json"
RACY_NS = 2_000_000_000  # stat records only for files unchanged for this long before the read
KEEP_GENERATIONS = 8  # entries unused for this many writes are dropped
T = TypeVar("T")


def code_fingerprint() -> str:
    """Everything besides the bytes that decides how a memory parses: the parser's source files
    (gitmem/memory/ and the records in model.py) and PyYAML's files (its C extension among
    them), found without importing it: a warm run parses nothing, and importing PyYAML took
    it 30-90 ms."""
    sources = [PACKAGE / "model.py", *sorted((PACKAGE / "memory").glob("*.py"))]
    return source_fingerprint(SCHEMA, sources, _yaml_files())


def _yaml_files() -> str:
    """PyYAML's modules and extensions by name, size and mtime ("" when it is not there): an
    upgrade or a libyaml build rewrites or adds some of them."""
    try:
        spec = importlib.util.find_spec("yaml")
        folders = list(spec.submodule_search_locations or ()) if spec is not None else []
        files = sorted((entry for folder in folders for entry in os.scandir(folder)
                        if entry.name.endswith((".py", ".so", ".pyd"))), key=lambda e: e.path)
        return "yaml " + " ".join(f"{f.name}:{f.stat().st_size}:{f.stat().st_mtime_ns}"
                                  for f in files)
    except (ImportError, OSError, ValueError):  # pragma: no cover - PyYAML is a dependency
        return ""


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

    def touch(self, kind: str, key: str, version: str = "") -> None:
        """Keep the record under `key` as if it had been looked up, without reading it."""
        full_key = f"{kind}\0{version}\0{key}"
        if full_key in self._entries:
            self._used.add(full_key)

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

"""The blob-id cache's file, read a line at a time: values stay on disk until looked up.

The file is plain JSON, laid out one entry to a line:

    {"schema":1,"fingerprint":"...",...,"stats":{...},"entries":{
    "<key>":[<generation>,<value>],
    "<key>":[<generation>,<value>]
    }}

Opening it reads each entry's key, its generation and where its value lies (a `Span`), not the
value: at 100,000 memories the values are 120 MB of text, and 500 MB once decoded into Python
lists and strings. `value` reads and decodes one when it is looked up. The file stays open until
the `EntriesFile` is collected, so what is read is the file as it was opened, whoever replaces it
meanwhile (a rename never changes an open file). A value added by this run waits in an unnamed
scratch file beside it, not in memory. `save` writes the whole file under a temporary name and
renames it over the old one; from then on values are read from the new file.

A file that is valid JSON in another layout (edited by hand, say) is read whole, each value
kept as its JSON text. A value is never checked here: the caller decodes it and treats what
does not decode as a miss.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from gitmem.memory.cache_files import read_cache_file

_OPEN = b',"entries":{\n'
_CLOSE = b"}}"
_SEPARATOR = b",\n"
_DECODER = json.JSONDecoder()
_PLAIN_START = re.compile(rb'"([^"\\]*)":\[([0-9]+),')
_CHUNK = 1 << 20  # the file is read this much at a time when it is opened
_HEAD = 1 << 14  # an entry's key and generation lie in its first bytes (else: read whole)
_KEEP_OPEN = hasattr(os, "pread")  # else values are kept as text (and no file stays open)
_SOURCE, _SCRATCH = 0, 1  # the file read or last written; values added since

Span = tuple[int, int, int]  # where a value's JSON text lies: (_SOURCE or _SCRATCH, offset, length)
Entries = dict[str, list[Any]]  # key -> [generation, the value: JSON text (str) or a Span]


def json_text(value: Any) -> str:
    """The JSON text a value is kept and written as (ValueError for NaN and infinity)."""
    return json.dumps(value, separators=(",", ":"), allow_nan=False)


class EntriesFile:
    """The cache file at `path`: its entries, and their values read when they are needed."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._files: list[BinaryIO | None] = [None, None]  # by _SOURCE, _SCRATCH
        self._scratch_end = 0
        weakref.finalize(self, _close_all, self._files)

    def load(self, schema: int, fingerprint: str) -> tuple[dict[str, Any], Entries] | None:
        """The header and the entries if the file is ours (this schema and fingerprint), else
        None: a missing, unreadable, truncated or foreign file is simply not used."""
        try:
            file = self.path.open("rb")
        except OSError:
            return None
        try:
            found = _read_lines(file, schema, fingerprint)
        except (OSError, ValueError, RecursionError):
            found = None
        if found and _KEEP_OPEN:
            self._use(_SOURCE, file)
            return found  # type: ignore[return-value]
        file.close()
        return None if found == () else _read_whole(self.path, schema, fingerprint)

    def add(self, text: str) -> str | Span:
        """Where a new value's JSON text waits to be saved: the scratch file, or `text` itself
        when the scratch file cannot be written."""
        data = text.encode()
        try:
            scratch = self._files[_SCRATCH]
            if scratch is None and _KEEP_OPEN:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                # kept open: values are read from it until the next save
                scratch = tempfile.TemporaryFile(dir=self.path.parent, buffering=0)  # noqa: SIM115
                self._use(_SCRATCH, scratch)
                self._scratch_end = 0
            if scratch is None or os.pwrite(scratch.fileno(), data, self._scratch_end) != len(data):
                return text
        except OSError:
            return text
        self._scratch_end += len(data)
        return (_SCRATCH, self._scratch_end - len(data), len(data))

    def text(self, value: str | Span) -> str | bytes:
        """A value's JSON text (OSError when it cannot be read, TypeError for what is not a
        value)."""
        if type(value) is str:
            return value
        if type(value) is not tuple:
            raise TypeError("not a value of this file")
        where, offset, length = value
        file = self._files[where]
        if file is None:
            raise TypeError("not a value of this file")
        data = os.pread(file.fileno(), length, offset)
        if len(data) != length:
            raise OSError("the cache file is shorter than its index")
        return data

    def value(self, value: str | Span) -> Any:
        """A value decoded (OSError, TypeError or ValueError when it cannot be)."""
        found = self.text(value)
        text = found.decode("ascii") if isinstance(found, bytes) else found
        decoded, end = _DECODER.raw_decode(text)  # one value: no wrapper, no encoding sniffing
        if end != len(text):
            raise ValueError("more than one value")
        return decoded

    def save(self, header: dict[str, Any], entries: Entries) -> Entries | None:
        """Write `header` (not empty) and `entries` whole, atomically; the entries as written,
        each value a Span of the new file, or None when it failed (a cache that cannot be
        written is only a slower next run). A value that cannot be read is left out."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.stem}-", suffix=".tmp",
                                       dir=self.path.parent)
            out = os.fdopen(fd, "w+b")
            try:
                written = self._write(out, header, entries)
                out.flush()
                os.replace(tmp, self.path)
            except BaseException:
                out.close()
                os.unlink(tmp)
                raise
        except (OSError, ValueError):
            return None
        if not _KEEP_OPEN:
            out.close()
            return {key: [generation, entries[key][1]] for key, (generation, _) in written.items()}
        self._use(_SOURCE, out)
        self._use(_SCRATCH, None)
        return written

    def _write(self, out: BinaryIO, header: dict[str, Any], entries: Entries) -> Entries:
        head = json_text(header)[:-1].encode() + _OPEN
        out.write(head)
        position = len(head)
        written: Entries = {}
        for key, (generation, value) in entries.items():
            try:
                found = self.text(value)
            except (OSError, TypeError):
                continue
            text = found.encode() if isinstance(found, str) else found
            start = (_SEPARATOR if written else b"") + f"{json.dumps(key)}:[{generation},".encode()
            line = start + text + b"]"
            out.write(line)
            written[key] = [generation, (_SOURCE, position + len(start), len(text))]
            position += len(line)
        out.write((b"\n" if written else b"") + _CLOSE)
        return written

    def _use(self, where: int, file: BinaryIO | None) -> None:
        old, self._files[where] = self._files[where], file
        if old is not None:
            old.close()


def _close_all(files: list[BinaryIO | None]) -> None:
    for file in files:
        if file is not None:
            file.close()


def _read_lines(file: BinaryIO, schema: int,
                fingerprint: str) -> tuple[dict[str, Any], Entries] | tuple[()] | None:
    """The header and the entries of a file in this layout, () for a file that is not ours,
    None for one in another layout."""
    head = file.readline()
    if not head.endswith(_OPEN):
        return None
    header = json.loads(head[: -len(_OPEN)] + b"}")
    if type(header) is not dict or header.get("schema") != schema:
        return ()
    if header.get("fingerprint") != fingerprint:
        return ()
    entries: Entries = {}
    position = len(head)
    for length, line, last in _lines(file):
        if line == _CLOSE and length == len(_CLOSE):
            return header, entries
        found = _entry(line, last, length)
        if found is None:
            return None
        key, generation, start, stop = found
        entries[key] = [generation, (_SOURCE, position + start, stop - start)]
        position += length
    return None  # no closing line: truncated


def _lines(file: BinaryIO) -> Iterator[tuple[int, bytes, bytes]]:
    """(length, first bytes, last three bytes) of each line from the file's position on (its
    newline included, if it has one). The file is read a chunk at a time into one buffer and
    only a line's first `_HEAD` bytes are kept: the pairs of a whole corpus are one line of
    megabytes, which reading line by line copied, twice, into fresh memory the system had to
    hand over page by page, on every run, only to skip it."""
    buffer = bytearray(_CHUNK)
    view = memoryview(buffer)
    length, first, last = 0, b"", b""
    while read := file.readinto(buffer):  # type: ignore[attr-defined]
        start = 0
        while start < read:
            newline = buffer.find(b"\n", start, read)
            if not length and 0 <= newline < start + _HEAD:  # a short line, whole in the buffer
                line = view[start : newline + 1].tobytes()
                yield len(line), line, line[-3:]
                start = newline + 1
                continue
            stop = read if newline < 0 else newline + 1
            if len(first) < _HEAD:
                first += view[start : min(stop, start + _HEAD - len(first))]
            last = (last + view[max(start, stop - 3) : stop])[-3:]
            length += stop - start
            start = stop
            if newline >= 0:
                yield length, first, last
                length, first, last = 0, b"", b""
    if length:
        yield length, first, last


def _entry(line: bytes, last: bytes, length: int) -> tuple[str, int, int, int] | None:
    """(key, generation, start and end of the value) of an entry's line, None if it is not one:
    `"key":[generation,value],` then a newline (no comma after the last entry). `line` is the
    line's start (all of it unless it is longer than `_HEAD`), `last` its last three bytes: a
    value's own bytes are checked when it is read (`value` decodes it as ASCII)."""
    stop = length - (3 if last == b"],\n" else 2 if last.endswith(b"]\n") else length)
    plain = _PLAIN_START.match(line)  # a key without escapes (every key gitmem writes)
    if plain is not None and line.isascii():
        key, generation = plain.groups()
        comma = plain.end() - 1
        return None if comma >= stop else (key.decode("ascii"), int(generation), comma + 1, stop)
    quote = line.find(b'":[', 1)  # the key's closing quote, unless the key has escapes
    if quote < 0 or line[:1] != b'"' or not line.isascii():
        return None
    if b"\\" in line[1:quote] or b'"' in line[1:quote]:
        key, after = _DECODER.raw_decode(line.decode("ascii"))
        quote = after - 1
    else:
        key = line[1:quote].decode("ascii")
    comma = line.find(b",", quote + 3)
    generation = line[quote + 3 : comma]
    if (type(key) is not str or line[quote : quote + 3] != b'":[' or comma < 0
            or not generation.isdigit() or comma >= stop):
        return None
    return key, int(generation), comma + 1, stop


def _read_whole(path: Path, schema: int, fingerprint: str) -> tuple[dict[str, Any], Entries] | None:
    data = read_cache_file(path, schema, fingerprint)
    entries = data.pop("entries", None) if data is not None else None
    if data is None or type(entries) is not dict:
        return None
    texts: Entries = {}
    for key, item in entries.items():
        if type(item) is list and len(item) == 2 and type(item[0]) is int:
            try:
                texts[key] = [item[0], json_text(item[1])]
            except (ValueError, RecursionError):
                continue
    return data, texts

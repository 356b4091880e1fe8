"""Cache files under .git/gitmem in general: versions, atomic writes, the off switch.

Every cache gitmem keeps (parsed memories, the op log) is an optimisation, never a source of
truth: a file that is missing, unreadable, truncated or written by another version is simply
not used, and one is only ever replaced whole, by a rename.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from gitmem import __version__

DISABLE_ENV = "GITMEM_NO_CACHE"
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
    """`data` as compact JSON, by `write_cache_bytes`. (`json.dumps`, not `json.dump`: dump
    always encodes in pure Python, several times slower on a large file.)"""
    return write_cache_bytes(file, json.dumps(data, separators=(",", ":")).encode("utf-8"))


def write_cache_bytes(file: Path, data: bytes | Iterable[bytes]) -> bool:
    """Write the whole file (`data`, or its parts one after another, so a large file need not
    be one bytes object) under a temporary name and rename it over the old one (atomic on
    POSIX: a reader sees the old file or the new one, never half). False when it failed; a
    cache that cannot be written is only a slower next run."""
    parts = [data] if isinstance(data, bytes) else data
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = _new_temp(file.parent, f".{file.stem}-")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.writelines(parts)
            os.replace(tmp, file)
        except BaseException:
            os.unlink(tmp)
            raise
    except (OSError, ValueError):
        return False
    return True


def _new_temp(folder: Path, prefix: str) -> tuple[int, str]:
    """A new file `folder/<prefix><random>.tmp`, open for writing, readable by its owner only:
    what `tempfile.mkstemp` makes, without importing tempfile (and shutil, bz2, lzma with it:
    a few ms of the start-up of `gitmem log`, which writes its cache with this)."""
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) \
        | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        path = os.path.join(folder, f"{prefix}{secrets.token_hex(4)}.tmp")
        try:
            return os.open(path, flags, 0o600), path
        except FileExistsError:
            continue
    raise FileExistsError(f"{folder}: no free temporary name")

"""Which memories could pair with the claims a commit adds: a persistent key index per blob.

The duplicate and contradiction checks join claims on shared blocking keys
(`gitmem.consistency.candidates.blocking_keys`: content stems, synonyms folded, exclusive values
replaced by their class). A claim can only pair with a memory that holds one of its keys, so the
hook keeps, per memory blob, the set of keys of the whole file in `.git/gitmem/keys.sqlite`
(blob ids are content addresses: an entry never goes stale). A commit then costs one indexed
query for the new claims' keys instead of parsing every memory; only blobs not seen before are
read (all of them once, the first time, which `gitmem hooks install` does ahead of time).

Memories are ranked by the shared keys' rarity (a key most memories hold says little), and the
best few per claim are returned for the real comparison.
"""

from __future__ import annotations

import hashlib
import math
import sqlite3
from collections import defaultdict
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from gitmem import __version__
from gitmem.consistency import candidates, lexicon, text, vocabulary
from gitmem.consistency.candidates import blocking_keys
from gitmem.consistency.lexicon import default_lexicon

INDEX_FILE = "keys.sqlite"
PER_CLAIM = 40  # memories kept per new claim
STALE_LIMIT = 5000  # blobs no longer in the index kept before the index is rebuilt
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (fingerprint TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS blobs (blob TEXT PRIMARY KEY)",
    "CREATE TABLE IF NOT EXISTS postings (key TEXT NOT NULL, blob TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS postings_by_key ON postings (key)",
)


def fingerprint() -> str:
    """Changes whenever the key function could: gitmem's version or the consistency sources."""
    digest = hashlib.sha1(__version__.encode())
    for module in (candidates, lexicon, text, vocabulary):
        digest.update(Path(module.__file__ or "").read_bytes())
    return digest.hexdigest()


def _open(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=10)
    for statement in _SCHEMA:
        db.execute(statement)
    row = db.execute("SELECT fingerprint FROM meta").fetchone()
    current = fingerprint()
    if row is None or row[0] != current:
        db.executescript("DELETE FROM meta; DELETE FROM blobs; DELETE FROM postings;")
        db.execute("INSERT INTO meta VALUES (?)", (current,))
    return db


def update_key_index(
    state_dir: Path, blobs: Iterable[str], read_blob: Callable[[str], bytes]
) -> tuple[sqlite3.Connection, int]:
    """The index, with every blob in `blobs` present; (connection, blobs added)."""
    db = _open(state_dir / INDEX_FILE)
    wanted = set(blobs)
    known = {row[0] for row in db.execute("SELECT blob FROM blobs")}
    if len(known - wanted) > max(STALE_LIMIT, len(wanted)):  # old versions outnumber live ones
        db.executescript("DELETE FROM blobs; DELETE FROM postings; VACUUM;")
        known = set()
    missing = sorted(wanted - known)
    lex, cache = default_lexicon(), {}  # type: ignore[var-annotated]
    with db:
        for blob in missing:
            keys = blocking_keys(read_blob(blob).decode("utf-8", "replace"), lex, cache)
            db.executemany("INSERT INTO postings VALUES (?, ?)", ((k, blob) for k in keys))
            db.execute("INSERT OR IGNORE INTO blobs VALUES (?)", (blob,))
    return db, len(missing)


def neighbour_paths(
    state_dir: Path, blobs: Mapping[str, str], claim_texts: Sequence[str],
    read_blob: Callable[[str], bytes],
) -> list[str]:
    """Paths (of `blobs`: path -> blob id) worth comparing with these claims, best first."""
    if not claim_texts or not blobs:
        return []
    lex, cache = default_lexicon(), {}  # type: ignore[var-annotated]
    wanted = [blocking_keys(t, lex, cache) for t in claim_texts]
    keys = sorted(set().union(*wanted))
    if not keys:
        return []
    db, _ = update_key_index(state_dir, set(blobs.values()), read_blob)
    paths_of: dict[str, list[str]] = defaultdict(list)
    for path, blob in blobs.items():
        paths_of[blob].append(path)
    holders: dict[str, set[str]] = defaultdict(set)  # key -> paths
    with db:
        marks = ",".join("?" * len(keys))
        for key, blob in db.execute(f"SELECT key, blob FROM postings WHERE key IN ({marks})",
                                    keys):
            holders[key].update(paths_of.get(blob, ()))
    db.close()
    total = len(blobs)
    weight = {k: math.log((1 + total) / (1 + len(holders[k]))) for k in keys}
    chosen: dict[str, float] = {}
    for claim_keys in wanted:
        scores: dict[str, float] = defaultdict(float)
        for key in claim_keys:
            for path in holders.get(key, ()):
                scores[path] += weight[key]
        ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
        for path, score in ranked[:PER_CLAIM]:
            if score > 0:
                chosen[path] = max(chosen.get(path, 0.0), score)
    return sorted(chosen, key=lambda path: (-chosen[path], path))

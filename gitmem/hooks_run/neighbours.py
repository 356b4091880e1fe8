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
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from gitmem import __version__
from gitmem.consistency import candidates, lexicon, paraphrase, text, vocabulary
from gitmem.consistency.candidates import blocking_keys
from gitmem.consistency.lexicon import default_lexicon
from gitmem.gitrepo import make_state_dir

INDEX_FILE = "keys.sqlite"
PER_CLAIM = 16  # memories kept per new claim (the candidate generator keeps 8 partners)
ROW_BUDGET = 50_000  # postings read per commit for keys beyond the rare ones
RARE = 200  # a key held by at most this many memories is always looked up
STALE_LIMIT = 5000  # blobs no longer in the index kept before the index is rebuilt
SCHEMA_VERSION = "3"
_SCHEMA = (
    "CREATE TABLE meta (fingerprint TEXT NOT NULL)",
    # live: the blob is a memory of the index now (old versions stay, marked 0)
    "CREATE TABLE blobs (blob TEXT PRIMARY KEY, live INTEGER NOT NULL) WITHOUT ROWID",
    # (key, blob) as the primary key of a WITHOUT ROWID table: every query reads one b-tree
    ("CREATE TABLE postings (key TEXT NOT NULL, blob TEXT NOT NULL, PRIMARY KEY (key, blob))"
     " WITHOUT ROWID"),
)


def fingerprint() -> str:
    """Changes whenever the key function could: gitmem's version or the consistency sources."""
    digest = hashlib.sha1(f"{__version__} {SCHEMA_VERSION}".encode())
    for module in (candidates, lexicon, paraphrase, text, vocabulary):
        digest.update(Path(module.__file__ or "").read_bytes())
    digest.update(vocabulary.digest().encode())  # the data files the lexicon reads
    return digest.hexdigest()


def _open(path: Path) -> sqlite3.Connection:
    """The index at `path`, emptied and re-created when it was built by another key function;
    a file that is not an SQLite database (damaged, overwritten) is deleted and built again,
    as the index is only a cache."""
    make_state_dir(path.parent)
    try:
        return _open_index(path)
    except sqlite3.OperationalError:
        raise  # "database is locked": another hook is using it, not a damaged file
    except sqlite3.DatabaseError:
        for leftover in (path, path.with_name(path.name + "-journal")):
            leftover.unlink(missing_ok=True)
        return _open_index(path)


def _open_index(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, timeout=10)
    try:
        current = fingerprint()
        try:
            row = db.execute("SELECT fingerprint FROM meta").fetchone()
        except sqlite3.OperationalError:
            row = None  # no such table: a new file
        if row is None or row[0] != current:
            with db:
                for table in ("meta", "blobs", "postings"):
                    db.execute(f"DROP TABLE IF EXISTS {table}")
                for statement in _SCHEMA:
                    db.execute(statement)
                db.execute("INSERT INTO meta VALUES (?)", (current,))
    except sqlite3.DatabaseError:
        db.close()
        raise
    return db


def update_key_index(
    state_dir: Path, blobs: Iterable[str], read_blob: Callable[[str], bytes]
) -> tuple[sqlite3.Connection, int]:
    """The index with exactly `blobs` marked live, keys computed for the new ones; (connection,
    blobs added). Only blobs never seen before are read."""
    db = _open(state_dir / INDEX_FILE)
    wanted = set(blobs)
    rows = db.execute("SELECT blob, live FROM blobs").fetchall()
    known = {blob for blob, _ in rows}
    if len(known - wanted) > max(STALE_LIMIT, len(wanted)):  # old versions outnumber live ones
        with db:
            db.execute("DELETE FROM blobs")
            db.execute("DELETE FROM postings")
        rows, known = [], set()
    was_live = {blob for blob, live in rows if live}
    missing = sorted(wanted - known)
    lex, cache = default_lexicon(), {}  # type: ignore[var-annotated]
    with db:
        for blob in missing:
            keys = blocking_keys(read_blob(blob).decode("utf-8", "replace"), lex, cache)
            db.executemany("INSERT OR IGNORE INTO postings VALUES (?, ?)",
                           ((k, blob) for k in keys))
        db.executemany("INSERT INTO blobs VALUES (?, 1)", ((blob,) for blob in missing))
        db.executemany("UPDATE blobs SET live = 0 WHERE blob = ?",
                       ((blob,) for blob in was_live - wanted))
        db.executemany("UPDATE blobs SET live = 1 WHERE blob = ?",
                       ((blob,) for blob in (wanted & known) - was_live))
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
    if not any(wanted):
        return []
    db, _ = update_key_index(state_dir, set(blobs.values()), read_blob)
    try:
        best = _rank(db, wanted)
    finally:
        db.close()
    paths_of: dict[str, list[str]] = defaultdict(list)
    for path, blob in blobs.items():
        paths_of[blob].append(path)
    chosen: dict[str, float] = {}
    for blob, score in best:
        for path in paths_of[blob]:
            chosen[path] = max(chosen.get(path, 0.0), score)
    return sorted(chosen, key=lambda path: (-chosen[path], path))


def _rank(db: sqlite3.Connection, wanted: Sequence[frozenset[str]]) -> list[tuple[str, float]]:
    """(blob, score) of the best PER_CLAIM live blobs per claim, scored in SQLite by the summed
    rarity of the keys they share with the claim. Rare keys always count; common ones only while
    the postings read stay within ROW_BUDGET, so a commit full of everyday words stays fast."""
    keys = sorted(set().union(*wanted))
    marks = ",".join("?" * len(keys))
    counts = dict(db.execute(
        f"SELECT p.key, COUNT(*) FROM postings p JOIN blobs b ON b.blob = p.blob "
        f"WHERE p.key IN ({marks}) AND b.live = 1 GROUP BY p.key", keys))
    usable, rows = set(), 0
    for key in sorted((k for k in keys if counts.get(k)), key=lambda k: (counts[k], k)):
        if rows + counts[key] > ROW_BUDGET and counts[key] > RARE:
            break
        usable.add(key)
        rows += counts[key]
    (total,) = db.execute("SELECT COUNT(*) FROM blobs WHERE live = 1").fetchone()
    out = []
    for claim_keys in wanted:
        weights = [(k, math.log(1 + total / counts[k]))  # > 0: a shared key always counts
                   for k in sorted(claim_keys) if k in usable]
        if not weights:
            continue
        values = ",".join("(?, ?)" for _ in weights)
        # CROSS JOIN keeps SQLite's join order: the few weighted keys first, then their postings
        out += db.execute(
            f"WITH w(key, weight) AS (VALUES {values}) "
            "SELECT p.blob, SUM(w.weight) AS score FROM w CROSS JOIN postings p ON p.key = w.key "
            "CROSS JOIN blobs b ON b.blob = p.blob WHERE b.live = 1 "
            "GROUP BY p.blob HAVING score > 0 ORDER BY score DESC, p.blob LIMIT ?",
            [*(x for pair in weights for x in pair), PER_CLAIM]).fetchall()
    return out

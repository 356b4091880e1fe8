"""The op table: the op commits reachable from a HEAD, one list per field, and its file.

gitmem/ops/history.py says when the table is read from its file and when history is walked.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path

from gitmem import trailers as t
from gitmem.memory.cache_files import write_cache_bytes
from gitmem.ops.op_json import ONE_PATH, OP_HEAD, json_head, quote, quote_many
from gitmem.trailers_batch import many_gitmem_pairs

SCHEMA = 3
_OP_KEY = t.OP.lower()
_BATCH = 2048  # op commits parsed together while git log prints the next ones
Trailers = dict[str, tuple[str, ...]]
Commit = tuple[str, "str | None", int, int]  # id, message (None: certainly no op), time, offset


def op_trailers(message: str) -> Trailers | None:
    """A commit message's Gitmem-* trailers when it records an op, else None."""
    # keys match case-insensitively (ASCII, as git's key= filter does): a message without the
    # key in any case has no op trailer and needs no parse
    if _OP_KEY not in message.lower():
        return None
    found = t.gitmem_trailers(message)
    return found if found.get(t.OP) else None


_ZONES: dict[int, dt.timezone] = {}


def _where(keys: tuple[str, ...]) -> tuple[int, int] | None:
    """Where an op's Gitmem-Op and Gitmem-Path (-1: none) stand among its trailer keys; None
    when it has no Gitmem-Op or repeats a key (those go through `trailer_map`)."""
    if t.OP not in keys or len(set(keys)) < len(keys):
        return None
    return keys.index(t.OP), keys.index(t.PATH) if t.PATH in keys else -1


def iso_date(time: int, offset: int) -> str:
    """`CommitInfo.iso_date`, with one timezone object per offset."""
    zone = _ZONES.get(offset)
    if zone is None:
        zone = _ZONES[offset] = dt.timezone(dt.timedelta(minutes=offset))
    return dt.datetime.fromtimestamp(time, zone).isoformat()


@dataclass
class OpTable:
    """The op commits reachable from `head`, newest first, one list per field: what ops.json
    holds.

    An op's trailers are one string, key and value on alternate lines (a repeated key
    repeated): no key or value can hold a line break (git ends a trailer at the line end and
    joins a continuation line with a space), and one string per op reads and writes several
    times faster than a list of strings. `texts` holds each op's `log --json` object up to the
    value of "undone_by".
    """

    head: str
    ids: list[str] = field(default_factory=list)
    dates: list[str] = field(default_factory=list)
    summaries: list[str] = field(default_factory=list)
    trailers: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    # each commit a `git log` walk read: (tree, parent or ""); not kept in ops.json (only the
    # check of undo claims on a first run reads it, gitmem/ops/undo_claims.py)
    shapes: dict[str, tuple[str, str]] = field(default_factory=dict, compare=False)

    def add(self, op_id: str, message: str, time: int, offset: int, trailers: Trailers) -> None:
        """A newly found op commit, rendered here once."""
        date, summary = iso_date(time, offset), message.split("\n", 1)[0]
        self.ids.append(op_id)
        self.dates.append(date)
        self.summaries.append(summary)
        self.trailers.append("\n".join(part for key, values in trailers.items()
                                       for value in values for part in (key, value)))
        self.texts.append(json_head(op_id, trailers[t.OP][0], date, summary,
                                    trailers.get(t.PATH, ()), trailers))

    def columns(self) -> tuple[list[str], ...]:
        return self.ids, self.dates, self.summaries, self.trailers, self.texts

    def copy(self, other: OpTable, row: int) -> None:
        """Row `row` of another table: the same commit, known already."""
        for mine, theirs in zip(self.columns(), other.columns()):
            mine.append(theirs[row])

    def extend(self, other: OpTable) -> None:
        for mine, theirs in zip(self.columns(), other.columns()):
            mine.extend(theirs)
        self.shapes.update(other.shapes)

    def collect(self, batches: Iterable[list[Commit] | OpTable], old: OpTable) -> None:
        """The op commits among the commits of `batches`, newest first, taken from `old` where
        it knows them; the others parsed and rendered many at a time. A batch that is a
        table already holds the ops of its commits (`plain_ops`, on a first run)."""
        known = {op_id: row for row, op_id in enumerate(old.ids)}
        pending: list[Commit] = []
        for commits in batches:
            if isinstance(commits, OpTable):
                self.add_many(pending)
                pending = []
                self.extend(commits)
                continue
            if not known:  # a first run: nothing to look up
                pending += [commit for commit in commits if commit[1] is not None]
            for commit in commits if known else ():
                row = known.get(commit[0])
                if row is not None:
                    self.add_many(pending)
                    pending = []
                    self.copy(old, row)
                elif commit[1] is not None:
                    pending.append(commit)
            if len(pending) >= _BATCH:
                self.add_many(pending)
                pending = []
        self.add_many(pending)

    def add_many(self, commits: list[Commit]) -> None:
        """Those of `commits` that record an op, in order, as `add` adds each: the trailers
        of all of them read at once, their strings quoted by one C call, each op's text
        joined from pieces (the layout of `json_head`), column by column."""
        messages = [message or "" for _, message, _, _ in commits]
        pairs, counts = many_gitmem_pairs(messages)
        keys = [key for key, _ in pairs]
        quoted = quote_many([value for _, value in pairs])
        opening = {key: quote(key) + ": [\n          " for key in set(keys)}
        pieces = list(map(str.__add__, map(opening.__getitem__, keys), quoted))
        flat = list(chain.from_iterable(pairs))
        shapes: dict[tuple[str, ...], tuple[int, int] | None] = {}
        rows: list[tuple[int, int, int, int, int]] = []  # commit, start, end, Op, Path at
        at = 0
        for index, size in enumerate(counts):
            if not size:
                continue
            end = at + size
            shape = tuple(keys[at:end])
            where = shapes[shape] if shape in shapes else shapes.setdefault(shape, _where(shape))
            if where is None:  # no op, or a key repeated: the general way, in its place
                if t.OP in shape:
                    self._add_rows(commits, rows, quoted, pieces, flat)
                    rows = []
                    op_id, message, time, offset = commits[index]
                    self.add(op_id, message or "", time, offset, t.trailer_map(pairs[at:end]))
            else:
                path_at = at + where[1] if where[1] >= 0 else -1
                rows.append((index, at, end, at + where[0], path_at))
            at = end
        self._add_rows(commits, rows, quoted, pieces, flat)

    def _add_rows(self, commits: list[Commit], rows: list[tuple[int, int, int, int, int]],
                  quoted: list[str], pieces: list[str], flat: list[str]) -> None:
        """The ops of `rows` (each with one Gitmem-Op, no key repeated), a column at a time."""
        if not rows:
            return
        chosen = [commits[row[0]] for row in rows]
        ids = [commit[0] for commit in chosen]
        offsets = [commit[3] for commit in chosen]
        for offset in set(offsets).difference(_ZONES):
            iso_date(0, offset)
        dates = list(map(dt.datetime.isoformat, map(
            dt.datetime.fromtimestamp, [commit[2] for commit in chosen],
            map(_ZONES.__getitem__, offsets))))
        summaries = [(commit[1] or "").partition("\n")[0] for commit in chosen]
        self.ids += ids
        self.dates += dates
        self.summaries += summaries
        self.trailers += ["\n".join(flat[2 * start : 2 * end]) for _, start, end, _, _ in rows]
        self.texts += map(OP_HEAD.format, quote_many(ids), [quoted[row[3]] for row in rows],
                          quote_many(dates), quote_many(summaries),
                          ["[]" if row[4] < 0 else ONE_PATH.format(quoted[row[4]])
                           for row in rows],
                          ["{\n        " + "\n        ],\n        ".join(pieces[start:end])
                           + "\n        ]\n      }" for _, start, end, _, _ in rows])

    def rows(self) -> Iterator[tuple[str, str, str, Trailers]]:
        """(id, date, summary, trailers) of each op, newest first."""
        for op_id, date, summary, lines in zip(self.ids, self.dates, self.summaries,
                                               self.trailers):
            flat = lines.split("\n")
            keys, values = flat[0::2], flat[1::2]
            if len(set(keys)) == len(keys):  # no repeated key (most ops): regroup in C
                yield op_id, date, summary, dict(zip(keys, zip(values)))
            else:
                yield op_id, date, summary, t.trailer_map(zip(keys, values))

    def reverts(self) -> dict[str, list[str]]:
        """For each commit an undo names in `Gitmem-Reverts`: those undo commits, newest
        first."""
        found: dict[str, list[str]] = {}
        for op_id, lines in zip(self.ids, self.trailers):
            if _REVERTS_LINE in lines:  # a test in C first: most ops revert nothing
                flat = lines.split("\n")
                for key, value in zip(flat[0::2], flat[1::2]):
                    if key == t.REVERTS:
                        found.setdefault(value, []).append(op_id)
        return found


_REVERTS_LINE = t.REVERTS + "\n"
# ops.json: one line of JSON (schema, fingerprint, head, number of ops), then the five columns
# one after the other, every value ended by a NUL. No value holds a NUL (a commit message
# cannot), and a file of joined strings writes and reads several times faster than JSON. Were
# one to hold a NUL anyway, the file would split into more values than the header counts and
# `load_table` would never use it: so nothing is searched for a NUL as 17 MB are written
# (that search was 2 % of a first `gitmem log` over 20,000 ops).
def store_table(file: Path, fingerprint: str, table: OpTable) -> None:
    """Write the table to `file` (atomically: a whole file renamed over the old one), a part
    of each column at a time, each part encoded as it is written: 17 MB for 20,000 ops are
    never one string, nor one bytes, nor all held at once (fresh pages for them cost a first
    `gitmem log` as much as writing them)."""
    header = json.dumps({"schema": SCHEMA, "fingerprint": fingerprint, "head": table.head,
                         "ops": len(table.ids)})
    write_cache_bytes(file, _parts(header, table))  # False (not written): a slower next run


def _parts(header: str, table: OpTable) -> Iterator[bytes]:
    yield (header + "\n").encode("utf-8")
    first = True
    for column in table.columns():
        for start in range(0, len(column), _PART):
            values = column[start : start + _PART]
            text = "\0".join(values) if first else "\0" + "\0".join(values)
            first = False
            yield text.encode("utf-8", "surrogatepass")


_PART = 1024


def load_table(file: Path, fingerprint: str) -> OpTable | None:
    """The cached table, or None when the file is missing, foreign or of the wrong shape."""
    try:
        data = file.read_bytes()
        end = data.index(b"\n")
        header = json.loads(data[:end])
        body = data[end + 1 :].decode("utf-8", "surrogatepass")
    except (OSError, ValueError, RecursionError):
        return None
    if type(header) is not dict or header.get("schema") != SCHEMA \
            or header.get("fingerprint") != fingerprint:
        return None
    head, count = header.get("head"), header.get("ops")
    if type(head) is not str or type(count) is not int or count < 0:
        return None
    values = body.split("\0") if count else []
    if len(values) != 5 * count or (not count and body):
        return None
    columns = [values[at : at + count] for at in range(0, 5 * count, count)] if count \
        else [[] for _ in range(5)]
    for lines in columns[3]:
        flat = lines.split("\n")
        if len(flat) % 2 or t.OP not in flat[0::2]:
            return None
    return OpTable(head, *columns)

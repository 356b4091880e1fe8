"""Operations in history: one walk over the commits with our own trailer parse.

Commits never change, so what the walk found is remembered in .git/gitmem/cache/ops.json (see
gitmem/memory/cache.py for how cache files are versioned, checked and written): the op commits
reachable from a HEAD, newest first, with the HEAD they were found from. When HEAD is that
commit again, no walk is needed; when HEAD has moved forward by a chain of single-parent commits
(new ops, new edits), only that chain is read and put in front; anything else (a merge, a
rebase, a reset) walks the whole history again, reusing what is known of each commit.
On 20,000 op commits the walk and the trailer parse were most of `gitmem log`'s time.

Beside each op's trailers the cache keeps its `log --json` object as text, all but the value of
"undone_by" (the one field that depends on other ops). A commit's text is a function of the
commit and of this code (both in the cache's fingerprint), so it is reused wherever the commit
is: a warm `gitmem log --json` joins texts and builds no record per op.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gitmem import trailers as t
from gitmem.gitrepo import CommitInfo, Repo
from gitmem.jsontext import JSON_VERSION
from gitmem.memory.cache_files import (
    PACKAGE,
    cache_disabled,
    read_cache_file,
    source_fingerprint,
    write_cache_file,
)
from gitmem.model import Op

OPS_CACHE = Path("cache") / "ops.json"
_OPS_SCHEMA = 2
_OP_KEY = t.OP.lower()
Trailers = dict[str, tuple[str, ...]]


def iter_op_commits(repo: Repo) -> Iterator[tuple[CommitInfo, Trailers]]:
    """(commit, Gitmem-* trailers) for every op commit reachable from HEAD, newest first."""
    for commit in repo.walk():
        found = _op_trailers(commit)
        if found is not None:
            yield commit, found


def _op_trailers(commit: CommitInfo) -> Trailers | None:
    # keys match case-insensitively (ASCII, as git's key= filter does): a message without the
    # key in any case has no op trailer and needs no parse
    if _OP_KEY not in commit.message.lower():
        return None
    found = t.gitmem_trailers(commit.message)
    return found if found.get(t.OP) else None


@dataclass
class OpTable:
    """The op commits reachable from `head`, newest first, one list per field: what ops.json
    holds.

    An op's trailers are one string, key and value on alternate lines (a repeated key
    repeated): no key or value can hold a line break (git ends a trailer at the line end and
    joins a continuation line with a space), and one string per op reads and writes several
    times faster than a JSON list of strings. `texts` holds each op's `log --json` object up
    to the value of "undone_by".
    """

    head: str
    ids: list[str] = field(default_factory=list)
    dates: list[str] = field(default_factory=list)
    summaries: list[str] = field(default_factory=list)
    trailers: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)

    def add(self, commit: CommitInfo, trailers: Trailers) -> None:
        """A newly found op commit, rendered here once."""
        date, summary = commit.iso_date, commit.summary
        self.ids.append(commit.id)
        self.dates.append(date)
        self.summaries.append(summary)
        self.trailers.append("\n".join(part for key, values in trailers.items()
                                       for value in values for part in (key, value)))
        self.texts.append(_json_head(commit.id, trailers[t.OP][0], date, summary,
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


_COLUMNS = ("ids", "dates", "summaries", "trailers", "texts")
_REVERTS_LINE = t.REVERTS + "\n"


def op_table(repo: Repo) -> OpTable:
    """Every op commit reachable from HEAD, newest first, as `iter_op_commits` walks them."""
    head = repo.head_id()
    if head is None:
        return OpTable("")
    cache_file = None if cache_disabled() else repo.state_dir / OPS_CACHE
    fingerprint = source_fingerprint(_OPS_SCHEMA, [PACKAGE / "trailers.py", Path(__file__)])
    cached = None if cache_file is None else _load(cache_file, fingerprint)
    if cached is not None and cached.head == head:
        return cached
    table, old = OpTable(head), cached or OpTable("")
    forward = None if cached is None else repo.single_parent_chain(head, cached.head)
    if forward is not None:
        for commit in forward:
            if (trailers := _op_trailers(commit)) is not None:
                table.add(commit, trailers)
        table.extend(old)
    else:
        known = {op_id: row for row, op_id in enumerate(old.ids)}
        for commit in repo.walk():
            row = known.get(commit.id)
            if row is not None:
                table.copy(old, row)
            elif (trailers := _op_trailers(commit)) is not None:
                table.add(commit, trailers)
    if cache_file is not None:
        write_cache_file(cache_file, {
            "schema": _OPS_SCHEMA, "fingerprint": fingerprint, "head": head,
            **dict(zip(_COLUMNS, table.columns())),
        })
    return table


def _load(file: Path, fingerprint: str) -> OpTable | None:
    """The cached table, or None when the file is missing, foreign or of the wrong shape. Most
    checks run over a whole list at once: reading 20,000 ops costs little more than the JSON
    parse."""
    data = read_cache_file(file, _OPS_SCHEMA, fingerprint)
    if data is None:
        return None
    head = data.get("head")
    columns: list[Any] = [data.get(name) for name in _COLUMNS]
    if type(head) is not str or type(columns[0]) is not list or not all(
        type(column) is list and len(column) == len(columns[0])
        and set(map(type, column)) <= {str}
        for column in columns
    ):
        return None
    for lines in columns[3]:
        flat = lines.split("\n")
        if len(flat) % 2 or t.OP not in flat[0::2]:
            return None
    return OpTable(head, *columns)


def undone_map(reverts: dict[str, list[str]]) -> dict[str, str | None]:
    """For each op: the undo commit that currently cancels it (an undo that is itself undone
    does not count; undoing an undo is a redo)."""
    memo: dict[str, str | None] = {}

    def undone_by(sha: str, depth: int = 0) -> str | None:
        if sha in memo:
            return memo[sha]
        result = None
        if depth < 1000:
            for undo in reverts.get(sha, []):  # newest first
                if undone_by(undo, depth + 1) is None:
                    result = undo
                    break
        memo[sha] = result
        return result

    for sha in list(reverts):
        undone_by(sha)
    return {sha: undone_by(sha) for sha in reverts}


def list_ops(repo: Repo, op: str | None = None, path: str | None = None) -> list[Op]:
    """The op commits reachable from HEAD, newest first, with what undid each; only those of
    kind `op` and touching `path` when given."""
    table = op_table(repo)
    undone = undone_map(table.reverts())
    selected = _op_filter(op, path)
    return [
        Op(id=op_id, op=trailers[t.OP][0], date=date, summary=summary,
           paths=trailers.get(t.PATH, ()), trailers=trailers, undone_by=undone.get(op_id))
        for op_id, date, summary, trailers in table.rows()
        if selected is None or selected(trailers)
    ]


def log_json(repo: Repo, op: str | None = None, path: str | None = None) -> str:
    """Exactly `ops_json_text(list_ops(repo, op, path))`, joined from the texts the op table
    keeps: unfiltered, no record is built for any op."""
    table = op_table(repo)
    undone = undone_map(table.reverts())
    selected = _op_filter(op, path)
    rows: Iterable[int] = range(len(table.ids))
    if selected is not None:
        rows = [row for row, (*_, trailers) in enumerate(table.rows()) if selected(trailers)]
    ends = {op_id: _quote(by) + _OP_END for op_id, by in undone.items() if by is not None}
    texts, ids = table.texts, table.ids
    return _json_document([texts[row] + ends.get(ids[row], _NULL_END) for row in rows])


def _op_filter(op: str | None, path: str | None) -> Callable[[Trailers], bool] | None:
    """Which ops `gitmem log --op OP --path PATH` lists; None when it lists them all.

    A path is matched as written and as `sanitize_value` made it when the op was recorded: a
    trailer value holds no line break or control character, so `memory/a<LF>b.md` was recorded
    as `memory/a b.md`. That form cannot tell the two apart, so asking for either lists the ops
    of both; it never misses an op of the path asked for.
    """
    if op is None and path is None:
        return None
    wanted = None if path is None else {path, t.sanitize_value(path)}

    def selected(trailers: Trailers) -> bool:
        if op is not None and trailers[t.OP][0] != op:
            return False
        return wanted is None or not wanted.isdisjoint(trailers.get(t.PATH, ()))

    return selected


def ops_json_text(ops: Iterable[Op]) -> str:
    """Exactly `json.dumps(ops_as_json(ops), indent=2, ensure_ascii=False)`, several times
    faster: with `indent`, the json module encodes in pure Python, one generator per value,
    which took a second for 20,000 ops. Strings still go through json's own C escaping; the
    layout (2-space indent, `[]` and `{}` when empty) is written out once per op."""
    return _json_document([
        _json_head(o.id, o.op, o.date, o.summary, o.paths, o.trailers)
        + ("null" if o.undone_by is None else _quote(o.undone_by)) + _OP_END
        for o in ops
    ])


def _json_head(op_id: str, name: str, date: str, summary: str, paths: Sequence[str],
               trailers: Mapping[str, Sequence[str]]) -> str:
    """One op's object as `ops_json_text` lays it out, up to the value of "undone_by"."""
    s = _quote
    paths_text = _ARRAY.format(",\n        ".join(map(s, paths))) if paths else "[]"
    trailers_text = "{}"
    if trailers:
        trailers_text = "{\n        " + ",\n        ".join(
            s(key) + ": " + (_VALUES.format(",\n          ".join(map(s, values)))
                             if values else "[]")
            for key, values in trailers.items()) + "\n      }"
    return _OP_HEAD.format(s(op_id), s(name), s(date), s(summary), paths_text, trailers_text)


def _json_document(ops: list[str]) -> str:
    head = '{\n  "version": ' + str(JSON_VERSION) + ',\n  "ops": '
    if not ops:
        return head + "[]\n}"
    return head + "[\n" + ",\n".join(ops) + "\n  ]\n}"


_quote = json.encoder.encode_basestring  # what json.dumps(ensure_ascii=False) escapes with
_ARRAY = "[\n        {}\n      ]"
_VALUES = "[\n          {}\n        ]"
_OP_HEAD = ("    {{\n      \"id\": {},\n      \"op\": {},\n      \"date\": {},\n"
            "      \"summary\": {},\n      \"paths\": {},\n      \"trailers\": {},\n"
            "      \"undone_by\": ")
_OP_END = "\n    }"
_NULL_END = "null" + _OP_END


def ops_as_json(ops: Iterable[Op]) -> dict[str, object]:
    return {
        "version": JSON_VERSION,
        "ops": [
            {
                "id": o.id,
                "op": o.op,
                "date": o.date,
                "summary": o.summary,
                "paths": list(o.paths),
                "trailers": {k: list(v) for k, v in o.trailers.items()},
                "undone_by": o.undone_by,
            }
            for o in ops
        ]
    }

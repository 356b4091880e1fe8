"""Operations in history: one walk over the commits with our own trailer parse.

Commits never change, so what the walk found is remembered in .git/gitmem/cache/ops.json (see
gitmem/memory/cache.py for how cache files are versioned, checked and written): the op commits
reachable from a HEAD, newest first, with the HEAD they were found from. When HEAD is that
commit again, no walk is needed; when HEAD has moved forward by a chain of single-parent commits
(new ops, new edits), only that chain is read and put in front; anything else (a merge, a
rebase, a reset) walks the whole history again, reusing the parsed trailers of known commits.
On 20,000 op commits the walk and the trailer parse were most of `gitmem log`'s time.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from gitmem import trailers as t
from gitmem.gitrepo import CommitInfo, Repo
from gitmem.memory.cache import (
    PACKAGE,
    cache_disabled,
    read_cache_file,
    source_fingerprint,
    write_cache_file,
)
from gitmem.model import Op

OPS_CACHE = Path("cache") / "ops.json"
_OPS_SCHEMA = 1
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


@dataclass(frozen=True)
class OpCommit:
    """What `gitmem log` needs of one op commit."""

    id: str
    date: str
    summary: str
    trailers: Trailers

    @classmethod
    def of(cls, commit: CommitInfo, trailers: Trailers) -> OpCommit:
        return cls(commit.id, commit.iso_date, commit.summary, trailers)


def op_commits(repo: Repo) -> list[OpCommit]:
    """Every op commit reachable from HEAD, newest first, as `iter_op_commits` walks them."""
    head = repo.head_id()
    if head is None:
        return []
    cache_file = None if cache_disabled() else repo.state_dir / OPS_CACHE
    fingerprint = source_fingerprint(_OPS_SCHEMA, [PACKAGE / "trailers.py", Path(__file__)])
    cached = None if cache_file is None else _load(cache_file, fingerprint)
    if cached is not None and cached[0] == head:
        return cached[1]
    chain = None if cached is None else repo.single_parent_chain(head, cached[0])
    if chain is not None and cached is not None:
        fresh = [(c, _op_trailers(c)) for c in chain]
        found = [OpCommit.of(c, tr) for c, tr in fresh if tr is not None] + cached[1]
    else:
        known = {} if cached is None else {o.id: o for o in cached[1]}
        found = []
        for commit in repo.walk():
            if commit.id in known:
                found.append(known[commit.id])
            else:
                trailers = _op_trailers(commit)
                if trailers is not None:
                    found.append(OpCommit.of(commit, trailers))
    if cache_file is not None:
        _save(cache_file, fingerprint, head, found)
    return found


def _save(file: Path, fingerprint: str, head: str, ops: Sequence[OpCommit]) -> None:
    """Columns of plain strings; each op's trailers flattened to [key, value, key, value ...]
    (repeated keys repeated), which regroups into the same map: cheap to check when read."""
    write_cache_file(file, {
        "schema": _OPS_SCHEMA, "fingerprint": fingerprint, "head": head,
        "ids": [o.id for o in ops], "dates": [o.date for o in ops],
        "summaries": [o.summary for o in ops],
        "trailers": [[part for key, values in o.trailers.items() for value in values
                      for part in (key, value)] for o in ops],
    })


def _load(file: Path, fingerprint: str) -> tuple[str, list[OpCommit]] | None:
    data = read_cache_file(file, _OPS_SCHEMA, fingerprint)
    if data is None:
        return None
    head, columns = data.get("head"), [data.get(k) for k in ("ids", "dates", "summaries")]
    ids, dates, summaries = columns
    pairs = data.get("trailers")
    if type(head) is not str or type(pairs) is not list or not all(
        type(column) is list and len(column) == len(pairs) and set(map(type, column)) <= {str}
        for column in columns
    ):
        return None
    ops = []
    for op_id, date, summary, flat in zip(ids, dates, summaries, pairs):  # type: ignore[arg-type]
        if type(flat) is not list or len(flat) % 2 or not set(map(type, flat)) <= {str}:
            return None
        keys, values = flat[0::2], flat[1::2]
        if len(set(keys)) == len(keys):  # no repeated key (most ops): regroup in C
            trailers = dict(zip(keys, zip(values)))
        else:
            grouped: dict[str, list[str]] = {}
            for key, value in zip(keys, values):
                grouped.setdefault(key, []).append(value)
            trailers = {key: tuple(vals) for key, vals in grouped.items()}
        if not trailers.get(t.OP):
            return None
        ops.append(OpCommit(op_id, date, summary, trailers))
    return head, ops


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
    found = op_commits(repo)
    reverts: dict[str, list[str]] = {}
    for commit in found:
        for target in commit.trailers.get(t.REVERTS, ()):
            reverts.setdefault(target, []).append(commit.id)
    undone = undone_map(reverts)
    out = []
    for commit in found:
        tr = commit.trailers
        name = tr[t.OP][0]
        paths = tr.get(t.PATH, ())
        if op is not None and name != op:
            continue
        if path is not None and path not in paths:
            continue
        out.append(
            Op(
                id=commit.id,
                op=name,
                date=commit.date,
                summary=commit.summary,
                paths=tuple(paths),
                trailers=tr,
                undone_by=undone.get(commit.id),
            )
        )
    return out


def ops_json_text(ops: Iterable[Op]) -> str:
    """Exactly `json.dumps(ops_as_json(ops), indent=2, ensure_ascii=False)`, several times
    faster: with `indent`, the json module encodes in pure Python, one generator per value,
    which took a second for 20,000 ops. Strings still go through json's own C escaping; the
    layout (2-space indent, `[]` and `{}` when empty) is written out once per op."""
    s = json.encoder.encode_basestring  # what json.dumps(ensure_ascii=False) escapes with
    texts = []
    for o in ops:
        paths = _ARRAY.format(",\n        ".join(map(s, o.paths))) if o.paths else "[]"
        trailers = "{}"
        if o.trailers:
            trailers = "{\n        " + ",\n        ".join(
                s(key) + ": " + (_VALUES.format(",\n          ".join(map(s, values)))
                                 if values else "[]")
                for key, values in o.trailers.items()) + "\n      }"
        undone = "null" if o.undone_by is None else s(o.undone_by)
        texts.append(_OP.format(s(o.id), s(o.op), s(o.date), s(o.summary), paths, trailers,
                                undone))
    if not texts:
        return '{\n  "ops": []\n}'
    return '{\n  "ops": [\n' + ",\n".join(texts) + "\n  ]\n}"


_ARRAY = "[\n        {}\n      ]"
_VALUES = "[\n          {}\n        ]"
_OP = ("    {{\n      \"id\": {},\n      \"op\": {},\n      \"date\": {},\n      \"summary\": {},\n"
       "      \"paths\": {},\n      \"trailers\": {},\n      \"undone_by\": {}\n    }}")


def ops_as_json(ops: Iterable[Op]) -> dict[str, object]:
    return {
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

"""Operations in history: one walk over the commits with our own trailer parse.

Commits never change, so what the walk found is remembered in .git/gitmem/cache/ops.json (see
gitmem/memory/cache_files.py for how cache files are versioned and written): the op commits
reachable from a HEAD, newest first, with the HEAD they were found from. When HEAD is that
commit again, no walk is needed; when HEAD has moved forward by a chain of single-parent commits
(new ops, new edits), only that chain is read and put in front; anything else (a merge, a
rebase, a reset) walks the whole history again, reusing what is known of each commit. A history
without merges is walked by `git log` in its own process (gitmem/ops/linear_log.py) while its
output is parsed here; any other by pygit2.

Beside each op's trailers the cache keeps its `log --json` object as text, all but the value of
"undone_by" (the one field that depends on other ops). A commit's text is a function of the
commit and of this code (both in the cache's fingerprint), so it is reused wherever the commit
is: a warm `gitmem log --json` joins texts and builds no record per op.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import chain, repeat
from pathlib import Path
from typing import TYPE_CHECKING

from gitmem import trailers as t
from gitmem.gitrepo import CommitInfo, Repo
from gitmem.memory.cache_files import PACKAGE, cache_disabled, source_fingerprint
from gitmem.ops.linear_log import NotLinear, linear_commits
from gitmem.ops.op_json import NULL_END, OP_END, json_document, quote
from gitmem.ops.op_json import ops_as_json as ops_as_json
from gitmem.ops.op_json import ops_json_text as ops_json_text
from gitmem.ops.plain_ops import plain_chunk
from gitmem.ops.undo_claims import false_claims, true_claims
from gitmem.ops.op_table import (
    SCHEMA,
    Commit,
    OpTable,
    Trailers,
    load_table,
    op_trailers,
    store_table,
)

if TYPE_CHECKING:
    from gitmem.model import Op

OPS_CACHE = Path("cache") / "ops.json"


def iter_op_commits(repo: Repo) -> Iterator[tuple[CommitInfo, Trailers]]:
    """(commit, Gitmem-* trailers) for every op commit reachable from HEAD, newest first."""
    for commit in repo.walk():
        found = op_trailers(commit.message)
        if found is not None:
            yield commit, found


_SOURCES = sorted((PACKAGE / "trailers").glob("*.py")) + [PACKAGE / "trailers_batch.py"] + [
    Path(__file__).with_name(name)
    for name in ("history.py", "op_json.py", "op_table.py", "linear_log.py", "plain_ops.py")
]


def _pygit2_commits(commits: Iterable[CommitInfo]) -> Iterator[list[Commit]]:
    batch: list[Commit] = []
    for c in commits:
        batch.append((c.id, c.message, c.time, c.offset))
        if len(batch) >= 4096:
            yield batch
            batch = []
    yield batch


def op_table(repo: Repo, *, git_log: bool = True) -> OpTable:
    """Every op commit reachable from HEAD, newest first, as `iter_op_commits` walks them.
    `git_log=False` never reads a linear history through `git log` (tests compare the two)."""
    head = repo.head_id()
    if head is None:
        return OpTable("")
    cache_file = None if cache_disabled() else repo.state_dir / OPS_CACHE
    fingerprint = source_fingerprint(SCHEMA, _SOURCES)
    cached = None if cache_file is None else load_table(cache_file, fingerprint)
    if cached is not None and cached.head == head:
        return cached
    table, old = OpTable(head), cached or OpTable("")
    forward = None if cached is None else repo.single_parent_chain(head, cached.head)
    if forward is not None:
        table.collect(_pygit2_commits(forward), OpTable(""))
        table.extend(old)
    else:
        table = _walk(repo, head, old, git_log)
    if cache_file is not None:
        store_table(cache_file, fingerprint, table)
    return table


def _walk(repo: Repo, head: str, old: OpTable, git_log: bool) -> OpTable:
    # a first run knows no commit yet: whole chunks of git log's output are read at once
    plain = None if old.ids else plain_chunk
    shapes: dict[str, tuple[str, str]] = {}
    commits = linear_commits(repo, head, plain, shapes) if git_log else None
    if commits is not None:
        table = OpTable(head)
        try:
            table.collect(commits, old)
            table.shapes.update(shapes)
            return table
        except NotLinear:
            pass  # a merge, or git failed: the pygit2 walk decides
    table = OpTable(head)
    table.collect(_pygit2_commits(repo.walk(head)), old)
    return table


def undone_map(reverts: dict[str, list[str]]) -> dict[str, str | None]:
    """For each op: the undo commit that currently cancels it (an undo that is itself undone
    does not count; undoing an undo is a redo). `reverts` holds the true claims only
    (`undo_claims.true_claims`)."""
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
    return ops_and_false_claims(repo, op, path)[0]


def ops_and_false_claims(repo: Repo, op: str | None = None, path: str | None = None
                         ) -> tuple[list[Op], dict[str, list[str]]]:
    """`list_ops`, and each commit whose `Gitmem-Reverts` names an op it does not revert, with
    the ops it names (`gitmem log` flags them)."""
    from gitmem.model import Op

    table = op_table(repo)
    claims = table.reverts()
    kept = true_claims(repo, claims, table.shapes)
    undone = undone_map(kept)
    selected = _op_filter(op, path)
    return [
        Op(id=op_id, op=trailers[t.OP][0], date=date, summary=summary,
           paths=trailers.get(t.PATH, ()), trailers=trailers, undone_by=undone.get(op_id))
        for op_id, date, summary, trailers in table.rows()
        if selected is None or selected(trailers)
    ], false_claims(claims, kept)


def log_json(repo: Repo, op: str | None = None, path: str | None = None) -> str:
    """Exactly `ops_json_text(list_ops(repo, op, path))`, joined from the texts the op table
    keeps: unfiltered, no record is built for any op."""
    return "".join(log_json_parts(repo, op, path))


def log_json_parts(repo: Repo, op: str | None = None, path: str | None = None
                   ) -> Iterator[str]:
    """`log_json` in parts of about a thousand ops each, to be written as they come: a run
    over 20,000 ops never holds the whole 12 MB text, nor its bytes, at once."""
    table = op_table(repo)
    undone = undone_map(true_claims(repo, table.reverts(), table.shapes))
    selected = _op_filter(op, path)
    # each op's end, and the comma and line break before the next op
    ends = {op_id: quote(by) + OP_END + ",\n" for op_id, by in undone.items() if by is not None}
    texts, ids = table.texts, table.ids
    if selected is not None:
        rows = [row for row, (*_, trailers) in enumerate(table.rows()) if selected(trailers)]
        texts, ids = [texts[row] for row in rows], [ids[row] for row in rows]
    if not texts:
        yield json_document([])
        return
    whole = json_document(["\0"])
    head, tail = whole[: whole.index("\0")], whole[whole.index("\0") + 1 :]
    endings = list(map(ends.get, ids, repeat(NULL_END + ",\n")))
    endings[-1] = endings[-1].removesuffix(",\n")
    for start in range(0, len(texts), _PART):
        part = chain.from_iterable(zip(texts[start : start + _PART],
                                       endings[start : start + _PART]))
        yield (head if start == 0 else "") + "".join(part)
    yield tail


_PART = 1024


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



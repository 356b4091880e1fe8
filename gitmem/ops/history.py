"""Operations in history: one walk over the commits with our own trailer parse."""

from __future__ import annotations

from typing import Iterable, Iterator

from gitmem import trailers as t
from gitmem.gitrepo import CommitInfo, Repo
from gitmem.model import Op


def iter_op_commits(repo: Repo) -> Iterator[tuple[CommitInfo, dict[str, tuple[str, ...]]]]:
    """(commit, Gitmem-* trailers) for every op commit reachable from HEAD, newest first."""
    for commit in repo.walk():
        found = t.gitmem_trailers(commit.message)
        if found.get(t.OP):
            yield commit, found


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
    found = list(iter_op_commits(repo))
    reverts: dict[str, list[str]] = {}
    for commit, tr in found:
        for target in tr.get(t.REVERTS, ()):
            reverts.setdefault(target, []).append(commit.id)
    undone = undone_map(reverts)
    out = []
    for commit, tr in found:
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
                date=commit.iso_date,
                summary=commit.summary,
                paths=tuple(paths),
                trailers=tr,
                undone_by=undone.get(commit.id),
            )
        )
    return out


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

"""Undo is a revert: an op commit's changes reversed as a new op commit."""

from __future__ import annotations

from gitmem import trailers as t
from gitmem.errors import GitStateError, UsageError
from gitmem.gitrepo import Repo
from gitmem.model import FileChange, Op, Plan
from gitmem.ops.apply import plan_message
from gitmem.ops.history import list_ops


def still_in_force(op: Op) -> bool:
    """Whether `op` is not undone. `list_ops` counts only an undo whose change really reverts
    the op (gitmem/ops/undo_claims.py): a hand-made or pulled commit that merely names the op
    in `Gitmem-Reverts` neither marks it undone nor blocks its undo."""
    return op.undone_by is None


def resolve_op(repo: Repo, op_id: str | None, last: bool, run: str | None = None) -> list[str]:
    """The op commit(s) to undo: one id, the newest op not yet undone, or a whole run."""
    ops = list_ops(repo)
    if run is not None:
        # the undo commits of a run carry its id too; undoing them again would redo the run
        chosen = [
            o.id for o in ops
            if run in o.trailers.get(t.RUN, ()) and o.op != "undo" and still_in_force(o)
        ]
        if not chosen:
            raise UsageError(f"no operation of run {run!r} is left to undo")
        return chosen  # newest first: reverting in this order never conflicts within the run
    if last:  # walks back past undos and undone ops; stops at an init, which it never takes
        for op in ops:
            if op.op == "init" and still_in_force(op):
                raise GitStateError(
                    f"the newest operation left to undo is `gitmem init` ({op.id[:12]}); undoing "
                    f"it removes {', '.join(op.paths) or 'the configuration'}: run `gitmem undo "
                    f"{op.id[:12]}` if you mean it")
            if op.op != "undo" and still_in_force(op):
                return [op.id]
        raise GitStateError("there is no gitmem operation left to undo")
    if not op_id:
        raise UsageError("name the operation to undo (see `gitmem log`) or pass --last")
    try:
        sha = repo.resolve_commit(op_id)
    except UsageError as exc:  # a mistyped id: say where the right one is
        raise UsageError(f"{exc}; `gitmem log` lists the operations and their ids") from None
    by_id = {o.id: o for o in ops}
    if sha not in by_id:
        info = repo.commit_info(sha)
        if t.gitmem_trailers(info.message).get(t.OP):
            raise GitStateError(f"{sha[:12]} is not in the history of HEAD; nothing to undo here")
        raise GitStateError(
            f"{sha[:12]} is not a gitmem operation; undo only reverts gitmem op commits "
            "(use `git revert` for other commits)"
        )
    undone_by = by_id[sha].undone_by
    if undone_by is not None:
        raise GitStateError(f"{sha[:12]} was already undone by {undone_by[:12]}")
    return [sha]


def undo_plans(repo: Repo, shas: list[str], run: str | None = None) -> list[tuple[str, Plan]]:
    """The undo of each op, newest first, each planned on top of the ones before it, so an undo
    of a run is all or nothing: every revert is known to apply before the first is committed.
    (The plans before the last are built as commits no ref points at; git prunes them.)"""
    plans: list[tuple[str, Plan]] = []
    onto = repo.head_id()
    for sha in shas:
        try:
            plan = undo_plan(repo, sha, run, onto=onto)
        except GitStateError as exc:
            if len(shas) == 1:
                raise
            raise GitStateError(
                f"{exc}; nothing was undone: an undo of a run is all or nothing"
            ) from None
        plans.append((sha, plan))
        if len(plans) < len(shas):
            onto = repo.build_commit(plan_message(plan), plan.changes, onto)
    return plans


def undo_plan(repo: Repo, sha: str, run: str | None = None, onto: str | None = None) -> Plan:
    info = repo.commit_info(sha)
    changes = []
    for path, after in repo.revert_result(sha, onto):
        before = repo.read_at(onto or "HEAD", path)
        if before != after:
            changes.append(FileChange(path, before, after))
    if not changes:
        raise GitStateError(f"undoing {sha[:12]} changes nothing: its effect is already gone")
    pairs = [(t.OP, "undo"), (t.REVERTS, sha)] + [(t.PATH, c.path) for c in changes]
    if run:
        pairs.append((t.RUN, run))
    title = info.summary.removeprefix("gitmem: ")
    return Plan(
        op="undo",
        changes=tuple(changes),
        summary=f"gitmem: undo {title}",
        trailers=tuple(pairs),
        klass="match",
        body=f"This reverts commit {sha}.",
    )

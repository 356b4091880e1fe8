"""Turn a Plan into exactly one op commit: the only place gitmem writes memory."""

from __future__ import annotations

import dataclasses
import sys

from gitmem import trailers
from gitmem.errors import GitStateError, StalePlanError
from gitmem.gitrepo import IndexLockedError, hash_blob
from gitmem.model import FileChange, Plan
from gitmem.ops.journal import (
    clear_journal,
    crash_point,
    op_lock,
    recover_interrupted,
    say_set_aside,
    write_journal,
)
from gitmem.workspace import Workspace


def plan_message(plan: Plan) -> str:
    pairs = list(plan.trailers)
    if not any(key == trailers.SCHEMA for key, _ in pairs):
        pairs.append((trailers.SCHEMA, "1"))
    return trailers.format_message(plan.summary, pairs, plan.body)


def commit_changes(ws: Workspace, plan: Plan, *, stale_is_plan_error: bool = False) -> str:
    """Commit the plan's changes on top of HEAD and bring index + working tree along.

    Refuses (nothing changed) when HEAD no longer holds the plan's `before` content, when a
    path has uncommitted edits, or when the branch moves under us."""
    repo = ws.repo
    ref = repo.require_writable()
    if not plan.changes:
        raise GitStateError("the operation changes nothing; no commit was made")
    # Plans made from the working tree hold its bytes (CRLF under core.autocrlf): commit what
    # git would store (the working tree gets git's checkout form back in sync_paths).
    plan = dataclasses.replace(plan, changes=tuple(
        FileChange(c.path,
                   None if c.before is None else repo.to_odb(c.path, c.before),
                   None if c.after is None else repo.to_odb(c.path, c.after))
        for c in plan.changes))
    recover_interrupted(repo)
    with op_lock(repo):
        repo.require_index_unlocked()  # else the branch would move and the index stay behind
        head = repo.head_id()
        paths = [c.path for c in plan.changes]
        repo.check_clean(paths, head)  # first: an edit in progress is the likelier story
        for change in plan.changes:
            current = repo.read_at("HEAD", change.path) if head else None
            if current != change.before:
                error = StalePlanError if stale_is_plan_error else GitStateError
                raise error(
                    f"{change.path} changed since the operation was planned; plan it again"
                )
        message = plan_message(plan)
        new = repo.build_commit(message, plan.changes, head)
        crash_point("after-build-commit")
        blobs = {
            c.path: (
                None if c.before is None else hash_blob(c.before),
                None if c.after is None else hash_blob(c.after),
            )
            for c in plan.changes
        }
        write_journal(
            repo,
            {
                "ref": ref,
                "old": head,
                "new": new,
                "summary": plan.summary,
                "paths": {path: list(pair) for path, pair in blobs.items()},
            },
        )
        crash_point("after-journal")
        try:
            repo.move_ref(ref, new, head, f"gitmem: {plan.summary}", step=crash_point)
        except BaseException:
            if repo.ref_target(ref) != new:
                clear_journal(repo)  # the branch never moved: nothing to finish
            raise
        crash_point("after-move-ref")
        try:
            kept = repo.sync_paths(
                [(c.path, c.after) for c in plan.changes],
                old_blobs={path: pair[0] for path, pair in blobs.items()},
                step=crash_point,
            )
        except IndexLockedError as exc:  # a git took the lock since the check and kept it
            from gitmem.lint.formats.printable import printable

            sys.stderr.write(f"gitmem: warning: {printable(str(exc))}\n")  # committed: exit 0, journal kept
            sys.stderr.flush()
            say_set_aside(repo)
            return new
        crash_point("after-index")
        clear_journal(repo)
    for path in kept:
        sys.stderr.write(
            f"gitmem: {path} was edited while the operation ran; your edit was kept in the "
            "working tree (the operation's version is committed: see `git diff HEAD`)\n"
        )
    say_set_aside(repo)
    return new

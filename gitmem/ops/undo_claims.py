"""Whether an undo commit really undoes the op it names.

`Gitmem-Op: undo` and `Gitmem-Reverts: <op>` are only words in a message: anyone can type them
into a commit, and a pull brings such commits in. So a claim counts (the op is shown undone,
`gitmem undo` refuses to undo it again) only when the claiming commit's change, on the files
the op changed, is the op's change reversed, which is what `gitmem undo` itself writes:

- the claiming commit has one parent, and the op has at most one;
- its tree is the op's parent's tree and its parent's tree is the op's tree (an undo made
  right after the op, or anything else that swaps the two trees back), or else
- each file the op changed holds in the claiming commit exactly what reverting the op onto
  the claiming commit's parent gives (git's three-way revert, as `gitmem undo` computes it),
  and at least one of them changed.

A claim that fails is listed by `gitmem log` as the commit it is, flagged, and counts for
nothing. Commits never change, so a verdict never changes either: verdicts are kept in
.git/gitmem/cache/undo_claims.json and a later run only checks claims it has not seen.
"""

from __future__ import annotations

from pathlib import Path

from gitmem.errors import GitStateError
from gitmem.gitrepo import Repo
from gitmem.memory.cache_files import (
    PACKAGE,
    cache_disabled,
    read_cache_file,
    source_fingerprint,
    write_cache_file,
)

CLAIMS_CACHE = Path("cache") / "undo_claims.json"
_SCHEMA = 1
_SOURCES = [Path(__file__), PACKAGE / "gitrepo.py"]


Shapes = dict[str, tuple[str, str]]  # commit id: (tree id, parent id or "" for a root)


def reverts(repo: Repo, undo: str, op: str, shapes: Shapes | None = None) -> bool:
    """Whether commit `undo` reverses commit `op` on the files `op` changed. `shapes` holds
    the trees and parents of commits a `git log` walk has read already (a first run's walk
    prints them): those need no object read here."""
    known = shapes or {}
    mine, theirs = _trees(repo, undo, known), _trees(repo, op, known)
    if mine is None or theirs is None or len(mine[1]) != 1 or len(theirs[1]) > 1:
        return False
    tree, (parent,), (parent_tree,) = mine
    if theirs[2] and tree == theirs[2][0] and parent_tree == theirs[0]:
        return tree != parent_tree  # the trees swapped back: an exact inverse
    try:
        result = repo.revert_result(op, onto=parent)
    except GitStateError:  # the revert conflicts there, or cannot be written: not an undo
        return False
    changed = False
    for path, after in result:
        if _content(repo, undo, path) != after:
            return False
        changed = changed or _content(repo, parent, path) != after
    return changed


def _trees(repo: Repo, commit: str, shapes: Shapes
           ) -> tuple[str, tuple[str, ...], tuple[str, ...]] | None:
    """`repo.commit_trees(commit)`, from `shapes` when they hold it."""
    known = shapes.get(commit)
    if known is not None:
        tree, parent = known
        if not parent:
            return tree, (), ()
        above = shapes.get(parent)
        if above is not None:
            return tree, (parent,), (above[0],)
    return repo.commit_trees(commit)


def _content(repo: Repo, commit: str, path: str) -> bytes | None:
    blob = repo.blob_in(commit, path)
    return None if blob is None else repo.read_blob(blob)


def true_claims(repo: Repo, claims: dict[str, list[str]], shapes: Shapes | None = None
                ) -> dict[str, list[str]]:
    """`claims` (for each op, the commits whose `Gitmem-Reverts` name it, newest first) with
    only the commits that really revert it, in the same order."""
    if not claims:
        return {}
    file = None if cache_disabled() else repo.state_dir / CLAIMS_CACHE
    fingerprint = source_fingerprint(_SCHEMA, _SOURCES)
    data = None if file is None else read_cache_file(file, _SCHEMA, fingerprint)
    known = data.get("verdicts") if data is not None else None
    verdicts: dict[str, bool] = known if type(known) is dict else {}
    added = False
    kept: dict[str, list[str]] = {}
    for op, undos in claims.items():
        for undo in undos:
            key = undo + " " + op
            verdict = verdicts.get(key)
            if type(verdict) is not bool:
                verdict = verdicts[key] = reverts(repo, undo, op, shapes)
                added = True
            if verdict:
                kept.setdefault(op, []).append(undo)
    if file is not None and added:
        write_cache_file(file, {"schema": _SCHEMA, "fingerprint": fingerprint,
                                "verdicts": verdicts})
    return kept


def false_claims(claims: dict[str, list[str]], kept: dict[str, list[str]]
                 ) -> dict[str, list[str]]:
    """Each commit that claims to revert some op and does not, with the ops it names falsely."""
    found: dict[str, list[str]] = {}
    for op, undos in claims.items():
        for undo in undos:
            if undo not in kept.get(op, ()):
                found.setdefault(undo, []).append(op)
    return found

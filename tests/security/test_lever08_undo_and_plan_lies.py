"""Lever 8 of the red-team report (issue 20): results that lie.

- A hand-made commit with a `Gitmem-Op` trailer that adds a symlink and sets a memory's
  executable bit: undo said it undid it (exit 0, marked undone) while both changes stayed. Undo
  now restores everything or refuses with exit 4, naming what it cannot restore.
- A forged plan with `trailers: []` (digest recomputed) was applied as a commit `gitmem log`
  cannot see. A plan must carry the trailers its op requires; apply refuses it otherwise.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from gitutil import git, gitmem, make_repo, snapshot
from secutil import forge_plan


MEMORY = "---\nname: a\ntype: project\n---\n- A fact.\n"
OLD = "---\nname: wrapper\n---\n- The wrapper takes no arguments.\n"
NEW = "---\nname: wrapper-v2\n---\n- The wrapper takes arguments since v2.\n"


def test_undo_of_a_hand_commit_with_a_symlink_and_a_mode_change_refuses(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "m", {"memory/a.md": MEMORY})
    os.symlink("/etc/passwd", repo / "memory/link.md")
    os.chmod(repo / "memory/a.md", 0o755)
    with (repo / "memory/a.md").open("a") as fh:
        fh.write("- Another fact.\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--no-verify", "-m", "gitmem: protect memory/a.md",
        "-m", "Gitmem-Op: protect\nGitmem-Path: memory/a.md")
    op = git(repo, "rev-parse", "HEAD").strip()
    before = snapshot(repo)
    result = gitmem(repo, "undo", op[:12])
    assert result.code == 4, result
    assert "memory/link.md" in result.err and "symbolic link" in result.err, result
    assert "memory/a.md" in result.err and "mode" in result.err, result
    assert snapshot(repo) == before
    assert os.path.islink(repo / "memory/link.md")
    [entry] = json.loads(gitmem(repo, "log", "--json").out)["ops"]
    assert entry["undone_by"] is None  # not marked undone: it was not


def test_undo_of_a_mode_only_change_is_not_reported_as_nothing_to_do(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "m", {"memory/a.md": MEMORY})
    os.chmod(repo / "memory/a.md", 0o755)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--no-verify", "-m", "gitmem: protect memory/a.md",
        "-m", "Gitmem-Op: protect\nGitmem-Path: memory/a.md")
    before = snapshot(repo)
    result = gitmem(repo, "undo", "--last")
    assert result.code == 4, result
    assert "mode" in result.err and "memory/a.md" in result.err, result
    assert snapshot(repo) == before



def _set(key: str, value: object):  # type: ignore[no-untyped-def]
    return lambda payload: payload.__setitem__(key, value)


FORGERIES = {
    "no-trailers": _set("trailers", []),
    "no-op-trailer": lambda p: p.__setitem__(
        "trailers", [pair for pair in p["trailers"] if pair[0] != "Gitmem-Op"]),
    "op-trailer-disagrees": lambda p: p.__setitem__(
        "trailers", [["Gitmem-Op", "protect"] if k == "Gitmem-Op" else [k, v]
                     for k, v in p["trailers"]]),
    "two-op-trailers": lambda p: p.__setitem__("trailers", [["Gitmem-Op", "merge"],
                                                            *p["trailers"]]),
    "forged-reverts": lambda p: p.__setitem__("trailers", [*p["trailers"],
                                                           ["Gitmem-Reverts", "0" * 40]]),
    "no-path-trailer": lambda p: p.__setitem__(
        "trailers", [pair for pair in p["trailers"] if pair[0] != "Gitmem-Path"]),
    "unknown-op": _set("op", "init"),
}


@pytest.mark.parametrize("name", FORGERIES)
def test_a_forged_plan_without_its_ops_trailers_is_refused(tmp_path: Path, name: str) -> None:
    repo = make_repo(tmp_path / "m", {"memory/old.md": OLD, "memory/new.md": NEW})
    plan_id = forge_plan(repo, FORGERIES[name])
    before = snapshot(repo)
    result = gitmem(repo, "apply", plan_id, "--confirm")
    assert result.code == 5, result
    assert "internal error" not in result.err
    assert "trailer" in result.err or "op" in result.err, result
    assert snapshot(repo) == before


def test_an_unforged_plan_still_applies_and_log_sees_it(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "m", {"memory/old.md": OLD, "memory/new.md": NEW})
    plan_id = forge_plan(repo, lambda payload: None)
    result = gitmem(repo, "apply", plan_id, "--confirm")
    assert result.code == 0, result
    [entry] = json.loads(gitmem(repo, "log", "--json").out)["ops"]
    assert entry["op"] == "supersede" and entry["id"] == git(repo, "rev-parse", "HEAD").strip()


def test_a_hand_commit_that_only_claims_to_undo_an_op_does_not_block_its_undo(
    tmp_path: Path,
) -> None:
    """Beyond the report (forged trailers in hand commits): a commit with `Gitmem-Op: undo` and
    `Gitmem-Reverts: <op>` that changed none of the op's files made `gitmem undo <op>` refuse
    ("already undone") while the op stayed in force."""
    repo = make_repo(tmp_path / "m", {"memory/a.md": MEMORY})
    assert gitmem(repo, "protect", "memory/a.md").code == 0
    op = git(repo, "rev-parse", "HEAD").strip()
    (repo / "notes.txt").write_text("unrelated\n")
    git(repo, "add", "notes.txt")
    git(repo, "commit", "-q", "--no-verify", "-m", "gitmem: undo protect memory/a.md",
        "-m", f"This reverts commit {op}.", "-m", f"Gitmem-Op: undo\nGitmem-Reverts: {op}")
    claimed = git(repo, "rev-parse", "HEAD").strip()
    for args in ((op[:12],), ("--last",)):
        result = gitmem(repo, "undo", *args)
        assert result.code == 0, result
        assert (repo / "memory/a.md").read_text() == MEMORY  # really undone now
        real = git(repo, "rev-parse", "HEAD").strip()
        entry = next(o for o in json.loads(gitmem(repo, "log", "--json").out)["ops"]
                     if o["id"] == op)
        assert entry["undone_by"] == real  # the real undo, not the claim
        again = gitmem(repo, "undo", op[:12])
        assert again.code == 4 and real[:12] in again.err, again
        git(repo, "reset", "-q", "--hard", claimed)

"""An undo trailer is a claim: `gitmem log` and `gitmem undo` count a commit carrying
`Gitmem-Op: undo` and `Gitmem-Reverts: <op>` as undoing the op only when its change really is
the op's change reversed (docs/trailers.md, "Undo and redo"). Real repositories, real commits,
a real pull; each log is read with the op cache cold, warm and off."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gitutil import commit_all, git, gitmem, log_outputs, make_repo, write

MEMORY = "---\nname: a\ntype: project\n---\n- A fact.\n"
OTHER = "---\nname: b\ntype: project\n---\n- Another fact.\n"


def hand_undo(repo: Path, op: str, *, allow_empty: bool = False) -> str:
    """Commit what is staged with gitmem's undo message for `op`, as a person could type it."""
    git(repo, "commit", "-q", "--no-verify", *(["--allow-empty"] if allow_empty else []),
        "-m", "gitmem: undo protect memory/a.md", "-m", f"This reverts commit {op}.",
        "-m", f"Gitmem-Op: undo\nGitmem-Reverts: {op}\nGitmem-Path: memory/a.md\n"
              "Gitmem-Schema: 1")
    return git(repo, "rev-parse", "HEAD").strip()


def undone_by(repo: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str | None]:
    """Each op's `undone_by` in `gitmem log --json`, the same with the cache as an earlier
    run left it (new commits read through pygit2), cold (read by `git log`), warm, and off."""
    forward = gitmem(repo, "log", "--json")
    outs = log_outputs(repo, monkeypatch, "--json", cold=True)
    assert forward.out == outs[0] == outs[1] == outs[2]
    return {o["id"]: o["undone_by"] for o in json.loads(outs[0])["ops"]}


@pytest.fixture
def protected(tmp_path: Path) -> tuple[Path, str]:
    repo = make_repo(tmp_path / "m", {"memory/a.md": MEMORY, "memory/b.md": OTHER})
    assert gitmem(repo, "protect", "memory/a.md").code == 0
    assert gitmem(repo, "log").code == 0  # the op cache now holds this HEAD
    return repo, git(repo, "rev-parse", "HEAD").strip()


def test_a_claim_that_edits_the_ops_file_without_reverting_it_is_not_an_undo(
    protected: tuple[Path, str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    repo, op = protected
    with (repo / "memory/a.md").open("a") as fh:
        fh.write("- A fact added by hand.\n")
    git(repo, "add", "memory/a.md")
    claim = hand_undo(repo, op)
    assert undone_by(repo, monkeypatch)[op] is None  # the op is still in force
    human = gitmem(repo, "log")
    assert "undone by" not in human.out, human
    assert f"does not revert {op[:12]}" in human.out, human  # the claim is flagged
    result = gitmem(repo, "undo", op[:12])  # and the op can really be undone
    assert result.code == 0, result
    text = (repo / "memory/a.md").read_text()
    assert "protected" not in text and "- A fact added by hand." in text
    real = git(repo, "rev-parse", "HEAD").strip()
    assert undone_by(repo, monkeypatch)[op] == real and real != claim


def test_an_empty_claim_pulled_from_another_clone_is_not_an_undo(
    protected: tuple[Path, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    repo, op = protected
    other = tmp_path / "other"
    git(tmp_path, "clone", "-q", str(repo), str(other))
    git(other, "config", "user.name", "Someone")
    git(other, "config", "user.email", "someone@example.com")
    hand_undo(other, op, allow_empty=True)
    git(repo, "pull", "-q", "--ff-only", str(other), "main")
    assert undone_by(repo, monkeypatch)[op] is None
    assert gitmem(repo, "undo", "--last").code == 0  # --last finds the op still in force
    assert "protected" not in (repo / "memory/a.md").read_text()


def test_a_hand_made_revert_with_the_trailers_is_an_undo(
    protected: tuple[Path, str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    repo, op = protected
    write(repo, {"memory/b.md": OTHER + "- Later, elsewhere.\n"})
    commit_all(repo, "an unrelated edit in between")
    git(repo, "revert", "--no-edit", "--no-commit", op)
    claim = hand_undo(repo, op)
    assert undone_by(repo, monkeypatch)[op] == claim
    again = gitmem(repo, "undo", op[:12])
    assert again.code == 4 and "already undone" in again.err, again


def test_a_gitmem_undo_after_a_later_edit_of_the_same_file_is_an_undo(
    protected: tuple[Path, str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    repo, op = protected
    with (repo / "memory/a.md").open("a") as fh:
        fh.write("- A later fact.\n")
    commit_all(repo, "a later edit of the same memory")
    assert gitmem(repo, "undo", op[:12]).code == 0  # a three-way revert, not a tree swap
    undo = git(repo, "rev-parse", "HEAD").strip()
    assert undone_by(repo, monkeypatch)[op] == undo


def test_a_claim_to_redo_that_redoes_nothing_leaves_the_op_undone(
    protected: tuple[Path, str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    repo, op = protected
    assert gitmem(repo, "undo", op[:12]).code == 0
    undo = git(repo, "rev-parse", "HEAD").strip()
    write(repo, {"memory/b.md": OTHER + "- Changed by hand.\n"})
    git(repo, "add", "memory/b.md")
    git(repo, "commit", "-q", "--no-verify", "-m", "gitmem: undo undo protect",
        "-m", f"This reverts commit {undo}.",
        "-m", f"Gitmem-Op: undo\nGitmem-Reverts: {undo}\nGitmem-Schema: 1")
    found = undone_by(repo, monkeypatch)
    assert found[op] == undo and found[undo] is None
    assert "protected" not in (repo / "memory/a.md").read_text()
    assert gitmem(repo, "undo", undo[:12]).code == 0  # the real redo
    assert undone_by(repo, monkeypatch)[op] is None

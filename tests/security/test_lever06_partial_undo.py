"""Lever 6 of the red-team report (issue 20): an undo that applies only part of what it was asked
to revert. An undo is all or nothing, like every op: when it cannot restore everything it
refuses with exit 4 and HEAD, the index and the working tree stay exactly as they were."""

from __future__ import annotations

from pathlib import Path

from gitutil import git, gitmem, make_repo, snapshot

A = "---\nname: a\n---\n- The build uses tabs.\n"
B = "---\nname: b\n---\n- The cache lives in /var/cache.\n"


def op_commit(repo: Path, path: str, line: str, run: str) -> str:
    with (repo / path).open("a") as fh:
        fh.write(line)
    git(repo, "add", path)
    git(repo, "commit", "-q", "--no-verify", "-m", f"gitmem: resolve {path}",
        "-m", f"Gitmem-Op: resolve\nGitmem-Path: {path}\nGitmem-Run: {run}\nGitmem-Schema: 1")
    return git(repo, "rev-parse", "HEAD").strip()


def test_undo_of_a_run_whose_oldest_op_conflicts_undoes_nothing(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "m", {"memory/a.md": A, "memory/b.md": B})
    first = op_commit(repo, "memory/a.md", "- (superseded) Tabs in make only.\n", "run-1")
    op_commit(repo, "memory/b.md", "- (superseded) The cache is in /tmp.\n", "run-1")
    # a later hand edit of the line the run's first op wrote: that op cannot be reverted
    text = (repo / "memory/a.md").read_text().replace("make only", "make files only")
    (repo / "memory/a.md").write_text(text)
    git(repo, "commit", "-q", "--no-verify", "-am", "reword")
    before = snapshot(repo)
    result = gitmem(repo, "undo", "--run", "run-1")
    assert result.code == 4, result
    assert first[:12] in result.err and "memory/a.md" in result.err, result
    assert "nothing was undone" in result.err, result
    assert snapshot(repo) == before  # the run's newer op was not undone on its own
    log = gitmem(repo, "log")
    assert "undo" not in log.out, log

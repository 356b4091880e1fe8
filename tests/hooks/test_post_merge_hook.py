"""The post-merge hook through real `git pull` / `git merge`: reports, queues, never blocks."""

from __future__ import annotations

from pathlib import Path

import pytest
from gitutil import commit_all, git, gitmem, make_repo, write
from hookutil import memory, run_git

from gitmem.hooks_run.post_merge import review_items
from gitmem.lint.registry import rule_by_code
from gitmem.model import Finding, Location
from gitmem.review_queue import load_queue
from gitmem.workspace import open_workspace


def two_clones(tmp_path: Path, files: dict[str, str | bytes]) -> tuple[Path, Path]:
    seed = make_repo(tmp_path / "seed", files)
    git(tmp_path, "clone", "-q", "--bare", str(seed), "origin.git")
    clones = []
    for name in ("laptop", "server"):
        git(tmp_path, "clone", "-q", "origin.git", name)
        git(tmp_path / name, "config", "pull.rebase", "false")
        assert gitmem(tmp_path / name, "hooks", "install").code == 0
        clones.append(tmp_path / name)
    return clones[0], clones[1]


def push_from(clone: Path, files: dict[str, str | bytes], message: str) -> None:
    write(clone, files)
    git(clone, "add", "-A")
    assert run_git(clone, "commit", "-q", "--no-verify", "-m", message).returncode == 0
    assert run_git(clone, "push", "-q").returncode == 0


def test_a_pull_reports_what_it_brought_in_and_edits_nothing(tmp_path: Path) -> None:
    laptop, server = two_clones(tmp_path, {"memory/deploy.md": memory("deploy", "Deploy daily.")})
    incoming = memory("fix", "The outage was fixed in commit 4f2a9c81be.")
    push_from(laptop, {"memory/fix.md": incoming}, "agent notes a fix")
    write(server, {"memory/local.md": memory("local", "Local note.")})
    commit_all(server, "local note")

    pulled = run_git(server, "pull", "--no-edit")
    assert pulled.returncode == 0, pulled.stderr
    report = pulled.stdout + pulled.stderr
    assert "gitmem post-merge: checked 1 changed memory file" in report
    assert "memory/fix.md:4: GM301" in report
    assert "memory/local.md" not in report  # ours, not brought in
    assert (server / "memory/fix.md").read_text() == incoming
    assert git(server, "status", "--porcelain") == ""


def test_a_pull_reports_only_the_lines_it_brought_in(tmp_path: Path) -> None:
    old = memory("fix", "The outage was fixed in commit 4f2a9c81be.")  # already wrong before
    laptop, server = two_clones(tmp_path, {"memory/fix.md": old})
    push_from(laptop, {"memory/fix.md": old + "- Deploys run from main.\n"}, "one more line")
    pulled = run_git(server, "pull")
    assert pulled.returncode == 0
    report = pulled.stdout + pulled.stderr
    assert "checked 1 changed memory file" in report and "no findings" in report
    assert "GM301" not in report  # the memory's past, not what the pull brought


def test_a_fast_forward_pull_is_checked_too(tmp_path: Path) -> None:
    laptop, server = two_clones(tmp_path, {"memory/deploy.md": memory("deploy", "Deploy daily.")})
    push_from(laptop, {"memory/fix.md": memory("fix", "Fixed in commit 4f2a9c81be.")}, "fix")
    pulled = run_git(server, "pull")
    assert pulled.returncode == 0
    assert "memory/fix.md:4: GM301" in pulled.stdout + pulled.stderr


def test_the_hook_never_fails_even_when_gitmem_cannot_run(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": memory("a", "One."),
                                      ".gitmem.toml": "[lint\nbroken"})
    result = gitmem(repo, "hook", "post-merge", "0")
    assert result.code == 0
    assert "gitmem post-merge: could not check the merge" in result.err


def test_a_squash_merge_checks_what_it_staged(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": memory("a", "One.")})
    assert gitmem(repo, "hooks", "install").code == 0
    git(repo, "switch", "-q", "-c", "side")
    write(repo, {"memory/fix.md": memory("fix", "Fixed in commit 4f2a9c81be.")})
    commit_all(repo, "side")
    git(repo, "switch", "-q", "main")
    merged = run_git(repo, "merge", "--squash", "side")
    assert merged.returncode == 0
    assert "memory/fix.md:4: GM301" in merged.stdout + merged.stderr


def test_pairs_become_review_items_with_both_claims(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": memory("a", "Indent with tabs."),
                                      "memory/b.md": memory("b", "Indent with spaces.")})
    finding = Finding("GM211", "contradiction", "warning", "memory/b.md", 4,
                      "contradicts memory/a.md:4", (Location("memory/a.md", 4),), 0.9)
    items = review_items(open_workspace(repo), [finding])
    assert len(items) == 1
    item = items[0]
    assert (item.kind, item.source, item.a_text, item.b_text) == (
        "contradiction", "post-merge", "Indent with spaces.", "Indent with tabs.")


@pytest.mark.skipif(rule_by_code("GM211") is None, reason="contradiction rule not registered yet")
def test_a_contradiction_pulled_in_is_queued_for_review(tmp_path: Path) -> None:
    laptop, server = two_clones(tmp_path, {"memory/style.md": memory(
        "style", "Always indent Python code with tabs.")})
    push_from(laptop, {"memory/style-new.md": memory(
        "style-new", "Always indent Python code with spaces.")}, "agent changes its mind")
    pulled = run_git(server, "pull", "--no-edit")
    assert pulled.returncode == 0
    assert "GM211" in pulled.stdout + pulled.stderr
    queued = load_queue(server / ".git" / "gitmem")
    assert [(i.kind, i.source) for i in queued] == [("contradiction", "post-merge")]
    assert "1 pair added to the review queue" in pulled.stdout + pulled.stderr

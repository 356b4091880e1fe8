"""`lint --annotate`: findings queued in the review file as one annotate op commit."""

from __future__ import annotations

from pathlib import Path

from gitutil import git, make_repo, snapshot
from lintutil import cli

from gitmem.lint.annotate import annotate_plan, pending_review_update, review_key, review_line
from gitmem.model import Finding, Location

PAIR = Finding("GM211", "contradiction", "warning", "memory/a.md", 4, "tabs vs\nspaces",
               (Location("memory/b.md", 7),))
ERROR = Finding("GM301", "unknown-commit", "error", "memory/c.md", 2, "commit abc1234 is unknown")
INFO = Finding("GM303", "unverifiable-commit", "info", "memory/c.md", 3, "cannot be checked")


def test_review_line_format_and_key_ignore_line_drift() -> None:
    assert review_line(PAIR) == "- [GM211] memory/a.md:4 ~ memory/b.md:7: tabs vs spaces"
    assert review_key("- [GM211] memory/a.md:9 ~ memory/b.md:1: tabs vs spaces") == review_key(
        review_line(PAIR))


def test_section_is_created_errors_first_info_left_out() -> None:
    after, added = pending_review_update(b"# Memory\n\nIndex.\n", [PAIR, INFO, ERROR], 5)
    assert after.decode() == (
        "# Memory\n\nIndex.\n\n## Pending review\n\n"
        "- [GM301] memory/c.md:2: commit abc1234 is unknown\n"
        "- [GM211] memory/a.md:4 ~ memory/b.md:7: tabs vs spaces\n"
    )
    assert len(added) == 2


def test_existing_section_is_extended_deduplicated_and_bytes_elsewhere_kept() -> None:
    before = (b"# Memory\r\n\r\n## Pending review\r\n\r\n"
              b"- [GM211] memory/a.md:9 ~ memory/b.md:1: tabs vs spaces\r\n\r\n"
              b"## Other\r\nkeep  me \r\n")
    after, added = pending_review_update(before, [PAIR, ERROR], 5)
    assert added == ["- [GM301] memory/c.md:2: commit abc1234 is unknown"]
    assert after == before.replace(
        b"tabs vs spaces\r\n", b"tabs vs spaces\r\n- [GM301] memory/c.md:2: commit abc1234 is "
                               b"unknown\r\n")
    assert pending_review_update(after, [PAIR, ERROR], 5) == (after, [])


def test_never_more_than_the_limit_per_run() -> None:
    many = [Finding("GM311", "missing-path", "warning", f"memory/{i}.md", 1, "gone")
            for i in range(9)]
    _, added = pending_review_update(None, many, 3)
    assert len(added) == 3
    plan = annotate_plan("MEMORY.md", None, many, 3)
    assert plan is not None and plan.op == "annotate"
    assert ("Gitmem-Op", "annotate") in plan.trailers
    assert ("Gitmem-Path", "MEMORY.md") in plan.trailers
    assert ("Gitmem-Schema", "1") in plan.trailers
    assert annotate_plan("MEMORY.md", None, [INFO], 3) is None


def test_annotate_commits_one_op_and_is_idempotent(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "MEMORY.md": "# Memory\n\n- [notes](memory/a.md)\n",
        "memory/a.md": "- Fixed in commit 4f3c2b1a9e.\n- See `src/gone.py`.\n",
        "lib/gone.py": "x = 1\n",  # in lib/: the memory's path is wrong (GM311)
        ".gitmem.toml": "[policy]\nmax_mutations = 5\n",
    })
    head = git(repo, "rev-parse", "HEAD").strip()
    run = cli(repo, "lint", "--annotate")
    assert run.code == 1, run
    log = git(repo, "log", "-1", "--format=%B")
    assert "Gitmem-Op: annotate" in log and "Gitmem-Path: MEMORY.md" in log
    assert "Gitmem-Schema: 1" in log
    assert git(repo, "rev-parse", "HEAD~1").strip() == head
    assert git(repo, "show", "--name-only", "--format=", "HEAD").split() == ["MEMORY.md"]
    text = (repo / "MEMORY.md").read_text()
    assert "## Pending review" in text
    assert "- [GM301] memory/a.md:1: commit 4f3c2b1a9e" in text
    assert "- [GM311] memory/a.md:2: src/gone.py does not exist" in text
    assert git(repo, "status", "--porcelain") == ""
    again = snapshot(repo)
    rerun = cli(repo, "lint", "--annotate")
    assert rerun.code == 1 and snapshot(repo) == again, "nothing new: no second commit"
    assert "already queued" in rerun.err
    # the queue itself is not linted as the agent's claims
    assert "MEMORY.md" not in cli(repo, "lint").out


def test_annotate_refuses_a_dirty_review_file(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"MEMORY.md": "# Memory\n",
                                      "memory/a.md": "- Fixed in commit 4f3c2b1a9e.\n"})
    (repo / "MEMORY.md").write_text("# Memory\n\nlocal edit\n")
    before = snapshot(repo)
    run = cli(repo, "lint", "--annotate")
    assert run.code == 4 and "uncommitted" in run.err
    assert snapshot(repo) == before
    assert cli(repo, "lint", "--annotate", "--staged").code == 2

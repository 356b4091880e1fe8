"""A memory of many claims one value apart ("Fact number 1 about the deploy pipeline.", ... up
to N) made every two of them a judged pair: 11,175 findings and 23 s for 150 lines, and a
pre-commit hook that ran past 600 s at 1 GB for 2,000, so a cloned or pulled repository could
hang a user's commit or pull. Such a family is judged against its first claim and reported as
one finding naming every place; an ordinary contradiction beside it is still reported."""

from __future__ import annotations

import json
import time
from pathlib import Path

from gitutil import git, gitmem, make_repo, write
from hookutil import hooked_repo, memory, run_git

FAMILY = [f"Fact number {i} about the deploy pipeline." for i in range(1, 2001)]
ORDINARY = ["Always squash merges into main.", "Never squash merges into main.",
            "Use PostgreSQL 16 for the deploy database.",
            "Use PostgreSQL 14 for the deploy database."]


def _hostile() -> str:
    return memory("deploy", *FAMILY, description="deploy facts")


def test_lint_reports_a_family_once_in_bounded_time_and_keeps_ordinary_contradictions(
        tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/deploy.md": _hostile(),
                                      "memory/rules.md": memory("rules", *ORDINARY)})
    start = time.perf_counter()
    result = gitmem(repo, "lint", "--format", "json")
    elapsed = time.perf_counter() - start
    assert result.code == 0, result  # warnings only
    assert elapsed < 60, elapsed  # minutes before; 60 s leaves room for a machine at load 12
    findings = json.loads(result.out)["findings"]
    family = [f for f in findings if f["path"] == "memory/deploy.md"]
    assert len(family) == 1, [f["message"] for f in family]
    [found] = family
    assert found["code"] == "GM211" and found["line"] == 5
    assert found["signals"]["family"] == 2000
    assert {r["line"] for r in found["related"]} == set(range(6, 2005))
    assert "1,999 claims that differ from it in one word only" in found["message"]
    ordinary = {(f["code"], f["line"], tuple(r["line"] for r in f["related"]))
                for f in findings if f["path"] == "memory/rules.md"}
    assert ordinary == {("GM211", 4, (5,)), ("GM211", 6, (7,))}, findings

    text = gitmem(repo, "lint")
    assert text.out.count("GM211") == 3, text.out
    assert "and 1,989 more; judged as one family" in text.out


def test_a_family_below_the_family_size_is_judged_pair_by_pair(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/ports.md": memory(
        "ports", *(f"The API listens on port {port}." for port in (8080, 8081, 8082, 8083)))})
    result = gitmem(repo, "lint", "--format", "json")
    findings = json.loads(result.out)["findings"]
    assert len([f for f in findings if f["code"] == "GM211"]) == 6, findings
    assert all("family" not in f["signals"] for f in findings)


def test_the_pre_commit_hook_stays_bounded_on_a_staged_family(tmp_path: Path) -> None:
    repo = hooked_repo(tmp_path / "r", {"memory/rules.md": memory("rules", *ORDINARY[:2])})
    write(repo, {"memory/deploy.md": _hostile()})
    git(repo, "add", "memory/deploy.md")
    start = time.perf_counter()
    done = run_git(repo, "commit", "-q", "-m", "agent notes")
    elapsed = time.perf_counter() - start
    assert done.returncode == 0, done.stderr  # a contradiction warns, it does not block
    assert elapsed < 60, elapsed  # over 600 s and 1 GB before
    reported = [line for line in done.stderr.splitlines() if "GM211" in line]
    assert len(reported) == 1 and "1,999 claims that differ from it" in reported[0], done.stderr
    assert git(repo, "log", "-1", "--format=%s").strip() == "agent notes"


def test_the_post_merge_hook_stays_bounded_when_a_pull_brings_a_family(tmp_path: Path) -> None:
    seed = make_repo(tmp_path / "seed", {"memory/rules.md": memory("rules", *ORDINARY[:2])})
    git(tmp_path, "clone", "-q", "--bare", str(seed), "origin.git")
    for name in ("laptop", "server"):
        git(tmp_path, "clone", "-q", "origin.git", name)
        git(tmp_path / name, "config", "pull.rebase", "false")
    assert gitmem(tmp_path / "server", "hooks", "install").code == 0
    laptop, server = tmp_path / "laptop", tmp_path / "server"
    write(laptop, {"memory/deploy.md": _hostile()})
    git(laptop, "add", "-A")
    git(laptop, "commit", "-q", "--no-verify", "-m", "hostile")
    git(laptop, "push", "-q")
    start = time.perf_counter()
    pulled = run_git(server, "pull", "-q")
    elapsed = time.perf_counter() - start
    assert pulled.returncode == 0, pulled.stderr
    assert elapsed < 60, elapsed  # over 600 s before
    assert (server / "memory/deploy.md").read_text() == _hostile()
    reported = [line for line in pulled.stderr.splitlines() if "GM211" in line]
    assert len(reported) == 1 and "1,999 claims that differ from it" in reported[0], \
        pulled.stderr


TWO_VALUES = [f"Fact {i} about the deploy pipeline, step {i}." for i in range(1, 401)]


def test_the_hook_stops_at_its_pair_budget_says_so_and_still_judges_the_ordinary_pair(
        tmp_path: Path) -> None:
    """Two values that vary make no family: 79,800 candidate pairs. The hook judges its budget
    (the least crowded claims first), names what it left out, and points to `gitmem lint`."""
    repo = hooked_repo(tmp_path / "r", {"memory/rules.md": memory("rules", ORDINARY[0])})
    write(repo, {"memory/deploy.md": memory("deploy", *TWO_VALUES),
                 "memory/rules.md": memory("rules", *ORDINARY[:2])})
    git(repo, "add", "-A")
    start = time.perf_counter()
    done = run_git(repo, "commit", "-q", "-m", "agent notes")
    elapsed = time.perf_counter() - start
    assert elapsed < 60, elapsed  # minutes without the budget
    assert done.returncode == 0, done.stderr  # pairs not judged never block
    assert "memory/rules.md:4: GM211" in done.stderr, done.stderr  # judged first: few partners
    notice = [line for line in done.stderr.splitlines() if "budget" in line]
    assert len(notice) == 1, done.stderr
    assert notice[0].startswith("gitmem pre-commit: the duplicate and contradiction check "
                                "stopped after 10,000 pairs")
    assert "69,801 more candidate pairs were not judged (claims of memory/deploy.md)" in notice[0]
    assert "run `gitmem lint` for the full check" in notice[0]

    staged = gitmem(repo, "lint", "--diff", "HEAD~1")
    assert "stopped after 10,000 pairs" in staged.err, staged

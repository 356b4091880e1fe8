"""Several writers at once: gitmem ops against each other and against plain `git commit`.

Every gitmem op either succeeds (exit 0: its commit is in `gitmem log` and the files show it) or
refuses (exit 4: nothing of it anywhere); a racing git commit either lands or fails without
losing the user's text; afterwards git fsck is clean, no lock is left and HEAD, the index and
the working tree agree.
"""

from __future__ import annotations

import json
import re
import subprocess
import time
from pathlib import Path

import pytest
from gitutil import git, gitmem, make_repo
from reliutil import Child, assert_git_healthy, fork_gitmem, replay_hint, rng, runs, subprocess_env

MEMORIES = {
    f"memory/m{i}.md": f"---\nname: m{i}\n---\n- Fact number {i} holds.\n" for i in range(6)
}


def race_repo(root: Path) -> Path:
    return make_repo(root, {**MEMORIES, "other.txt": "base\n"})


def committed_id(child: Child) -> str | None:
    out, _ = child.output()
    found = re.search(r"committed ([0-9a-f]{12})", out)
    return found.group(1) if found else None


def ops_in_log(repo: Path) -> dict[str, dict[str, object]]:
    result = gitmem(repo, "log", "--json")
    assert result.code == 0, result
    return {op["id"][:12]: op for op in json.loads(result.out)["ops"]}


def assert_in_sync(repo: Path, paths: list[str]) -> None:
    """HEAD, index and working tree hold the same bytes for these paths."""
    for path in paths:
        head = git(repo, "rev-parse", f"HEAD:{path}").strip()
        staged = git(repo, "ls-files", "-s", "--", path).split()[1]
        on_disk = git(repo, "hash-object", "--", path).strip()
        assert head == staged == on_disk, (path, head, staged, on_disk)


def settle(children: list[Child]) -> list[int]:
    codes = [child.wait() for child in children]
    for child, code in zip(children, codes):
        assert code in (0, 4), (code, child.output(), replay_hint())
    return codes


@pytest.mark.slow
def test_concurrent_ops_on_different_memories_all_land(tmp_path: Path) -> None:
    total = runs(3)
    tally: dict[int, int] = {}
    for number in range(total):
        repo = race_repo(tmp_path / f"r{number}")
        children = [fork_gitmem(repo, "protect", path, "--reason", f"racer {i}")
                    for i, path in enumerate(MEMORIES)]
        codes = settle(children)
        for code in codes:
            tally[code] = tally.get(code, 0) + 1
        logged = ops_in_log(repo)
        for child, code, path in zip(children, codes, MEMORIES):
            sha = committed_id(child)
            if code == 0:
                assert sha in logged and logged[sha]["paths"] == [path], (path, replay_hint())
                assert "protected: true" in (repo / path).read_text()
            else:
                assert "protected" not in (repo / path).read_text()
        assert len(logged) == codes.count(0)
        assert codes.count(0) >= 1
        assert_in_sync(repo, list(MEMORIES))
        assert git(repo, "status", "--porcelain") == ""
        assert_git_healthy(repo)
    print(f"\n{total} races of 6 ops on different memories: exit codes {tally} {replay_hint()}")


@pytest.mark.slow
def test_concurrent_ops_on_the_same_memory_never_half_apply(tmp_path: Path) -> None:
    random = rng("race-same")
    total = runs(4)
    tally: dict[int, int] = {}
    for number in range(total):
        repo = race_repo(tmp_path / f"r{number}")
        commands = [
            ("protect", "memory/m0.md"),
            ("protect", "memory/m0.md"),
            ("supersede", "memory/m0.md", "--by", "memory/m1.md", "--confirm"),
            ("supersede", "memory/m0.md", "--by", "memory/m2.md", "--confirm"),
            ("merge", "memory/m3.md", "memory/m0.md", "--confirm"),
        ]
        random.shuffle(commands)
        children = [fork_gitmem(repo, *command) for command in commands]
        codes = settle(children)
        for code in codes:
            tally[code] = tally.get(code, 0) + 1
        logged = ops_in_log(repo)
        # exit 0 without a commit: a protect that found m0 already protected (a no-op)
        landed = [code == 0 and committed_id(child) is not None
                  for child, code in zip(children, codes)]
        assert len(logged) == sum(landed), (commands, codes, replay_hint())
        text = (repo / "memory/m0.md").read_text()
        winners = [command for command, won in zip(commands, landed) if won]
        for child, code, won in zip(children, codes, landed):
            if won:
                assert committed_id(child) in logged
            elif code == 0:
                assert "already protected; nothing to do" in child.output()[0]
        assert ("protected: true" in text) == (("protect", "memory/m0.md") in winners)
        superseding = [c for c in winners if c[0] in ("supersede", "merge")]
        assert len(superseding) <= 1, winners  # m0 can be superseded only once
        assert ("superseded_by:" in text) == bool(superseding)
        assert winners.count(("protect", "memory/m0.md")) <= 1
        assert_in_sync(repo, list(MEMORIES))
        assert git(repo, "status", "--porcelain") == ""
        assert_git_healthy(repo)
    print(f"\n{total} races of 5 ops on one memory: exit codes {tally} {replay_hint()}")


PERSON_COMMITS = 5


def start_person(repo: Path, target: str, tag: str) -> subprocess.Popen[bytes]:
    """A person appending a line to `target` and committing it with plain git, five times in a
    row; a `git add` or `git commit` that loses a race (index.lock, moved branch) is not
    retried: its line stays in the working tree (and staged, if the add went through)."""
    script = (
        'for i in 1 2 3 4 5; do printf "%s %s\\n" "$LINE" "$i" >> "$TARGET" && '
        'git add -- "$TARGET" && echo "staged $i" && '
        'git commit -q -m "hand edit $i" -- "$TARGET" || echo "refused $i" >&2; done'
    )
    return subprocess.Popen(["sh", "-c", script], cwd=repo, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE,
                            env=subprocess_env(LINE=f"- {tag} line", TARGET=target))


@pytest.mark.slow
@pytest.mark.parametrize("target", ["other.txt", "memory/m0.md"])
def test_op_racing_plain_git_commits_loses_nothing(tmp_path: Path, target: str) -> None:
    random = rng(f"race-git-{target}")
    total = runs(8)
    outcomes: dict[str, int] = {}
    for number in range(total):
        repo = race_repo(tmp_path / f"r{number}")
        lead = random.uniform(-0.04, 0.04)
        tag = f"person-{number}"
        if lead >= 0:
            child = fork_gitmem(repo, "protect", "memory/m0.md")
            time.sleep(lead)
            person = start_person(repo, target, tag)
        else:
            person = start_person(repo, target, tag)
            time.sleep(-lead)
            child = fork_gitmem(repo, "protect", "memory/m0.md")
        person_out, person_err = person.communicate(timeout=60)
        [code] = settle([child])
        label = f"run {number} ({target}, lead {lead * 1000:.1f} ms) {replay_hint()}"

        nxt = gitmem(repo, "log", "--json")  # also finishes an op left for recovery
        assert nxt.code == 0, (label, nxt)
        logged = ops_in_log(repo)
        if code == 0:
            assert committed_id(child) in logged, label
        else:
            assert not logged, label
        # every line the person wrote is in the working tree; the index still holds what their
        # last successful `git add` staged (nobody wrote a stale index over it)
        lines = [f"- {tag} line {i}" for i in range(1, PERSON_COMMITS + 1)]
        on_disk = (repo / target).read_text()
        assert all(line in on_disk for line in lines), (label, on_disk, person_err)
        staged = [int(n) for n in re.findall(rb"staged (\d)", person_out)]
        if staged:
            index = git(repo, "show", f":{target}")
            assert lines[max(staged) - 1] in index, (label, index, person_out, person_err)
        refused = person_err.decode().count("refused")
        protected = "protected: true" in git(repo, "show", "HEAD:memory/m0.md")
        if code == 0 and not protected:
            # the only way: the person edited the pre-op file while the op ran, gitmem kept
            # their edit (and said so), and their next commit recorded their version on top
            assert target == "memory/m0.md", label
            assert "your edit was kept" in child.output()[1], (label, child.output())
            outcomes["edit kept over the op"] = outcomes.get("edit kept over the op", 0) + 1
        else:
            assert protected == (code == 0), label
        assert_git_healthy(repo)
        key = f"gitmem={code}"
        outcomes[key] = outcomes.get(key, 0) + 1
        outcomes["git commits refused"] = outcomes.get("git commits refused", 0) + refused
    print(f"\nraces against git commits of {target}: {outcomes} {replay_hint()}")

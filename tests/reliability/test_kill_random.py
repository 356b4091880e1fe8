"""kill -9 at a random moment of an op: after the next gitmem command the repository is exactly
as before the op or exactly as after it, git fsck is clean and no lock file is left.

The delays are drawn (seeded) from 0 to 1.25x the op's own measured duration, so kills land
everywhere from argument parsing to the journal clean-up, including inside libgit2's ref and
index lock windows. GITMEM_RELIABILITY_RUNS sets the number of kills (default 30).
"""

from __future__ import annotations

import os
import signal
import time
from collections import Counter
from pathlib import Path

import pytest
from gitutil import gitmem
from reliutil import (
    assert_git_healthy,
    clone_tree,
    describe_difference,
    fork_gitmem,
    replay_hint,
    rng,
    runs,
    state,
)
from scenes import SCENES, Scene
from templates import template


def calibrated(factory: pytest.TempPathFactory, tmp_path: Path) -> list[tuple[Scene, float]]:
    """Each op that can run, with how long it takes when nothing stops it."""
    out = []
    for scene in SCENES:
        try:
            tpl = template(factory, scene)
        except pytest.skip.Exception:
            continue  # an optional op that cannot run yet
        probe = clone_tree(tpl.repo, tmp_path / f"probe-{scene.name}")
        done = fork_gitmem(probe, *tpl.args).result()
        assert done.code == 0 and state(probe) == tpl.after, done
        out.append((scene, done.seconds))
    return out


@pytest.mark.slow
def test_random_kills_leave_the_repo_before_or_after_the_op(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    random = rng("kill-random")
    ops = calibrated(tmp_path_factory, tmp_path)
    outcomes: Counter[str] = Counter()
    total = runs()
    for number in range(total):
        scene, seconds = ops[number % len(ops)]
        tpl = template(tmp_path_factory, scene)
        repo = clone_tree(tpl.repo, tmp_path / f"run{number}")
        delay = random.uniform(0, 1.25 * seconds)
        child = fork_gitmem(repo, *tpl.args)
        time.sleep(delay)
        child.kill()  # an unreaped child that already exited is a zombie: the kill is a no-op
        code = child.wait()
        label = f"run {number} {scene.name} killed at {delay * 1000:.1f} ms {replay_hint()}"
        assert code in (0, -9), (label, child.output())

        nxt = gitmem(repo, "log")
        assert nxt.code == 0, (label, nxt)
        got = state(repo)
        if got == tpl.before:
            outcomes["before"] += 1
        elif got == tpl.after:
            outcomes["after"] += 1
        else:
            close = min((tpl.before, tpl.after), key=lambda w: len(describe_difference(got, w)))
            pytest.fail(f"{label}: neither before nor after:\n{describe_difference(got, close)}")
        assert_git_healthy(repo)
        outcomes["finished-before-kill" if code == 0 else "killed"] += 1
    names = ", ".join(scene.name for scene, _ in ops)
    print(f"\nrandom kills: {total} runs over {names}: {dict(outcomes)} {replay_hint()}")


@pytest.mark.slow
def test_random_ctrl_c_leaves_the_repo_before_or_after_the_op(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    """SIGINT (Ctrl-C) instead of SIGKILL: Python unwinds (finally blocks, exit 130) in the
    middle of the op, which a kill never does; the outcome rules are the same."""
    random = rng("ctrl-c-random")
    ops = calibrated(tmp_path_factory, tmp_path)
    outcomes: Counter[str] = Counter()
    total = runs(12)
    for number in range(total):
        scene, seconds = ops[number % len(ops)]
        tpl = template(tmp_path_factory, scene)
        repo = clone_tree(tpl.repo, tmp_path / f"run{number}")
        delay = random.uniform(0, 1.25 * seconds)
        child = fork_gitmem(repo, *tpl.args)
        time.sleep(delay)
        try:
            os.kill(child.pid, signal.SIGINT)
        except ProcessLookupError:
            pass
        code = child.wait()
        label = f"run {number} {scene.name} Ctrl-C at {delay * 1000:.1f} ms {replay_hint()}"
        assert code in (0, 130, -2), (label, code, child.output())
        nxt = gitmem(repo, "log")
        assert nxt.code == 0, (label, nxt)
        got = state(repo)
        assert got in (tpl.before, tpl.after), (label, describe_difference(got, tpl.before))
        assert_git_healthy(repo)
        outcomes[f"exit {code}, {'after' if got == tpl.after else 'before'}"] += 1
    print(f"\nrandom Ctrl-C: {total} runs: {dict(outcomes)} {replay_hint()}")

"""Shared pieces of the reliability tests: seeded budgets, gitmem as a real subprocess, and the
state of a repository compared without commit timestamps.

Every random choice in tests/reliability comes from `rng(name)`, seeded from
GITMEM_RELIABILITY_SEED (default below), so a failure is replayed by exporting the seed the
failing test prints. Loop sizes come from GITMEM_RELIABILITY_RUNS (default 30).
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from gitutil import git

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SEED = 20260517
# Read at import: tests/conftest.py removes every GITMEM_* variable before each test runs.
_SEED = int(os.environ.get("GITMEM_RELIABILITY_SEED", DEFAULT_SEED))
_RUNS = os.environ.get("GITMEM_RELIABILITY_RUNS")


def seed() -> int:
    return _SEED


def runs(default: int = 30) -> int:
    """The loop size: GITMEM_RELIABILITY_RUNS, else `default`; scaled for smaller loops."""
    if _RUNS is None:
        return default
    return max(1, round(int(_RUNS) * default / 30))


def rng(name: str) -> random.Random:
    """A generator per test, so adding draws to one test never shifts another's."""
    return random.Random(f"{seed()}:{name}")


def replay_hint() -> str:
    return f"(replay with GITMEM_RELIABILITY_SEED={seed()})"


def subprocess_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)  # the hermetic HOME / GIT_CONFIG_GLOBAL of tests/conftest.py
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str
    seconds: float


def run_gitmem(repo: Path, *args: str, timeout: float = 60, **env: str) -> Run:
    """`python -m gitmem -C repo ARGS` exactly as a user runs it."""
    start = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "gitmem", "-C", str(repo), *args], capture_output=True,
        env=subprocess_env(**env), timeout=timeout, check=False, cwd=repo,
    )
    return Run(proc.returncode, proc.stdout.decode("utf-8", "replace"),
               proc.stderr.decode("utf-8", "replace"), time.monotonic() - start)


class Child:
    """gitmem's real entry point (`gitmem.cli.main`, what `python -m gitmem` runs) in a process
    forked from the test process, where gitmem is already imported: it starts in milliseconds,
    so kill delays spread over the op's own work and races really overlap. SIGKILL, flock, git's
    lock files and os._exit behave exactly as in a fresh interpreter."""

    def __init__(self, repo: Path, args: tuple[str, ...], env: dict[str, str]) -> None:
        import tempfile

        self.out = tempfile.TemporaryFile()  # noqa: SIM115 - read after the child exits
        self.err = tempfile.TemporaryFile()  # noqa: SIM115
        self.started = time.monotonic()
        self.pid = os.fork()
        if self.pid == 0:  # the child: never returns into pytest
            code = 70
            try:
                os.dup2(self.out.fileno(), 1)
                os.dup2(self.err.fileno(), 2)
                sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
                sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
                os.environ.update(env)
                os.chdir(repo)
                from gitmem.cli import main

                try:
                    main(["-C", str(repo), *args])
                    code = 0
                except SystemExit as exc:
                    code = exc.code if isinstance(exc.code, int) else 1
            except KeyboardInterrupt:
                code = 130  # Ctrl-C before gitmem's own handler runs: Python would die of SIGINT
            finally:
                try:
                    sys.stdout.flush()
                    sys.stderr.flush()
                finally:
                    os._exit(code)
        self.code: int | None = None
        self.seconds = 0.0

    def kill(self) -> None:
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def wait(self) -> int:
        if self.code is None:
            _, status = os.waitpid(self.pid, 0)
            self.seconds = time.monotonic() - self.started
            self.code = os.waitstatus_to_exitcode(status)
        return self.code

    def output(self) -> tuple[str, str]:
        texts = []
        for handle in (self.out, self.err):
            handle.seek(0)
            texts.append(handle.read().decode("utf-8", "replace"))
        return texts[0], texts[1]

    def result(self) -> Run:
        code = self.wait()
        out, err = self.output()
        return Run(code, out, err, self.seconds)


def fork_gitmem(repo: Path, *args: str, **env: str) -> Child:
    sys.stdout.flush()
    sys.stderr.flush()
    return Child(repo, args, env)


# ----- repository state ---------------------------------------------------------------------
def files_of(repo: Path) -> dict[str, bytes]:
    """Every working-tree file (symlinks as their target text), .git excluded."""
    out: dict[str, bytes] = {}
    for dirpath, dirnames, filenames in os.walk(repo):
        dirnames[:] = [d for d in dirnames if d != ".git"]
        for name in filenames:
            path = Path(dirpath, name)
            rel = path.relative_to(repo).as_posix()
            out[rel] = os.readlink(path).encode() if path.is_symlink() else path.read_bytes()
    return out


def state(repo: Path) -> dict[str, object]:
    """HEAD (as tree, parents and message: no timestamps), the index and every file."""
    head = git(repo, "rev-parse", "--verify", "-q", "HEAD", check=False).strip()
    info = git(repo, "log", "-1", "--format=%T%n%P%n%B", "HEAD").split("\n", 2) if head else []
    return {
        "tree": info[0] if info else None,
        "parents": info[1] if info else None,
        "message": info[2] if info else None,
        "index": git(repo, "ls-files", "-s"),
        "files": files_of(repo),
    }


def describe_difference(got: dict[str, object], want: dict[str, object]) -> str:
    lines = []
    for key, wanted in want.items():
        if got[key] == wanted:
            continue
        if key == "files":
            g, w = got[key], wanted
            assert isinstance(g, dict) and isinstance(w, dict)
            for path in sorted(set(g) | set(w)):
                if g.get(path) != w.get(path):
                    lines.append(
                        f"  file {path}: got {g.get(path)!r:.120} want {w.get(path)!r:.120}")
        else:
            lines.append(f"  {key}: got {got[key]!r:.200} want {wanted!r:.200}")
    return "\n".join(lines)


def assert_git_healthy(repo: Path) -> None:
    """fsck clean, no lock file left behind, and git itself can still commit."""
    fsck = subprocess.run(["git", "fsck", "--strict", "--no-dangling"], cwd=repo,
                          capture_output=True, text=True, check=False)
    assert fsck.returncode == 0, fsck.stdout + fsck.stderr
    locks = sorted(str(p.relative_to(repo)) for p in (repo / ".git").rglob("*.lock"))
    assert locks == [], f"lock files left behind: {locks}"
    assert not (repo / ".git/gitmem/journal.json").exists(), "journal left behind"
    probe = subprocess.run(["git", "update-ref", "refs/gitmem-probe", "HEAD"], cwd=repo,
                           capture_output=True, text=True, check=False)
    assert probe.returncode == 0, probe.stderr
    git(repo, "update-ref", "-d", "refs/gitmem-probe")
    refresh = subprocess.run(["git", "update-index", "-q", "--refresh"], cwd=repo,
                             capture_output=True, text=True, check=False)
    assert "index.lock" not in refresh.stderr, refresh.stderr


def clone_tree(template: Path, target: Path) -> Path:
    shutil.copytree(template, target, symlinks=True)
    return target

"""Real temporary git repositories for tests (no mocks): built with the git CLI and pygit2."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any


def git(repo: Path, *args: str, check: bool = True, input: str | None = None) -> str:
    proc = subprocess.run(
        ["git", *args], cwd=repo, capture_output=True, text=True, check=False, input=input
    )
    if check and proc.returncode != 0:
        raise AssertionError(f"git {' '.join(args)} failed: {proc.stderr}")
    return proc.stdout


def write(repo: Path, files: dict[str, str | bytes]) -> None:
    for rel, content in files.items():
        path = repo / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_bytes(content.encode("utf-8"))


def commit_all(repo: Path, message: str = "memories") -> str:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--no-verify", "-m", message)
    return git(repo, "rev-parse", "HEAD").strip()


def make_repo(root: Path, files: dict[str, str | bytes] | None = None, *, commit: bool = True) -> Path:
    """A fresh repository on branch main with `files` committed (when any)."""
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", "main")
    if files:
        write(root, files)
        if commit:
            commit_all(root, "add memories")
    return root


def citable(repo: Path) -> str:
    """HEAD's full hash, once each prefix a test may cite (7 digits or more) holds a digit and a
    letter: gitmem reads an all-digit token as a number and an all-letter one as a word, not as
    a commit claim. About 1 real hash in 27 has a first 7 digits of one kind; tests cite 7, 10,
    12 or 40 digits, so checking only the first 12 (as this once did) let 1 in 180 tests that
    cite 10 fail at random. HEAD is re-committed with a later committer date (message, tree and
    parents kept) until its hash qualifies; the first 7 qualifying makes every longer prefix
    qualify."""
    sha = git(repo, "rev-parse", "HEAD").strip()
    for second in range(1, 200):
        if any(c.isdigit() for c in sha[:7]) and any(c.isalpha() for c in sha[:7]):
            return sha
        env = {**os.environ, "GIT_COMMITTER_DATE": f"{1_700_000_000 + second} +0000"}
        subprocess.run(["git", "commit", "-q", "--amend", "--no-edit", "--no-verify",
                        "--allow-empty"], cwd=repo, env=env, check=True, capture_output=True)
        sha = git(repo, "rev-parse", "HEAD").strip()
    raise AssertionError("no citable hash in 200 tries")


def snapshot(repo: Path) -> dict[str, object]:
    """HEAD, the index and every working-tree file: what a refusal must leave untouched."""
    head = git(repo, "rev-parse", "--verify", "-q", "HEAD", check=False).strip()
    index = git(repo, "ls-files", "-s")
    files = {}
    for dirpath, dirnames, filenames in os.walk(repo):
        dirnames[:] = [d for d in dirnames if d != ".git"]
        for name in filenames:
            path = Path(dirpath, name)
            files[str(path.relative_to(repo))] = path.read_bytes()
    return {"head": head, "index": index, "files": files}


class Result:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err

    def __repr__(self) -> str:
        return f"Result(code={self.code}, out={self.out!r}, err={self.err!r})"


def gitmem(repo: Path, *args: str, input: str | None = None) -> Result:
    """Run the real CLI entry point in-process (exit codes rendered exactly as for users)."""
    from click.testing import CliRunner

    from gitmem.cli import main

    runner = CliRunner()
    with runner.isolation(input=input) as (out, err, _):
        try:
            main(["-C", str(repo), *args])
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        return Result(code, out.getvalue().decode("utf-8", "replace"),
                      err.getvalue().decode("utf-8", "replace"))


def log_outputs(repo: Path, monkeypatch: Any, *args: str, cold: bool = False) -> list[str]:
    """`gitmem log ARGS` twice with the op cache (the first run may update it, the second reads
    it) and once without it; `cold` removes the cache first, so the first run is a clone's."""
    from gitmem.memory.cache import DISABLE_ENV

    if cold:
        shutil.rmtree(repo / ".git" / "gitmem", ignore_errors=True)
    runs = [gitmem(repo, "log", *args), gitmem(repo, "log", *args)]
    with monkeypatch.context() as patch:
        patch.setenv(DISABLE_ENV, "1")
        runs.append(gitmem(repo, "log", *args))
    assert all(run.code == 0 for run in runs), runs
    return [run.out for run in runs]


def forge_plan_file(plan_file: Path, edit: Callable[[dict[str, Any]], object]) -> str:
    """Edit a stored plan's payload, recompute its digest and rename the file to match, as a
    forger would. Returns the forged plan's short id."""
    from gitmem.ops.store import _digest

    data = json.loads(plan_file.read_text())
    edit(data["plan"])
    digest = _digest(data["plan"])
    data["id"] = digest
    plan_file.unlink()
    (plan_file.parent / f"{digest}.json").write_text(json.dumps(data))
    return digest[:12]

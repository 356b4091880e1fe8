"""Real temporary git repositories for tests (no mocks): built with the git CLI and pygit2."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


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

"""A repository another user owns: gitmem trusts it exactly when git does.

git refuses to work in a repository owned by someone else unless `safe.directory` lists it (a
CI container's checkout, a shared folder), because that owner's `.git/config` could make git run
a program. libgit2 applies the same rule but knows fewer ways to lift it: git also honours
`git -c safe.directory=...` (passed down to hooks) and, for root, a sudo user's own checkout. So
when libgit2 refuses, gitmem asks git itself, in this process's environment; where git works,
gitmem works too (and tells its own git calls so), and where git refuses, gitmem refuses with the
line that trusts the repository.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from gitmem.errors import GitStateError

NOT_OWNED = "not owned by current user"  # libgit2's wording of the refusal


def git_trusts(start: Path, git_dir: str) -> bool:
    """Whether git, in this process's environment, works in the repository at `git_dir`."""
    try:
        proc = subprocess.run(["git", "rev-parse", "--absolute-git-dir"], cwd=start,
                              capture_output=True, check=False)
    except OSError:
        return False
    found = os.fsdecode(proc.stdout.strip())
    return proc.returncode == 0 and Path(found).resolve() == Path(git_dir).resolve()


def trusting_env(root: Path) -> dict[str, str]:
    """Environment for gitmem's own git calls in a repository git was found to trust: those calls
    run without the caller's GIT_* variables, which may be where the trust came from."""
    return {"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "safe.directory",
            "GIT_CONFIG_VALUE_0": str(root)}


def work_tree_of(git_dir: str) -> Path:
    path = Path(git_dir.rstrip("/")).resolve()
    return path.parent if path.name == ".git" else path


def foreign_owner_message(root: Path) -> str:
    try:
        owner = f"user id {os.stat(root).st_uid}"
    except OSError:
        owner = "another user"
    return (f"{root} belongs to another user ({owner}), and git works in such a repository only "
            f"when safe.directory lists it; if you trust it, run `git config --global --add "
            f"safe.directory {root}` (in a CI container: after the checkout step)")


def foreign_owner_error(root: Path) -> GitStateError:
    return GitStateError(foreign_owner_message(root) + ", then run the command again")

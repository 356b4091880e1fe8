"""Which code repositories a committed `.gitmem.toml` may name.

gitmem runs git in every code repository it verifies against (`git log` for the history of a
missing path), and a repository's own config can make git run a program (`gpg.program` with
`log.showSignature`, `core.fsmonitor`, ...). A cloned memory repository must never get to choose
that config, so an entry of `verify.code_repos` that comes from the committed file is used only
when its config was written by git or by the user, never by the clone:

- `.` (or any spelling of the memory repository's own root): its `.git` is the clone's own;
- a folder inside the working tree that has a `.git` folder or file of its own (a nested clone or
  a submodule checkout): no checkout can create a path named `.git`, so the clone cannot have
  planted it.

Everything else is ignored with a warning: a folder outside the working tree (`../app`, an
absolute path; the user names those in git config `gitmem.verify.codeRepos` or
`GITMEM_VERIFY_CODE_REPOS`), and a folder inside it without a `.git` of its own (a bare
repository committed as plain files, whose config the clone's author wrote).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from gitmem.config import CONFIG_FILE


def committed_code_repo_problem(root: Path, label: str) -> str | None:
    """Why `label` (from the committed file) is not used, or None when it may be."""
    target = (root / label).resolve()  # symlinks followed: where git would really look
    if target != root and root not in target.parents:
        return (
            "it is outside the working tree, and a committed file may only name repositories "
            "inside it; if you trust it, name it in your own git config instead: "
            f"git config gitmem.verify.codeRepos \".,{label}\""
        )
    if target == root or not target.exists():
        return None  # the memory repository itself; or nothing there (reported as unavailable)
    try:
        mode = os.lstat(target / ".git").st_mode
    except OSError:
        mode = 0
    if stat.S_ISDIR(mode) or stat.S_ISREG(mode):
        return None
    return (
        "it has no .git of its own: it is a bare repository or plain files committed in this "
        "repository, whose config could make git run a program, so gitmem never opens it"
    )


def trusted_code_repos(root: Path, labels: tuple[str, ...]) -> tuple[tuple[str, ...], list[str]]:
    """The committed entries gitmem may open, and one warning per entry it ignores."""
    kept: list[str] = []
    warnings: list[str] = []
    for label in labels:
        problem = committed_code_repo_problem(root, label)
        if problem is None:
            kept.append(label)
        else:
            warnings.append(f"{CONFIG_FILE}: ignoring verify.code_repos entry {label!r} "
                            f"(committed): {problem}")
    return tuple(kept), warnings

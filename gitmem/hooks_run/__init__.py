"""What the installed hooks run: `gitmem hook pre-commit` and `gitmem hook post-merge`.

The shims in hooks/ only find gitmem and exec `gitmem hook <name>`; everything else is here:
the kept foreign hook (`<name>.legacy`) runs first, then gitmem's own checks.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TextIO

from gitmem.errors import InvalidInputError
from gitmem.gitrepo import Repo
from gitmem.hooks_run.legacy import run_legacy_hook
from gitmem.lint.formats.printable import printable
from gitmem.memory.discover import MemoryMatcher
from gitmem.workspace import Workspace, open_workspace


def open_hook_workspace(directory: str, err: TextIO) -> Workspace:
    ws = open_workspace(directory, recover=False)  # git holds the index lock: write nothing
    err.writelines(f"gitmem: warning: {warning}\n" for warning in ws.config.warnings)
    return ws


def _stages_markdown(repo: Repo, index_file: str | None) -> bool:
    """Whether the commit may touch a memory, judged by the default globs and every known
    agent-memory layout (`.clinerules` has no extension) (the configured ones are in the
    configuration that did not load)."""
    from gitmem.memory.discover import DEFAULT_INCLUDE
    from gitmem.memory.layouts import LAYOUTS

    matcher = MemoryMatcher(
        DEFAULT_INCLUDE + tuple(glob for layout in LAYOUTS for glob in layout.include), ())
    return any(matcher.matches(entry.path) or matcher.matches(entry.old_path or entry.path)
               for entry in repo.staged_changes(index_file))


def run_hook(
    name: str, args: Sequence[str], directory: str, out: TextIO, err: TextIO,
    *, legacy: bool = True,
) -> int:
    """Run hook `name` as git would: the exit code is what git sees. `legacy`: run the kept
    foreign hook first (off under the pre-commit framework, which runs its own)."""
    if name == "post-merge":
        from gitmem.hooks_run.post_merge import run_post_merge_hook

        squash = (bool(args) and args[0] == "1") or (
            os.environ.get("PRE_COMMIT_IS_SQUASH_MERGE") == "1"  # the framework's way to say it
        )
        return run_post_merge_hook(directory, args, squash, out, err, legacy=legacy)
    from gitmem.hooks_run.interrupted import finish_interrupted_op
    from gitmem.hooks_run.pre_commit import run_pre_commit_checks

    repo = Repo.discover(directory)
    index_file = os.environ.get("GIT_INDEX_FILE") or None  # set by git commit -a / <paths>
    if finish_interrupted_op(repo, index_file, err):
        return 1
    legacy_code = run_legacy_hook(repo, name, args, out) if legacy else 0
    try:
        ws = open_hook_workspace(directory, err)
    except InvalidInputError as exc:  # the configuration does not load
        if not _stages_markdown(repo, index_file):
            return legacy_code  # a commit of no memory file is not checked at all
        err.write(f"gitmem: {printable(str(exc))}\ngitmem pre-commit: the commit is blocked until that is "
                  "fixed; commit with --no-verify to skip the check once\n")
        return legacy_code or InvalidInputError.exit_code
    code = run_pre_commit_checks(ws, index_file, out, err)
    if legacy_code:
        err.write(f"gitmem: the kept {name}.legacy hook failed (exit {legacy_code}); "
                  "the commit is blocked\n")
        return legacy_code
    return code

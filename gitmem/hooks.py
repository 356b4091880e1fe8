"""Install and uninstall gitmem's git hooks, the way pre-commit does it.

A hook is a tiny shell shim (`hooks/pre-commit`, `hooks/post-merge` in the source tree are the
same text) that execs `gitmem hook <name> "$@"`; every decision is made in Python. The shim
carries a marker line so gitmem can tell its own hooks from anyone else's:

- the hooks folder is the one git uses (`git rev-parse --git-path hooks`: honours
  `core.hooksPath` and linked worktrees);
- a foreign hook is never clobbered: it is renamed `<name>.legacy`, `gitmem hook` runs it first
  and its failure still blocks; uninstall puts it back;
- installing twice changes nothing.

The merge driver (`--merge-driver`) is registered in `.git/config` (a committed file can never make
git run a program) and routed to memory files by a marked block in `.gitattributes`.
"""

from __future__ import annotations

import os
import shlex
import stat
import sys
from pathlib import Path

from gitmem.errors import GitStateError
from gitmem.gitrepo import Repo

HOOK_NAMES = ("pre-commit", "post-merge")
MARKER = "# gitmem-hook-shim: written by `gitmem hooks install`; `gitmem hooks uninstall` removes it"
LEGACY_SUFFIX = ".legacy"

# What the shim does when no gitmem can be found: a pre-commit hook blocks (the checks did not
# run), a post-merge hook only says so (the merge has happened; nothing can be blocked).
_NOT_FOUND_EXIT = {"pre-commit": 1, "post-merge": 0}

_SHIM = """#!/bin/sh
{marker}
# All logic, including running a kept foreign `{name}.legacy` first, is in `gitmem hook`.
GITMEM_PYTHON={python}
if command -v gitmem >/dev/null 2>&1; then
    exec gitmem hook {name} "$@"
fi
if [ -n "$GITMEM_PYTHON" ] && [ -x "$GITMEM_PYTHON" ]; then
    exec "$GITMEM_PYTHON" -m gitmem hook {name} "$@"
fi
echo "gitmem: the {name} hook cannot run: gitmem is not on PATH${{GITMEM_PYTHON:+ and $GITMEM_PYTHON is gone}}; install gitmem and run \\`gitmem hooks install\\` again{bypass}" >&2
exit {exit_code}
"""


def render_shim(name: str, python: str = "") -> str:
    """The shim for hook `name`; `python` is the interpreter recorded as the fallback."""
    bypass = " (commit without the hook: git commit --no-verify)" if name == "pre-commit" else ""
    return _SHIM.format(
        marker=MARKER, name=name, python=shlex.quote(python), bypass=bypass,
        exit_code=_NOT_FOUND_EXIT[name],
    )


def is_gitmem_shim(path: Path) -> bool:
    try:
        with open(path, "rb") as fh:
            return MARKER.encode() in fh.read(4096)
    except OSError:
        return False


def hooks_dir(repo: Repo) -> Path:
    """The folder git runs hooks from (core.hooksPath and worktrees respected)."""
    return _rev_parse_paths(repo, "--git-path", "hooks")[0]


def _rev_parse_paths(repo: Repo, *args: str) -> list[Path]:
    proc = repo.run_git("rev-parse", *args)
    if proc.returncode != 0:
        raise GitStateError(
            f"`git rev-parse {' '.join(args)}` failed "
            f"({proc.stderr.decode(errors='replace').strip()}); check that git works here"
        )
    found = [Path(os.fsdecode(line)) for line in proc.stdout.splitlines() if line.strip()]
    return [(p if p.is_absolute() else repo.root / p).resolve() for p in found]


def legacy_path(folder: Path, name: str) -> Path:
    return folder / (name + LEGACY_SUFFIX)


def install_hooks(repo: Repo, hooks: bool = True, merge_driver: bool = False) -> list[str]:
    """Install the hook shims and/or the merge driver; return the lines to print."""
    lines: list[str] = []
    if hooks:
        folder = hooks_dir(repo)
        lines.extend(_shared_folder_warning(repo, folder))
        for name in HOOK_NAMES:
            lines.append(_install_one(folder, name, render_shim(name, sys.executable)))
    if merge_driver:
        lines.extend(register_merge_driver(repo, sys.executable))
    return lines


def uninstall_hooks(repo: Repo, hooks: bool = True, merge_driver: bool = True) -> list[str]:
    """Remove gitmem's shims (restoring kept foreign hooks) and/or the merge driver."""
    lines: list[str] = []
    if hooks:
        folder = hooks_dir(repo)
        for name in HOOK_NAMES:
            lines.append(_uninstall_one(folder, name))
    if merge_driver:
        lines.extend(unregister_merge_driver(repo))
    return lines


def _install_one(folder: Path, name: str, shim: str) -> str:
    hook = folder / name
    legacy = legacy_path(folder, name)
    if os.path.lexists(hook) and not is_gitmem_shim(hook):
        if os.path.lexists(legacy):
            raise GitStateError(
                f"{hook} is not gitmem's and {legacy.name} already exists; merge the two into "
                f"{legacy.name} (gitmem runs it first), remove {hook.name}, then install again"
            )
        os.replace(hook, legacy)
        kept = f" (kept the existing hook as {legacy.name}; it runs first)"
    elif is_gitmem_shim(hook) and hook.read_text(encoding="utf-8") == shim:
        _make_executable(hook)
        return f"{name}: already installed at {hook}"
    else:
        kept = ""
    folder.mkdir(parents=True, exist_ok=True)
    tmp = hook.with_name(f".{name}.gitmem-tmp")
    tmp.write_text(shim, encoding="utf-8")
    _make_executable(tmp)
    os.replace(tmp, hook)
    return f"{name}: installed at {hook}{kept}"


def _uninstall_one(folder: Path, name: str) -> str:
    hook = folder / name
    legacy = legacy_path(folder, name)
    if not os.path.lexists(hook):
        return f"{name}: not installed"
    if not is_gitmem_shim(hook):
        return f"{name}: {hook} is not gitmem's; left as it is"
    os.unlink(hook)
    if os.path.lexists(legacy):
        os.replace(legacy, hook)
        return f"{name}: removed; restored the previous hook from {legacy.name}"
    return f"{name}: removed"


def _make_executable(path: Path) -> None:
    mode = os.stat(path).st_mode
    os.chmod(path, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH | stat.S_IRUSR)


def _shared_folder_warning(repo: Repo, folder: Path) -> list[str]:
    """core.hooksPath outside this repository is usually shared by every repository of a user."""
    configured = repo.run_git("config", "--get", "core.hooksPath")
    if configured.returncode != 0:
        return []
    common = _rev_parse_paths(repo, "--git-common-dir")[0]
    for owned in (repo.root, common):
        if folder == owned or owned in folder.parents:
            return []
    return [
        f"warning: core.hooksPath points at {folder}, outside this repository; the hooks are "
        "installed there and will run in every repository that uses that folder"
    ]


# ----- the merge driver's registration ------------------------------------------------------
DRIVER_NAME = "gitmem: memory files merged field by field (frontmatter) and line by line (body)"
ATTRIBUTES_BEGIN = "# >>> gitmem merge driver (gitmem hooks install --merge-driver) >>>"
ATTRIBUTES_END = "# <<< gitmem merge driver <<<"


def merge_driver_command(python: str) -> str:
    """What git runs (through sh) for a memory file: gitmem on PATH, else the recorded python."""
    args = "merge-driver %O %A %B %P"
    return (
        f"if command -v gitmem >/dev/null 2>&1; then gitmem {args}; "
        f"else {shlex.quote(python)} -m gitmem {args}; fi"
    )


def register_merge_driver(repo: Repo, python: str) -> list[str]:
    from gitmem.workspace import open_workspace

    include = open_workspace(repo.root, recover=False).config.include
    lines = []
    wanted = {"merge.gitmem.name": DRIVER_NAME, "merge.gitmem.driver": merge_driver_command(python)}
    current = {key: _git_config_get(repo, key) for key in wanted}
    if current == wanted:
        lines.append("merge driver: already registered in .git/config")
    else:
        for key, value in wanted.items():
            _git(repo, "config", key, value)
        lines.append("merge driver: registered in .git/config as merge.gitmem")
    block = [ATTRIBUTES_BEGIN, *(f"{glob} merge=gitmem" for glob in include), ATTRIBUTES_END]
    if _write_attributes_block(repo.root / ".gitattributes", block):
        lines.append(
            ".gitattributes: memory files now use merge=gitmem; commit .gitattributes so every "
            "clone routes memory files to the driver (each clone registers it with "
            "`gitmem hooks install --merge-driver`)"
        )
    else:
        lines.append(".gitattributes: already routes memory files to merge=gitmem")
    return lines


def unregister_merge_driver(repo: Repo) -> list[str]:
    lines = []
    if _git_config_get(repo, "merge.gitmem.driver") is not None:
        _git(repo, "config", "--remove-section", "merge.gitmem")
        lines.append("merge driver: removed merge.gitmem from .git/config")
    if _write_attributes_block(repo.root / ".gitattributes", []):
        lines.append(".gitattributes: removed the merge=gitmem block; commit the change")
    return lines


def _write_attributes_block(path: Path, block: list[str]) -> bool:
    """Put `block` (or nothing) where gitmem's marked block is; True when the file changed."""
    old = path.read_text(encoding="utf-8") if path.is_file() else ""
    kept: list[str] = []
    inside = False
    for line in old.splitlines():
        if line == ATTRIBUTES_BEGIN:
            inside = True
        elif line == ATTRIBUTES_END and inside:
            inside = False
        elif not inside:
            kept.append(line)
    new_lines = kept + block
    new = "\n".join(new_lines) + "\n" if new_lines else ""
    if new == old:
        return False
    if new:
        path.write_text(new, encoding="utf-8")
    else:
        path.unlink()  # the file held nothing but gitmem's block
    return True


def _git_config_get(repo: Repo, key: str) -> str | None:
    proc = repo.run_git("config", "--local", "--get", key)
    return proc.stdout.decode("utf-8", "replace").rstrip("\n") if proc.returncode == 0 else None


def _git(repo: Repo, *args: str) -> None:
    proc = repo.run_git(*args)
    if proc.returncode != 0:
        raise GitStateError(
            f"`git {' '.join(args[:2])}` failed ({proc.stderr.decode(errors='replace').strip()}); "
            "check that .git/config is writable"
        )

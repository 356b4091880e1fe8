"""Register the memory merge driver with git, and remove it again.

The driver command lives in `.git/config` (`merge.gitmem.driver`): a committed file can never
make git run a program, so every clone registers it itself. Which files use it is said by a
marked block in `.gitattributes` (committed, so every clone routes memory files the same way; a
clone without the driver registered simply falls back to git's own merge).
"""

from __future__ import annotations

import shlex

from gitmem import safe_write
from gitmem.errors import GitStateError
from gitmem.gitrepo import Repo

DRIVER_NAME = "gitmem: memory files merged field by field (frontmatter) and line by line (body)"
ATTRIBUTES_BEGIN = "# >>> gitmem merge driver (gitmem hooks install --merge-driver) >>>"
ATTRIBUTES_END = "# <<< gitmem merge driver <<<"
ATTRIBUTES = ".gitattributes"


def check_attributes_writable(repo: Repo) -> None:
    """Refuse (exit 4) before anything is registered when `.gitattributes` is a symbolic link
    or not a file: a cloned repository may commit one pointing anywhere (~/.bashrc)."""
    safe_write.check_writable(repo.root, ATTRIBUTES)


def merge_driver_command(python: str) -> str:
    """What git runs (through sh) for a memory file: gitmem on PATH, else the recorded python."""
    # options first, then `--`: git puts the file's path (%P) on the line as it is, and a
    # memory named `--notes.md` must reach the driver as a path, not as an option
    args = ("merge-driver --marker-size %L --base-label %S --ours-label %X --theirs-label %Y "
            "-- %O %A %B %P")
    return (
        f"if command -v gitmem >/dev/null 2>&1; then gitmem {args}; "
        f"else {shlex.quote(python)} -P -m gitmem {args}; fi"
    )


def register_merge_driver(repo: Repo, python: str) -> list[str]:
    from gitmem.workspace import open_workspace

    include = open_workspace(repo.root, recover=False).config.include
    check_attributes_writable(repo)
    lines = []
    wanted = {"merge.gitmem.name": DRIVER_NAME, "merge.gitmem.driver": merge_driver_command(python)}
    current = {key: _git_config_get(repo, key) for key in wanted}
    if current == wanted:
        lines.append("merge driver: already registered in .git/config")
    else:
        for key, value in wanted.items():
            _git(repo, "config", key, value)
        lines.append("merge driver: registered in .git/config as merge.gitmem")
    block = [ATTRIBUTES_BEGIN, *(f"{attributes_pattern(glob)} merge=gitmem" for glob in include),
             ATTRIBUTES_END]
    if _write_attributes_block(repo, block):
        lines.append(
            ".gitattributes: memory files now use merge=gitmem; commit .gitattributes so every "
            "clone routes memory files to the driver (each clone registers it with "
            "`gitmem hooks install --merge-driver`)"
        )
    else:
        lines.append(".gitattributes: already routes memory files to merge=gitmem")
    return lines


def attributes_pattern(glob: str) -> str:
    """A glob as one `.gitattributes` pattern. One with a space, a quote or a backslash, or that
    reads as a comment, is C-quoted (git reads `"my notes/*.md"` as one pattern), so a committed
    glob cannot add an attribute of its author's choosing (`x.md filter=lfs`). Control
    characters never get here (the configuration refuses them)."""
    if not any(char in glob for char in ' "\\') and not glob.startswith("#"):
        return glob
    return '"' + glob.replace("\\", "\\\\").replace('"', '\\"') + '"'


def unregister_merge_driver(repo: Repo) -> list[str]:
    lines = []
    if _git_config_get(repo, "merge.gitmem.driver") is not None:
        _git(repo, "config", "--remove-section", "merge.gitmem")
        lines.append("merge driver: removed merge.gitmem from .git/config")
    try:
        changed = _write_attributes_block(repo, [])
    except safe_write.UnsafePathError:
        lines.append(".gitattributes: left alone (a symbolic link or not a file: gitmem never "
                     "reads or writes through one)")
    else:
        if changed:
            lines.append(".gitattributes: removed the merge=gitmem block; commit the change")
    return lines


def _write_attributes_block(repo: Repo, block: list[str]) -> bool:
    """Put `block` (or nothing) where gitmem's marked block is; True when the file changed.
    The file is read and written without following a symbolic link."""
    raw = safe_write.read_file(repo.root, ATTRIBUTES)
    old = "" if raw is None else raw.decode("utf-8", "surrogateescape")
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
        safe_write.write_file(repo.root, ATTRIBUTES, new.encode("utf-8", "surrogateescape"),
                              scratch=repo.scratch_dir)
    else:
        safe_write.remove_file(repo.root, ATTRIBUTES)  # it held nothing but gitmem's block
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

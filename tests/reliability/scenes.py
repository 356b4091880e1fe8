"""The ops the kill and race tests interrupt, each on a small repository that also holds a user's
unrelated staged, unstaged and untracked work (an op must leave all of it exactly as it was)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from gitutil import commit_all, git, gitmem, make_repo, write

WRAPPER = """---
name: wrapper
description: how the calendar wrapper is called
type: project
tags: [calendar, wrapper]
---
- The calendar wrapper cannot pass arguments.
- Call it through `bin/cal`.
"""
WRAPPER_V2 = """---
name: wrapper-v2
type: project
tags: [calendar]
---
- The calendar wrapper passes arguments since v2.
- Verified with a real call on 2026-11-01.
"""
CRLF = "---\r\nname: crlf\r\nconfidence: 0.5\r\n---\r\n- Windows line endings stay.\r\n"
PLAIN = "# Notes\n\n- Always squash merges.\n- Keep PRs small.\n"


def base_repo(root: Path) -> Path:
    repo = make_repo(root, {
        "memory/wrapper.md": WRAPPER,
        "memory/wrapper-v2.md": WRAPPER_V2,
        "memory/crlf.md": CRLF,
        "memory/plain.md": PLAIN,
        "src/app.py": "print('hi')\n",
    })
    # the user's own work in progress, which no op may touch
    write(repo, {"src/app.py": "print('staged')\n"})
    git(repo, "add", "src/app.py")
    write(repo, {"src/app.py": "print('unstaged on top')\n", "notes.txt": "untracked\n"})
    return repo


def _nothing(repo: Path) -> None:
    pass


def _superseded(repo: Path) -> None:
    result = gitmem(repo, "supersede", "memory/wrapper.md", "--by", "memory/wrapper-v2.md",
                    "--reason", "v2 verified", "--confirm")
    assert result.code == 0, result


@dataclass(frozen=True)
class Scene:
    name: str
    args: tuple[str, ...]
    prepare: Callable[[Path], None] = _nothing
    files_changed: int = 1


SCENES = (
    Scene("protect", ("protect", "memory/crlf.md", "--reason", "pinned by a person")),
    Scene("supersede", ("supersede", "memory/wrapper.md", "--by", "memory/wrapper-v2.md",
                        "--reason", "v2 verified", "--confirm")),
    Scene("merge", ("merge", "memory/wrapper-v2.md", "memory/wrapper.md", "memory/plain.md",
                    "--confirm"), files_changed=3),
    Scene("undo", ("undo", "--last"), _superseded),
)


def scene_repo(root: Path, scene: Scene) -> Path:
    repo = base_repo(root)
    scene.prepare(repo)
    return repo


__all__ = ["SCENES", "Scene", "base_repo", "commit_all", "scene_repo"]

"""The ops the kill and race tests interrupt, each on a small repository that also holds a user's
unrelated staged, unstaged and untracked work (an op must leave all of it exactly as it was)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

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
TABS = ("---\nname: tabs\ntype: feedback\ntags: [style]\n---\n"
        "- Always indent Python code with tabs.\n")
SPACES = ("---\nname: spaces\ntype: feedback\ntags: [style]\n---\n"
          "- Never indent Python code with tabs.\n")


def base_repo(root: Path) -> Path:
    repo = make_repo(root, {
        "memory/wrapper.md": WRAPPER,
        "memory/wrapper-v2.md": WRAPPER_V2,
        "memory/crlf.md": CRLF,
        "memory/plain.md": PLAIN,
        "memory/tabs.md": TABS,
        "memory/spaces.md": SPACES,
        "src/app.py": "print('hi')\n",
    })
    # the user's own work in progress, which no op may touch
    write(repo, {"src/app.py": "print('staged')\n"})
    git(repo, "add", "src/app.py")
    write(repo, {"src/app.py": "print('unstaged on top')\n", "notes.txt": "untracked\n"})
    return repo


def _nothing(repo: Path) -> tuple[str, ...]:
    return ()


def _superseded(repo: Path) -> tuple[str, ...]:
    result = gitmem(repo, "supersede", "memory/wrapper.md", "--by", "memory/wrapper-v2.md",
                    "--reason", "v2 verified", "--confirm")
    assert result.code == 0, result
    return ()


def _review_item(repo: Path) -> tuple[str, ...]:
    """The id of the tabs/spaces contradiction in the review queue, to resolve it."""
    result = gitmem(repo, "review", "--json")
    assert result.code == 0, result
    items = json.loads(result.out)["items"]
    assert items, "no review item: the contradiction detector found nothing"
    return (items[0]["id"], "--keep", "memory/spaces.md")


@dataclass(frozen=True)
class Scene:
    """An op: its arguments, and what to do first (which may add arguments, such as the id
    of a review item)."""

    name: str
    args: tuple[str, ...]
    prepare: Callable[[Path], tuple[str, ...]] = _nothing
    optional: bool = False  # a command still being built elsewhere: skip if it cannot run


SCENES = (
    Scene("protect", ("protect", "memory/crlf.md", "--reason", "pinned by a person")),
    Scene("supersede", ("supersede", "memory/wrapper.md", "--by", "memory/wrapper-v2.md",
                        "--reason", "v2 verified", "--confirm")),
    Scene("merge", ("merge", "memory/wrapper-v2.md", "memory/wrapper.md", "memory/plain.md",
                    "--confirm")),
    Scene("undo", ("undo", "--last"), _superseded),
    Scene("save", ("save", "Always run the linter before pushing.", "--category", "project",
                   "--tag", "ci"), optional=True),
    Scene("resolve", ("resolve",), _review_item, optional=True),
)


def scene_repo(root: Path, scene: Scene) -> tuple[Path, tuple[str, ...]]:
    """The scene's repository, ready for the op, and the op's full arguments."""
    repo = base_repo(root)
    return repo, scene.args + scene.prepare(repo)


__all__ = ["SCENES", "Scene", "base_repo", "commit_all", "scene_repo"]

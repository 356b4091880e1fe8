"""Each scene's repository built once per session, with the state before and after its op."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from reliutil import clone_tree, state
from scenes import Scene, scene_repo

from gitutil import gitmem


@dataclass(frozen=True)
class Template:
    repo: Path
    before: dict[str, object]
    after: dict[str, object]


_CACHE: dict[str, Template] = {}


def template(factory: pytest.TempPathFactory, scene: Scene) -> Template:
    """The scene's repository (copy it before use) and its state before and after the op."""
    if scene.name not in _CACHE:
        repo = scene_repo(factory.mktemp(f"tpl-{scene.name}") / "repo", scene)
        before = state(repo)
        reference = clone_tree(repo, factory.mktemp(f"ref-{scene.name}") / "repo")
        result = gitmem(reference, *scene.args)
        assert result.code == 0, result
        _CACHE[scene.name] = Template(repo, before, state(reference))
    return _CACHE[scene.name]

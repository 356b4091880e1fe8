"""Each scene's repository built once per session, with the state before and after its op."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from gitutil import gitmem
from reliutil import clone_tree, state
from scenes import Scene, scene_repo


@dataclass(frozen=True)
class Template:
    repo: Path
    args: tuple[str, ...]
    before: dict[str, object]
    after: dict[str, object]


_CACHE: dict[str, Template] = {}


def template(factory: pytest.TempPathFactory, scene: Scene) -> Template:
    """The scene's repository (copy it before use) and its state before and after the op."""
    if scene.name not in _CACHE:
        try:
            repo, args = scene_repo(factory.mktemp(f"tpl-{scene.name}") / "repo", scene)
        except AssertionError as error:
            if scene.optional:
                pytest.skip(f"{scene.name} cannot be prepared yet: {error}")
            raise
        before = state(repo)
        reference = clone_tree(repo, factory.mktemp(f"ref-{scene.name}") / "repo")
        result = gitmem(reference, *args)
        if result.code != 0 and scene.optional:
            pytest.skip(f"{scene.name} does not run yet: {result.err[-300:]}")
        assert result.code == 0, result
        assert state(reference) != before, f"{scene.name} changed nothing"
        _CACHE[scene.name] = Template(repo, args, before, state(reference))
    return _CACHE[scene.name]

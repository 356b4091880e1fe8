"""A repository's `[consistency.lexicon]` reaches the maintenance ops, not only lint.

A team that teaches gitmem "Dragonfly | KeyDB" expects `plan supersede` to say the two memories
contradict and `merge` to warn that an absorbed claim contradicts the survivor, as lint does.
The names are written in lower case, as prose often has them: capitalised, the slot rule for
unknown names would already see two tools for one purpose.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gitutil import git, gitmem, make_repo

CACHE = "---\nname: cache\n---\n- Sessions are stored in dragonfly in every region.\n"
OPS = "---\nname: ops\n---\n- Sessions are stored in keydb in every region.\n"
LEXICON = '[consistency.lexicon]\nexclusive = [["Dragonfly", "KeyDB"]]\n'


def _repo(tmp_path: Path, with_lexicon: bool) -> Path:
    files = {"memory/cache.md": CACHE, "memory/ops.md": OPS}
    if with_lexicon:
        files[".gitmem.toml"] = LEXICON
    return make_repo(tmp_path / "r", files)


@pytest.mark.parametrize("with_lexicon", [False, True])
def test_plan_supersede_names_the_contradiction_the_repository_lexicon_knows(
    tmp_path: Path, with_lexicon: bool
) -> None:
    repo = _repo(tmp_path, with_lexicon)
    result = gitmem(repo, "plan", "supersede", "memory/cache.md", "--by", "memory/ops.md",
                    "--json")
    assert result.code == 0, result
    signals = json.loads(result.out)["signals"]
    assert ("contradiction" in signals) is with_lexicon  # the shipped lexicon knows neither


@pytest.mark.parametrize("with_lexicon", [False, True])
def test_merge_warns_of_a_contradiction_the_repository_lexicon_knows(
    tmp_path: Path, with_lexicon: bool
) -> None:
    repo = _repo(tmp_path, with_lexicon)
    result = gitmem(repo, "merge", "memory/cache.md", "memory/ops.md", "--confirm")
    assert result.code == 0, result
    warned = "Contradicts the survivor" in result.err
    assert warned is with_lexicon
    body = git(repo, "log", "-1", "--format=%B")
    assert ("Contradicts the survivor" in body) is with_lexicon

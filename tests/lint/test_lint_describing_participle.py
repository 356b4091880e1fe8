"""A directive word in its "-ing" form right after a noun describes that noun and directs no
one: "**API Keys**: For servers requiring API authentication" is a glossary entry, no rule,
and where memory sits beside code (`lint.pairs_beside_code = "strict"`) it is no side of a
contradiction with "No API key required." in one server's own file (GM211, a batch-18
judged false alarm in our own words). A line that does direct ("Send an API key to every
server") still conflicts with it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gitutil import make_repo
from lintutil import cli

from gitmem.consistency.features import directs


@pytest.mark.parametrize("text", [
    "**API Keys**: For servers requiring API authentication",
    "Handlers returning promises are awaited by the router",
])
def test_a_participle_after_a_noun_directs_no_one(text: str) -> None:
    assert not directs(text)


@pytest.mark.parametrize("text", [
    "Always requiring a review before merging",
    "Keep using pnpm for installs",
    "Files using tabs must be converted",
    "No API key required.",
])
def test_a_directive_still_directs(text: str) -> None:
    assert directs(text)


def test_a_glossary_entry_is_no_side_of_a_conflict_beside_code(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "README.md": "# A gateway\n", "src/gateway.ts": "export {}\n",
        "servers/weather/index.ts": "export {}\n",
        "AGENTS.md": "# Gateway\n\n## Glossary\n\n- **API Keys**: For servers requiring API "
                     "authentication\n",
        "servers/weather/AGENTS.md": "# Weather server\n\nNo API key required. Every source "
                                     "it reads is a public feed.\n",
    })
    run = cli(repo, "lint", "--json")  # the defaults: strict beside code
    assert run.code in (0, 1), run.out + run.err
    assert "GM211" not in run.codes()
    (repo / "AGENTS.md").write_text("# Gateway\n\n## Rules\n\n- **API Keys**: Always require "
                                    "an API key for every server\n")
    assert "GM211" in cli(repo, "lint", "--json").codes()


@pytest.mark.parametrize("verb", ["Try", "Consider", "Start", "Begin", "Continue", "Suggest"])
def test_an_ing_word_after_a_verb_taking_it_still_directs(verb: str) -> None:
    # the word before "using" is a verb whose complement "using ..." is, not a noun it describes
    assert directs(f"{verb} using Vitest for the unit tests.")


def test_a_tentative_directive_still_conflicts_beside_code(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "package.json": '{"name": "shop"}\n', "src/main.ts": "export const shop = 1;\n",
        "CLAUDE.md": "# Shop\n\n- Never use Vitest for the unit tests.\n",
        "apps/admin/CLAUDE.md": "# Admin\n\n- Consider using Vitest for the unit tests.\n",
    })
    run = cli(repo, "lint", "--json")  # the defaults: strict beside code
    assert run.code in (0, 1), run.out + run.err
    assert "GM211" in run.codes()

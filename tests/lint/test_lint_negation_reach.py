"""Negations that do not deny the line's instruction (GM211, issue 17's judged false alarms in
our own words).

- a negation inside an embedded clause says what the clause is about: "List what the plugin
  does not support" asks for a list, as "List what the plugin supports" does;
- Python's `None` is a value, not the pronoun: "Annotate `-> None` on functions that return
  nothing" requires an annotation;
- a negative participle that opens a verbless label names a kind of thing: "Forbidden use
  cases" heads a list, and denies nothing;
- a line that names both what another chooses and what it sets aside ("Use `uv run pytest -x`"
  beside "Use `uv run pytest` (not `pytest`)") does not choose the one set aside.
Each still conflicts where the instruction itself is denied.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gitutil import make_repo
from lintutil import cli

from gitmem.consistency.contradiction import detect_contradiction

FRAME = {"README.md": "# A plugin host\n", "src/host.py": "print('hi')\n"}

AGREE = [
    ("List what the plugin supports", "List what the plugin does not support"),
    ("Document which settings the installer changes",
     "Document which settings the installer will not change"),
    ("Every function must annotate its return type",
     "Annotate `-> None` on functions that do not return anything"),
    ("Every function must annotate its return type",
     "Write `None` as the return type of a procedure"),
    ("Forbidden use cases", "Describe the use cases with examples"),
    ("**Favour promises:** Use promises over callbacks",
     "Always use promises (never callbacks)"),
    ("Use `uv run pytest` for tests (not `pytest`)", "Use `uv run pytest -x` for tests"),
]

CONFLICT = [
    ("Ensure that the build does not fail", "Ensure that the build fails"),
    ("Never annotate return types", "Every function must annotate its return type"),
    ("Describing use cases is forbidden", "Describe the use cases with examples"),
    ("Always use promises (never callbacks)", "Use callbacks for event handlers"),
    ("Use `uv run pytest` for tests (not `pytest`)", "Use `pytest` for tests"),
    ("None of the tests may be skipped", "Tests may be skipped"),
]


@pytest.mark.parametrize(("a", "b"), AGREE)
def test_a_negation_that_denies_no_instruction_is_no_conflict(a: str, b: str) -> None:
    assert detect_contradiction(a, b) is None
    assert detect_contradiction(b, a) is None


@pytest.mark.parametrize(("a", "b"), CONFLICT)
def test_a_denied_instruction_still_conflicts(a: str, b: str) -> None:
    assert detect_contradiction(a, b) is not None


def test_a_guide_that_says_what_a_plugin_cannot_do_lints_clean(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        ".cursor/rules/plugins.mdc": "# Plugin pages\n\n- Clearly list what the plugin does.\n"
                                     "- Clearly list what the plugin cannot do.\n",
        ".cursor/rules/typing.mdc": "# Typing\n\n- Every function must annotate its return "
                                   "type.\n- Annotate `-> None` on functions that do not "
                                   "return anything.\n",
        ".cursor/rules/scope.mdc": "# Scope notes\n\n- Write down what the agent is "
                                  "allowed to edit.\n- Write down what the agent must not "
                                  "edit.\n",
    })
    run = cli(repo, "lint", "--json", "--select", "GM211")
    assert run.code in (0, 1), run.out + run.err
    assert run.codes() == []
    # nor are the two asks for two lists duplicates of each other
    assert cli(repo, "lint", "--json", "--select", "GM201,GM202").codes() == []
    # a page that forbids the listing itself is at odds with the guide
    (repo / ".cursor/rules/quiet.mdc").write_text(
        "# Quiet pages\n\n- Never list what the plugin does.\n")
    run = cli(repo, "lint", "--json", "--select", "GM211")
    assert ".cursor/rules/quiet.mdc" in {f["path"] for f in run.json()["findings"]} | {
        r["path"] for f in run.json()["findings"] for r in f["related"]}


def test_two_entries_of_one_list_of_what_not_to_do_agree(tmp_path: Path) -> None:
    """Each entry under "Forbidden in one handler:" is one mix not to use: two such mixes are
    two denials, which both hold. Under a lead-in that does not deny, the two entries give one
    handler two strategies at once and still conflict."""
    page = ("# Handlers\n\n## Mixing strategies\n\n{lead}\n\n"
            "- reads use strategy 3, writes use strategy 1;\n"
            "- reads use strategy 2, writes use strategy 3.\n")
    repo = make_repo(tmp_path / "r", {
        **FRAME, ".cursor/rules/handlers.mdc": page.format(lead="Forbidden in one handler:")})
    run = cli(repo, "lint", "--json", "--select", "GM211")
    assert run.code in (0, 1), run.out + run.err
    assert run.codes() == []
    (repo / ".cursor/rules/handlers.mdc").write_text(page.format(lead="Used in one handler:"))
    assert cli(repo, "lint", "--json", "--select", "GM211").codes() == ["GM211"]


def test_a_line_that_uses_both_the_choice_and_what_is_set_aside_still_conflicts(
        tmp_path: Path) -> None:
    """"Build images with Buildah (never docker build)" sets docker build aside; a note that
    builds with both takes it up again, and is at odds with it. A note that ranks the choice
    above it ("over"), or runs the choice with a flag of its own, agrees."""
    rule = "# Images\n\nBuild the images with Buildah (never docker build).\n"
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        "MEMORY.md": "- [Images](memory/images.md)\n- [Release](memory/release.md)\n",
        "memory/images.md": rule,
        "memory/release.md": "# Release\n\nBuild the images with Buildah rather than docker "
                             "build.\n",
    })
    run = cli(repo, "lint", "--json", "--select", "GM211")
    assert run.code in (0, 1), run.out + run.err
    assert run.codes() == []
    (repo / "memory/release.md").write_text(
        "# Release\n\nBuild the release images with docker build and Buildah.\n")
    run = cli(repo, "lint", "--json", "--select", "GM211")
    assert run.codes() == ["GM211"]
    assert {"memory/images.md", "memory/release.md"} == {
        run.json()["findings"][0]["path"],
        *(r["path"] for r in run.json()["findings"][0]["related"])}


def test_a_denial_after_that_is_why_is_the_line_s_own_rule(tmp_path: Path) -> None:
    """"..., which is why you must not merge your own pull requests" gives a reason, then the
    rule: the wh-word after "is" opens the claim itself, not a clause it is about, so the line
    is at odds with one that merges them (for hotfixes). "Write down why the agent should not
    merge its own pull requests" asks for a note and denies nothing."""
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        "MEMORY.md": "- [Review](memory/review.md)\n- [Merging](memory/merging.md)\n",
        "memory/review.md": "# Review\n\nA migration broke twice, which is why you must "
                            "not merge your own pull requests.\n",
        "memory/merging.md": "# Merging\n\nMerge your own pull requests for hotfixes.\n",
    })
    run = cli(repo, "lint", "--json", "--select", "GM211")
    assert run.code in (0, 1), run.out + run.err
    assert run.codes() == ["GM211"]
    (repo / "memory/review.md").write_text(
        "# Review\n\nWrite down why the agent should not merge its own pull requests.\n")
    assert cli(repo, "lint", "--json", "--select", "GM211").codes() == []


def test_a_parenthesis_that_opens_with_not_even_is_a_clause_of_its_own(tmp_path: Path) -> None:
    """"Type-check every module (not even scripts are exempt)" insists on the check: "even"
    ends in -en but is no participle giving a reason, so the parenthesis is a clause of its own
    and the line still affirms the check, at odds with a note that forbids it."""
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        "MEMORY.md": "- [Types](memory/types.md)\n- [Speed](memory/speed.md)\n",
        "memory/types.md": "# Types\n\nType-check every module (not even scripts are exempt).\n",
        "memory/speed.md": "# Speed\n\nDo not type-check every module.\n",
    })
    run = cli(repo, "lint", "--json", "--select", "GM211")
    assert run.code in (0, 1), run.out + run.err
    assert run.codes() == ["GM211"]

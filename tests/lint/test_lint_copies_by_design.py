"""Copies kept on purpose are no duplicates (the blind batch 8 of issue 17): a snapshot of the
rules folder under docs/ (the same path under another folder, mostly the same lines), and files
that say they are generated from another memory. Their sources are still checked, and a nested
file with content of its own, or a copy that does not say so, still is a duplicate."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from gitutil import make_repo
from lintutil import cli

from gitmem.memory.copies import derived_copies
from gitmem.memory.parse import parse_memory
from gitmem.model import Memory

RULES = """---
description: How we ship
alwaysApply: true
---
# Shipping

- Run the migrations before the deploy starts.
- Tag every release with its version number.
- Keep the changelog entry short and factual.
- Roll back by redeploying the previous tag.
- Announce the deploy in the team channel first.
- Never deploy on a Friday afternoon.
"""

OTHER = """---
description: Reviews
alwaysApply: true
---
# Reviews

- Every change gets one reviewer at least.
- Run the migrations before the deploy starts.
- Reviewers check the tests before the code.
- Never deploy on a Friday afternoon.
"""


def gm201(repo: Path) -> list[tuple[str, int, str]]:
    run = cli(repo, "lint", "--json", "--select", "GM201")
    assert run.code in (0, 1), run.out + run.err
    return [(f["path"], f["line"], f["message"]) for f in run.json()["findings"]]


def test_a_snapshot_of_the_rules_under_docs_is_no_duplicate(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        ".cursor/rules/shipping.mdc": RULES,
        ".cursor/rules/reviews.mdc": OTHER,
        "docs/reference-copy/.cursor/rules/shipping.mdc": RULES,
        "docs/reference-copy/.cursor/rules/reviews.mdc": OTHER,
    })
    found = gm201(repo)
    # the live rules still repeat each other: that stays, named once, without the snapshot
    assert [(path, line) for path, line, _ in found] == [
        (".cursor/rules/reviews.mdc", 8), (".cursor/rules/reviews.mdc", 10)]
    assert not any("reference-copy" in message for _, _, message in found)


def test_a_nested_file_with_content_of_its_own_is_still_compared(tmp_path: Path) -> None:
    own = "# Web app\n\n- The web app builds with Vite.\n- Pages live under src/pages.\n" \
          "- Never deploy on a Friday afternoon.\n"
    repo = make_repo(tmp_path / "r", {"AGENTS.md": RULES.split("---\n", 2)[2],
                                      "apps/web/AGENTS.md": own})
    assert [(path, line) for path, line, _ in gm201(repo)] == [("AGENTS.md", 8)]


def generated(source: str) -> str:
    body = RULES.split("---\n", 2)[2]
    return body.replace("# Shipping\n", f"# Shipping\n\n> **Generated from `{source}`**: "
                        "regenerate it when the source changes; do not edit it.\n")


def test_files_generated_from_a_memory_are_no_duplicates_of_it(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "CLAUDE.md": RULES.split("---\n", 2)[2],
        ".clinerules": generated("CLAUDE.md"),
        ".windsurfrules": generated("CLAUDE.md"),
    })
    assert gm201(repo) == []


def test_the_same_copy_without_saying_so_is_one_copied_file(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "CLAUDE.md": RULES.split("---\n", 2)[2],
        ".clinerules": RULES.split("---\n", 2)[2],
    })
    found = gm201(repo)
    assert len(found) == 1 and "6 claims of .clinerules are repeated verbatim in CLAUDE.md" \
        in found[0][2]


def test_which_files_are_copies() -> None:
    def memory(path: str, text: str):
        return parse_memory(path, text.encode())

    memories = [memory("CLAUDE.md", RULES.split("---\n", 2)[2]),
                memory("AGENTS.md", "# Agents\n\nMirror of CLAUDE.md, do not edit.\n\n- One.\n"),
                memory("GEMINI.md", "# Gemini\n\nTypes are generated from `schema.graphql`.\n"),
                memory(".cursor/rules/shipping.mdc", RULES),
                memory("old/.cursor/rules/shipping.mdc", RULES)]
    assert derived_copies(memories) == {"AGENTS.md": "CLAUDE.md",
                                        "old/.cursor/rules/shipping.mdc":
                                        ".cursor/rules/shipping.mdc"}


def test_the_word_check_before_the_generated_pattern_never_skips_a_match() -> None:
    """The cheap check must pass every head the pattern matches, whatever its case, line breaks
    or the dotted and dotless capital I that re.I reads as 'i'."""
    from gitmem.memory.copies import _GENERATED, _may_say_generated

    heads = ["Generated from `CLAUDE.md`.", "AUTO-GENERATED FROM AGENTS.md", "Mirror of rules.mdc",
             "copy\nof team.mdc", "Synchronised from GEMINI.md", "built automatically from x.md",
             "Cop\u0130ed from CLAUDE.md", "M\u0131rror of a.mdc", "Derived From notes/a.md",
             "Kept in sync with CLAUDE.md.", "Copies are kept apart.", "- Use tabs."]
    matched = [head for head in heads if _GENERATED.search(head)]
    assert len(matched) == 9  # the last three say no source
    assert all(_may_say_generated(head) for head in matched)
    assert not _may_say_generated("- Use tabs.") and not _may_say_generated("Kept in sync.")


def test_a_cold_lint_finds_the_copies_once_and_an_edit_finds_them_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pairs and the grouping of their claims both ask which files are copies: a cold lint
    reads the memories' heads once, and a memory list that changed is read again."""
    from gitmem.memory import copies

    reads: list[int] = []
    real = copies._derived_copies

    def counted(listed: Sequence[Memory]) -> dict[str, str]:
        reads.append(len(listed))
        return real(listed)

    monkeypatch.setattr(copies, "_derived_copies", counted)
    repo = make_repo(tmp_path / "r", {
        ".cursor/rules/shipping.mdc": RULES,
        ".cursor/rules/reviews.mdc": OTHER,
        "docs/reference-copy/.cursor/rules/shipping.mdc": RULES,
    })
    assert [path for path, _, _ in gm201(repo)] == [".cursor/rules/reviews.mdc"] * 2
    assert reads == [3]
    (repo / "docs/reference-copy/.cursor/rules/shipping.mdc").write_text(
        "# Notes\n\n- Every change gets one reviewer at least.\n- Docs live beside the code.\n")
    found = gm201(repo)  # no snapshot of shipping.mdc any more: its line is a duplicate
    assert any("reference-copy" in message for _, _, message in found)
    assert reads == [3, 3]

"""An entry under a clause lead-in that says word for word what a line elsewhere says is still
a duplicate of it (GM201).

Reading an entry with the lead-in it finishes ("When you change the API, you MUST:" / "- never
commit generated files;") keeps it apart from a line that only looks like it. When the entry
alone carries the very words of the other line ("Never commit generated files."), the rule is
kept twice whatever the lead-in adds, and the pair is reported as it was before one-sided
lead-ins were read. A nearby line that says more than the entry is still set aside.
"""

from __future__ import annotations

from pathlib import Path

from lintutil import repo_findings


def _gm201(findings: list[dict]) -> list[tuple[str, int]]:
    return sorted((f["path"], f["line"]) for f in findings if f["code"] == "GM201")


def test_an_entry_with_the_very_words_of_a_line_elsewhere_is_a_duplicate(tmp_path: Path) -> None:
    found = repo_findings(tmp_path, {
        ".cursor/rules/release.mdc": ("# Release\n\n## Before tagging\n\n"
                                      "When you change the API, you MUST:\n\n"
                                      "- never commit generated files;\n"
                                      "- bump the schema version.\n"),
        ".cursor/rules/hygiene.mdc": "# Hygiene\n\n## Local\n\n- Never commit generated files.\n",
    })
    assert len(_gm201(found)) == 1, found


def test_a_line_elsewhere_that_says_more_than_the_entry_is_still_set_aside(
        tmp_path: Path) -> None:
    # the entry is read with its lead-in (a helper that logs SHOULD take a context); the other
    # page says its helpers never take one: not one rule kept twice
    found = repo_findings(tmp_path, {
        ".cursor/rules/helper-compute.mdc": (
            "# Compute helpers\n\n## Logging\n\n"
            "**ComputeHelpers** that log their phases SHOULD:\n\n"
            "- take a `ctx context.Context`,\n- write into explicit `out` arguments.\n"),
        ".cursor/rules/helper-build.mdc": (
            "# Build helpers\n\n## Logging\n\n"
            "- **BuildHelpers** MUST NOT log (they never take a `ctx context.Context`).\n"),
    })
    assert _gm201(found) == [], found

"""Questions are not statements (issue 17): a review checklist asks "Does the output contain
harmful content?" and, a few lines on, "Does the output contain misinformation?". Neither says
anything is so, so neither is a duplicate of the other; the statements around them are compared
as before. The cases are written in our own words after checklists seen in public
rule files."""

from __future__ import annotations

from pathlib import Path

from lintutil import repo_findings

CHECKLIST = ("# Review checklist\n\n"
             "- Does the response contain personal data?\n"
             "- Does the response contain outdated advice?\n"
             "- Are the test fixtures described?\n")
OTHER_CHECKLIST = ("# Release checklist\n\n"
                   "- Are the test fixtures documented?\n"
                   "- **Does the response contain personal data?**\n")


def pair_findings(tmp_path: Path, files: dict[str, str]) -> list[tuple[str, str, int]]:
    return sorted((f["code"], f["path"], f["line"]) for f in repo_findings(tmp_path, files)
                  if f["code"].startswith("GM2"))


def test_checklist_questions_alike_are_no_duplicates(tmp_path: Path) -> None:
    assert pair_findings(tmp_path, {".cursor/rules/review.mdc": CHECKLIST,
                                    ".cursor/rules/release.mdc": OTHER_CHECKLIST}) == []


def test_a_statement_beside_the_questions_is_still_compared(tmp_path: Path) -> None:
    rule = "- Tag a release only from the main branch.\n"
    found = pair_findings(tmp_path, {".cursor/rules/review.mdc": CHECKLIST + rule,
                                     ".cursor/rules/release.mdc": OTHER_CHECKLIST + rule})
    assert [code for code, _, _ in found] == ["GM201"]


"""GM201 beside code: a line restated on purpose in a part made for restating it (round 12).

Blind samples of public projects (docs/lint.md "On real repositories", twelfth round) judged
these restatements false: a design document summing up its own formulas, a rule and its worked
example in one file, a memory bank's activeContext.md recapping in short entries what the core
files say. Each test also keeps the copy a person would still remove.
"""

from __future__ import annotations

from pathlib import Path

from gitutil import make_repo
from lintutil import cli

FRAME = {"README.md": "# A service\n", "src/main.py": "print('hi')\n"}


def duplicates(repo: Path) -> list[tuple[str, int, str, int]]:
    run = cli(repo, "lint", "--json")
    assert run.code in (0, 1), run.out + run.err
    return sorted((f["path"], f["line"], f["related"][0]["path"], f["related"][0]["line"])
                  for f in run.json()["findings"] if f["code"] == "GM201")


def test_a_formula_restated_in_its_own_summary_is_no_duplicate(tmp_path: Path) -> None:
    formula = "\\[\n\\mathrm{Rate}_t = \\frac{\\beta_1 m_t}{\\sqrt{v_t} + \\epsilon}\n\\]\n"
    design = ("# Step size design\n\n## Method\n\n" + formula + "\nThe rate falls when the "
              "variance grows.\n\n## Details\n\nWe clip the rate at every step.\n\n"
              "## Summary\n\n" + formula + "\nWe clip the rate at every step.\n")
    repo = make_repo(tmp_path / "r", {**FRAME, "memory/step-size-design.md": design})
    # the formula lines are no claims; the sentence restated in the summary is a recap
    assert duplicates(repo) == []


def test_a_sentence_twice_in_one_body_is_still_a_duplicate(tmp_path: Path) -> None:
    design = ("# Step size design\n\n## Method\n\nWe clip the rate at every step.\n\n"
              "## Details\n\nWe clip the rate at every step.\n")
    repo = make_repo(tmp_path / "r", {**FRAME, "memory/step-size-design.md": design})
    assert len(duplicates(repo)) == 1


def test_a_rule_and_its_worked_example_are_no_duplicate(tmp_path: Path) -> None:
    rules = ('# Assistant\n\n## When asked to plan a trip\n\n- Ask:\n  - "Where do you want to '
             'go?"\n- Then draft a plan.\n\n## Examples\n\nUser: "plan my holiday"\n\n- '
             '"Where do you want to go?"\n- Then draft the plan day by day.\n')
    repo = make_repo(tmp_path / "r", {**FRAME, ".clinerules": rules})
    assert duplicates(repo) == []


def test_the_same_question_under_two_rules_is_still_a_duplicate(tmp_path: Path) -> None:
    rules = ('# Assistant\n\n## When asked to plan a trip\n\n- Ask:\n  - "Where do you want to '
             'go?"\n\n## When asked to book a hotel\n\n- Ask:\n  - "Where do you want to go?"\n')
    repo = make_repo(tmp_path / "r", {**FRAME, ".clinerules": rules})
    assert len(duplicates(repo)) == 1


BANK = "memory-bank/"


def test_an_active_context_recap_of_the_bank_is_no_duplicate(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        BANK + "activeContext.md": ("# Active context\n\n## Current patterns\n\n"
                                    "- **Access**: Ownership check in a middleware layer\n"),
        BANK + "systemPatterns.md": ("# System patterns\n\n## Access\n\n"
                                     "- **Access**: Ownership check in a middleware layer\n"),
    })
    assert duplicates(repo) == []


def test_a_sentence_of_the_active_context_or_two_core_files_are_still_compared(
        tmp_path: Path) -> None:
    """A whole sentence in activeContext.md copied from a core file, and a short entry two core
    files share, are not the recap: both stay findings."""
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        BANK + "activeContext.md": ("# Active context\n\n## Current patterns\n\n"
                                    "- Every upload is scanned for malware before it is stored.\n"),
        BANK + "systemPatterns.md": ("# System patterns\n\n## Uploads\n\n"
                                     "- Every upload is scanned for malware before it is stored.\n"
                                     "- **Queue**: Jobs retried with a growing delay\n"),
        BANK + "techContext.md": ("# Tech context\n\n## Jobs\n\n"
                                  "- **Queue**: Jobs retried with a growing delay\n"),
    })
    found = {(a, b) for a, _, b, _ in duplicates(repo)}
    assert found == {(BANK + "activeContext.md", BANK + "systemPatterns.md"),
                     (BANK + "systemPatterns.md", BANK + "techContext.md")}


def test_a_formula_written_out_in_two_sections_is_no_claim(tmp_path: Path) -> None:
    """Lines of TeX are no sentences: a derivation and a later section repeating the formula
    are not two claims to merge (a sentence with a formula inside stays a claim)."""
    formula = ("\\[\nN_t\n=\n\\mathrm{EMA}\\left( \\gamma_N \\frac{S_{2,t}^{grad,norm}}"
               "{n_{\\mathrm{batch},t}} \\right) } \\]\n")
    design = ("# Noise estimate\n\n## Derivation\n\n" + formula + "\n## Recommended version\n\n"
              + formula)
    repo = make_repo(tmp_path / "r", {**FRAME, "memory/noise-design.md": design})
    assert duplicates(repo) == []


def test_a_change_note_in_the_active_context_is_still_a_copy(tmp_path: Path) -> None:
    """An entry of what was just changed ("Changed the export job to write:") restating the
    bank's pattern is no recap of the current state: the copy stays a finding."""
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        BANK + "activeContext.md": ("# Active context\n\n## Export rework\n\n"
                                    "- Changed the export job to write:\n"
                                    "  - Report rows: account, period, total, currency\n"),
        BANK + "systemPatterns.md": ("# System patterns\n\n## Export\n\n"
                                     "- Report rows: account, period, total, currency\n"),
    })
    assert len(duplicates(repo)) == 1


def test_an_overview_item_repeated_in_the_body_is_still_a_copy(tmp_path: Path) -> None:
    """An "Overview" opens a document and lists what its body defines: the same item kept in
    both lists is one list kept twice (a "Summary" at the end sums up, and is no finding)."""
    doc = ("# Permissions\n\n## Overview\n\n- **Team Sync** - Module access follows the "
           "position held\n\n## Requirements\n\n- **Team Sync** - Module access follows the "
           "position held\n")
    repo = make_repo(tmp_path / "r", {**FRAME, BANK + "permissions.md": doc})
    assert len(duplicates(repo)) == 1


def test_a_sample_size_heading_is_no_worked_example(tmp_path: Path) -> None:
    """"Sample" in a heading ("Batch sample size") names no example: the same option listed
    under it and under another heading of the file is still a copy."""
    doc = ("# Tuning plan\n\n## Optional extras\n\n1. Loss-weighted step size for each run.\n\n"
           "## Batch sample size\n\n1. Loss-weighted step size for each run.\n")
    repo = make_repo(tmp_path / "r", {**FRAME, "memory/tuning-plan.md": doc})
    assert len(duplicates(repo)) == 1


def test_a_closing_remember_list_restating_its_own_file_is_no_duplicate(tmp_path: Path) -> None:
    guide = ("# TypeScript guide\n\n## Typing\n\n- Never use `any`; use a precise type or "
             "`unknown`\n- Narrow unions with type guards\n\n## Errors\n\n- Throw `Error` "
             "subclasses only\n\n## Remember\n\n- **No `any`**: use a precise type or `unknown`\n"
             "- Throw `Error` subclasses only\n")
    repo = make_repo(tmp_path / "r", {**FRAME, ".github/instructions/ts.instructions.md": guide})
    assert duplicates(repo) == []


def test_a_remember_line_copied_into_another_file_is_still_a_duplicate(tmp_path: Path) -> None:
    guide = ("# TypeScript guide\n\n## Typing\n\n- Narrow unions with type guards\n\n"
             "## Remember\n\n- Throw `Error` subclasses only\n")
    other = "# API guide\n\n## Errors\n\n- Throw `Error` subclasses only\n"
    repo = make_repo(tmp_path / "r", {**FRAME, "memory/ts.md": guide, "memory/api.md": other})
    assert len(duplicates(repo)) == 1


def test_a_feature_section_named_with_remember_is_no_recap(tmp_path: Path) -> None:
    # "Remember" sums up its file only as a heading's whole title: a section about the
    # "stay signed in" feature restating a setup rule of the same file is still a duplicate
    guide = ("# Web app notes\n\n## Tests\n\n- Seed the fixtures database before each test "
             "run.\n\n## Remember me cookie\n\nThe sign-in page keeps a session cookie.\n\n"
             "- Seed the fixtures database before each test run.\n- Expire the cookie after "
             "thirty days.\n")
    repo = make_repo(tmp_path / "r", {**FRAME, "memory/web.md": guide})
    assert len(duplicates(repo)) == 1
    closing = guide.replace("## Remember me cookie\n\nThe sign-in page keeps a session "
                            "cookie.\n\n", "## Things to remember\n\n")
    repo = make_repo(tmp_path / "s", {**FRAME, "memory/web.md": closing})
    assert duplicates(repo) == []

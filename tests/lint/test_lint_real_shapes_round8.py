"""Shapes of real memory files that read as contradictions but are lists of different things
(the blind batch 8 of issue 17): entries titled by their own article number or outcome, one
template field filled in under two components, a legend, a numbered classification, a
template's placeholders and each file's own date-and-version header. Each is written in our own
words after the shape of the real file; each has a control that still is a finding."""

from __future__ import annotations

from pathlib import Path

from gitutil import make_repo
from lintutil import cli

from gitmem.memory.statements import is_label
from gitmem.memory.subjects import set_aside
from gitmem.model import Claim

LISTS = """# Audit of the regulations

## Harbour works

- **Gaps left by the current workflows**:
  - **Safety Act Art 12** (falls from height) — in the harbour anchor, cited by the harbour workflows.
  - **Gas Act Art 9** (cylinder storage) — NOT cited by the harbour workflows.

## Modules built

1. **`useInvoices.ts`** (210 lines)
   - Loads and filters invoices
   - Tests: 91% coverage
2. **`useCustomers.ts`** (180 lines)
   - Merges duplicate customers
   - Tests: 84% coverage

## Reading a diff

- Lines beginning with `-`: text removed from the original
- Lines beginning with `+`: text added to the original

## Hazard classes

1. Flammable liquids (3.1)
2. Flammable solids (3.2)
3. Self-heating substances (3.3)
4. Stabilised flammable liquids (3.9)
"""

CONTROL = """# Audit

## Harbour works

- **Gaps left by the current workflows**:
  - **Safety Act Art 12** (falls from height) — in the harbour anchor, cited by the harbour workflows.
  - **Safety Act Art 12** (falls from height) — NOT cited by the harbour workflows.

## Modules built

1. **`useInvoices.ts`** (210 lines)
   - Tests: 91% coverage
   - Tests: 84% coverage
"""


def gm2(repo: Path) -> list[tuple[str, int, str]]:
    run = cli(repo, "lint", "--json", "--select", "GM2")
    assert run.code in (0, 1), run.out + run.err
    return [(f["code"], f["line"], f["message"]) for f in run.json()["findings"]]


def test_entries_of_lists_of_different_things_are_no_contradiction(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory-bank/review.md": LISTS})
    assert gm2(repo) == []


def test_one_title_or_one_entry_said_both_ways_still_is(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory-bank/review.md": CONTROL})
    assert [(code, line) for code, line, _ in gm2(repo)] == [("GM211", 6), ("GM211", 12)]


def test_each_files_date_and_version_header_is_no_claim(tmp_path: Path) -> None:
    header = "# {0}\n\n**Cập nhật**: {1} **Phiên bản**: {2}\n\n- {3}\n"
    repo = make_repo(tmp_path / "r", {
        "memory-bank/techContext.md": header.format(
            "Tech", "12/03/2025", "v2.0", "The API runs on Node."),
        "memory-bank/productContext.md": header.format(
            "Product", "01/07/2025", "v1.0", "Invoices are sent by mail."),
        "memory-bank/systemPatterns.md": header.format(
            "Patterns", "01/07/2025", "v1.0", "Every job is idempotent."),
    })
    assert gm2(repo) == []


def test_a_version_fact_alone_stays_a_claim() -> None:
    assert is_label("**Updated**: 2025-06-25")
    assert is_label("**Version**: 2.1.0 | **Date**: March 3, 2025")
    assert not is_label("**Python**: 3.11")
    assert not is_label("**Node**: 18")


def test_placeholders_of_a_template_are_no_claim() -> None:
    assert is_label("[Command 1] [Result]")
    assert is_label("[Owner]: [Team]")
    assert not is_label("[Command 1] is printed before its result")


def claim(line: int, text: str, parent: str = "- Decide:") -> Claim:
    return Claim("skills/triage/SKILL.md", line, text, "bullet", "Steps", parent)


def test_outcomes_of_a_decision_are_no_contradiction() -> None:
    keep = claim(3, "**Release**: outside the window but the stability data supports the quality")
    drop = claim(5, "**Discard**: the stability data does not support use")
    assert set_aside(keep, drop, "contradiction")
    # a directive or a note's kind is no title: such entries are still compared
    never = claim(3, "**Never**: release a warm delivery")
    note = claim(5, "**Note**: release a warm delivery when the lab agrees")
    assert not set_aside(never, note, "contradiction")


GUIDE = """# Guide

## Spacing

Never use arbitrary spacing.

## Release checks

Reject the change if:

- navigation gets deeper
- arbitrary spacing appears
"""


def test_an_entry_of_a_list_of_what_not_to_do_agrees_with_a_no(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"AGENTS.md": GUIDE})
    assert gm2(repo) == []


def test_the_lead_in_of_a_list_is_its_entries_parent_and_gives_its_polarity() -> None:
    from gitmem.memory.claims import segment_claims

    claims = {c.text: c for c in segment_claims("AGENTS.md", GUIDE, 1)}
    listed = claims["arbitrary spacing appears"]
    assert listed.parent == "Reject the change if:"
    assert set_aside(claims["Never use arbitrary spacing."], listed, "contradiction")
    # a rule that says yes to what the list rejects is still compared
    always = Claim("AGENTS.md", 5, "Always use arbitrary spacing.", "sentence", "Spacing")
    assert not set_aside(always, listed, "contradiction")


def test_leaving_out_under_a_list_of_donts_agrees_with_doing_it() -> None:
    skip = Claim("meeting.md", 30, "Skip the summary or the follow-ups", "bullet",
                 "Good habits", "**Don't**:")
    write = Claim("meeting.md", 12, "Write each follow-up from the summary", "item", "Steps")
    assert set_aside(write, skip, "contradiction")
    never = Claim("meeting.md", 12, "Never write a summary", "item", "Steps")
    assert not set_aside(never, skip, "contradiction")


def test_a_listed_risk_agrees_with_avoiding_it() -> None:
    risk = Claim("techContext.md", 40, "**Replay attacks**: a captured request is sent again",
                 "bullet", "Known limitations")
    goal = Claim("productContext.md", 9, "Avoid replay attacks", "bullet", "Persona 2")
    assert set_aside(goal, risk, "contradiction")


def test_one_field_under_two_headings_is_each_headings_own() -> None:
    harbour = Claim("review.md", 20, "**Gap after phase-2**: 5 workflows, 4 records, one more due",
                    "bullet", "Harbour works")
    mines = Claim("review.md", 40, "**Gap after phase-2**: 5 workflows, 3 records, two more due",
                  "bullet", "Mines")
    assert set_aside(harbour, mines, "contradiction")


def test_a_status_field_in_french_is_a_record() -> None:
    from gitmem.memory.statements import is_record

    assert is_record(Claim("plan.md", 5, "**Statut:** Terminé", "sentence", "Phase 1"))

"""One field's value under two numbered items of one kind (issue 17, judged-false GM201 of
batches 11 and 16, written again in our own words), each beside the duplicate that stays.

- A runbook's "Rule 2 — ..." and "Rule 3 — ..." each set "Environment = `production`."; a
  catalogue of data sources gives "Access: call the REST API with a key; the plan is paid." under
  "C4. Filings API" and "I3. Bond prices"; an agent's "Mode 1: RESEARCH" and "Mode 3: PLAN" each say how to format:
  two items of one kind that happen to share a value.
- Still reported: the same line under two outline-numbered parts of one document ("2. Goals" /
  "5. Constraints"), and under two numbered items in two files.
"""

from __future__ import annotations

from pathlib import Path

from lintutil import repo_findings


def _gm201(findings: list[dict]) -> list[dict]:
    return [f for f in findings if f["code"] == "GM201"]


def test_one_setting_of_two_numbered_rules_is_no_duplicate(tmp_path: Path) -> None:
    runbook = ("# Alert rules\n\n## Rule 2 — New issue in the shop\n\n- Trigger: a new issue\n"
               "- Environment = `production`.\n- Notify the on-call channel\n\n"
               "## Rule 3 — Payment errors\n\n- Trigger: an error in the payment path\n"
               "- Environment = `production`.\n- Page the payments owner\n")
    found = repo_findings(tmp_path, {"memory/alert-runbook.md": runbook})
    assert _gm201(found) == [], found


def test_one_access_note_of_two_coded_sources_is_no_duplicate(tmp_path: Path) -> None:
    sources = ("# Data sources\n\n## C. Filings\n\n### C4. Filings API\n\nQuarterly reports "
               "of listed companies.\n\nAccess: call the REST API with a key; the plan is paid.\n\n## I. Bonds\n\n"
               "### I3. Bond prices\n\nDaily prices of corporate bonds.\n\n"
               "Access: call the REST API with a key, the plan is paid.\n")
    found = repo_findings(tmp_path, {"memory/data-sources.md": sources})
    assert _gm201(found) == [], found


def test_one_line_of_two_numbered_modes_is_no_duplicate(tmp_path: Path) -> None:
    modes = ("# Working modes\n\n### Mode 1: RESEARCH\n\nRead the code before proposing "
             "anything.\n\nUse markdown syntax for formatting answers.\n\n### Mode 3: PLAN\n\n"
             "Write a numbered plan of changes.\n\nUse markdown syntax for formatting answers.\n")
    found = repo_findings(tmp_path, {".cursor/rules/modes.mdc": modes})
    assert _gm201(found) == [], found


def test_a_line_under_two_outline_numbers_is_still_a_duplicate(tmp_path: Path) -> None:
    brief = ("# Product brief\n\n## 2. Goals\n\n- Keep every page under two seconds to load.\n\n"
             "## 5. Constraints\n\n- Keep every page under two seconds to load.\n")
    found = repo_findings(tmp_path, {"memory/brief.md": brief})
    assert len(_gm201(found)) == 1, found


def test_a_line_under_numbered_rules_of_two_files_is_still_a_duplicate(tmp_path: Path) -> None:
    one = "# Alerts\n\n## Rule 2 — New issue\n\n- Page the on-call engineer within five minutes of the first alert.\n"
    two = "# Escalation\n\n## Rule 3 — Outage\n\n- Page the on-call engineer within five minutes of the first alert.\n"
    found = repo_findings(tmp_path, {"memory/alerts.md": one, "memory/escalation.md": two})
    assert len(_gm201(found)) == 1, found


def test_a_copy_with_other_markup_under_two_unnumbered_headings_stays(tmp_path: Path) -> None:
    guide = ("# Specs\n\n## Working with specifications\n\n- Requirement keywords follow RFC "
             "2119: MUST, SHOULD, MAY\n- Each requirement has an ID\n\n## Reading "
             "specifications\n\n- Requirement keywords follow RFC 2119: **MUST**, **SHOULD**, "
             "**MAY**\n- Specs link each other\n")
    found = repo_findings(tmp_path, {"specs/AGENTS.md": guide})
    assert len(_gm201(found)) == 1, found


def test_a_line_under_two_product_names_is_still_a_duplicate(tmp_path: Path) -> None:
    # "S3" and "EC2" read like item codes but name two cloud products, not two items of one
    # numbered series: the same rule under both is one rule kept twice
    cloud = ("# Cloud notes\n\n## S3 storage\n\n- Keep the access keys out of the repository; "
             "load them from the vault.\n- Turn on versioning for each bucket.\n\n"
             "## EC2 hosts\n\n- Keep the access keys out of the repository; load them from "
             "the vault.\n- Prefer spot capacity for batch jobs.\n")
    found = repo_findings(tmp_path, {"memory/cloud.md": cloud})
    assert len(_gm201(found)) == 1, found
    # ... while two codes of one series ("P1" / "P2") stay two items of one kind
    triage = ("# Triage\n\n## P1 incidents\n\n- Post an update in the status channel every "
              "hour.\n\n## P2 incidents\n\n- Post an update in the status channel every hour.\n")
    assert _gm201(repo_findings(tmp_path / "series", {"memory/triage.md": triage})) == []

"""Pair findings on shapes of public memory banks that a person judged false (issue 17's fifth
round, written again in our own words), each beside the true finding of the same shape.

- Two modules' features named alike: "Approval workflows" under one module, "Easy approval
  workflows" under another. A feature's bare name says nothing but through its heading.
- Two features described alike in other words ("**Audit Trail**: ..." under two features):
  a heading's entry, alike only in what it names, is about its own heading.
- "Without X, Y" is what would happen, not what is: it contradicts nothing.
- One label under two headings ("**TypeScript**:" under code quality and under tools) holds
  two aspects of it, not two values of one.
"""

from __future__ import annotations

from pathlib import Path

from lintutil import finding_codes, repo_findings


def test_two_modules_features_named_alike_are_no_duplicate(tmp_path: Path) -> None:
    leave = "# Leave\n\n## Manager view\n- Easy approval workflows\n- Team calendar\n"
    expenses = "# Ideas\n\n## 12. Expense Module\n- Receipt capture\n- Approval workflows\n"
    found = repo_findings(tmp_path, {"memory-bank/leaveContext.md": leave,
                                 "memory-bank/ideas.md": expenses})
    assert "GM202" not in finding_codes(found), found


def test_one_fact_stated_twice_in_other_words_is_still_a_duplicate(tmp_path: Path) -> None:
    brief = "# Brief\n\n## Stack\n- Deployments are automated through the build pipeline\n"
    tech = "# Tech\n\n## Delivery\n- The build pipeline automates deployments\n"
    found = repo_findings(tmp_path, {"memory-bank/projectbrief.md": brief,
                                 "memory-bank/techContext.md": tech})
    assert "GM202" in finding_codes(found), found


def test_one_labelled_fact_reworded_in_two_files_is_still_a_duplicate(tmp_path: Path) -> None:
    deploy = ("# Deploy\n\n## Production\n"
              "- **Secrets Vault**: All production secrets stored securely\n")
    migration = "# Migration\n\n## Secrets\n- **Secrets Vault**: All production secrets\n"
    found = repo_findings(tmp_path, {"memory-bank/deployment.md": deploy,
                                 "memory-bank/migration.md": migration})
    assert "GM202" in finding_codes(found), found


def test_a_hypothetical_does_not_contradict_what_is(tmp_path: Path) -> None:
    rule = ("# Modules\n\n## Why\n"
            "Without search context, modules are invisible to the assistant and users cannot "
            "reach them.\n")
    summary = ("# Assistant\n\n## Tools\n- **Cross-Module Context**: The assistant "
               "understands search context across all modules\n")
    found = repo_findings(tmp_path, {".cursor/rules/modules.mdc": rule,
                                 "memory-bank/assistantSummary.md": summary})
    assert "GM211" not in finding_codes(found), found


def test_one_label_under_two_headings_holds_two_aspects(tmp_path: Path) -> None:
    quality = ("# Phase 2\n\n## Code quality\n"
               "- **TypeScript**: 100% type safety throughout all screens\n")
    tools = "# Tech\n\n## Development tools\n- **TypeScript**: 5.4.2 for type safety\n"
    found = repo_findings(tmp_path, {"memory-bank/phase2.md": quality,
                                 "memory-bank/techContext.md": tools})
    assert "GM211" not in finding_codes(found), found


def test_one_setting_with_two_values_under_one_heading_still_contradicts(
        tmp_path: Path) -> None:
    brief = "# Brief\n\n## Runtime\n- **Node**: version 18 in production\n"
    tech = "# Tech\n\n## Runtime\n- **Node**: version 20 in production\n"
    found = repo_findings(tmp_path, {"memory-bank/projectbrief.md": brief,
                                 "memory-bank/techContext.md": tech})
    assert "GM211" in finding_codes(found), found


def test_one_step_of_two_parallel_procedures_is_no_duplicate(tmp_path: Path) -> None:
    runbook = ("# Runbook\n\n## Database rollback\n- Restore the latest snapshot\n"
               "- Verify the rollback on staging first\n\n"
               "## Application rollback\n- Redeploy the previous image\n"
               "- Verify the rollback on staging first\n")
    found = repo_findings(tmp_path, {"memory-bank/runbook.md": runbook})
    assert "GM201" not in finding_codes(found), found


def test_one_requirement_in_the_overview_and_the_requirements_is_a_duplicate(
        tmp_path: Path) -> None:
    spec = ("# Permissions\n\n## Overview\n- Every position grants its modules automatically.\n\n"
            "## Key requirements\n- Every position grants its modules automatically.\n")
    found = repo_findings(tmp_path, {"memory-bank/permissions.md": spec})
    assert "GM201" in finding_codes(found), found

"""Pair findings on shapes of public memory banks that a person judged false (issue 17's sixth
round, written again in our own words), each beside the true finding of the same shape.

- An open checklist box ("- [ ] **Add accessibility** - ARIA labels ...") is a step to take,
  not a statement: it does not repeat the feature line or the rule it checks.
- A line that does not name its subject takes it from its file: the dashboard's "accessibility
  for keyboard and screen reader users" and the org chart's, said in other words, are two
  features, not one claim said twice.
- A reading list entry that names a memory file in code ("**Schema Notes**:
  `memory-bank/schemaNotes.md`") points at it; two lists pointing at one file repeat nothing.
- One template field ("**Purpose**:") under two parallel headings of one file (two modules of
  a brainstorm) says something of each module.
- A feature's labelled attribute ("**Error Handling**: graceful fallback" under the storage
  layer) does not repeat a rule for all code in another file ("Handle errors gracefully").
- A nested entry takes its subject from the entry or bold label above it: one price line under
  each plan of a list, one idea under "**Home use**:" and "**Office use**:".
- Two files that each record a numbered phase ("phase 1 summary", "phase 2 summary") say what
  each phase achieved; the same quality line in both repeats nothing.
"""

from __future__ import annotations

from pathlib import Path

from lintutil import finding_codes, repo_findings


def test_a_checklist_step_does_not_repeat_the_feature_it_builds(tmp_path: Path) -> None:
    checklist = ("# Building a module\n\n## Frontend phase\n"
                 "- [ ] **Add accessibility** - ARIA labels, keyboard navigation\n"
                 "- [ ] **Add loading states** - skeletons while data loads\n")
    summary = ("# Release summary\n\n## Quality\n"
               "- **Accessibility**: ARIA labels and keyboard navigation throughout\n")
    found = repo_findings(tmp_path, {".cursor/rules/module-guide.mdc": checklist,
                                 "memory-bank/releaseSummary.md": summary})
    assert not {"GM201", "GM202"} & set(finding_codes(found)), found


def test_one_checklist_step_in_two_checklists_is_still_a_duplicate(tmp_path: Path) -> None:
    checklist = ("# Building a module\n\n## Frontend phase\n"
                 "- [ ] **Add accessibility** - ARIA labels, keyboard navigation\n")
    again = ("# Review checklist\n\n## Before merging\n"
             "- [ ] **Add accessibility** - ARIA labels, keyboard navigation\n")
    found = repo_findings(tmp_path, {".cursor/rules/module-guide.mdc": checklist,
                                 ".cursor/rules/review.mdc": again})
    assert "GM201" in finding_codes(found), found


def test_two_features_files_saying_alike_in_other_words_are_no_duplicate(
        tmp_path: Path) -> None:
    dashboard = ("# Dashboard\n\n## Experience goals\n"
                 "- Accessibility for every user (keyboard navigation, screen reader support).\n")
    org_chart = ("# Org chart permissions\n\n## Mobile and accessibility\n"
                 "- **Accessibility**: Screen reader and keyboard navigation support\n")
    found = repo_findings(tmp_path, {"memory-bank/dashboardProductContext.md": dashboard,
                                 "memory-bank/org-chart-permission-system.md": org_chart})
    assert "GM202" not in finding_codes(found), found


def test_two_features_files_stating_one_rule_in_other_words_are_a_duplicate(
        tmp_path: Path) -> None:
    # a sentence names its own subject: it is not its file's feature, wherever it stands
    billing = ("# Billing\n\n## Notes\n"
               "- Write commit messages using Conventional Commits.\n")
    search = ("# Search\n\n## Notes\n"
              "- Commit messages follow the Conventional Commits spec.\n")
    found = repo_findings(tmp_path, {"memory/billing-1835.md": billing,
                                     "memory/search-3196.md": search})
    assert "GM202" in finding_codes(found), found


def test_a_feature_file_and_the_project_brief_saying_alike_are_a_duplicate(
        tmp_path: Path) -> None:
    dashboard = ("# Dashboard\n\n## Experience goals\n"
                 "- Accessibility for every user (keyboard navigation, screen reader support).\n")
    brief = ("# Brief\n\n## Quality\n"
             "- **Accessibility**: Screen reader and keyboard navigation support\n")
    found = repo_findings(tmp_path, {"memory-bank/dashboardProductContext.md": dashboard,
                                 "memory-bank/projectbrief.md": brief})
    assert "GM202" in finding_codes(found), found


def test_two_reading_lists_naming_one_file_are_no_duplicate(tmp_path: Path) -> None:
    standards = ("# Standards\n\n## Further reading\n"
                 "- **Schema Notes**: `memory-bank/schemaNotes.md`\n")
    guide = ("# Module guide\n\n## Read first\n"
             "- **Schema Notes**: `memory-bank/schemaNotes.md` - tables and relations\n")
    found = repo_findings(tmp_path, {".cursor/rules/standards.mdc": standards,
                                 ".cursor/rules/module-guide.mdc": guide,
                                 "memory-bank/schemaNotes.md": "# Schema\n\n- Tables.\n"})
    assert not {"GM201", "GM202"} & set(finding_codes(found)), found


def test_a_statement_that_names_a_file_first_is_still_compared(tmp_path: Path) -> None:
    standards = ("# Standards\n\n## Schema\n"
                 "- `memory-bank/schemaNotes.md` must be updated with every migration.\n")
    guide = ("# Module guide\n\n## Schema\n"
             "- `memory-bank/schemaNotes.md` must be updated with every migration.\n")
    found = repo_findings(tmp_path, {".cursor/rules/standards.mdc": standards,
                                 ".cursor/rules/module-guide.mdc": guide,
                                 "memory-bank/schemaNotes.md": "# Schema\n\n- Tables.\n"})
    assert "GM201" in finding_codes(found), found


def test_one_template_field_under_two_brainstormed_modules_is_no_duplicate(
        tmp_path: Path) -> None:
    ideas = ("# Module ideas\n\n#### 31. First Ledger Module\n"
             "**Purpose**: Fleet fuel and mileage management.\n\n"
             "- Swap requests\n\n#### 32. Second Board Module\n"
             "**Purpose**: Fleet route planning and management.\n\n- Holiday balance\n")
    found = repo_findings(tmp_path, {"memory-bank/moduleIdeas.md": ideas})
    assert not {"GM201", "GM202"} & set(finding_codes(found)), found


def test_a_features_attribute_does_not_repeat_the_rule_for_all_code(tmp_path: Path) -> None:
    rules = "# Standards\n\n## Data providers\n- Handle errors gracefully\n"
    patterns = ("# Patterns\n\n## Storage layer pattern\n"
                "- **Error Handling**: Graceful fallback and proper error management\n")
    found = repo_findings(tmp_path, {".cursor/rules/standards.mdc": rules,
                                 "memory-bank/systemPatterns.md": patterns})
    assert "GM202" not in finding_codes(found), found


def test_one_rule_as_a_label_and_as_an_instruction_in_one_file_is_a_duplicate(
        tmp_path: Path) -> None:
    rules = ("# Standards\n\n## Logging rules\n"
             "- **Error logging**: Always include the request context\n\n"
             "## Every endpoint\n- Log errors with the request context\n")
    found = repo_findings(tmp_path, {".cursor/rules/standards.mdc": rules})
    assert "GM202" in finding_codes(found), found


def test_one_entry_under_each_plan_of_one_list_is_no_duplicate(tmp_path: Path) -> None:
    plans = ("# Pricing\n\n## Three plans\n\n"
             "1. **Team**: $20/month\n   - Shared boards\n   - 5 seats included, then $4/seat\n"
             "2. **Company**: $60/month\n   - Audit history\n   - 5 seats included, then $4/seat\n"
             "\n**Home use**:\n- Offline notes\n\n**Office use**:\n- Offline notes\n")
    found = repo_findings(tmp_path, {"memory-bank/pricingPlans.md": plans})
    assert "GM201" not in finding_codes(found), found


def test_one_entry_twice_under_one_plan_is_still_a_duplicate(tmp_path: Path) -> None:
    plans = ("# Pricing\n\n## Three plans\n\n"
             "1. **Team**: $20/month\n   - 5 seats included, then $4/seat\n"
             "   - Shared boards\n   - 5 seats included, then $4/seat\n")
    found = repo_findings(tmp_path, {"memory-bank/pricingPlans.md": plans})
    assert "GM201" in finding_codes(found), found


def test_two_phases_summaries_saying_alike_are_no_duplicate(tmp_path: Path) -> None:
    first = ("# Phase 1 summary\n\n## Code quality\n"
             "- **TypeScript**: 100% type coverage across the chart screens\n")
    second = ("# Phase 2 summary\n\n## Code quality\n"
              "- **TypeScript Coverage**: 100% type safety across the chart screens\n")
    found = repo_findings(tmp_path, {"memory-bank/CHART_PHASE1_SUMMARY.md": first,
                                 "memory-bank/phase2-completion-summary.md": second})
    assert not {"GM201", "GM202"} & set(finding_codes(found)), found


def test_one_phases_summary_and_the_brief_saying_alike_are_a_duplicate(
        tmp_path: Path) -> None:
    first = ("# Phase 1 summary\n\n## Code quality\n"
             "- **TypeScript**: 100% type coverage across the chart screens\n")
    brief = ("# Brief\n\n## Code quality\n"
             "- **TypeScript Coverage**: 100% type safety across the chart screens\n")
    found = repo_findings(tmp_path, {"memory-bank/CHART_PHASE1_SUMMARY.md": first,
                                 "memory-bank/projectbrief.md": brief})
    assert {"GM201", "GM202"} & set(finding_codes(found)), found


def test_an_escaped_code_fence_is_no_claim(tmp_path: Path) -> None:
    fence = "\\`\\`\\`xml"  # a fence written with escaped backticks shows as text
    rules = (f"# Handoff\n\n## Step 3\nAsk first.\n\n{fence}\n<ask/>\n\n"
             f"## Step 4\nThen hand over.\n\n{fence}\n<handover/>\n")
    found = repo_findings(tmp_path, {".clinerules/handoff.md": rules})
    assert "GM201" not in finding_codes(found), found

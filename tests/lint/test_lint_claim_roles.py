"""Near-duplicates (GM202) between claims that play different parts in their memory (issue 17,
the GM202 findings judged false in samples 5 and 6, written again in our own words), each beside
the finding of the same words that stays.

- A to-do under "Next Steps" names work still to do; the component line above it says what the
  part is. Two to-dos alike are still worth a look.
- A step of a checklist ("Adding a new endpoint:") applies a standing rule; the same rule in two
  rule files is still a near-duplicate.
- An entry of a references list points at a subject; it does not repeat the statement about it.
- A line under the record of one incident ("**Problem**: 404 errors ...", "**Verification:**")
  says what happened once, not the rule drawn from it.
- Two entries next to each other in one list, or an entry and the one nested under it, say two
  things on purpose (a rule, then the detail that spells it out).
- A verbatim copy stays a GM201 whatever part each copy plays.
- A heading's verbless entry that names nothing of its own ("Role-based access control and
  permission inheritance" under one module's constraints) is a quality of that module, not the
  platform-wide line of another file; an entry that names its tool ("... in Zustand") is
  compared, and so is the generic entry against a line of its own file.
"""

from __future__ import annotations

from pathlib import Path

from lintutil import finding_codes, repo_findings


def test_a_next_step_does_not_repeat_the_component_it_builds(tmp_path: Path) -> None:
    context = ("# Active context\n\n## 2. Tariff cache\n\n"
               "- RSS monitoring service for tariff updates\n\n"
               "## Next Steps\n\n1. **Build the tariff cache**:\n"
               "   - Set up basic RSS monitoring for tariff updates\n")
    found = repo_findings(tmp_path, {"memory-bank/activeContext.md": context})
    assert "GM202" not in finding_codes(found), found


def test_two_next_steps_alike_are_still_a_possible_duplicate(tmp_path: Path) -> None:
    context = ("# Active context\n\n## Next Steps\n\n1. **Search integration**:\n"
               "   - Write tuned search queries for regional tariff sources\n"
               "2. **Tuning**:\n   - Tune search parameters for regional tariff sources\n")
    found = repo_findings(tmp_path, {"memory-bank/activeContext.md": context})
    assert "GM202" in finding_codes(found), found


def test_a_checklist_step_does_not_repeat_the_rule_it_applies(tmp_path: Path) -> None:
    instructions = ("# Instructions\n\n## API design\n\n"
                    "- Use Redoc annotations for the API reference pages\n\n"
                    "## Adding a new endpoint:\n\n1. Create the handler\n"
                    "2. Add the API reference pages with Redoc annotations\n"
                    "3. Register the route\n")
    found = repo_findings(tmp_path, {".github/copilot-instructions.md": instructions})
    assert "GM202" not in finding_codes(found), found


def test_one_rule_in_two_rule_files_is_still_a_possible_duplicate(tmp_path: Path) -> None:
    # ("API Reference" names a topic, not a list of pointers)
    api = "# API\n\n## API Reference\n\n- Use Redoc annotations for the API reference pages\n"
    patterns = "# Patterns\n\n## Docs\n\n- Add the API reference pages with Redoc annotations\n"
    found = repo_findings(tmp_path, {".cursor/rules/api.mdc": api,
                                     "memory-bank/systemPatterns.md": patterns})
    assert "GM202" in finding_codes(found), found


def test_a_references_entry_does_not_repeat_a_statement(tmp_path: Path) -> None:
    workspace = ("# Workspace\n\n## 📚 References\n\n"
                 "- **Permission System**: Role-based access control\n")
    chat = "# Chat\n\n## Constraints\n\n- Role-based access control and permission inheritance\n"
    admin = ("# Admin\n\n## Constraints\n\n"
             "- JWT-based authentication with role-based access control.\n")
    found = repo_findings(tmp_path, {"memory-bank/workspace.md": workspace,
                                     "memory-bank/chat.md": chat, "memory-bank/admin.md": admin})
    assert "GM202" not in finding_codes(found), found


def test_the_record_of_one_incident_does_not_repeat_the_rule(tmp_path: Path) -> None:
    incident = ("# Troubleshooting\n\n## **Problem**: 404 errors for several API endpoints\n\n"
                "**Verification:**\n"
                "- All endpoints now return authentication errors instead of 404s\n")
    patterns = ("# Patterns\n\n## **API Route Configuration Pattern**\n\n**Pattern Rules**:\n"
                "1. **Testing**: Verify endpoints return auth errors, not 404s\n")
    found = repo_findings(tmp_path, {"memory-bank/troubleshooting.md": incident,
                                     "memory-bank/systemPatterns.md": patterns})
    assert "GM202" not in finding_codes(found), found


def test_a_rule_and_the_detail_beside_or_under_it_are_no_duplicate(tmp_path: Path) -> None:
    beside = ("# Summary\n\n## Environment\n\n"
              "- **ALWAYS use** `API_BASE_URL` with a production fallback\n"
              "- **Fallback order**: `API_BASE_URL` then `API_URL` then the production URL\n")
    nested = ("# Rules\n\n## Environment\n\n"
              "- **ALWAYS use** `API_BASE_URL` with a production fallback\n"
              "  - **Fallback order**: `API_BASE_URL` then `API_URL` then the production URL\n"
              "- Keep secrets out of the repository\n")
    found = repo_findings(tmp_path, {".cursor/rules/summary.md": beside})
    assert "GM202" not in finding_codes(found), found
    found = repo_findings(tmp_path / "nested", {".cursor/rules/rules.md": nested})
    assert "GM202" not in finding_codes(found), found


def test_a_verbatim_copy_is_a_duplicate_whatever_part_it_plays(tmp_path: Path) -> None:
    rules = "# API\n\n## API design\n\n- Use Redoc annotations for the API reference pages\n"
    checklist = ("# Checklist\n\n## Adding a new endpoint:\n\n"
                 "1. Use Redoc annotations for the API reference pages\n")
    found = repo_findings(tmp_path, {".cursor/rules/api.mdc": rules,
                                     "memory-bank/checklist.md": checklist})
    assert "GM201" in finding_codes(found), found


def test_a_modules_generic_entry_does_not_repeat_the_platforms_line(tmp_path: Path) -> None:
    chat = ("# Chat\n\n## 6. Technical Constraints & Decisions\n\n"
            "- Role-based access control and permission inheritance\n")
    tech = ("# Tech\n\n## **Authentication & Authorization**\n\n"
            "- **Role-Based Access**: Granular permissions based on user roles\n")
    found = repo_findings(tmp_path, {"memory-bank/chatProductContext.md": chat,
                                     "memory-bank/techContext.md": tech})
    assert "GM202" not in finding_codes(found), found


def test_an_entry_naming_its_tool_or_said_twice_in_one_file_is_compared(tmp_path: Path) -> None:
    architecture = ("# Architecture\n\n## Performance Optimization\n\n"
                    "- Selective subscriptions in Zustand stores\n")
    state = "# State\n\n## Performance\n\n1. Use selective subscriptions in Zustand\n"
    found = repo_findings(tmp_path, {"frontend/docs/architecture.md": architecture,
                                     "frontend/docs/state-management.md": state})
    assert "GM202" in finding_codes(found), found
    tech = ("# Tech\n\n## Constraints\n\n"
            "- Role-based access control and permission inheritance\n\n"
            "## **Authentication & Authorization**\n\n"
            "- **Role-Based Access**: Granular permissions based on user roles\n")
    found = repo_findings(tmp_path / "one", {"memory-bank/techContext.md": tech})
    assert "GM202" in finding_codes(found), found

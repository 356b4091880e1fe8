"""Claims are statements: labels, headings-in-disguise and version lines are structure, and
records of events (dated entries, task logs, progress notes) are not standing claims.

The cases are shaped after what public memory banks and rule files hold (paraphrased): a
changelog's "bug fixes" under every version, "**Examples**:" before every code block, bold
section titles as list items, "**Date Completed:** 2026-02-16" in every task record."""

from __future__ import annotations

import pytest

from gitmem.memory.claims import is_record, segment_claims
from gitmem.memory.statements import is_question
from gitmem.model import Claim


def texts(body: str, path: str = "memory-bank/systemPatterns.md") -> list[str]:
    return [c.text for c in segment_claims(path, body, 1)]


@pytest.mark.parametrize("body", [
    "Example:\n\n```sh\nmake test\n```\n",
    "**Examples**:\n",
    "- **Trading Strategy Implementation**\n  - Entries are placed at the open.\n",
    "- **Usage:**\n",
    "**Credibility recommendations:**\n",
    "- v1.4.0 (2025-03-02)\n",
    "- [2.0.1] - 2024-11-30\n",
    "$$P(X = 1) = c + (1 - c)$$\n",
    "- Work order management\n",
    "- Risk identification\n",
    "- `web/src/app/route.ts`\n",
    "- [designPatterns.md], [systemPatterns.md]\n",
    # a numbered bold sub-title on a line of its own (issue 17, 4th sample): not "**3." plus
    # "Live Data Refresh**"
    "**3. Live Data Refresh**\n- Entries reload when the trigger changes\n",
])
def test_labels_and_version_lines_are_not_claims(body: str) -> None:
    assert all(t.startswith("Entries") for t in texts(body))


@pytest.mark.parametrize("body, kept", [
    ("- **Never commit secrets.**\n", "**Never commit secrets.**"),
    ("- **Always use pnpm**\n", "**Always use pnpm**"),
    ("**Language:** Python 3.12\n", "**Language:** Python 3.12"),
    ("Note: run `make` first.\n", "Note: run `make` first."),
    ("- parent\n  - child\n", "parent"),
    ("- Deploy on Fridays\n", "Deploy on Fridays"),
    ("- Use connection pooling\n", "Use connection pooling"),
    ("- The entry is `src/app.py`\n", "The entry is `src/app.py`"),
])
def test_statements_stay_claims(body: str, kept: str) -> None:
    assert kept in texts(body)


def claim(text: str, section: str = "", path: str = "memory-bank/systemPatterns.md") -> Claim:
    return Claim(path, 1, text, "bullet", section)


@pytest.mark.parametrize("record", [
    claim("**Date Completed:** 2026-02-16"),
    claim("2026-02-07: switched the cache to Redis"),
    claim("Removed hardcoded price IDs in favour of environment variables only"),
    claim("Fixed the login redirect loop"),
    claim("❌ No payroll", section="Business Basic"),
    claim("✅ Clock in/out tracking", section="Enterprise"),
    claim("The importer handles CSV", section="2025-03-02 — Session notes"),
    claim("The importer handles CSV", section="Recent Changes"),
    claim("The importer handles CSV", section="v1.2.0"),
    claim("The importer handles CSV", path="memory-bank/progress.md"),
    claim("The importer handles CSV", path="memory-bank/journal/2025_03_02_refactor.md"),
    claim("The importer handles CSV", path="memory-bank/tasks/TASK-004.md"),
    claim("The importer handles CSV", path=".claude/memory/project_session_2026-03-15.md"),
    # an archive folder holds frozen history, however it is spelt
    claim("The importer handles CSV", path="memory/_archive/import-plan.md"),
    claim("The importer handles CSV", path="memory-bank/archived/import-plan.md"),
    claim("The importer handles CSV", path="docs/archives/2025/import-plan.md"),
    # a status field, a line that ends in what was done (issue 17, 4th sample's dev look)
    claim("**Status**: ✅ **READY** - every change deployed"),
    claim("Result: the nightly job finishes in 4 minutes"),
    claim("**No Queue Server**: needless moving parts removed"),
    claim("Legacy exporter and its flags deleted"),
    # a line of dates is a record; "Dates:" as the topic of a rule is not (below)
    claim("**Dates:** 2026-03-02 to 2026-03-06"),
    claim("Started on: the week of the launch"),
])
def test_records_of_events(record: Claim) -> None:
    assert is_record(record)


@pytest.mark.parametrize("standing", [
    claim("Never hardcode price IDs"),
    claim("Use environment variables for price IDs", section="Configuration"),
    claim("The importer handles CSV", section="System Patterns"),
    claim("Fixtures live in `tests/fixtures/`", path="CLAUDE.md"),
    claim("Logging goes to stderr", section="Logging"),
    claim("Never squash merges", path="memory/history-policy.md"),
    claim("Never squash merges", path="memory/archiving-policy.md"),
    claim("Never squash merges", path="memory/_architecture.md"),
    claim("**Statistics page**: charts of weekly totals"),
    claim("Files must be deleted"),
    claim("Temporary files are removed"),
    # a participle that ends a condition or a "get" passive states a rule (the benchmark's
    # planted duplicates "Delete feature branches after they are merged." / "Remove feature
    # branches once merged." went unreported in lint while `find_pairs` reported them)
    claim("Remove feature branches once merged."),
    claim("Notify the on-call channel when deployed"),
    claim("Once a week, on Monday, dependencies get updated."),
    # a terse rule whose topic is dates (the benchmark's planted duplicate "Dates: ISO 8601." /
    # "Always format dates according to the ISO 8601 standard." went unreported in lint)
    claim("Dates: ISO 8601."),
    claim("Datetime columns: UTC only."),
])
def test_standing_claims(standing: Claim) -> None:
    assert not is_record(standing)


# Frontmatter the agents accept (Claude Code documents `argument-hint: [pr-number] [priority]`
# and reads a description with a second `: ` as text; Copilot, Windsurf and Kiro write unquoted
# globs): not GM101 (docs/rules/GM101.md lists each shape).
@pytest.mark.parametrize("frontmatter, key, value", [
    ("argument-hint: [archive-or-table-id] <description>\n", "argument-hint",
     "[archive-or-table-id] <description>"),
    ("argument-hint: [pr-number] [priority] [assignee]\n", "argument-hint",
     "[pr-number] [priority] [assignee]"),
    ("description: Cover letters: city, format, length.\ntype: feedback\n", "description",
     "Cover letters: city, format, length."),
    ("title: Search & Scoring\ndescription: Session: gate, scoring.\n", "description",
     "Session: gate, scoring."),
    # Copilot's .github/instructions/*.instructions.md: an unquoted glob starts with `*`
    ("applyTo: **/*.ts, **/*.tsx\n", "applyTo", "**/*.ts, **/*.tsx"),
    # Windsurf rules: a trigger and unquoted globs
    ("trigger: glob\nglobs: *.ts\n", "globs", "*.ts"),
    # Kiro steering files
    ("inclusion: fileMatch\nfileMatchPattern: \"**/*.tsx\"\n", "fileMatchPattern", "**/*.tsx"),
    # Claude Code commands and skills: tool patterns with `:` and `*` inside parentheses
    ("allowed-tools: Bash(git add:*), Bash(git status:*)\n", "allowed-tools",
     "Bash(git add:*), Bash(git status:*)"),
])
def test_frontmatter_agents_accept_is_valid(frontmatter: str, key: str, value: str) -> None:
    from gitmem.memory.parse import parse_memory

    memory = parse_memory(".claude/memory/x.md", f"---\nname: x\n{frontmatter}---\n- Body.\n".encode())
    assert memory.problems == () or not memory.problems
    assert memory.meta[key] == value


def test_unclosed_flow_sequence_is_still_invalid() -> None:
    from gitmem.memory.parse import parse_memory

    memory = parse_memory("CLAUDE.md", b"---\ntags: [a, b\nname: x\n---\n- Body.\n")
    assert any("not valid YAML" in problem.message for problem in memory.problems)


@pytest.mark.parametrize(("text", "question"), [
    ("Does the output contain harmful content?", True),
    ("**Which cache does the API use?**", True),
    ("キャッシュは使いますか？", True),
    ("Why? The old cache lost writes, so use Redis.", False),
    ("Never ask the user 'are you sure?' twice.", False),
    ("Use `?` for optional fields.", False),
])
def test_a_question_is_no_statement(text: str, question: bool) -> None:
    assert is_question(text) is question

"""What the pair rules report on the shapes public memory banks are made of (issue 17's judged
sample, written again in our own words): only what a person would fix.

False alarms, each after a judged false finding: a feature list per pricing plan or per module
(the entry belongs to its heading), index entries and "See [x.md] for ..." pointers, two
sentences of one paragraph. Beside each, the true finding of the same shape stays reported.
"""

from __future__ import annotations

from pathlib import Path

from lintutil import finding_codes, repo_findings


PLANS = """# Plans

## Starter plan ($9/mo)
- No offline sync
- 3 boards, 2 seats

## Studio plan ($49/mo)
- 20 boards, 10 seats
"""

FEATURES = """# Features

## Sync
- Offline sync across phone and laptop
"""


def test_a_plan_that_lacks_a_feature_does_not_contradict_the_feature_list(
        tmp_path: Path) -> None:
    found = repo_findings(tmp_path, {"memory-bank/pricing.md": PLANS,
                                 "memory-bank/productContext.md": FEATURES})
    assert "GM211" not in finding_codes(found), found


def test_a_rule_against_the_feature_still_contradicts_it(tmp_path: Path) -> None:
    rules = "# Rules\n\n## Sync\n- Never use offline sync on the phone\n"
    sync = "# Sync\n\n## Phone\n- Use offline sync on the phone\n"
    found = repo_findings(tmp_path, {"memory-bank/systemPatterns.md": rules,
                                 "memory-bank/techContext.md": sync})
    assert "GM211" in finding_codes(found), found


def test_the_same_entry_under_two_modules_is_no_duplicate(tmp_path: Path) -> None:
    ideas = ("# Module ideas\n\n## Invoices module\n- Approval workflows\n- Version history\n\n"
             "## Expenses module\n- Approval workflows\n- Version history\n")
    found = repo_findings(tmp_path, {"memory-bank/moduleIdeas.md": ideas})
    assert not [f for f in found if str(f["code"]).startswith("GM20")], found


def test_the_same_rule_in_two_files_is_still_a_duplicate(tmp_path: Path) -> None:
    found = repo_findings(tmp_path, {
        "memory-bank/systemPatterns.md": "# Patterns\n\n## Tests\n- Run the linter before every push\n",
        "memory-bank/techContext.md": "# Tech\n\n## Tooling\n- Run the linter before every push\n",
    })
    assert "GM201" in finding_codes(found), found


def test_pointers_and_index_entries_are_not_compared(tmp_path: Path) -> None:
    pointer = "- See [schemaNotes.md](./schemaNotes.md) for the tables and their keys.\n"
    found = repo_findings(tmp_path, {
        "memory-bank/apiContext.md": "# API\n\n## Data\n" + pointer,
        "memory-bank/uiContext.md": "# UI\n\n## Data\n" + pointer,
        "memory-bank/schemaNotes.md": "# Schema\n\n- Tables use integer keys.\n",
        "memory-bank/index.md": "# Index\n\n- [Schema notes](schemaNotes.md) — tables use integer keys\n"
                                "- [[schema-notes]] — tables use integer keys\n"
                                "- Related: [[schema-notes]].\n",
        "memory-bank/uiNotes.md": "# UI notes\n\n- Related: [[schema-notes]].\n",
    })
    assert not [f for f in found if str(f["code"]).startswith("GM2")], found


def test_two_sentences_of_one_paragraph_do_not_contradict(tmp_path: Path) -> None:
    quote = ('> _"The fastest build is no build at all. The next fastest build is small and '
             'cached."_\n')
    found = repo_findings(tmp_path, {"CLAUDE.md": "# Style\n\n" + quote})
    assert "GM211" not in finding_codes(found), found


def test_instructions_under_two_headings_still_contradict(tmp_path: Path) -> None:
    found = repo_findings(tmp_path, {"memory-bank/testing.md": (
        "# Testing\n\n## Services\n- Mock HTTP requests and external dependencies\n\n"
        "## Mocking\n- Mock service functions rather than HTTP requests\n")})
    assert "GM211" in finding_codes(found), found


def test_japanese_lines_sharing_only_a_latin_word_are_no_duplicate(tmp_path: Path) -> None:
    found = repo_findings(tmp_path, {
        "memory-bank/activeContext.md": "# 現在\n\n- Slack の通知は毎朝九時に送ります。\n",
        "memory-bank/techContext.md": "# 技術\n\n- Slack のトークンは環境変数に保存します。\n",
    })
    assert not [f for f in found if str(f["code"]).startswith("GM20")], found


def test_the_same_japanese_line_in_two_files_is_a_duplicate(tmp_path: Path) -> None:
    line = "- Slack のトークンは環境変数に保存します。\n"
    found = repo_findings(tmp_path, {"memory-bank/activeContext.md": "# 現在\n\n" + line,
                                 "memory-bank/techContext.md": "# 技術\n\n" + line})
    assert "GM201" in finding_codes(found), found


def test_short_instructions_under_two_headings_are_still_compared(tmp_path: Path) -> None:
    found = repo_findings(tmp_path, {
        "memory-bank/systemPatterns.md": "# Patterns\n\n## Style\n- Indent Python code with tabs\n"
                                         "- Prefix private helpers with an underscore\n",
        "memory-bank/techContext.md": "# Tech\n\n## Formatting\n- Indent Python code with spaces\n"
                                      "\n## Naming\n- Prefix private helpers with an underscore\n",
    })
    assert {"GM201", "GM211"} <= set(finding_codes(found)), found


def test_a_sentence_copied_under_two_headings_is_still_a_duplicate(tmp_path: Path) -> None:
    line = "- Ask before adding a dependency.\n"
    found = repo_findings(tmp_path, {"AGENTS.md": "# Rules\n\n## Deps\n" + line,
                                 "CLAUDE.md": "# Notes\n\n## Packages\n" + line})
    assert "GM201" in finding_codes(found), found


def test_two_files_of_one_template_are_about_two_subjects(tmp_path: Path) -> None:
    # a memory bank's per-module context files fill the same headings with the same words
    goals = "# {m}\n\n## 3. Experience goals\n- Quiet, accessible and fast screens for every user.\n"
    found = repo_findings(tmp_path, {
        "memory-bank/inboxProductContext.md": goals.format(m="Inbox"),
        "memory-bank/calendarProductContext.md": goals.format(m="Calendar"),
        "services/export/CLAUDE.md": "# Export\n\n## Locking\n- Every job holds the shared lock.\n",
        "services/import/CLAUDE.md": "# Import\n\n## Locking\n- Every job holds the shared lock.\n",
    })
    assert not [f for f in found if str(f["code"]).startswith("GM2")], found


def test_one_projects_context_files_still_repeat_each_other(tmp_path: Path) -> None:
    line = "- Every job holds the shared lock before it writes.\n"
    found = repo_findings(tmp_path, {"memory-bank/activeContext.md": "# Active\n\n## Now\n" + line,
                                 "memory-bank/techContext.md": "# Tech\n\n## Jobs\n" + line,
                                 "CLAUDE.md": "# Rules\n\n" + line,
                                 "services/export/CLAUDE.md": "# Export\n\n" + line})
    assert len([f for f in found if f["code"] == "GM201"]) >= 1, found
    assert {"memory-bank/activeContext.md", "CLAUDE.md"} <= {
        str(p["path"]) for f in found if f["code"] == "GM201"
        for p in [f, *f["related"]]}, found


def test_reworded_entries_under_two_headings_of_one_file_are_no_duplicate(
        tmp_path: Path) -> None:
    ideas = ("# Module ideas\n\n## 12. Supplier module\n- Contract renewal reminders\n\n"
             "## 31. Agreements module\n- Renewal reminders and tracking\n")
    found = repo_findings(tmp_path, {"memory-bank/moduleIdeas.md": ideas})
    assert not [f for f in found if str(f["code"]).startswith("GM20")], found

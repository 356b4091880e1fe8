"""Duplicates (GM201) the alignment could not vouch for (issue 17, the judged-false GM201 of
all batches, written again in our own words), each beside the duplicate that stays.

- Two lines whose differing words are in a script gitmem does not tokenize (Cyrillic)
  looked alike but for "small words": the words that differ were never read. The same line
  written twice in that script is still a verbatim duplicate.
- "No skipping of stages" and "Return to the planning stage" share one word; their two
  denials ("no", "skip") cancel, but what is left on one side ("return to the planning") is
  content the other does not say. "Never disable the cache" / "Enable the cache" and "Never
  skip the hooks" / "Always run the hooks" still say one thing.
"""

from __future__ import annotations

from pathlib import Path

from lintutil import finding_codes, repo_findings

from gitmem.consistency.duplicates import score_duplicate


def test_lines_that_differ_in_unread_words_are_not_duplicates(tmp_path: Path) -> None:
    notes = ("# Project notes\n\n## Settings\n\n"
             "- `cache` - Настройки кэша для сборки проекта\n\n"
             "## Test markers\n\n"
             "- `cache` - Медленные тесты кэша\n")
    found = repo_findings(tmp_path, {"CLAUDE.md": notes})
    assert "GM201" not in finding_codes(found), found


def test_a_line_repeated_in_an_unread_script_is_still_a_duplicate(tmp_path: Path) -> None:
    line = "- `cache` - Настройки кэша для сборки проекта\n"
    found = repo_findings(tmp_path, {"CLAUDE.md": "# Notes\n\n## Settings\n\n" + line,
                                     "AGENTS.md": "# Agents\n\n## Build\n\n" + line})
    assert "GM201" in finding_codes(found), found


def test_two_questions_are_not_duplicates_for_sharing_no_read_word() -> None:
    score = score_duplicate("Is the retry budget documented?", "Is the cache size known?")
    assert score.score < 0.72, score


def test_cancelled_denials_leave_no_duplicate_when_one_side_says_more(tmp_path: Path) -> None:
    workflow = ("# Workflow\n\n## Rules\n\n- No skipping of stages\n\n"
                "## When a check fails\n\n1. Return to the planning stage.\n")
    found = repo_findings(tmp_path, {".github/instructions/workflow.instructions.md": workflow})
    assert "GM201" not in finding_codes(found), found
    assert score_duplicate("Next tasks", "Never skip any task.").score < 0.72


def test_cancelled_denials_with_nothing_added_are_still_one_statement() -> None:
    assert score_duplicate("Never disable the build cache", "Enable the build cache").score >= 0.86
    assert score_duplicate("Do not forget to run the linter", "Run the linter").score >= 0.86
    # a cancelled denial against a verb of doing the thing: one rule in two wordings
    assert score_duplicate("Never skip the pre-commit hooks.",
                           "Always run the pre-commit hooks.").score >= 0.86
    assert score_duplicate("Never skip the release checklist.",
                           "Always complete the release checklist.").score >= 0.86

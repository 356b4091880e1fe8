"""One list entry finishing the sentences of two lead-ins (issue 17, the judged-false GM201 of
all batches, written again in our own words): parallel rule pages each say "**FetchWorkers**
MUST NOT:" or "**StoreWorkers** MUST NOT:" and then list the same bans ("- read the wall
clock;"). Each entry finishes its own lead-in's sentence, so the two are rules about two
subjects. Still reported: the same entry under two lead-ins that say one thing, and the same
full sentence standing alone in two files."""

from __future__ import annotations

from pathlib import Path

from lintutil import repo_findings

BANS = ("- read the wall clock (`time.Now()`);\n- draw random numbers (`rand.*`);\n"
        "- read environment variables (`os.Getenv`);\n- open files on disk;\n"
        "- call the network in any form;\n- log at error level.\n")


def _page(subject: str, own: str) -> str:
    return (f"# {subject}\n\n## Purpose\n\n- {own}\n\n## Side effects\n\n"
            f"**{subject}** MUST NOT do any of the following:\n\n{BANS}")


def _gm201(findings: list[dict]) -> list[dict]:
    return [f for f in findings if f["code"] == "GM201"]


def test_one_ban_list_under_two_subjects_is_no_duplicate(tmp_path: Path) -> None:
    found = repo_findings(tmp_path, {
        ".cursor/rules/worker-fetch.mdc": _page("FetchWorkers", "Fetch one page per call"),
        ".cursor/rules/worker-store.mdc": _page("StoreWorkers", "Store one record per call"),
    })
    assert _gm201(found) == [], found


def test_the_same_entry_under_lead_ins_that_say_one_thing_is_a_duplicate(tmp_path: Path) -> None:
    found = repo_findings(tmp_path, {
        "CLAUDE.md": ("# Project\n\n## Commits\n\n**Each agent MUST:**\n\n"
                      "- run `make lint`;\n- stage only what it changed.\n"),
        "AGENTS.md": ("# Agents\n\n## Checks\n\n**Every agent MUST:**\n\n"
                      "- run `make lint`;\n- keep its branch rebased.\n"),
    })
    assert len(_gm201(found)) == 1, found


def test_the_same_entry_under_two_labels_is_a_duplicate(tmp_path: Path) -> None:
    entry = "- `src/routes/seed-tables.ts` - creates the tables by raw SQL\n"
    found = repo_findings(tmp_path, {
        "memory-bank/activeContext.md": ("# Active context\n\n## Seeding\n\n"
                                         "**Files created/modified**:\n" + entry),
        "memory-bank/deployment.md": "# Deployment\n\n## Seeding\n\n**Files created**:\n" + entry,
    })
    assert len(_gm201(found)) == 1, found


def test_the_same_sentence_alone_in_two_pages_is_a_duplicate(tmp_path: Path) -> None:
    rule = "Workers never read the wall clock directly."
    found = repo_findings(tmp_path, {
        ".cursor/rules/worker-fetch.mdc": f"# Fetch\n\n## Rules\n\n- {rule}\n",
        ".cursor/rules/worker-store.mdc": f"# Store\n\n## Rules\n\n- {rule}\n",
    })
    assert len(_gm201(found)) == 1, found


def test_an_entry_finishing_its_lead_in_is_read_with_it_against_a_line_alone(
        tmp_path: Path) -> None:
    # one side only finishes a lead-in: the helper SHOULD take a context, the other page says
    # its helpers never take one; read whole, the two say different things
    found = repo_findings(tmp_path, {
        ".cursor/rules/helper-compute.mdc": (
            "# Compute helpers\n\n## Logging\n\n"
            "**ComputeHelpers** that log their phases SHOULD:\n\n"
            "- take a `ctx context.Context`,\n- write into explicit `out` arguments,\n"
            "- and open one step scope for its phase logs.\n"),
        ".cursor/rules/helper-build.mdc": (
            "# Build helpers\n\n## Logging\n\n"
            "- **BuildHelpers** MUST NOT log (they never take a `ctx context.Context`).\n"),
    })
    assert _gm201(found) == [], found


def test_an_entry_whose_whole_sentence_says_the_line_alone_is_a_duplicate(
        tmp_path: Path) -> None:
    found = repo_findings(tmp_path, {
        ".cursor/rules/testing.mdc": ("# Testing\n\n## Before merging\n\nEvery change MUST:\n\n"
                                      "- run the integration tests with `make itest`;\n"
                                      "- keep the coverage report green.\n"),
        "CLAUDE.md": ("# Project\n\n## Checks\n\n"
                      "- Run the integration tests with `make itest`.\n"),
    })
    assert len(_gm201(found)) == 1, found

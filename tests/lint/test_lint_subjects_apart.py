"""GM211 and GM201 on lines that share a number or a word but no subject (round 13).

Batch 11's blind judges called every GM211 of an all-memory repository false; the causes
taken here are decided once, in the claim model and the tokenizer, each with the pair a person
would still act on:

- a file named with a compact timestamp (`20260402-0100-brief.md`) is a record a program wrote,
  as a file named with a dashed date already was: its lines are not standing claims;
- an amount alone ("24 hours" under a "Deadline" heading) names no subject of its own;
- two links to two items of one site ("...?id=1001" / "...?id=2002") name two things, not two
  values of one "id".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gitutil import make_repo
from lintutil import cli

# gitmem's own shape: a repository that is all memory, so every pair is compared
FRAME = {"MEMORY.md": "# Memory\n\n- [Notes](memory/notes.md)\n",
         "memory/notes.md": "# Notes\n\nThe staging database is rebuilt every night.\n"}
SHARED_HEADER = "Read this file before touching the code; the detail file holds each fix.\n"


def pairs(repo: Path, code: str) -> list[tuple[str, str]]:
    run = cli(repo, "lint", "--json")
    assert run.code in (0, 1), run.out + run.err
    return sorted((f["path"], f["related"][0]["path"]) for f in run.json()["findings"]
                  if f["code"] == code)


def brief(topic: str, hours: int) -> str:
    return (f"## Outreach brief\n\n**Topic:** {topic}\n\n### Reply window\n\n"
            f"Reply to the thread within {hours} hours of finding it.\n")


def test_two_timestamped_briefs_are_records_not_rules(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        "memory/briefs/20260301-0915-forum.md": brief("storage engines", 24),
        "memory/briefs/20260303-1740-forum.md": brief("storage engines", 48),
    })
    assert pairs(repo, "GM211") == []


def test_the_same_two_briefs_as_standing_notes_still_conflict(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        "memory/briefs/forum-replies.md": brief("storage engines", 24),
        "memory/briefs/forum-etiquette.md": brief("storage engines", 48),
    })
    assert pairs(repo, "GM211") == [("memory/briefs/forum-etiquette.md",
                                     "memory/briefs/forum-replies.md")]


def test_a_number_in_a_file_name_that_is_no_date_reads_as_before(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        "memory/briefs/20261399-forum.md": brief("storage engines", 24),
        "memory/briefs/1202603011-forum.md": brief("storage engines", 48),
    })
    assert len(pairs(repo, "GM211")) == 1


# two memories beside gitmem's frame, the code asked about, and the pairs it reports (each pair
# as its two files, sorted): a line that names no subject of its own is compared with nothing,
# and the same shape with its subject stated is compared as before
TWO_FILE_CASES = [
    pytest.param({"memory/outreach.md": "# Outreach\n\n### Deadline\n\n24 hours\n\n"
                                        "### Tone\n\nFriendly.\n",
                  "memory/launch.md": "# Launch\n\nYou're 1 hour away from being ready.\n"},
                 "GM211", [], id="an amount alone under its heading contradicts nothing"),
    pytest.param({"memory/outreach.md": "# Outreach\n\nAnswer every partner email "
                                        "within 24 hours.\n",
                  "memory/support.md": "# Support\n\nAnswer every partner email "
                                       "within 48 hours.\n"},
                 "GM211", [("memory/outreach.md", "memory/support.md")],
                 id="two amounts of one stated subject still conflict"),
    pytest.param({"memory/rules/database.md": "# Database\n\n" + SHARED_HEADER,
                  "memory/rules/frontend.md": "# Frontend\n\n" + SHARED_HEADER},
                 "GM201", [("memory/rules/database.md", "memory/rules/frontend.md")],
                 id="one line in two files is a duplicate"),
    pytest.param({"memory/techContext.md": "# Tech\n\n" + SHARED_HEADER,
                  "memory/productContext.md": "# Product\n\n" + SHARED_HEADER},
                 "GM201", [("memory/productContext.md", "memory/techContext.md")],
                 id="two aspects of one bank named alike are compared"),
    pytest.param({"memory/plans.md": "# Plans\n\n## Starter\n\n- No dashboards.\n\n"
                                     "## Team\n\nSame limits\n",
                  "memory/guide.md": "# Guide\n\nThe dashboard shows every plan.\n\n"
                                     "## Team\n\nNo limits.\n"},
                 "GM211", [], id="a two-word status contradicts no description"),
    pytest.param({"memory/forum.md": "# Post for one forum\n\nFeedback welcome.\n",
                  "memory/newsletter.md": "# Post for another\n\nFeedback welcome!\n"},
                 "GM201", [], id="a two-word status is no duplicate of another"),
    pytest.param({"memory/style.md": "# Style\n\nNo semicolons.\n",
                  "memory/lint.md": "# Lint\n\nAlways use semicolons.\n"},
                 "GM211", [("memory/lint.md", "memory/style.md")],
                 id="a two-word rule against a rule still conflicts"),
]


@pytest.mark.parametrize(("files", "code", "expected"), TWO_FILE_CASES)
def test_two_memories(tmp_path: Path, files: dict[str, str], code: str,
                      expected: list[tuple[str, str]]) -> None:
    repo = make_repo(tmp_path / "r", {**FRAME, **files})
    assert sorted(tuple(sorted(pair)) for pair in pairs(repo, code)) == expected


def test_links_to_two_items_of_one_site_are_two_things(tmp_path: Path) -> None:
    entry = "- [3 votes] Ask about caching https://forum.example.org/thread?id={}\n"
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        "memory/threads.md": "# Threads to answer\n\n" + entry.format(1001),
        "memory/queue.md": "# Queue\n\n" + entry.format(2002),
    })
    assert pairs(repo, "GM211") == []


def test_one_setting_with_two_values_beside_a_link_still_conflicts(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        "memory/sync.md": "# Sync\n\nThe sync job retries 3 times, see "
                          "https://wiki.example.org/sync?page=2\n",
        "memory/jobs.md": "# Jobs\n\nThe sync job retries 5 times, see "
                          "https://wiki.example.org/sync?page=2\n",
    })
    assert len(pairs(repo, "GM211")) == 1



def test_files_named_alike_but_for_one_word_are_still_compared(tmp_path: Path) -> None:
    # Claude Code's auto memory names files by kind and topic (feedback_git.md,
    # feedback_review.md), and many memories number their notes (api-1984.md, api-6884.md):
    # a name shared but for one word is no sign that two files are about different things
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        "memory/feedback_git.md": "# Git\n\nAlways squash commits when merging a pull request.\n",
        "memory/feedback_review.md": "# Review\n\nNever squash commits when merging a "
                                     "pull request.\n",
        "memory/api/api-1984.md": "# Search\n\nThe search service uses Elasticsearch.\n",
        "memory/api/api-6884.md": "# Search\n\nThe search service uses OpenSearch, "
                                  "not Elasticsearch.\n",
    })
    assert pairs(repo, "GM211") == [("memory/api/api-1984.md", "memory/api/api-6884.md"),
                                     ("memory/feedback_git.md", "memory/feedback_review.md")]

def test_one_identifier_twice_in_a_file_is_still_a_duplicate(tmp_path: Path) -> None:
    notes = ("# Storage move\n\n## Before\n\n- Bucket: `media-store-4721`\n\n"
             "## After\n\n- Bucket: media-store-4721\n")
    repo = make_repo(tmp_path / "r", {**FRAME, "memory/storage-move.md": notes})
    assert len(pairs(repo, "GM201")) == 1

"""One line in the same slot of two entries of one pattern (issue 17, judged-false GM201 of
batches 8, 12, 13, 14 and 17, written again in our own words), each beside the duplicate that
stays.

- A known-issues file gives each issue its **Status:**, **Symptoms:** and **Workarounds:**; two
  issues share a workaround. Rule pages of one outline, one per kind of job, each forbid the
  same thing under the same heading. Each entry says it of its own subject.
- Still reported: two entries that are mostly one copy, the same sentence under two headings
  in no labelled slot, two files of one title, and two files whose outlines barely meet.
"""

from __future__ import annotations

from pathlib import Path

from lintutil import repo_findings

SHARED = "Switch to the batch importer until this is fixed"


def _gm201(findings: list[dict]) -> list[dict]:
    return [f for f in findings if f["code"] == "GM201"]


def _issue(title: str, status: str, symptom: str, workaround: str, extra: str) -> str:
    return (f"## {title}\n\n**Status:** {status}\n\n**Symptoms:**\n- {symptom}\n\n"
            f"**Workarounds:**\n- {workaround}\n- {extra}\n\n")


def _known_issues(second_symptom: str = "Uploads over two gigabytes stall at ninety percent",
                  second_extra: str = "Split the archive into parts before uploading") -> str:
    return ("# Known issues\n\n"
            + _issue("Importer drops rows with emoji", "open, seen in release 4",
                     "Rows whose name holds an emoji are missing after an import", SHARED,
                     "Strip emoji from names before the import")
            + _issue("Large uploads stall", "open, since the storage move", second_symptom,
                     SHARED, second_extra))


def test_one_workaround_under_two_issues_of_one_pattern_is_no_duplicate(tmp_path: Path) -> None:
    found = repo_findings(tmp_path, {"memory/known-issues.md": _known_issues()})
    assert _gm201(found) == [], found


def test_two_entries_that_are_mostly_one_copy_are_still_duplicates(tmp_path: Path) -> None:
    text = _known_issues(second_symptom="Rows whose name holds an emoji are missing after an "
                         "import", second_extra="Strip emoji from names before the import")
    found = _gm201(repo_findings(tmp_path, {"memory/known-issues.md": text}))
    assert found, found


def test_a_sentence_in_no_labelled_slot_under_two_headings_is_still_a_duplicate(
        tmp_path: Path) -> None:
    text = ("# Known issues\n\n## Importer drops rows\n\n**Status:** open\n\n"
            f"{SHARED}.\n\n**Owner:** data team\n\n"
            "## Large uploads stall\n\n**Status:** closed\n\n"
            f"{SHARED}.\n\n**Owner:** storage team\n")
    found = _gm201(repo_findings(tmp_path, {"memory/known-issues.md": text}))
    assert found, found


RULE = "Never write to the shared cache from inside a retry loop"


def _job_page(kind: str, rule: str, own: list[str], title: str | None = None) -> str:
    lines = "".join(f"- {line}\n" for line in own)
    return (f"# {title or kind.title() + ' jobs'}\n\n## Purpose\n\n"
            f"A {kind} job does one step of the nightly run.\n\n"
            f"## Must not\n\n{lines}- {rule}\n\n"
            f"## Naming\n\n- Name each {kind} job after the table it fills\n\n"
            f"## Testing\n\n- Test each {kind} job against a copy of last night's data\n")


PAGES = {
    "export": ["Open a second database connection", "Send mail to customers"],
    "cleanup": ["Delete rows younger than a week", "Touch the audit tables"],
}


def test_one_rule_under_one_heading_of_two_pages_of_one_outline_is_no_duplicate(
        tmp_path: Path) -> None:
    files = {f".cursor/rules/jobs-{kind}.mdc": _job_page(kind, RULE, own)
             for kind, own in PAGES.items()}
    found = repo_findings(tmp_path, files)
    assert _gm201(found) == [], found


def test_two_pages_of_one_title_are_still_duplicates(tmp_path: Path) -> None:
    files = {f".cursor/rules/jobs-{kind}.mdc": _job_page(kind, RULE, own, title="Nightly jobs")
             for kind, own in PAGES.items()}
    found = _gm201(repo_findings(tmp_path, files))
    assert found, found


def test_two_pages_whose_outlines_barely_meet_are_still_duplicates(tmp_path: Path) -> None:
    files = {".cursor/rules/jobs-export.mdc": _job_page("export", RULE, PAGES["export"]),
             ".cursor/rules/caching.mdc": (
                 "# Caching\n\n## Must not\n\n- Cache a response that carries a session\n"
                 f"- {RULE}\n\n## Eviction\n\n- Evict the oldest entry first\n")}
    found = _gm201(repo_findings(tmp_path, files))
    assert found, found

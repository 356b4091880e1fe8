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


def _service(name: str, purpose: str, release: list[str]) -> str:
    steps = "".join(f"- {line}\n" for line in release)
    return (f"# {name}\n\n## Purpose\n\n- {purpose}\n\n## Release\n\n{steps}\n"
            f"## Monitoring\n\n- Watch the {name.lower()} dashboard after a change\n")


def test_a_section_copied_with_light_rewording_is_still_a_duplicate(tmp_path: Path) -> None:
    # only one line is word for word the same; the other three are reworded a little, so the
    # two Release sections are one copy, not two entries each saying its own
    first = ["Tag the release from the main branch after review",
             "Warm the caches before you switch the traffic over",
             "Tell the support team in their channel before each release",
             "Switch the traffic back when the smoke checks fail twice"]
    second = ["Tag the release from the main branch after review",
              "Warm the caches before switching the traffic over",
              "Tell the support team in their channel before every release",
              "Switch the traffic back if the smoke checks fail two times"]
    files = {"memory/billing.md": _service("Billing", "Billing sends the monthly invoices", first),
             "memory/search.md": _service("Search", "Search indexes the product pages", second)}
    found = _gm201(repo_findings(tmp_path, files))
    lines = {f["line"] for f in found if f["path"] == "memory/billing.md"}
    assert {9, 10, 11} <= lines, found


def _team_page(title: str, about: str, own_rule: str, shared: str) -> str:
    return (f"# {title}\n\n## Context\n\n{about}\n\n{shared}\n\n"
            f"## Conventions\n\n- {own_rule}\n\n## Review\n\n- Ask the {title} owners to review\n")


def test_a_fact_or_a_value_under_one_heading_of_two_pages_of_one_outline_is_still_reported(
        tmp_path: Path) -> None:
    fact = "The shared message broker is RabbitMQ 3.12, listening on port 5673 inside the VPN."
    files = {".cursor/rules/mobile.mdc": _team_page(
                 "Mobile", "The mobile app is written in Kotlin for phones.",
                 "Keep screens free of network calls", fact),
             ".cursor/rules/payments.mdc": _team_page(
                 "Payments", "The payments service settles card charges each night.",
                 "Keep amounts in integer cents", fact)}
    found = _gm201(repo_findings(tmp_path, files))
    assert any("RabbitMQ" in f["message"] for f in found), found


def test_an_instruction_with_a_command_under_one_heading_of_two_pages_is_still_reported(
        tmp_path: Path) -> None:
    rule = "Run `npm run check` before opening a pull request"
    files = {f".cursor/rules/jobs-{kind}.mdc": _job_page(kind, rule, own)
             for kind, own in PAGES.items()}
    found = _gm201(repo_findings(tmp_path, files))
    assert any("npm run check" in f["message"] for f in found), found


def test_a_heading_with_a_long_run_of_spaces_is_read_in_linear_time() -> None:
    import resource

    from gitmem.consistency.templates import _HEADING, _heading_text

    line = "# a" + " " * 20_000 + "b"
    before = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    match = _HEADING.match(line)
    assert match is not None and _heading_text(match.group(2)).endswith("b")
    assert _heading_text("Setup ##") == "Setup" and _heading_text("C#") == "C#"
    assert resource.getrusage(resource.RUSAGE_SELF).ru_utime - before < 0.5


def test_many_pairs_between_two_large_entries_read_each_entry_once() -> None:
    import resource

    from gitmem.consistency.templates import TemplateSlots
    from gitmem.memory.parse import parse_memory

    shared = [f"Check the backup number {i} of the night" for i in range(300)]

    def entry(title: str, tag: str) -> str:
        own = [f"Write the {tag} note number {i} for the log" for i in range(900)]
        return (f"## {title}\n\n**Status:** open\n\n**Owner:** {tag}\n\n**Steps:**\n"
                + "".join(f"- {line}\n" for line in shared + own) + "\n")

    memory = parse_memory("memory/big.md", ("# Big\n\n" + entry("Imports fail", "red")
                                            + entry("Uploads stall", "blue")).encode())
    by_text: dict[str, list] = {}
    for claim in memory.claims:
        by_text.setdefault(claim.text, []).append(claim)
    pairs = [claims[:2] for claims in by_text.values() if len(claims) == 2]
    assert len(pairs) >= 300
    slots = TemplateSlots([memory])
    before = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    for _ in range(5):
        for a, b in pairs:
            slots.same_slot(a, b)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_utime - before < 1.0

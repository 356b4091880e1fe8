"""Pair rules on three more shapes of public memory banks (issue 17, judged in the 4th round,
written again in our own words): a template field filled in under each heading, entries that
each name their own endpoint or function first, and a status field. Beside each false alarm,
the true finding of the same shape stays reported.
"""

from __future__ import annotations

from pathlib import Path

from gitutil import make_repo
from lintutil import cli


def _pair_codes(tmp_path: Path, files: dict[str, str]) -> list[str]:
    repo = make_repo(tmp_path / "r", files)
    run = cli(repo, "lint", "--json", "--select", "GM2")  # GM202 included beside code
    assert run.code in (0, 1), run.out + run.err
    return sorted(str(f["code"]) for f in run.json()["findings"]
                  if str(f["code"]).startswith("GM2"))


def test_one_template_field_under_two_headings_is_no_duplicate(tmp_path: Path) -> None:
    rollback = ("# Rollback\n\n## Database rollback\n- **Owner**: the on-call engineer\n"
                "- Restore the nightly snapshot\n\n## Web rollback\n"
                "- **Owner**: the on-call engineer\n- Redeploy the previous image\n")
    regions = "# Storage\n\n## Buckets\n- Region: `eu-west-2`\n"
    build = "# Build\n\n## Runners\n- **Region**: `eu-west-2`\n"
    found = _pair_codes(tmp_path, {"memory-bank/rollback.md": rollback,
                                   "memory-bank/storage.md": regions,
                                   "memory-bank/build.md": build})
    assert found == [], found


def test_a_fact_behind_another_label_is_still_a_duplicate(tmp_path: Path) -> None:
    found = _pair_codes(tmp_path, {
        "memory-bank/techContext.md": "# Tech\n\n## Stack\n- **Auth**: sessions signed with HMAC keys\n",
        "memory-bank/projectbrief.md": "# Brief\n\n## Platform\n- **Auth**: sessions signed with HMAC keys\n",
    })
    assert "GM201" in found, found


def test_entries_that_each_name_their_own_endpoint_are_no_duplicate(tmp_path: Path) -> None:
    api = ("# API\n\n## Endpoints\n- `GET /api/boards` — list the boards of a team\n"
           "- `GET /api/boards/:id/cards` — list the cards of a board\n"
           "- `load_tokens()`: reads the saved token map from the bucket\n"
           "- `save_tokens()`: writes the saved token map to the bucket\n")
    found = _pair_codes(tmp_path, {"memory-bank/apiDocumentation.md": api})
    assert found == [], found


def test_one_endpoint_described_twice_is_still_a_duplicate(tmp_path: Path) -> None:
    found = _pair_codes(tmp_path, {
        "memory-bank/apiDocumentation.md": "# API\n\n## Boards\n- `GET /api/boards` — lists the boards of a team\n",
        "memory-bank/systemPatterns.md": "# Patterns\n\n## Routes\n- `GET /api/boards` — lists the boards of a team\n",
    })
    assert "GM201" in found, found


def test_status_fields_of_two_features_are_no_duplicate(tmp_path: Path) -> None:
    patterns = ("# Patterns\n\n## Theme system\n- **Status**: **PRODUCTION READY** - complete "
                "theme system shipped\n\n## Audit trail\n- **Status**: **PRODUCTION READY** - "
                "complete audit trail shipped\n")
    found = _pair_codes(tmp_path, {"memory-bank/systemPatterns.md": patterns})
    assert found == [], found


def test_a_section_each_bank_file_fills_with_its_own_subject_is_no_duplicate(
        tmp_path: Path) -> None:
    section = "## Cross-references\n- Each large module should have its own {} notes, kept beside it.\n"
    found = _pair_codes(tmp_path, {
        "memory-bank/compliance.md": "# Compliance\n\n" + section.format("compliance"),
        "memory-bank/databaseContext.md": "# Database\n\n" + section.format("database context"),
        "memory-bank/apiDocumentation.md": "# API\n\n" + section.format("API documentation"),
    })
    assert found == [], found


def test_the_same_section_line_in_two_bank_files_is_still_a_duplicate(tmp_path: Path) -> None:
    section = "## Cross-references\n- Each large module should have its own notes, kept beside it.\n"
    found = _pair_codes(tmp_path, {
        "memory-bank/compliance.md": "# Compliance\n\n" + section,
        "memory-bank/databaseContext.md": "# Database\n\n" + section,
    })
    assert "GM201" in found, found

"""Each folder's own inventory (issue 17, judged-false GM201 of batch 18, written again in our
own words): a monorepo keeps an agent file in each folder, and each lists what its own folder
holds or uses, an item in a code span and a few words after a dash or a colon. The same entry in
the root's file and a package's file, or in two sibling packages' files, is each folder's own
listing, not a duplicate. Still reported: the entry twice in one file, in two files of one
folder, in two files of a memory bank, and a rule repeated across nested files.
"""

from __future__ import annotations

from pathlib import Path

from lintutil import repo_findings

from gitmem.consistency.inventories import inventory_entry

ENTRY = "`pydantic` - Data validation for request bodies"


def _gm201(findings: list[dict]) -> list[dict]:
    return [f for f in findings if f["code"] == "GM201"]


def _folder_file(name: str, entry: str, own: str, rule: str = "", deep: bool = False) -> str:
    """An agent file of one folder; `deep`, one written to another outline."""
    rules = f"- {rule}\n" if rule else ""
    heads = ("What lives here", "Libraries", "Conventions") if deep else (
        "Purpose", "Dependencies", "Rules")
    return (f"# {name}\n\n## {heads[0]}\n\n- {own}\n\n## {heads[1]}\n\n- {entry}\n"
            f"- `{name.lower()}-client` - Talks to the {name.lower()} service\n\n"
            f"## {heads[2]}\n\n{rules}- Keep the {name.lower()} folder free of generated files\n")


def test_the_root_and_a_package_each_listing_one_dependency_is_no_duplicate(
        tmp_path: Path) -> None:
    found = repo_findings(tmp_path, {
        "AGENTS.md": _folder_file("Shop", ENTRY, "The shop is three packages and one app"),
        "packages/a/AGENTS.md": _folder_file("Billing", ENTRY, "Billing turns orders into bills",
                                             deep=True),
    })
    assert _gm201(found) == [], found


def test_two_sibling_packages_listing_one_dependency_is_no_duplicate(tmp_path: Path) -> None:
    found = repo_findings(tmp_path, {
        "packages/a/AGENTS.md": _folder_file("Billing", ENTRY, "Billing turns orders into bills"),
        "packages/b/CLAUDE.md": _folder_file("Search", ENTRY, "Search indexes the catalogue",
                                             deep=True),
    })
    assert _gm201(found) == [], found


def test_one_entry_twice_in_one_file_is_still_a_duplicate(tmp_path: Path) -> None:
    text = _folder_file("Shop", ENTRY, "The shop is three packages and one app") + (
        "\n## Frontend dependencies\n\n- " + ENTRY + "\n- `charts` - Draws the sales graphs\n")
    found = _gm201(repo_findings(tmp_path, {"AGENTS.md": text}))
    assert found, found


def test_one_entry_in_two_files_of_one_folder_is_still_a_duplicate(tmp_path: Path) -> None:
    found = _gm201(repo_findings(tmp_path, {
        "AGENTS.md": _folder_file("Shop", ENTRY, "The shop is three packages and one app"),
        "CLAUDE.md": _folder_file("Store", ENTRY, "Orders are paid before they ship",
                                  deep=True),
    }))
    assert found, found


def test_one_entry_in_two_files_of_a_memory_bank_is_still_a_duplicate(tmp_path: Path) -> None:
    found = _gm201(repo_findings(tmp_path, {
        "memory-bank/techContext.md": _folder_file("Tech", ENTRY, "The stack is typed Python"),
        "memory-bank/systemPatterns.md": _folder_file("Patterns", ENTRY,
                                                      "Every service owns its tables",
                                                      deep=True),
    }))
    assert found, found


def test_a_rule_repeated_in_nested_folder_files_is_still_a_duplicate(tmp_path: Path) -> None:
    rule = "**Tests first**: Write the failing component test before the component"
    found = _gm201(repo_findings(tmp_path, {
        "apps/web/AGENTS.md": _folder_file("Web", "`forms` - Form state", "The web app",
                                           rule),
        "apps/web/src/AGENTS.md": _folder_file("Source", "`router` - Page routing",
                                               "The web app's source", rule, deep=True),
    }))
    assert found, found


def test_what_reads_as_an_inventory_entry() -> None:
    assert inventory_entry("`zod`: Schema validation")
    assert inventory_entry("**`src/pay.ts`** - Payment configuration")
    assert inventory_entry("`DELETE /api/items/:id` — Delete one item")
    assert not inventory_entry("**Tests first**: Write the failing test first")
    assert not inventory_entry("Use `zod` for every request body")
    assert not inventory_entry("`notes.md` - " + "a long description that goes on " * 3)

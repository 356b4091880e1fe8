"""Each folder's own inventory (issue 17, judged-false GM201 of batch 18, written again in our
own words): a monorepo keeps an agent file in each folder, and each lists what its own folder
holds or uses, an item in a code span (or a bold label) and a few words after a dash or a
colon. The same entry in
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


def test_what_reads_as_an_entry_under_a_bold_label() -> None:
    assert inventory_entry("**Framework**: Flask 3.0")
    assert inventory_entry("**Lint:** `uv run ruff check`")
    assert inventory_entry("**Search** - Full-text index over the catalogue")
    assert not inventory_entry("**Note:** No login is needed, every page is public")
    assert not inventory_entry("**Imports** - Import helpers from the shared package")
    assert not inventory_entry("**Layout**: Pages must stay under the routes folder")
    assert not inventory_entry("**Auth**: no tokens in the browser")


def test_the_root_and_a_package_naming_one_stack_under_a_label_is_no_duplicate(
        tmp_path: Path) -> None:
    found = repo_findings(tmp_path, {
        "apps/AGENTS.md": _folder_file("Apps", "**Database**: Postgres through the Drizzle ORM",
                                       "The apps folder holds the api and the web app"),
        "apps/api/AGENTS.md": _folder_file("Api", "**Database**: Postgres through the Drizzle ORM",
                                           "The api serves the shop's orders", deep=True),
    })
    assert _gm201(found) == [], found


def test_a_labelled_rule_repeated_in_nested_folder_files_is_still_a_duplicate(
        tmp_path: Path) -> None:
    rule = "**Layout**: Pages must stay under the routes folder"
    found = _gm201(repo_findings(tmp_path, {
        "apps/AGENTS.md": _folder_file("Apps", "`forms` - Form state", "The apps folder", rule),
        "apps/web/AGENTS.md": _folder_file("Web", "`router` - Page routing", "The web app", rule,
                                           deep=True),
    }))
    assert found, found


def test_a_label_that_is_itself_a_rule_is_no_inventory_entry() -> None:
    # The label states the rule and the words after it say what the rule is about: a rule
    # repeated, not an item the folder has. A command list's verb label before the command
    # itself is still an entry.
    assert not inventory_entry("**Avoid**: wildcard imports in the shared helpers")
    assert not inventory_entry("**Prohibited**: force pushes to the main branch")
    assert not inventory_entry("**Never touch**: `db/migrations/`")
    assert not inventory_entry("**Must**: full branch coverage")
    assert not inventory_entry("**Don't**: print secrets")
    assert not inventory_entry("**Banned**: the moment library")
    assert not inventory_entry("**Commit**: small focused changes")
    assert inventory_entry("**Deploy**: `make ship`")
    assert inventory_entry("**Testing**: Pytest with the xdist plugin")


def test_a_rule_under_a_rule_label_repeated_in_nested_folder_files_is_a_duplicate(
        tmp_path: Path) -> None:
    # The apps folder and its web app both forbid the same thing under a bold "Avoid" label:
    # the web app's file repeats its parent's rule, which an agent in the web folder reads
    # twice.
    rule = "**Avoid**: wildcard imports in the shared helpers"
    found = _gm201(repo_findings(tmp_path, {
        "apps/AGENTS.md": _folder_file("Apps", "`forms` - Form state", "The apps folder", rule),
        "apps/web/AGENTS.md": _folder_file("Web", "`router` - Page routing", "The web app", rule,
                                           deep=True),
    }))
    assert [f["path"] for f in found] == ["apps/AGENTS.md"], found

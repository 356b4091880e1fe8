"""Lines that show the way to a file, repeated in each file that needs them (issue 17, the
judged-false GM201 of all batches, written again in our own words), each beside the duplicate
that stays.

- Scoped CLAUDE.md files each keep a "Files to Reference" / "Key Files" list; the same path
  in two such lists is two maps naming one place, not a fact kept twice.
- Parallel rule pages each end a section with "See the shared retry rules in `retry.mdc`.";
  scoped AGENTS.md files each open with "For the shared conventions see the root
  [AGENTS.md](../AGENTS.md).": a signpost in each file that needs it.
- Still reported: the same path line under a heading that is no list of where to look ("Layout"),
  a rule under a key-files heading that names a path ("Never edit `src/generated/` by hand"),
  the same signpost twice in one file, and a rule that merely mentions a file.
"""

from __future__ import annotations

from pathlib import Path

from lintutil import repo_findings


def _gm201(findings: list[dict]) -> list[dict]:
    return [f for f in findings if f["code"] == "GM201"]


def test_a_path_in_two_files_to_reference_lists_is_no_duplicate(tmp_path: Path) -> None:
    web = ("# Web app\n\n## Stores\n\n- Keep one store per feature\n\n## Files to Reference\n\n"
           "- Router setup: `src/routes.tsx`\n- Common types: `libs/common/src/types/`\n")
    hooks = ("# Hooks\n\n## Naming\n\n- Prefix every hook with `use`\n\n## Key Files\n\n"
             "- Query client: `src/lib/query.ts`\n- Common types: `libs/common/src/types/`\n")
    found = repo_findings(tmp_path, {"apps/web/CLAUDE.md": web,
                                     "apps/web/src/hooks/CLAUDE.md": hooks})
    assert _gm201(found) == [], found


def test_a_rule_under_two_key_files_headings_is_still_a_duplicate(tmp_path: Path) -> None:
    rule = "- Never edit `src/generated/` by hand; run the code generator to refresh it.\n"
    web = "# Web app\n\n## Key Files\n\n- Router setup: `src/routes.tsx`\n" + rule
    api = "# API\n\n## Files to Reference\n\n- Server entry: `src/server.ts`\n" + rule
    found = repo_findings(tmp_path, {"memory/web.md": web, "memory/api.md": api})
    assert len(_gm201(found)) == 1, found


def test_a_path_line_under_another_heading_is_still_a_duplicate(tmp_path: Path) -> None:
    notes = "# Notes\n\n## Layout\n\n- Common types: `libs/common/src/types/`\n"
    index = "# Index\n\n## Current layout\n\n- Common types: `libs/common/src/types/`\n"
    found = repo_findings(tmp_path, {"docs/NOTES.md": notes, "docs/INDEX.md": index})
    assert len(_gm201(found)) == 1, found


def test_a_signpost_in_each_scoped_guide_is_no_duplicate(tmp_path: Path) -> None:
    header = "For the shared conventions see the root [AGENTS.md](../../AGENTS.md).\n"
    files = {f"pkg/{name}/AGENTS.md": f"# {name}\n\n{header}\n## Rules\n\n- {rule}\n"
             for name, rule in (("api", "Return problem+json on every error"),
                                ("worker", "Ack a job only after it is stored"))}
    retry = "See the shared retry rules in `retry-common.mdc`."
    files[".cursor/rules/retry-fetch.mdc"] = (
        f"# Fetch\n\n## Errors\n\n- Wrap each fetch error once\n- {retry}\n")
    files[".cursor/rules/retry-store.mdc"] = (
        f"# Store\n\n## Errors\n\n- Log a failed write once\n- {retry}\n")
    found = repo_findings(tmp_path, files)
    assert _gm201(found) == [], found


def test_a_signpost_twice_in_one_file_and_a_rule_naming_a_file_stay(tmp_path: Path) -> None:
    retry = "See the shared retry rules in `retry-common.mdc`."
    rule = "Run `scripts/check.sh` before every commit."
    files = {".cursor/rules/retry-fetch.mdc": (f"# Fetch\n\n## Errors\n\n- {retry}\n\n"
                                              f"## Timeouts\n\n- {retry}\n"),
             "CLAUDE.md": f"# Project\n\n## Workflow\n\n- {rule}\n",
             "AGENTS.md": f"# Agents\n\n## Checks\n\n- {rule}\n"}
    found = repo_findings(tmp_path, files)
    assert len(_gm201(found)) == 2, found


def test_a_bare_relative_path_signpost_in_each_folder_is_no_duplicate(tmp_path: Path) -> None:
    files = {}
    for folder, up in (("project/events", "../../"), ("project/issues", "../../"),
                       ("project", "../")):
        name = folder.rpartition("/")[2]
        files[f"{folder}/AGENTS.md"] = (
            f"# {name}\n\n## Rules\n\n- Keep the {name} handlers free of network calls\n\n"
            f"See {up}AGENTS.md and {up}CONTRIBUTING.md for the required process.\n")
    found = repo_findings(tmp_path, files)
    assert _gm201(found) == [], found


def test_a_rule_with_a_bare_path_is_still_a_duplicate(tmp_path: Path) -> None:
    rule = "Run scripts/check.sh before every commit, and fix what it reports."
    files = {"memory/workflow.md": f"# Workflow\n\n## Checks\n\n- {rule}\n",
             "memory/review.md": f"# Review\n\n## Before review\n\n- {rule}\n"}
    found = repo_findings(tmp_path, files)
    assert len(_gm201(found)) == 1, found

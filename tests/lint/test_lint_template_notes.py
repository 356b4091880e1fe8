"""A template's note in each file begun from it (issue 17, judged-false GM201 of batches 11 and
16, written again in our own words), each beside the duplicate that stays.

- Per-topic learnings files each open, under their title, with the same banner ("Reviewed
  entries only; agents put drafts in `notes/drafts/`."); per-area pages each close, after a
  rule line, with the same review stamp: the frame of each file, set by its template.
- Still reported: the same banner in only two files (a copy kept by hand), the same line in
  the body of three files, a banner line repeated in a third file's body, and a file with no
  heading at all (it has no frame: its lines are its content).
"""

from __future__ import annotations

from pathlib import Path

from lintutil import repo_findings

BANNER = "Reviewed entries only; agents put drafts in `notes/drafts/`."
RULES = {"backend": "Run migrations before the API starts",
         "frontend": "Keep one store per feature",
         "billing": "Round amounts only when they are shown",
         "search": "Rebuild the index after a schema change"}


def _gm201(findings: list[dict]) -> list[dict]:
    return [f for f in findings if f["code"] == "GM201"]


def _learnings(names: list[str], banner: str = BANNER) -> dict[str, str]:
    return {f"memory/learnings/{name}.md":
            f"# Learnings: {name}\n\n> {banner}\n\n## Entries\n\n- {RULES[name]}\n"
            for name in names}


def test_a_banner_under_the_title_of_three_files_is_no_duplicate(tmp_path: Path) -> None:
    found = repo_findings(tmp_path, _learnings(["backend", "frontend", "billing", "search"]))
    assert _gm201(found) == [], found


def test_a_footer_after_the_closing_rule_of_three_files_is_no_duplicate(tmp_path: Path) -> None:
    stamp = "_Reviewed by the platform team on 2026-03-02._"
    files = {f"memory/{name}.md": f"# {name}\n\n## Rules\n\n- {rule}\n\n---\n{stamp}\n"
             for name, rule in RULES.items() if name != "search"}
    found = repo_findings(tmp_path, files)
    assert _gm201(found) == [], found


def test_the_same_banner_in_two_files_is_still_a_duplicate(tmp_path: Path) -> None:
    found = repo_findings(tmp_path, _learnings(["backend", "frontend"]))
    assert len(_gm201(found)) == 1, found


def test_the_same_line_in_the_body_of_three_files_is_still_a_duplicate(tmp_path: Path) -> None:
    files = {f"memory/{name}.md": f"# {name}\n\nShared notes for {name}.\n\n## Rules\n\n"
             f"- {rule}\n- Never log a customer's card number\n"
             for name, rule in RULES.items() if name != "search"}
    found = repo_findings(tmp_path, files)
    assert len(_gm201(found)) == 1, found


def test_a_banner_line_repeated_in_another_files_body_is_still_reported(
        tmp_path: Path) -> None:
    files = _learnings(["backend", "frontend", "billing"])
    files["memory/process.md"] = f"# Process\n\n## Review\n\n- {BANNER}\n"
    found = _gm201(repo_findings(tmp_path, files))
    assert len(found) == 1, found
    assert "memory/process.md" in found[0]["path"] + repr(found[0].get("related")), found


def test_files_without_headings_have_no_frame(tmp_path: Path) -> None:
    files = {f"memory/{name}.md": f"{BANNER}\n\n{rule}.\n" for name, rule in RULES.items()}
    found = repo_findings(tmp_path, files)
    assert len(_gm201(found)) == 1, found


def test_a_copied_file_still_counts_its_banner(tmp_path: Path) -> None:
    files = _learnings(["backend", "frontend", "billing"])
    body = "".join(f"- {rule} in the worker\n" for rule in RULES.values())
    files["memory/learnings/backend.md"] = (
        f"# Learnings: backend\n\n> {BANNER}\n\n## Entries\n\n{body}")
    files["memory/backend-copy.md"] = files["memory/learnings/backend.md"]
    found = _gm201(repo_findings(tmp_path, files))
    copied = [f for f in found if "repeated verbatim in" in f["message"]]
    assert len(copied) == 1, found
    assert copied[0]["message"].startswith("5 claims"), copied


def test_a_setext_section_is_no_footer(tmp_path: Path) -> None:
    # "Releases" over a dashed underline is a section heading, not a rule that opens a footer:
    # the line under it, the same in three files, is body, and stays reported
    files = {f"memory/{name}.md": f"# {name}\n\n## Rules\n\n- {rule}\n\nReleases\n--------\n\n"
             "- Tag a release only from a green build on the trunk.\n"
             for name, rule in RULES.items() if name != "search"}
    found = _gm201(repo_findings(tmp_path, files))
    assert len(found) == 1, found
    assert "green build" in found[0]["message"] + repr(found[0].get("related")), found
    # ... while a real rule line under the same paragraph's blank line still opens a footer
    stamp = "_Reviewed by the platform team on 2026-03-02._"
    files = {f"memory/{name}.md": f"# {name}\n\n## Rules\n\n- {rule}\n\nSee below.\n\n"
             f"--------\n{stamp}\n" for name, rule in RULES.items() if name != "search"}
    assert _gm201(repo_findings(tmp_path / "ruled", files)) == []


def test_the_copied_file_counts_agree() -> None:
    from gitmem.consistency.banners import COPIED_CLAIMS
    from gitmem.lint.rules.claim_groups import COPIED_FILE_MIN

    assert COPIED_CLAIMS == COPIED_FILE_MIN

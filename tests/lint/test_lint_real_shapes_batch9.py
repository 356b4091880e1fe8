"""The causes the blind judge of batch 9 (issue 17) named for false GM211 and GM201, each as a
small case of the same shape in our own words, linted in a real repository as a user would:

- a rule and the same rule with an exception ("never create new .env files" / "never create
  new .env files without an explicit request") agree: the exception scopes the prohibition;
- what went wrong once, recorded under "**Problem**:" of a finished fix, contradicts nothing
  the product does today, nor another bug's record;
- an agent's entry file (loaded in every session) that points to a memory for the details and
  restates a line of it is a summary doing its job, not a duplicate; a file no agent loads
  first, two entry files, or an entry file that does not point to the memory, still are.
"""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, make_repo, write
from lintutil import cli


def findings(repo: Path, code: str) -> list[tuple[str, int, list[tuple[str, int]]]]:
    run = cli(repo, "lint", "--json", "--select", code)
    assert run.code in (0, 1), run.out + run.err
    return [(f["path"], f["line"], [(r["path"], r["line"]) for r in f["related"]])
            for f in run.json()["findings"]]


def rule(description: str, body: str, always: bool = True) -> str:
    return f"---\ndescription: {description}\nalwaysApply: {str(always).lower()}\n---\n{body}"


# --- GM211: a rule and the same rule with an exception ---------------------------------------

def test_a_prohibition_and_the_same_one_with_an_exception_agree(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        ".cursor/rules/project.mdc": rule(
            "project", "# Project\n\n## Setup\n"
            "- Reuse the environment that is already set up; never create new .env files\n"),
        ".cursor/rules/workflow.mdc": rule(
            "workflow", "# Workflow\n\n## Safety\n"
            "- Never create new `.env` files without an explicit request\n"),
    })
    assert findings(repo, "GM211") == []


def test_a_prohibition_against_its_opposite_is_still_a_contradiction(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        ".cursor/rules/project.mdc": rule(
            "project", "# Project\n\n## Setup\n- Never create new .env files\n"),
        ".cursor/rules/workflow.mdc": rule(
            "workflow", "# Workflow\n\n## Setup\n- Always create new .env files\n"),
    })
    assert [(p, line) for p, line, _ in findings(repo, "GM211")] == [
        (".cursor/rules/project.mdc", 8)]


# --- GM211: records of what went wrong once ---------------------------------------------------

ACTIVE = """# Active Context

## Current Work Focus

### Upload Fix Complete ✅
**Status**: Completed (12/03/2025)

**Problem**:
- After the storage bucket was recreated, users could no longer upload new recordings
- The bucket policy had lost its write grant

**Solution**:
- Restored the write grant in the bucket policy

### Earlier Upload Error Fix Complete ✅

**Problem**:
- The upload handler crashed on empty files, which kept users from uploading any new recordings
"""

PRODUCT = """# Product Context

## How it works
- **Recording**: Users upload new recordings from the library page
"""


def test_a_past_problem_contradicts_neither_the_product_nor_another_bug(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory-bank/activeContext.md": ACTIVE,
                                      "memory-bank/productContext.md": PRODUCT})
    assert findings(repo, "GM211") == []


# --- GM201: an entry file that points to its detail memory ------------------------------------

DETAIL = """---
name: workflow
description: how we branch and test
type: feedback
---

**Branches:**
- Target the `main` branch when opening a pull request
- Name feature branches after their ticket

**Tests:**
- Write the failing test first, then the fix
"""


def claude_md(points: bool) -> str:
    index = ("\n## Memory\n\n- [workflow.md](.claude/memory/workflow.md) - branches and tests\n"
             if points else "")
    return ("# CLAUDE.md\n\nQuick start for this repository; details live in the memory "
            "files.\n\n## Git\n\n- Target the `main` branch when opening a pull request.\n"
            f"\n## Testing\n\n- Write the failing test first, then the fix.\n{index}")


def test_an_entry_file_restating_the_memory_it_points_to_is_no_duplicate(
        tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"CLAUDE.md": claude_md(points=True),
                                      ".claude/memory/workflow.md": DETAIL})
    assert findings(repo, "GM201") == []


def test_an_entry_file_that_does_not_point_to_the_memory_still_repeats_it(
        tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"CLAUDE.md": claude_md(points=False),
                                      ".claude/memory/workflow.md": DETAIL})
    assert len(findings(repo, "GM201")) == 2


def test_the_summary_and_its_detail_are_still_compared_for_contradictions(
        tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "CLAUDE.md": claude_md(points=True).replace(
            "- Write the failing test first", "- Never write the failing test first"),
        ".claude/memory/workflow.md": DETAIL})
    assert [(p, line) for p, line, _ in findings(repo, "GM211")] == [(".claude/memory/workflow.md", 12)] \
        or [(p, line) for p, line, _ in findings(repo, "GM211")] == [("CLAUDE.md", 11)]


GUIDE = """# Rendering guide

## Why static pages in production
- **Cost**: static pages and serverless functions scale further for less
- **Simplicity**: the hosting provider deploys it with no configuration
"""


def test_an_always_applied_rule_pointing_to_a_guide_restates_it_on_purpose(
        tmp_path: Path) -> None:
    project = ("# Project rules\n\n## Rendering\n\n> Details: see "
               "`.cursor/rules/rendering-guide.mdc`\n\n"
               "- **Cost**: static pages and serverless functions scale further for less\n"
               "- **Simplicity**: the hosting provider deploys it with no configuration\n")
    repo = make_repo(tmp_path / "r", {
        ".cursor/rules/project.mdc": rule("project", project),
        ".cursor/rules/rendering-guide.mdc": GUIDE})
    assert findings(repo, "GM201") == []
    # a summary file no agent loads by itself is two places to keep: still reported
    repo = make_repo(tmp_path / "s", {
        ".cursor/rules/RULES_SUMMARY.md": project,
        ".cursor/rules/rendering-guide.mdc": GUIDE})
    assert findings(repo, "GM201") != []


def test_two_entry_files_pointing_to_each_other_are_still_compared(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "CLAUDE.md": claude_md(points=False) + "\nSee also [AGENTS.md](AGENTS.md).\n",
        "AGENTS.md": claude_md(points=False).replace("# CLAUDE.md", "# AGENTS.md")})
    assert findings(repo, "GM201") != []


def test_an_entry_file_naming_the_memory_by_its_file_name_points_to_it(tmp_path: Path) -> None:
    tech = "# Tech context\n\n## Search\n- Dense and sparse retrieval are combined in one ranker\n"
    entry = ("# CLAUDE.md\n\n## Memory bank\n\n1. `memory-bank/` holds the project context:\n"
             "   - `techContext.md` - the stack and its architecture\n\n## Search\n\n"
             "- Dense and sparse retrieval are combined in one ranker\n")
    repo = make_repo(tmp_path / "r", {"CLAUDE.md": entry, "memory-bank/techContext.md": tech})
    assert findings(repo, "GM201") == []
    # two memories of that name: the name alone points to neither
    repo = make_repo(tmp_path / "s", {"CLAUDE.md": entry, "memory-bank/techContext.md": tech,
                                      "memory-bank/web/techContext.md": "# Web\n\n- Vite.\n"})
    assert findings(repo, "GM201") != []


def test_a_pointer_added_later_is_read_by_a_warm_lint(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"CLAUDE.md": claude_md(points=False),
                                      ".claude/memory/workflow.md": DETAIL})
    assert len(findings(repo, "GM201")) == 2  # computed, and kept in the lint cache
    write(repo, {"CLAUDE.md": claude_md(points=True)})
    commit_all(repo, "point to the workflow memory")
    assert findings(repo, "GM201") == []

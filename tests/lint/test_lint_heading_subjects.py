"""GM211: a line whose subject is its heading, against a line that names another subject."""

from __future__ import annotations

from pathlib import Path

from gitutil import make_repo
from lintutil import cli


def _contradictions(tmp_path: Path, files: dict[str, str]) -> list[frozenset[tuple[str, int]]]:
    repo = make_repo(tmp_path / "r", {**files, "src/app.py": "print(1)\n"})
    run = cli(repo, "lint", "--format", "json", "--select", "GM211")
    return [frozenset({(f["path"], f["line"]), (r["path"], r["line"])})
            for f in run.json()["findings"] if f["code"] == "GM211" for r in f["related"]]


def test_a_projects_rule_under_its_heading_is_no_conflict_with_other_projects(
        tmp_path: Path) -> None:
    # A layered solution: under "## Domain" the entry leaves its subject out (the Domain project
    # must not reference the others); another file says what the Web and Worker projects, and a
    # test project, reference. Each line speaks of its own project: no contradiction.
    pairs = _contradictions(tmp_path, {
        ".cursor/rules/layers.mdc": "# Layers\n\n## Domain\n\n"
                                    "- Must not reference Web, Worker or Storage\n"
                                    "- Must not do any I/O\n",
        ".cursor/rules/deps.mdc": "# Dependencies\n\n"
                                  "- Web and Worker reference Storage and Domain (never Storage "
                                  "directly for queries).\n"
                                  "- `IntegrationTests` references Storage and Worker only, "
                                  "never Web.\n",
    })
    assert pairs == []


def test_the_same_subject_or_everyone_is_still_a_conflict(tmp_path: Path) -> None:
    # The other line names the heading's own project ("The Web host" under "## Web"): the same
    # subject, so the two still conflict. So does a line that binds every project, and a
    # subject-less line with no heading above it.
    pairs = _contradictions(tmp_path, {
        ".cursor/rules/web.mdc": "# Layers\n\n## Web\n\n- Must not reference Worker or Storage\n",
        ".cursor/rules/deps.mdc": "# Dependencies\n\n"
                                  "- The Web host references Worker and Storage (never Domain "
                                  "directly).\n",
        ".cursor/rules/all.mdc": "# Shared\n\n## Projects\n\n"
                                 "- Must not reference the Billing Gateway\n",
        ".cursor/rules/gateway.mdc": "# Gateway\n\n"
                                    "- All projects reference the Billing Gateway (never its "
                                    "client directly).\n",
    })
    assert {(".cursor/rules/deps.mdc", 3), (".cursor/rules/web.mdc", 5)} in pairs
    assert {(".cursor/rules/gateway.mdc", 3), (".cursor/rules/all.mdc", 5)} in pairs


def test_the_agent_named_as_the_subject_is_still_a_conflict(tmp_path: Path) -> None:
    # Under "## Releases" the entries leave out their subject: whoever reads the memory. A line
    # that names the agent (by its product name, or as "the coding assistant") names that same
    # reader, not another project: the two still conflict.
    pairs = _contradictions(tmp_path, {
        "CLAUDE.md": "# Guide\n\n## Releases\n\n"
                     "- Must not force-push to the `release` branch\n"
                     "- Must not bump the version by hand\n",
        "AGENTS.md": "# Notes\n\n"
                     "Gemini CLI must force-push to the `release` branch after each rebase.\n\n"
                     "The coding assistant in VS Code must bump the version by hand.\n",
    })
    assert {("AGENTS.md", 3), ("CLAUDE.md", 5)} in pairs
    assert {("AGENTS.md", 5), ("CLAUDE.md", 6)} in pairs


def test_a_clause_in_front_is_no_subject_of_its_own(tmp_path: Path) -> None:
    # "After the `nightly` build passes, tag ..." and "Once `make check` is green tag ..." open
    # with a condition, not with who acts: the order is the reader's, as under the heading.
    pairs = _contradictions(tmp_path, {
        "CLAUDE.md": "# Guide\n\n## Releases\n\n"
                     "- Must not tag a release from a feature branch\n"
                     "- Must not delete the staging database\n",
        "AGENTS.md": "# Notes\n\n"
                     "After the `nightly` build passes, tag a release from a feature branch.\n\n"
                     "Once `make check` is green delete the staging database.\n",
    })
    assert {("AGENTS.md", 3), ("CLAUDE.md", 5)} in pairs
    assert {("AGENTS.md", 5), ("CLAUDE.md", 6)} in pairs

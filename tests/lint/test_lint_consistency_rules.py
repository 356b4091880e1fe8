"""GM201/GM202/GM211: thin rules over gitmem.consistency's pairs, as lint reports them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gitutil import make_repo, write
from lintutil import cli, found, lint, memory

STYLE = "# Style\n\n- Indent Python code with tabs.\n- The request timeout is 30 seconds.\n" \
        "- Use pnpm to install the dependencies.\n- Run `make itest` before merging.\n"
CONVENTIONS = "# Conventions\n\n- Indent Python code with spaces.\n" \
              "- Install the dependencies with pnpm.\n- Run `make itest` before merging.\n"


def test_contradiction_duplicate_and_possible_duplicate() -> None:
    report = lint(memory("memory/style.md", STYLE), memory("memory/conventions.md", CONVENTIONS),
                  select=("GM2",))
    [contradiction] = [f for f in found(report, "GM211") if "tabs" in f.message]
    assert (contradiction.path, contradiction.line) == ("memory/conventions.md", 3)
    assert [(r.path, r.line) for r in contradiction.related] == [("memory/style.md", 3)]
    assert contradiction.severity == "warning" and contradiction.confidence
    assert contradiction.signals["slot"] == "tabs / spaces"
    assert '"Indent Python code with spaces." contradicts "Indent Python code with tabs."' in \
        contradiction.message
    [duplicate] = found(report, "GM201")
    assert duplicate.message == ('"Run `make itest` before merging." is repeated verbatim at '
                                 "memory/style.md:6")
    [possible] = found(report, "GM202")
    assert possible.signals["class"] == "possible"
    assert "may duplicate" in possible.message
    assert all(f.code.startswith("GM2") for f in report.findings)


def test_negatives_unrelated_claims() -> None:
    report = lint(memory("memory/a.md", "- Deploys happen on Tuesdays.\n- Use PostgreSQL 16.\n"),
                  memory("memory/b.md", "- The cache is big.\n- Write tests first.\n"),
                  select=("GM2",))
    assert report.findings == ()


def test_negative_agreeing_claims_with_a_negation() -> None:
    """They agree (DESIGN §10): never a contradiction; saying the same thing, a duplicate is fair."""
    report = lint(memory("memory/a.md", "- Do not forget to configure the proxy.\n"),
                  memory("memory/b.md", "- Configure the proxy.\n"), select=("GM2",))
    assert [f.code for f in report.findings if f.code == "GM211"] == []


def test_superseded_memories_and_the_review_queue_are_not_compared() -> None:
    old = memory("memory/old.md", "---\nsuperseded_by: memory/new.md\n---\n"
                                  "- Indent Python code with tabs.\n")
    new = memory("memory/new.md", "- Indent Python code with spaces.\n")
    queue = memory("MEMORY.md", "# Index\n\n## Pending review\n\n"
                                "- Indent Python code with spaces.\n")
    assert lint(old, new, queue, select=("GM2",)).findings == ()


def test_cli_reports_a_pair_when_either_side_is_linted(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/style.md": STYLE,
                                      "memory/conventions.md": CONVENTIONS})
    run = cli(repo, "lint", "--format", "json", "--select", "contradiction", "memory/style.md")
    pairs = [(f["path"], f["related"][0]["path"]) for f in run.json()["findings"]]
    assert ("memory/conventions.md", "memory/style.md") in pairs
    assert run.code == 0, "warnings do not fail the default lint.fail_on"
    write(repo, {"memory/conventions.md": "---\ndo_not_reopen:\n  - partner: memory/style.md\n"
                                          "    before: 2999-01-01\n---\n" + CONVENTIONS})
    run = cli(repo, "lint", "--format", "json", "--select", "GM2")
    assert json.loads(run.out)["findings"] == [], "a cooldown silences the pair"


RULE_DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def documented_example(code: str) -> dict[str, str]:
    """The memory files of a rule page's "## Example" block (`<!-- path -->` starts a file)."""
    page = (RULE_DOCS / f"{code}.md").read_text(encoding="utf-8")
    block = page.split("## Example", 1)[1].split("```markdown\n", 1)[1].split("```", 1)[0]
    files: dict[str, str] = {}
    path = "memory/example.md"
    for line in block.splitlines():
        if line.startswith("<!-- ") and line.endswith(" -->"):
            path = line[5:-4]
        else:
            files[path] = files.get(path, "") + line + "\n"
    return files


@pytest.mark.parametrize("code", ["GM201", "GM202", "GM211"])
def test_the_rule_pages_examples_are_what_the_rule_reports(tmp_path: Path, code: str) -> None:
    repo = make_repo(tmp_path / "r", documented_example(code))
    assert cli(repo, "lint", "--format", "json", "--select", "GM2").codes() == [code]


def test_two_ticked_checklist_boxes_never_contradict() -> None:
    # A test plan ticks off what its suite covers: adding records and deleting them are two
    # steps taken, not two rules at odds. A ticked step against a standing rule that forbids
    # it is still reported.
    plan = ("# Testing the synced store\n\n#### Store operations\n"
            "- [x] Add records to the synced store\n- [x] Update records in the synced store\n"
            "- [x] Delete records from the synced store\n")
    report = lint(memory("docs/testing-sync.md", plan),
                  memory("memory/rules.md", "# Rules\n\n- Never delete records from the synced store.\n"),
                  select=("GM211",))
    pairs = sorted((f.path, f.line, r.path, r.line) for f in found(report, "GM211")
                   for r in f.related)
    assert ("docs/testing-sync.md", 4, "docs/testing-sync.md", 6) not in pairs
    assert ("docs/testing-sync.md", 6, "memory/rules.md", 3) in pairs


def test_ticked_boxes_of_two_files_still_contradict(tmp_path: Path) -> None:
    # A memory bank keeps its conventions as ticked lists in two files: the set-aside of two
    # ticked boxes is for one file's checklist (steps taken), so two files ticking opposite
    # rules are still a contradiction.
    repo = make_repo(tmp_path / "r", {
        "memory-bank/techContext.md": "# Tech context\n\n## Stack\n"
                                      "- [x] Indent Python code with tabs.\n",
        "memory-bank/systemPatterns.md": "# Patterns\n\n## Code style\n"
                                         "- [x] Indent Python code with spaces.\n",
        "src/app.py": "print(1)\n",
    })
    run = cli(repo, "lint", "--format", "json", "--select", "GM211")
    assert run.codes() == ["GM211"]

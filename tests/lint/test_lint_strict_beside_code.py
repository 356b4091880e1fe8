"""Memory beside code is read strictly by the pair rules (GM201, GM202, GM211) by default.

Blind samples of public projects (docs/lint.md "On real repositories", round 11) found the
pairs between two tools' own files restated on purpose (one text kept in CLAUDE.md, AGENTS.md
and GEMINI.md, one per tool), and the contradictions there that were not two directives
(parallel cases, two runs' figures, a double negation) no conflict to resolve. So beside code
those pairs are not reported; `--select` or lint.pairs_beside_code = "all" reads every pair,
and a repository that is all memory is read as before.
"""

from __future__ import annotations

from pathlib import Path

from gitutil import git, make_repo
from lintutil import cli

FRAME = {"README.md": "# A service\n", "src/main.py": "print('hi')\n"}
RULES = "".join(f"- The {word} module keeps its own settings file.\n"
                for word in ("billing", "search", "upload", "mailer", "reports", "audit"))


def findings(repo: Path, *args: str) -> list[tuple[str, str, str]]:
    run = cli(repo, "lint", "--json", *args)
    assert run.code in (0, 1), run.out + run.err
    return sorted((f["code"], f["path"], f["related"][0]["path"] if f["related"] else "")
                  for f in run.json()["findings"] if f["code"].startswith("GM2"))


def test_one_text_kept_for_two_tools_is_not_a_duplicate_beside_code(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {**FRAME, "CLAUDE.md": RULES, "AGENTS.md": RULES,
                                      ".windsurfrules": "- Releases are cut on Thursdays.\n",
                                      ".cursorrules": "- Releases are cut on Thursdays.\n"})
    assert findings(repo) == []
    text = cli(repo, "lint").out
    assert 'lint.pairs_beside_code = "all" reads every pair' in text
    # asked for by name, every pair is read
    assert ("GM201", "AGENTS.md", "CLAUDE.md") in findings(repo, "--select", "GM201")


def test_the_setting_reads_every_pair(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {**FRAME, "CLAUDE.md": RULES, "AGENTS.md": RULES,
                                      ".gitmem.toml": '[lint]\npairs_beside_code = "all"\n'})
    assert ("GM201", "AGENTS.md", "CLAUDE.md") in findings(repo)
    assert "pairs_beside_code" not in cli(repo, "lint").out


def test_one_agents_own_files_and_the_shared_bank_are_still_compared(tmp_path: Path) -> None:
    """Two of Cursor's files, a tool's file against the memory bank every agent reads: a copy
    there is one to merge."""
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        ".cursor/rules/api.mdc": "- Every handler validates its input with the shared schema.\n",
        ".cursorrules": "- Every handler validates its input with the shared schema.\n",
        "memory-bank/techContext.md": "- Invoices are stored for seven years.\n",
        "CLAUDE.md": "- Invoices are stored for seven years.\n",
    })
    found = findings(repo)
    assert ("GM201", ".cursor/rules/api.mdc", ".cursorrules") in found
    assert any(code == "GM201" and "CLAUDE.md" in (a, b) for code, a, b in found)


def test_two_opposite_directives_are_still_a_contradiction(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        "memory-bank/systemPatterns.md": "- Always squash commits before merging.\n",
        "memory-bank/activeContext.md": "- Never squash commits before merging.\n",
    })
    assert [code for code, _, _ in findings(repo)] == ["GM211"]


def test_descriptions_of_parallel_cases_are_no_contradiction_beside_code(
        tmp_path: Path) -> None:
    """Two cases of one setting described side by side, and two runs' counts: a description
    is no directive, so beside code nothing is reported."""
    lines = ("- With a positive offset the scheduler runs the backlog first.\n"
             "- With a negative offset the scheduler runs the backlog last.\n"
             "- The importer has 3 tests.\n- The importer has 4 tests.\n")
    beside = make_repo(tmp_path / "b", {**FRAME, "memory-bank/systemPatterns.md": lines})
    assert [f for f in findings(beside) if f[0] == "GM211"] == []


def test_a_double_negation_is_no_opposite_of_an_always(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        "memory-bank/systemPatterns.md": "- Never close a ticket without a passing build.\n"
                                         "- Always close a ticket after the release notes.\n",
    })
    assert [f for f in findings(repo) if f[0] == "GM211"] == []


def test_gemini_skills_and_commands_are_prompts_not_compared(tmp_path: Path) -> None:
    """A skill and a command below .gemini/ repeat their steps by design: linted (a path there
    that the repository held and deleted is still found), never compared for duplicates."""
    step = "- Append the summary to the weekly log file.\n"
    repo = make_repo(tmp_path / "r", {**FRAME, "GEMINI.md": "- Use tabs in Makefiles.\n",
                                      ".gemini/skills/weekly/SKILL.md": step,
                                      ".gemini/commands/weekly.md": step + "- Run `tools/gone.py`.\n",
                                      ".gemini/styleguide.md": step,
                                      "tools/gone.py": "print('log')\n"})
    git(repo, "rm", "-q", "tools/gone.py")
    git(repo, "commit", "-q", "-m", "Drop the log tool")
    run = cli(repo, "lint", "--json", "--select", "GM").json()
    assert run["summary"]["files"] == 4
    assert [f["path"] for f in run["findings"] if f["code"] == "GM311"] == [
        ".gemini/commands/weekly.md"]
    assert [f for f in run["findings"] if f["code"].startswith("GM2")] == []


def test_a_staged_change_is_read_as_lint_reads_the_tree(tmp_path: Path) -> None:
    """The hooks' path (`lint --staged`) reads strictly by default too, and every pair when the
    rules are selected."""
    repo = make_repo(tmp_path / "r", {**FRAME, "CLAUDE.md": RULES})
    (repo / "AGENTS.md").write_text(RULES, encoding="utf-8")
    git(repo, "add", "AGENTS.md")
    assert findings(repo, "--staged") == []
    assert ("GM201", "AGENTS.md", "CLAUDE.md") in findings(repo, "--staged", "--select", "GM201")

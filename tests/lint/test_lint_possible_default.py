"""GM202 (possible duplicate) is off by default in every repository, and on when asked for
(`--select`, lint.select, `--judge`).

Census over real projects: a memory-bank's sections, a summary file and two agents' files restate
each other on purpose, and in a repository that is all memory (an agent's workspace of notes,
reports and drafts) the possible-band pairs were no better: of every judged GM202 still reported
by default, 8 of 42 were worth acting on, and no blind batch passed 19% (docs/rules/GM202.md).
Exact copies and reworded duplicates in the match band (GM201) stay on everywhere.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from gitutil import git, make_repo, write
from lintutil import cli

# a possible-band pair (a paraphrase) and an exact copy
NEAR_A = "Use pnpm for installing dependencies in this repository."
NEAR_B = "In this repository, install dependencies with pnpm."
SAME = "Deploys run on Fridays."


def bank(near: str) -> str:
    return f"# Context\n\n- {near}\n- {SAME}\n"


LAYOUT = {"memory-bank/techContext.md": bank(NEAR_A),
          "memory-bank/systemPatterns.md": bank(NEAR_B),
          "README.md": "# A project\n", "src/app.py": "x = 1\n"}
# info notes no reader need act on: off in every repository unless asked for
INFO_NOTES = ("GM312", "GM313", "GM314")
ALL_MEMORY = {"MEMORY.md": "# Index\n", "memory/a.md": bank(NEAR_A), "memory/b.md": bank(NEAR_B)}


def codes(repo: Path, *args: str) -> list[str]:
    run = cli(repo, "lint", "--json", *args)
    assert run.code in (0, 1), run.out + run.err
    return sorted(f["code"] for f in run.json()["findings"])


def test_a_layout_project_leaves_gm202_out_and_says_how_to_ask(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", LAYOUT)
    run = cli(repo, "lint", "--json")
    data = run.json()
    assert sorted(f["code"] for f in data["findings"]) == ["GM201"]  # the exact copy stays
    assert data["layouts"] == ["memory-bank"]
    assert data["rules_left_out"] == ["GM202", *INFO_NOTES]
    text = cli(repo, "lint")
    assert "GM201" in text.out and "GM202" not in text.out.split("\n\n")[0]
    assert text.out.splitlines()[-2] == (
        "GM202 possible-duplicate, GM312 outside-path, GM313 convention-path, GM314 "
        "never-held-path (info notes) are off by default; --select GM202,GM312,GM313,GM314 "
        "reports them.")
    assert 'lint.pairs_beside_code = "all" reads every pair' in text.out.splitlines()[-1]
    assert "off by default" not in cli(repo, "lint", "--quiet").out


def test_asking_for_gm202_reports_it_in_a_layout_project(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", LAYOUT)
    assert codes(repo, "--select", "GM202") == ["GM202"]
    assert codes(repo, "--select", "possible-duplicate") == ["GM202"]
    # a prefix covering it is asking for it: the selection replaces the default rule set
    assert codes(repo, "--select", "GM2") == ["GM201", "GM202"]
    assert codes(repo, "--select", "GM20") == ["GM201", "GM202"]
    asked = cli(repo, "lint", "--json", "--select", "GM2").json()
    assert asked["rules_left_out"] == []
    assert "off by default" not in cli(repo, "lint", "--select", "GM2").out
    # a selection that does not cover it still leaves it out, and does not mention it
    assert codes(repo, "--select", "GM201") == ["GM201"]
    assert cli(repo, "lint", "--json", "--select", "GM3").json()["rules_left_out"] == []


def test_lint_select_in_the_configuration_asks_for_it(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {**LAYOUT, ".gitmem.toml": '[lint]\nselect = ["GM2"]\n'})
    # a .gitmem.toml without memory.include keeps discovery (the layouts are still read)
    assert cli(repo, "lint", "--json").json()["layouts"] == ["memory-bank"]
    assert codes(repo) == ["GM201", "GM202"]


def test_ignoring_it_is_the_user_s_choice_and_not_announced(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", LAYOUT)
    left_out = cli(repo, "lint", "--json", "--ignore", "GM202").json()["rules_left_out"]
    assert left_out == list(INFO_NOTES)
    assert "GM202" not in cli(repo, "lint", "--ignore", "GM2").out.splitlines()[-1]


def test_an_all_memory_repository_leaves_gm202_out_too(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {**ALL_MEMORY, "CLAUDE.md": "- Be brief.\n"})
    data = cli(repo, "lint", "--json").json()
    assert sorted(f["code"] for f in data["findings"]) == ["GM201"]  # the exact copy stays
    assert data["layouts"] == [] and data["rules_left_out"] == ["GM202", *INFO_NOTES]
    assert codes(repo, "--select", "GM2") == ["GM201", "GM202"]


def test_an_explicit_include_leaves_gm202_out_too(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        **LAYOUT, ".gitmem.toml": '[memory]\ninclude = ["memory-bank/*.md"]\n'})
    assert codes(repo) == ["GM201"]
    assert codes(repo, "--select", "GM202") == ["GM202"]


def test_init_in_a_layout_project_keeps_the_default(tmp_path: Path) -> None:
    """`gitmem init` writes the discovered layouts' globs as memory.include: the memory is still
    those layouts, so lint reports the same after init as before it."""
    repo = make_repo(tmp_path / "r", LAYOUT)
    assert cli(repo, "init").code == 0
    data = cli(repo, "lint", "--json").json()
    assert sorted(f["code"] for f in data["findings"]) == ["GM201"]
    assert data["rules_left_out"] == ["GM202", *INFO_NOTES]
    assert codes(repo, "--select", "GM202") == ["GM202"]


def test_judge_runs_gm202_in_a_layout_project(tmp_path: Path) -> None:
    """--judge exists to decide possible-band pairs: it asks about them, and a pair it leaves
    undecided (no call allowed this run) is reported as the rules report it."""
    repo = make_repo(tmp_path / "r", LAYOUT)
    script = tmp_path / "judge.py"
    script.write_text(
        "import json, sys\nreq = json.load(sys.stdin)\n"
        "print(json.dumps({'verdict': 'duplicate', 'claim_a': req['a']['text'],\n"
        "                  'claim_b': req['b']['text'], 'reason': 'the same rule'}))\n")
    git(repo, "config", "gitmem.judge.command", f"{sys.executable} {script}")
    assert codes(repo, "--judge", "--judge-limit", "0") == ["GM201", "GM202"]
    judged = cli(repo, "lint", "--json", "--judge").json()
    assert judged["rules_left_out"] == list(INFO_NOTES)
    decided = [f for f in judged["findings"] if f["signals"].get("judge") == "duplicate"]
    assert [f["code"] for f in decided] == ["GM201"] and NEAR_A in decided[0]["message"]


def test_what_the_default_leaves_out_depends_on_the_request_alone(tmp_path: Path) -> None:
    """No setting but lint.select and lint.ignore changes the default rule set: a repository
    that reads every pair beside code and scopes its folders leaves out what any other does."""
    from gitmem.lint.run import LintRequest, default_off

    assert default_off(LintRequest()) == ("GM202", *INFO_NOTES)
    assert default_off(LintRequest(judge=True)) == INFO_NOTES
    repo = make_repo(tmp_path / "r", {**LAYOUT, ".gitmem.toml": (
        '[lint]\npairs_beside_code = "all"\n[memory]\nscope_folders = ["memory-bank"]\n')})
    data = cli(repo, "lint", "--json").json()
    assert data["rules_left_out"] == ["GM202", *INFO_NOTES]
    assert "GM202" not in [f["code"] for f in data["findings"]]


def test_staged_and_diff_follow_the_same_default(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {**LAYOUT, "memory-bank/systemPatterns.md": "# Patterns\n"})
    write(repo, {"memory-bank/systemPatterns.md": bank(NEAR_B)})
    git(repo, "add", "-A")
    for scope in (("--staged",), ("--diff", "HEAD")):
        assert codes(repo, *scope) == ["GM201"], scope
        assert codes(repo, *scope, "--select", "GM2") == ["GM201", "GM202"], scope
        run = cli(repo, "lint", "--json", *scope)
        assert run.json()["rules_left_out"] == ["GM202", *INFO_NOTES], scope


def test_the_json_report_with_rules_left_out_matches_its_schema(tmp_path: Path) -> None:
    from jsonschema import Draft202012Validator

    repo = make_repo(tmp_path / "r", LAYOUT)
    schema = json.loads((Path(__file__).resolve().parents[2] / "docs/schemas/lint.schema.json")
                        .read_text())
    Draft202012Validator(schema).validate(cli(repo, "lint", "--json").json())
    broken = {**cli(repo, "lint", "--json").json(), "rules_left_out": "GM202"}
    assert not Draft202012Validator(schema).is_valid(broken)


def test_the_configuration_page_names_every_rule_the_default_leaves_out(tmp_path: Path) -> None:
    """docs/configuration.md's lint.select row says what a run with no selection leaves out,
    as a real run reports it, for every repository alike."""
    doc = (Path(__file__).resolve().parents[2] / "docs/configuration.md").read_text()
    (row,) = [line for line in doc.splitlines() if line.startswith("| lint | select / ignore |")]
    for name, files in (("layout", LAYOUT), ("all-memory", ALL_MEMORY)):
        left_out = cli(make_repo(tmp_path / name, files), "lint", "--json").json()["rules_left_out"]
        assert left_out and all(code in row for code in left_out), (left_out, row)
    assert "where the memory is agent layouts" not in row  # GM202 is off everywhere


def test_runs_with_and_without_gm202_keep_their_own_pairs(tmp_path: Path) -> None:
    """A run that does not report GM202 judges its pairs at the match band only (the possible
    band is never reported, so it is not scored); a later run that asks for GM202 must not read
    those pairs back from the cache, and each run reads back, warm, what it found cold."""
    repo = make_repo(tmp_path / "r", LAYOUT)
    for _ in range(2):  # cold, then warm from the cache each run left
        assert codes(repo) == ["GM201"]
        assert codes(repo, "--select", "GM2") == ["GM201", "GM202"]
        assert codes(repo, "--select", "GM201") == ["GM201"]
        assert codes(repo, "--select", "GM202") == ["GM202"]
    fresh = make_repo(tmp_path / "f", LAYOUT)  # the other order, from no cache
    assert codes(fresh, "--select", "GM202") == ["GM202"]
    assert codes(fresh) == ["GM201"]
    assert codes(fresh, "--select", "GM2") == ["GM201", "GM202"]


def test_the_bands_a_run_judges_at_follow_its_rules(tmp_path: Path) -> None:
    """Without GM202 the possible band is raised to the match band, so triage closes the
    duplicate side of every pair that cannot reach GM201; without GM211, or read strictly
    (memory beside code: two directives only), the contradictions no rule reports are not
    sought where nothing else of a pair is open. The configured match band is kept."""
    import dataclasses

    from gitmem.config import Config
    from gitmem.lint.registry import enabled_rules
    from gitmem.lint.rule import LintContext
    from gitmem.lint.rules.consistency_rules import BANDS_KEY, reported_bands

    config = Config(match_threshold=0.9, possible_threshold=0.7)
    context = LintContext((), config)
    every = enabled_rules()
    bands = reported_bands(context, every)
    assert (bands.match, bands.possible, bands.contradictions) == (0.9, 0.7, "all")
    assert context.memo[BANDS_KEY] is bands and bands.contradiction == 0.6
    without = [rule for rule in every if rule.code != "GM202"]
    bands = reported_bands(context, without)
    assert (bands.match, bands.possible, bands.contradictions) == (0.9, 0.9, "all")
    no_gm211 = [rule for rule in without if rule.code != "GM211"]
    assert reported_bands(context, no_gm211).contradictions == "none"
    strict = LintContext((), dataclasses.replace(config, layouts=("memory-bank",)))
    assert reported_bands(strict, without).contradictions == "directives"


def test_judge_groups_the_pairs_of_the_rules_it_runs_alone(tmp_path: Path) -> None:
    """`--judge` judges at bands of its own, but its groupings read the pairs of the rules the
    run reports, as a run without it does: with GM201 alone, a possible-band pair (GM202, not
    run) keeps no verbatim copy apart from its copied file's finding. A judge is configured
    and never called (`--judge-limit 0`), so the findings are those of the rules."""
    shared = "".join(f"- Rule number {n} of the shared set is kept here.\n"
                     for n in ("one", "two", "three", "four", "five"))
    repo = make_repo(tmp_path / "r", {
        "memory/a.md": f"# A\n\n{shared}- {NEAR_A}\n",
        "memory/b.md": f"# B\n\n{shared}- {NEAR_A}\n",
        "memory/c.md": f"# C\n\n- {NEAR_B}\n", "MEMORY.md": "# Index\n"})
    git(repo, "config", "gitmem.judge.command", f"{sys.executable} -c pass")
    plain = cli(repo, "lint", "--json", "--select", "GM201").json()["findings"]
    judged = cli(repo, "lint", "--json", "--select", "GM201", "--judge", "--judge-limit", "0"
                 ).json()["findings"]
    assert [f["message"] for f in judged] == [f["message"] for f in plain]
    assert len(plain) == 1 and "repeated verbatim in memory/b.md" in plain[0]["message"]

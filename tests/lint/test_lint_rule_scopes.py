"""Rules each agent applies to a set of files only, by the agent's own frontmatter field: two
rules for disjoint sets of files cannot contradict or duplicate each other, as Cursor rules with
disjoint `globs` never could. A rule for every file still meets both."""

from __future__ import annotations

from pathlib import Path

import pytest
from gitutil import make_repo
from lintutil import cli

CODE = {"src/app.py": "x = 1\n", "web/app.ts": "let x = 1;\n"}


def contradictions(repo: Path) -> list[tuple[str, str]]:
    data = cli(repo, "lint", "--json").json()
    return sorted((f["path"], f["related"][0]["path"]) for f in data["findings"]
                  if f["code"] == "GM211")


def test_copilot_instructions_for_python_and_for_typescript_do_not_conflict(
        tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {**CODE,
        ".github/instructions/py.instructions.md":
            '---\napplyTo: "**/*.py"\n---\n\n- Always end statements with semicolons.\n',
        ".github/instructions/ts.instructions.md":
            '---\napplyTo: "**/*.ts,**/*.tsx"\n---\n\n- Never end statements with semicolons.\n',
    })
    assert contradictions(repo) == []
    everywhere = make_repo(tmp_path / "e", {**CODE,
        ".github/instructions/py.instructions.md":
            '---\napplyTo: "**/*.py"\n---\n\n- Always end statements with semicolons.\n',
        ".github/instructions/all.instructions.md":
            '---\napplyTo: "**"\n---\n\n- Never end statements with semicolons.\n',
    })
    assert contradictions(everywhere) == [(".github/instructions/all.instructions.md",
                                           ".github/instructions/py.instructions.md")]


def test_claude_rules_paths_and_kiro_file_match_scope_their_rules(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {**CODE,
        ".claude/rules/python.md":
            "---\npaths:\n  - \"src/**/*.py\"\n---\n\n- Always end statements with semicolons.\n",
        ".claude/rules/web.md":
            "---\npaths:\n  - \"web/**\"\n---\n\n- Never end statements with semicolons.\n",
        ".kiro/steering/py.md":
            "---\ninclusion: fileMatch\nfileMatchPattern: \"src/**/*.py\"\n---\n\n"
            "- Never use tabs for indentation.\n",
        ".kiro/steering/web.md":
            "---\ninclusion: fileMatch\nfileMatchPattern: \"web/**\"\n---\n\n"
            "- Always use tabs for indentation.\n",
    })
    assert contradictions(repo) == []
    # a steering file included always applies everywhere, whatever pattern it keeps
    always = make_repo(tmp_path / "a", {**CODE,
        ".kiro/steering/py.md":
            "---\ninclusion: fileMatch\nfileMatchPattern: \"src/**/*.py\"\n---\n\n"
            "- Never use tabs for indentation.\n",
        ".kiro/steering/web.md":
            "---\ninclusion: always\nfileMatchPattern: \"web/**\"\n---\n\n"
            "- Always use tabs for indentation.\n",
    })
    assert contradictions(always) == [(".kiro/steering/py.md", ".kiro/steering/web.md")]


def test_a_windsurf_rule_always_on_applies_everywhere_whatever_its_globs(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {**CODE,
        ".windsurf/rules/py.md":
            "---\ntrigger: glob\nglobs: src/**/*.py\n---\n\n- Always end statements with semicolons.\n",
        ".windsurf/rules/web.md":
            "---\ntrigger: always_on\nglobs: web/**\n---\n\n- Never end statements with semicolons.\n",
    })
    assert contradictions(repo) == [(".windsurf/rules/py.md", ".windsurf/rules/web.md")]


# Each agent's way of scoping a rule to `web/**/*.{ts,tsx}` (braces: two globs in one), and the
# same agent scoping a rule to the TSX files alone, or to the Python files.
BRACED = {
    "claude": (".claude/rules/{}.md", "---\npaths:\n  - \"{}\"\n---\n\n"),
    "copilot": (".github/instructions/{}.instructions.md", "---\napplyTo: \"{}\"\n---\n\n"),
    "kiro": (".kiro/steering/{}.md", "---\ninclusion: fileMatch\nfileMatchPattern: \"{}\"\n---\n\n"),
    "cursor": (".cursor/rules/{}.mdc", "---\nglobs: {}\n---\n\n"),
}


@pytest.mark.parametrize("agent", sorted(BRACED))
def test_a_comma_inside_braces_is_one_glob_that_meets_each_of_its_alternatives(
        tmp_path: Path, agent: str) -> None:
    path, head = BRACED[agent]
    rules = {path.format("ts"): head.format("web/**/*.{ts,tsx}")
             + "- Always end statements with semicolons.\n"}
    tsx = make_repo(tmp_path / "tsx", {**CODE, **rules, path.format("tsx"):
                    head.format("web/**/*.tsx") + "- Never end statements with semicolons.\n"})
    assert [sorted(pair) for pair in contradictions(tsx)] == [
        sorted([path.format("ts"), path.format("tsx")])]
    python = make_repo(tmp_path / "py", {**CODE, **rules, path.format("py"):
                       head.format("src/**/*.py") + "- Never end statements with semicolons.\n"})
    assert contradictions(python) == []  # the braces keep the rule to web/'s TypeScript


def test_roo_code_modes_rules_meet_the_workspace_rules_and_not_each_other(
        tmp_path: Path) -> None:
    """Roo Code loads `.roo/rules/` in every mode and a mode's own folder (`.roo/rules-code/`)
    or file (`.roorules-architect`) only in that mode: two modes' rules are never read
    together, so they cannot contradict; a mode's rule against a workspace rule still can."""
    repo = make_repo(tmp_path / "r", {**CODE,
        ".roo/rules-code/style.md": "- Always end statements with semicolons.\n",
        ".roorules-architect": "- Never end statements with semicolons.\n",
    })
    data = cli(repo, "lint", "--json").json()
    assert data["layouts"] == ["roo"]
    assert {m["path"] for m in data["memories"]} >= {".roo/rules-code/style.md",
                                                     ".roorules-architect"}
    assert contradictions(repo) == []
    shared = make_repo(tmp_path / "s", {**CODE,
        ".roo/rules-code/style.md": "- Always end statements with semicolons.\n",
        ".roo/rules/general.md": "- Never end statements with semicolons.\n",
    })
    assert contradictions(shared) == [(".roo/rules-code/style.md", ".roo/rules/general.md")]
    one_mode = make_repo(tmp_path / "o", {**CODE,
        ".roo/rules-code/a.md": "- Always end statements with semicolons.\n",
        ".roo/rules-code/b.md": "- Never end statements with semicolons.\n",
    })
    assert contradictions(one_mode) == [(".roo/rules-code/a.md", ".roo/rules-code/b.md")]


def test_a_roo_mode_rule_keeps_the_scope_folder_it_lives_in(tmp_path: Path) -> None:
    """A mode's rule in one package is that package's rule, in that mode: it meets neither
    another package's rules nor its own package's other modes, and meets its package's
    workspace rules."""
    toml = '[memory]\nscope_folders = ["packages/web", "packages/api"]\n'
    repo = make_repo(tmp_path / "r", {**CODE, ".gitmem.toml": toml,
        "packages/web/.roo/rules-code/style.md": "- Always end statements with semicolons.\n",
        "packages/api/.roo/rules/general.md": "- Never end statements with semicolons.\n",
        "packages/api/.roo/rules-code/style.md": "- Never end statements with semicolons.\n",
    })
    assert contradictions(repo) == []
    same = make_repo(tmp_path / "s", {**CODE, ".gitmem.toml": toml,
        "packages/web/.roo/rules-code/style.md": "- Always end statements with semicolons.\n",
        "packages/web/.roo/rules/general.md": "- Never end statements with semicolons.\n",
    })
    assert contradictions(same) == [("packages/web/.roo/rules-code/style.md",
                                     "packages/web/.roo/rules/general.md")]

"""Meta-test: every rule has a unique code and name, its DESIGN severity, a docs page with the
five sections, its own docstring, and tests that mention it."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from gitmem.lint.registry import RULES
from gitmem.lint.rule import CorpusRule, MemoryRule
from gitmem.lint.rules.staged_rules import StagedRule
from gitmem.model import SEVERITIES

ROOT = Path(__file__).resolve().parents[2]
SECTIONS = ("What it does", "Why is this bad", "Example", "Use instead", "Options")
DESIGN_SEVERITY = {"GM1": "error", "GM301": "error", "GM302": "warning", "GM303": "info",
                   "GM304": "info", "GM311": "warning", "GM312": "info", "GM313": "info", "GM314": "info",
                   "GM2": "warning",
                   "GM4": "error"}
TEST_TEXT = "\n".join(
    p.read_text(encoding="utf-8")
    for p in [*(ROOT / "tests").rglob("test_*.py"), *(ROOT / "tests/cases").rglob("*")]
    if p.is_file() and p.suffix in (".py", ".tsv", ".md", ".txt", ".json", ".yaml")
)


def test_codes_and_names_are_unique_and_well_formed() -> None:
    codes = [rule.code for rule in RULES]
    names = [rule.name for rule in RULES]
    assert len(set(codes)) == len(codes) and len(set(names)) == len(names)
    for rule in RULES:
        assert re.fullmatch(r"GM\d{3}", rule.code), rule
        assert re.fullmatch(r"[a-z]+(?:-[a-z]+)*", rule.name), rule
        assert rule.severity in SEVERITIES, rule
        assert issubclass(rule, (MemoryRule, CorpusRule, StagedRule)), rule
        assert rule.summary and len(rule.summary) < 100, rule
    assert codes == sorted(codes), "the registry lists rules in code order"


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.code)
def test_severity_follows_the_design_table(rule: type) -> None:
    prefix = max((p for p in DESIGN_SEVERITY if rule.code.startswith(p)), key=len)
    assert rule.severity == DESIGN_SEVERITY[prefix]


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.code)
def test_every_rule_has_a_docs_page_with_the_five_sections(rule: type) -> None:
    page = ROOT / "docs" / "rules" / f"{rule.code}.md"
    assert page.is_file(), f"{page} is missing"
    text = page.read_text(encoding="utf-8")
    assert text.startswith(f"# {rule.code} {rule.name}\n")
    headings = re.findall(r"^## (.+?)\??$", text, re.MULTILINE)
    assert tuple(headings) == SECTIONS, headings
    assert rule.code in (ROOT / "docs" / "lint.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.code)
def test_every_rule_is_small_and_tested(rule: type) -> None:
    assert 10 <= len(inspect.getsource(rule).splitlines()) <= 40
    assert rule.code in TEST_TEXT or rule.name in TEST_TEXT, f"no test mentions {rule.code}"


def test_only_gitrepo_imports_pygit2() -> None:
    for path in (ROOT / "gitmem" / "lint").rglob("*.py"):
        assert "import pygit2" not in path.read_text(encoding="utf-8"), path

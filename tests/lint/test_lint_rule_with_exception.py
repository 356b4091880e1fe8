"""A line that states another line's rule itself, and beside it a denial, names an exception
or another case; it does not contradict the rule it states (GM211, batch 18's judged false
alarms in our own words):

- a rule and its named exception in one line ("Use `lookup`, `fetch`, and `store` to register
  public handlers. Do NOT use `lookup`, `fetch`, or `store` to register private handlers")
  against the rule alone ("... to declare public handlers");
The same line still conflicts with one that affirms what it denies (the private handlers); a
line that affirms more than it denies chooses one thing over another ("Use `uv run pytest`
(not `pytest`)") and still conflicts with "Use `pytest`".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gitutil import make_repo
from lintutil import cli

from gitmem.consistency.contradiction import detect_contradiction

RULE_AND_EXCEPTION = ("Use `lookup`, `fetch`, and `store` to register public handlers. Do NOT use "
                      "`lookup`, `fetch`, or `store` to register private handlers.")

AGREE = [
    (RULE_AND_EXCEPTION, "Use `lookup`, `fetch`, and `store` to declare public handlers."),
    ("Cache reads in Redis. Never cache writes in Redis.", "Cache reads in Redis."),
]

CONFLICT = [
    (RULE_AND_EXCEPTION, "Use `lookup`, `fetch`, and `store` to register private handlers."),
    ("Cache reads in Redis. Never cache writes in Redis.", "Cache writes in Redis."),
    ("Use Vite for bundling, never webpack", "Use webpack for bundling"),
    ("Mock the HTTP layer and the queue", "Mock the services rather than the HTTP layer"),
    ("Use `uv run pytest` to run the suite (not `pytest`)", "Use `pytest` to run the suite"),
]


@pytest.mark.parametrize(("a", "b"), AGREE)
def test_a_rule_said_again_beside_its_exception_is_no_conflict(a: str, b: str) -> None:
    assert detect_contradiction(a, b) is None
    assert detect_contradiction(b, a) is None


@pytest.mark.parametrize(("a", "b"), CONFLICT)
def test_affirming_what_the_line_denies_still_conflicts(a: str, b: str) -> None:
    assert detect_contradiction(a, b) is not None
    assert detect_contradiction(b, a) is not None


def test_a_rules_file_with_a_named_exception_lints_clean(tmp_path: Path) -> None:
    rules = (f"# Handlers\n\n## Registration\n- {RULE_AND_EXCEPTION}\n\n## Summary\n"
             "- Use `lookup`, `fetch`, and `store` to declare public handlers.\n")
    repo = make_repo(tmp_path / "r", {
        "README.md": "# A service\n", "src/app.py": "print('hi')\n",
        ".cursor/rules/handlers.mdc": rules,
    })
    run = cli(repo, "lint", "--json", "--select", "GM211")
    assert run.code in (0, 1), run.out + run.err
    assert run.codes() == []
    # a line that affirms the excepted case is still reported
    (repo / ".cursor/rules/private.mdc").write_text(
        "# Private handlers\n\n- Use `lookup`, `fetch`, and `store` to register private "
        "handlers.\n")
    assert "GM211" in cli(repo, "lint", "--json", "--select", "GM211").codes()

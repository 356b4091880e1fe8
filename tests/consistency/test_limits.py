"""A negator that denies going past a figure sets a limit ("Never nest more than three levels"
says "at most three"): it agrees with the same limit written as "at most", and two such limits
of one thing with different figures disagree."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from gitutil import make_repo

from gitmem.consistency.contradiction import detect_contradiction

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lint"))
from lintutil import cli

SAME_LIMIT = [
    ("No reviewer should hold more than four pending reviews at once.",
     "Hold at most four pending reviews per reviewer at once."),
    ("Never nest more than two levels deep.", "Nest at most two levels deep."),
    ("Do not restart more than once an hour.", "Restart at most once an hour."),
]

OTHER_LIMIT = [
    ("No reviewer should hold more than four pending reviews.",
     "No reviewer should hold more than nine pending reviews."),
    ("Do not retry more than 3 times.", "Do not retry more than 6 times."),
    ("No handler should be longer than 30 lines.", "No handler should be longer than 80 lines."),
]


@pytest.mark.parametrize(("a", "b"), SAME_LIMIT)
def test_a_denied_excess_agrees_with_the_same_limit(a: str, b: str) -> None:
    assert detect_contradiction(a, b) is None


@pytest.mark.parametrize(("a", "b"), OTHER_LIMIT)
def test_two_denied_excesses_of_different_figures_disagree(a: str, b: str) -> None:
    assert detect_contradiction(a, b) is not None


@pytest.mark.parametrize(("a", "b"), [
    ("Do not cache API responses larger than 1 MB.", "Cache API responses larger than 1 MB."),
    ("Never retry a failed upload more than 3 times.", "Retry a failed upload more than 3 times."),
    ("Never merge PRs with more than 2 failing checks.",
     "Merge PRs with more than 2 failing checks."),
])
def test_a_figure_that_describes_the_denied_thing_leaves_the_denial(a: str, b: str) -> None:
    """More words than the verb between the negator and the figure: the figure picks out what
    is denied ("responses larger than 1 MB"), it does not limit the verb."""
    assert detect_contradiction(a, b) is not None


def test_a_plain_denial_still_contradicts() -> None:
    assert detect_contradiction("Never restart the worker by hand",
                                "Restart the worker by hand") is not None


def test_lint_reports_the_other_limit_and_not_the_same_one(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "memory/reviews.md": "---\ntype: feedback\n---\n"
                             "No reviewer should hold more than four pending reviews at once.\n",
        "memory/team.md": "---\ntype: feedback\n---\n"
                          "Hold at most four pending reviews per reviewer at once.\n",
        "memory/retries.md": "---\ntype: feedback\n---\n"
                             "Do not retry more than 3 times.\n",
        "memory/uploads.md": "---\ntype: feedback\n---\n"
                             "Do not retry more than 6 times.\n",
    })
    run = cli(repo, "lint", "--format", "json")
    found = {(f["code"], f["path"]) for f in run.json()["findings"]}
    assert {code for code, _ in found} == {"GM211"}, run.out
    assert {path for _, path in found} <= {"memory/retries.md", "memory/uploads.md"}, run.out


def test_a_dotted_abbreviation_ends_no_clause() -> None:
    """"U.S." or "e.g." inside a sentence keeps the negator before it and the limit after it in
    one clause, so both copies of a claim read the limit alike."""
    from gitmem.consistency.features import features
    from gitmem.consistency.lexicon import default_lexicon

    lexicon = default_lexicon()
    assert len(features("Not one U.S. region kept more than 3 builds last year.", lexicon)
               .clauses) == 1
    # a version or a file name before the period ends its sentence: two clauses
    assert len(features("Pin the SDK to 2.x. Do not upgrade to 3.0.", lexicon).clauses) == 2
    assert len(features("Compile with gcc main.c. Never use clang.", lexicon).clauses) == 2

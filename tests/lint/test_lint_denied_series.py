"""A denial reaches every piece of the comma series it opens (GM211).

Cursor rule pages for several kinds of helper each say, in their own words, what the helper
must not do: "They must not open sockets, call the cache, or write files". Only the first piece
carries the "not"; read alone, "call the cache" affirmed what the line forbids, and two pages
that forbid the same things were reported as contradicting each other. A piece in a denial's
reach is no affirmation; a correction that takes a stance of its own ("Don't use Jest, use
Vitest") still is one, and so is a separate sentence. Likewise a reason set in parentheses
("(they perform database I/O via the pooled client)") states no rule of its own.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gitutil import make_repo
from lintutil import cli

from gitmem.consistency.contradiction import detect_contradiction

FRAME = {"README.md": "# A worker service\n", "src/worker.py": "print('hi')\n"}

AGREE = [
    ("Readers must not open sockets, call the cache, or write files.",
     "Writers must not open sockets, must not call the cache, and must not touch the queue."),
    ("Don't print credentials (passwords, session cookies, signing keys).",
     "Never log signing keys: do not log passwords or session cookies."),
    ("Never rename the schema, drop columns, or rewrite migrations by hand.",
     "Do not drop columns in a hotfix."),
]

CONFLICT = [
    ("Never call the cache from a reader. Readers open sockets.",
     "Readers must not open sockets."),
    ("Always squash commits before merging.", "Never squash commits before merging."),
    # a piece of the series that takes a stance of its own ends the denial's reach
    ("Never use Vitest.", "Don't use Jest, use Vitest, use Playwright."),
    ("Never squash commits.", "Avoid merge commits, always squash commits, keep history linear."),
    # a parenthesis that repeats a word the line affirms outside it hides nothing
    ("Don't add comments.", "Always add comments to public functions (comments help reviewers)."),
    ("Never mock the database.",
     "Always mock the database in unit tests (the database is slow otherwise)."),
]


@pytest.mark.parametrize(("a", "b"), AGREE)
def test_two_denied_series_agree(a: str, b: str) -> None:
    assert detect_contradiction(a, b) is None
    assert detect_contradiction(b, a) is None


@pytest.mark.parametrize(("a", "b"), CONFLICT)
def test_an_affirmation_outside_the_series_still_conflicts(a: str, b: str) -> None:
    assert detect_contradiction(a, b) is not None


def test_two_helper_pages_that_forbid_alike_are_no_contradiction(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        ".cursor/rules/reader.mdc": "# Reader helpers\n\n- They must not open sockets, call "
                                    "the cache, or write files.\n",
        ".cursor/rules/writer.mdc": "# Writer helpers\n\n- They must not open sockets, must "
                                    "not call the cache, and must not touch the queue.\n",
        ".cursor/rules/loader.mdc": "# Loader helpers\n\n- Always call the cache.\n",
    })
    run = cli(repo, "lint", "--json")
    assert run.code in (0, 1), run.out + run.err
    pairs = sorted((f["path"], f["related"][0]["path"]) for f in run.json()["findings"]
                   if f["code"] == "GM211")
    # the loader's "always call the cache" is at odds with the writer's plain "must not"
    assert pairs == [(".cursor/rules/loader.mdc", ".cursor/rules/writer.mdc")]


def test_a_list_under_a_must_not_lead_in_agrees_with_a_denial(tmp_path: Path) -> None:
    """The entries under "Readers MUST NOT do any of the following:" are what readers must not
    do: "calling the cache" there says no, as a plain "must not call the cache" does."""
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        ".cursor/rules/reader.mdc": "# Reader helpers\n\n**Readers** MUST NOT do any of the "
                                    "following:\n\n- calling the cache directly;\n- writing "
                                    "files to the shared volume.\n",
        ".cursor/rules/writer.mdc": "# Writer helpers\n\n- They MUST NOT call the cache "
                                    "directly.\n",
    })
    run = cli(repo, "lint", "--json", "--select", "GM211")
    assert run.code in (0, 1), run.out + run.err
    assert run.codes() == []
    # the same entry under a lead-in that does not deny is at odds with the writer's rule
    (repo / ".cursor/rules/reader.mdc").write_text(
        "# Reader helpers\n\n**Readers** MUST do the following:\n\n- calling the cache "
        "directly;\n- writing files to the shared volume.\n")
    assert cli(repo, "lint", "--json", "--select", "GM211").codes() == ["GM211"]


def test_entries_under_a_condition_are_what_to_do_then(tmp_path: Path) -> None:
    """"If the workers cannot reach the queue:" leads to what to do in that case, not to a list
    of what not to do: its "Restart the queue container" is at odds with "Never restart the
    queue container", and so is an entry under "## When the build can't find the cache"."""
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        ".cursor/rules/ci.mdc": "# CI\n\nIf the workers cannot reach the queue:\n\n"
                                "- Restart the queue container before retrying.\n\n"
                                "## When the build can't find the cache\n\n"
                                "- Delete the lock file and reinstall.\n",
        ".cursor/rules/ops.mdc": "# Ops\n\n- Never restart the queue container before retrying.\n"
                                 "- Never delete the lock file and reinstall.\n",
    })
    run = cli(repo, "lint", "--json", "--select", "GM211")
    assert run.code in (0, 1), run.out + run.err
    assert sorted(f["line"] for f in run.json()["findings"] if f["code"] == "GM211") == [5, 9]


ASIDES = [
    # a reason in parentheses affirms nothing another line must not do
    ("They MUST NOT perform **database I/O**, call the cache, or write files.",
     ("**FetchHelpers** MUST be methods on `Store` (they perform **database I/O** via the pooled "
     "client owned by `Store`).")),
    ("They SHOULD NOT return errors, MUST NOT do flow control (**Outcome**), and MUST NOT log.",
     ("The root handler MUST NOT log errors returned via `Wrap()`. (the framework logs returned "
     "errors; each phase logs its own errors.)")),
]


@pytest.mark.parametrize(("a", "b"), ASIDES)
def test_a_reason_in_parentheses_is_no_rule(a: str, b: str) -> None:
    assert detect_contradiction(a, b) is None
    assert detect_contradiction(b, a) is None


def test_the_same_said_outside_parentheses_or_as_an_order_still_conflicts() -> None:
    denial = "They MUST NOT perform **database I/O**."
    assert detect_contradiction(
        denial, "They perform **database I/O** via the pooled client owned by `Store`.")
    assert detect_contradiction(
        denial, "**FetchHelpers** MUST be methods on `Store` (always perform **database I/O** "
                "via the pooled client).")


def test_a_series_without_a_comma_before_its_or_is_still_one_denial() -> None:
    from gitmem.consistency.features import features

    # "..., call the queue or write files": the closing "or" sits inside the last piece
    listed = features("Readers must not open sockets, use the cache, call the queue or write "
                      "files.").clauses
    assert [clause.reach for clause in listed] == [False, True, True]
    # a correction that offers two tools is no closing "or"
    corrected = features("Don't use npm, use pnpm or yarn.").clauses
    assert [clause.reach for clause in corrected] == [False, False]


def test_negative_lead_ins_after_a_condition_and_with_cannot(tmp_path: Path) -> None:
    """"When writing tests, never do these:" still lists what not to do, and so does "You
    cannot:"; the entries under them agree with a plain denial."""
    repo = make_repo(tmp_path / "r", {
        **FRAME,
        ".cursor/rules/tests.mdc": "# Tests\n\nWhen writing tests, never do these:\n\n"
                                   "- Mock the database in unit tests.\n\nYou cannot:\n\n"
                                   "- Force push to shared branches.\n",
        ".cursor/rules/ops.mdc": "# Ops\n\n- Never mock the database in unit tests.\n"
                                 "- Never force push to shared branches.\n",
    })
    run = cli(repo, "lint", "--json", "--select", "GM211")
    assert run.code in (0, 1), run.out + run.err
    assert run.codes() == []

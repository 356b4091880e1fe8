"""Through `gitmem lint`, a contradiction or a duplicate reported when its two claims are the
whole memory is reported in a repository about the same topics: frequent words all around, one
side copied into a dozen files (one of them a Cursor rule), the other side an instruction that
starts with "Set". The finding names every copy of each side in JSON `related` and SARIF
`relatedLocations`, and the first ten of each side in its text.

Found by benchmarks/judgment.py: three planted pairs whose second side was an imperative "Set
..." went unreported by lint, because "Set" read as the past tense of a log entry ("Set up CI")
and left the claim out of the comparison as a record of an event."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gitutil import make_repo
from lintutil import cli

from gitmem.consistency.analyze import find_pairs
from gitmem.lint.rules.claim_groups import PLACES_NAMED
from gitmem.memory.statements import is_record
from gitmem.model import Claim

REPEATED = "HTTP client timeout is 30 seconds."
SET_TIMEOUT = "Set the HTTP client timeout to 10s."  # contradicts REPEATED (a value swapped)
COOKIES = "Session cookies are HttpOnly and Secure."
SET_COOKIES = "Set both HttpOnly and Secure on session cookies."  # duplicates COOKIES
FREQUENT = ("HTTP", "client", "API", "deploy", "service", "cache", "request", "retry", "session",
            "token", "worker", "queue", "test", "build", "header", "route")
CURSOR_RULE = "---\ndescription: style rules\nalwaysApply: true\n---\n\n# Style\n\n"


def crowd_files() -> tuple[dict[str, str], dict[str, list[tuple[str, int]]]]:
    """Forty memories of distinct bullets over the frequent words; REPEATED in twelve of them
    (the first in a Cursor rule), the other planted sides in one each. Returns the files and
    where each planted text stands."""
    files: dict[str, str] = {}
    at: dict[str, list[tuple[str, int]]] = {}
    planted = {n: REPEATED for n in range(0, 36, 3)} | {
        37: SET_TIMEOUT, 38: COOKIES, 39: SET_COOKIES}
    for n in range(40):
        words = [FREQUENT[(n * 7 + k * 5) % len(FREQUENT)] for k in range(12)]
        bullets = [f"Check the {words[k]} {words[k + 1]} {words[k + 2]} of note {n}-{k}."
                   for k in range(0, 9, 3)]
        path = ".cursor/rules/style.mdc" if n == 0 else f"memory/topic-{n % 7}/note-{n}.md"
        head = CURSOR_RULE if n == 0 else f"---\nname: note-{n}\ntype: project\n---\n\n# Note {n}\n\n"
        lines = [f"- {text}" for text in bullets]
        if n in planted:
            lines.insert(n % 3, f"- {planted[n]}")
            line = head.count("\n") + 1 + n % 3
            at.setdefault(planted[n], []).append((path, line))
        files[path] = head + "\n".join(lines) + "\n"
    return files, {text: sorted(spots) for text, spots in at.items()}


@pytest.fixture(scope="module")
def crowd(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, list]]:
    files, at = crowd_files()
    return make_repo(tmp_path_factory.mktemp("crowd") / "repo", files), at


def named(finding: dict[str, object]) -> list[tuple[str, int]]:
    related = finding["related"]
    assert isinstance(related, list)
    return [(str(finding["path"]), int(str(finding["line"])))] + [
        (r["path"], r["line"]) for r in related]


def test_an_instruction_that_starts_with_set_is_a_standing_claim() -> None:
    for text in (SET_TIMEOUT, SET_COOKIES, "Set `strict: true` in tsconfig.json."):
        assert not is_record(Claim("memory/a.md", 3, text, section="Notes")), text
    # a log entry is still a record where its heading or file says so
    assert is_record(Claim("memory/a.md", 3, "Set up the CI pipeline.", section="Changelog"))
    assert is_record(Claim("memory/progress.md", 3, "Set up the CI pipeline."))


def test_the_planted_pairs_are_reported_alone() -> None:
    for kind, a, b in (("contradiction", REPEATED, SET_TIMEOUT), ("duplicate", COOKIES,
                                                                   SET_COOKIES)):
        alone = find_pairs([Claim("memory/a.md", 1, a), Claim("memory/b.md", 1, b)])
        assert [f.kind for f in alone] == [kind]


def test_a_contradiction_in_a_crowd_names_every_copy_and_the_other_side(
        crowd: tuple[Path, dict[str, list]]) -> None:
    repo, at = crowd
    findings = cli(repo, "lint", "--select", "GM2", "--format", "json").json()["findings"]
    [contradiction] = [f for f in findings if f["code"] == "GM211"
                       and set(named(f)) & set(at[SET_TIMEOUT])]
    assert sorted(named(contradiction)) == sorted(at[REPEATED] + at[SET_TIMEOUT])
    assert len(at[REPEATED]) == 12 and named(contradiction)[0] == at[REPEATED][0]
    assert contradiction["signals"]["copies"] == 12
    assert contradiction["signals"]["other_copies"] == 1
    [duplicate] = [f for f in findings if f["code"] in ("GM201", "GM202")
                   and set(named(f)) & set(at[SET_COOKIES])]
    assert sorted(named(duplicate)) == sorted(at[COOKIES] + at[SET_COOKIES])

    text = cli(repo, "lint", "--select", "GM2").out
    [line] = [line for line in text.splitlines() if " GM211 " in line and "10s" in line]
    spots = [f"{path}:{n}" for path, n in named(contradiction)]
    # the line names ten copies of a side, then how many more (docs/rules/GM201.md)
    assert all(spot in line for spot in spots[:PLACES_NAMED + 1]), line
    assert line.count(" more)") == 1 and spots[-1] not in line

    sarif = json.loads(cli(repo, "lint", "--select", "GM2", "--format", "sarif").out)
    [result] = [r for r in sarif["runs"][0]["results"]
                if r["ruleId"] == "GM211" and "10s" in r["message"]["text"]]
    places = [(loc["physicalLocation"]["artifactLocation"]["uri"],
              loc["physicalLocation"]["region"]["startLine"])
             for loc in result["locations"] + result["relatedLocations"]]
    assert places == named(contradiction)

"""`gitmem plan` says in words why a plan has its class and its confidence (issue 19: "plan
output explains its class and confidence in words"), in text and as the JSON's `explanation`,
for each class a plan can have, on a real repository through the real CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gitutil import gitmem, make_repo, snapshot

RULE = "Run the whole test suite with `pytest -q` before every push"


def memory(name: str, claim: str) -> str:
    return f"---\nname: {name}\n---\n- {claim}\n"


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_repo(tmp_path_factory.mktemp("explain") / "mem", {
        "memory/rule.md": memory("rule", RULE + "."),
        "memory/copy.md": memory("copy", RULE + "."),
        "memory/reworded.md": memory("reworded", RULE.replace("every", "each") + "."),
        "memory/longer.md": memory("longer", RULE + " to main."),
        "memory/other.md": memory("other", "The staging database is restored every Sunday."),
        "memory/never.md": memory("never", "Never r" + RULE[1:] + "."),
        "memory/pg16.md": memory("pg16", "The project runs PostgreSQL 16 in production."),
        "memory/pg14.md": memory("pg14", "The project runs PostgreSQL 14 in production."),
    })


CASES = {
    "identical": (("supersede", "memory/copy.md", "--by", "memory/rule.md"), "match", [
        "class match: the memories are identical",
        "confidence 1.00: high (how alike the two memories read, 0 to 1) — byte for byte"]),
    "match": (("supersede", "memory/reworded.md", "--by", "memory/rule.md"), "match", [
        ("class match: the claims say the same thing (duplicate score at or above "
         "policy.match_threshold 0.86)"),
        (": high (how alike the two memories read, 0 to 1) — the claims read alike; only small "
         "words differ")]),
    "possible band": (("supersede", "memory/longer.md", "--by", "memory/rule.md"), "possible", [
        ("class possible: the claims overlap, but one says something the other does not "
         "(duplicate score from policy.possible_threshold 0.72 up to policy.match_threshold 0.86)"),
        (": medium (how alike the two memories read, 0 to 1) — the claims read partly alike; "
         "one side says more than the other")]),
    "below the band": (("supersede", "memory/other.md", "--by", "memory/rule.md"), "possible", [
        ("class possible: the claims are too different to be duplicates (duplicate score below "
         "policy.possible_threshold 0.72); you named them, so a person confirms"),
        ": low (how alike the two memories read, 0 to 1) — the claims read differently"]),
    "contradiction": (("supersede", "memory/never.md", "--by", "memory/rule.md"), "possible", [
        ("class possible: the memories contradict each other (one negates the other's "
         "directive \"never\"), so they are no duplicates; a person confirms which one stands"),
        ("the contradiction rules matched one negates the other's directive \"never\" "
         "(contradiction confidence 0.9")]),
    "contradicting value": (("supersede", "memory/pg14.md", "--by", "memory/pg16.md"), "possible",
                            [("class possible: the memories contradict each other (the same "
                              "sentence with another value \"16 / 14\")"),
                             "a number differs"]),
    "merge of three": (("merge", "memory/rule.md", "memory/reworded.md", "memory/other.md"),
                       "possible", [("class possible: a merge of more than two memories, which "
                                     "no one score compares; a person confirms")]),
    "merge with a contradiction": (("merge", "memory/rule.md", "memory/never.md"), "possible", [
        "class possible: the memories contradict each other",
        "1 claim(s) contradict the survivor: decide them in `gitmem review` after the merge"]),
}


@pytest.mark.parametrize("case", list(CASES))
def test_plan_says_why_it_has_its_class_and_confidence(repo: Path, case: str) -> None:
    args, klass, wording = CASES[case]
    before = snapshot(repo)
    result = gitmem(repo, "plan", *args)
    assert result.code == 0, result
    tail = result.out[result.out.index("\nplan "):]  # after the diff
    for words in wording:
        assert words in tail, (words, tail)
    data = json.loads(gitmem(repo, "plan", *args, "--json").out)
    assert data["class"] == klass
    # the JSON keeps its keys and adds the same sentences as `explanation`
    assert set(data) == {"version", "plan", "op", "class", "confidence", "signals", "diff",
                         "explanation"}
    lines = [line.strip() for line in tail.splitlines() if line.startswith("  ")]
    assert lines == [s for s in (data["explanation"]["class"],
                                 data["explanation"]["confidence"]) if s]
    if data["confidence"] is None:
        assert data["explanation"]["confidence"] is None
    else:
        said = data["explanation"]["confidence"]
        assert said.startswith(f"confidence {data['confidence']:.2f}: ")
    assert snapshot(repo) == before  # a plan changes nothing tracked


def test_the_thresholds_named_are_the_repositorys_own(repo: Path, tmp_path: Path) -> None:
    (repo / ".gitmem.toml").write_text("[policy]\nmatch_threshold = 0.97\n")
    try:
        out = gitmem(repo, "plan", "supersede", "memory/reworded.md", "--by",
                     "memory/rule.md").out
    finally:
        (repo / ".gitmem.toml").unlink()
    assert "class possible: the claims overlap" in out
    assert "policy.match_threshold 0.97" in out
    assert ": medium (how alike" in out


@pytest.mark.parametrize("command", ["supersede", "merge"])
def test_an_op_waiting_for_confirm_says_why_too(repo: Path, command: str) -> None:
    before = snapshot(repo)
    args = ("memory/never.md", "--by", "memory/rule.md") if command == "supersede" else \
        ("memory/rule.md", "memory/never.md")
    result = gitmem(repo, command, *args)
    assert result.code == 2 and "--confirm" in result.err, result
    assert "class possible: the memories contradict each other" in result.err
    assert "confidence 0.50: low" in result.err
    assert snapshot(repo) == before

"""`gitmem review` on a long queue prints a grouped summary (counts by kind, the most confident
pairs, how to see everything); `--all` lists every item; JSON stays complete (issue 19: 826
lines of review on one real project)."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from gitutil import gitmem, make_repo

from gitmem.commands.review_text import SUMMARY_OVER, TOP

TOOLS = ["ruff", "black", "mypy", "pylint", "isort", "bandit", "flake8", "pyright", "eslint",
         "prettier", "stylelint", "shellcheck", "hadolint", "yamllint", "markdownlint", "tflint",
         "golint", "rubocop", "ktlint", "swiftlint", "clippy", "detekt", "phpstan", "psalm"]
ITEM_LINE = re.compile(r"^([0-9a-f]{10})  (\w+)  ", re.MULTILINE)


def memory(name: str, kind: str, claim: str) -> str:
    return f"---\nname: {name}\ntype: {kind}\n---\n- {claim}\n"


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An agent's memory where two dozen rules were later contradicted and three notes were
    written twice: a review queue of more than SUMMARY_OVER items, of two kinds."""
    files = {}
    for tool in TOOLS:
        rule = f"run {tool} before committing to the {tool} module."
        files[f"memory/{tool}-yes.md"] = memory(f"{tool} rule", "feedback", "Always " + rule)
        files[f"memory/{tool}-no.md"] = memory(f"{tool} no", "feedback", "Never " + rule)
    for n, tool in enumerate(["pnpm", "poetry", "cargo"]):
        claim = f"Use {tool} to install the dependencies of the web app"
        files[f"memory/dup{n}-a.md"] = memory(f"d{n}", "project", claim + ".")
        files[f"memory/dup{n}-b.md"] = memory(f"d{n} again", "project", claim + "!")
    return make_repo(tmp_path_factory.mktemp("review") / "mem", files)


def claim(repo: Path, side: dict) -> str:
    """The claim as review prints it: the text of its line, without the list marker."""
    line = (repo / side["path"]).read_text().splitlines()[side["line"] - 1]
    return line.removeprefix("- ")


def items_of(repo: Path, *args: str) -> list[dict]:
    result = gitmem(repo, "review", *args)
    assert result.code == 0, result
    return json.loads(result.out)["items"]


def test_a_long_queue_is_summarised_by_kind_with_the_most_confident_pairs(big: Path) -> None:
    items = items_of(big, "--json")
    assert len(items) > SUMMARY_OVER
    kinds = Counter(i["kind"] for i in items)
    assert set(kinds) == {"contradiction", "duplicate"}
    result = gitmem(big, "review")
    assert result.code == 0, result
    out = result.out
    # the counts by kind, as the complete JSON has them
    assert f"{len(items)} items wait for review: " in out
    for kind, count in kinds.items():
        assert f"{count} {kind}" in out
    # only the TOP most confident pairs, each with both claims
    shown = ITEM_LINE.findall(out)
    assert len(shown) == TOP
    confidence = {i["id"]: i["confidence"] for i in items}
    best = sorted(confidence.values(), reverse=True)[:TOP]
    assert sorted((confidence[i] for i, _ in shown), reverse=True) == best
    by_id = {i["id"]: i for i in items}
    for item_id, kind in shown:
        assert by_id[item_id]["kind"] == kind
        assert f"{by_id[item_id]['a']['path']}:{by_id[item_id]['a']['line']}: " in out
    # and how to see the rest
    assert f"{len(items) - TOP} more: `gitmem review --all` lists every item" in out
    assert len(out.splitlines()) < 3 * TOP + 6  # a screenful, not the whole queue


def test_all_lists_every_item(big: Path) -> None:
    items = items_of(big, "--json")
    result = gitmem(big, "review", "--all")
    assert result.code == 0, result
    assert sorted(i for i, _ in ITEM_LINE.findall(result.out)) == sorted(i["id"] for i in items)
    assert "--all" not in result.out
    for item in items:
        assert f"    {item['b']['path']}:{item['b']['line']}: {claim(big, item['b'])}\n" \
            in result.out


def test_json_stays_complete_and_adds_only_a_summary(big: Path) -> None:
    plain = json.loads(gitmem(big, "review", "--json").out)
    spelled = json.loads(gitmem(big, "review", "--format", "json").out)
    assert plain == spelled == json.loads(gitmem(big, "review", "--json", "--all").out)
    assert len(plain["items"]) > SUMMARY_OVER
    assert set(plain) == {"version", "items", "summary"}
    assert plain["summary"] == {
        "total": len(plain["items"]),
        "by_kind": dict(Counter(i["kind"] for i in plain["items"])),
    }


def test_a_short_queue_is_listed_whole_as_before(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "mem", {
        "memory/db.md": memory("db", "project", "The project runs PostgreSQL 16 in production."),
        "memory/db-old.md": memory("db old", "project",
                                   "The project runs PostgreSQL 14 in production."),
    })
    items = items_of(repo, "--json")
    assert 0 < len(items) <= SUMMARY_OVER
    result = gitmem(repo, "review")
    assert result.code == 0, result
    expected = "".join(
        f"{i['id']}  {i['kind']}  (since {i['detected_at']}, {i['source']})\n"
        f"    {i['a']['path']}:{i['a']['line']}: {claim(repo, i['a'])}\n"
        f"    {i['b']['path']}:{i['b']['line']}: {claim(repo, i['b'])}\n" for i in items)
    assert result.out == expected
    assert gitmem(repo, "review", "--all").out == expected

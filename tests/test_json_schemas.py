"""Every command's JSON output carries the same top-level "version" and validates against its JSON
Schema in docs/schemas/ (checked with the jsonschema package, on real output of a real repository
where every list is non-empty)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
import pytest
from gitutil import gitmem, make_repo
from jsonschema import Draft202012Validator

from gitmem.jsontext import JSON_VERSION

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "docs" / "schemas"
# which schema each command that prints JSON answers to
SCHEMA_OF = {"lint": "lint", "log": "log", "history": "history", "recall": "recall",
             "candidates": "candidates", "review": "review", "plan supersede": "plan",
             "plan merge": "plan", "sweep": "sweep"}

USER_RULE = "---\nname: merge style\ntype: user\ntags: [git]\n---\n" \
            "- Always squash merges when landing a pull request.\n"
AGENT_NOTE = "---\nname: history policy\ntype: feedback\ntags: [git]\n---\n" \
             "- Never squash merges when landing a pull request.\n" \
             "- Rebase feature branches onto main before review.\n"
DB = "---\nname: db\ntype: project\n---\n- The project runs PostgreSQL 16 in production.\n"
DB_OLD = "---\nname: db old\ntype: project\n---\n- The project runs PostgreSQL 14 in production.\n"
BROKEN = "---\nname: fix\nconfidence: 2\n---\n- Fixed in commit 4f3c2b1a9e.\n"


def schema(name: str) -> Draft202012Validator:
    data = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(data)
    return Draft202012Validator(data)


def run_json(repo: Path, *args: str, codes: tuple[int, ...] = (0,)) -> dict[str, Any]:
    result = gitmem(repo, *args)
    assert result.code in codes, result
    data = json.loads(result.out)
    assert isinstance(data, dict) and next(iter(data)) == "version", list(data)[:3]
    assert data["version"] == JSON_VERSION
    return data


def valid(name: str, data: dict[str, Any]) -> None:
    errors = sorted(schema(name).iter_errors(data), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "mem", {
        "memory/user-rule.md": USER_RULE, "memory/agent-note.md": AGENT_NOTE,
        "memory/db.md": DB, "memory/db-old.md": DB_OLD, "memory/fix.md": BROKEN,
    })


def test_every_json_output_matches_its_schema(repo: Path) -> None:
    lint = run_json(repo, "lint", "--format", "json", codes=(1,))
    assert {f["code"] for f in lint["findings"]} >= {"GM102", "GM301"} and lint["memories"]
    valid("lint", lint)
    valid("lint", run_json(repo, "lint", "--json", codes=(1,)))  # --json: the same shape
    candidates = run_json(repo, "candidates", "--json")
    assert {p["kind"] for p in candidates["pairs"]} == {"contradiction"}
    valid("candidates", candidates)
    review = run_json(repo, "review", "--json")
    assert review["items"]
    valid("review", review)
    dry = run_json(repo, "sweep", "--json")
    assert dry["dry_run"] is True and dry["items"]
    valid("sweep", dry)
    plan = run_json(repo, "plan", "supersede", "memory/db-old.md", "--by", "memory/db.md",
                    "--json")
    assert plan["diff"].startswith("diff --git")
    valid("plan", plan)
    merge = run_json(repo, "plan", "merge", "memory/db.md", "memory/db-old.md", "--json")
    valid("plan", merge)
    swept = run_json(repo, "sweep", "--apply", "--json")
    assert swept["dry_run"] is False and any(i["status"] == "resolved" for i in swept["items"])
    valid("sweep", swept)
    log = run_json(repo, "log", "--json")
    assert log["ops"] and all(len(op["id"]) == 40 for op in log["ops"])
    valid("log", log)
    valid("log", run_json(repo, "log", "--json", "--op", "merge"))  # an empty list
    history = run_json(repo, "history", "memory/agent-note.md", "--json")
    assert len(history["events"]) >= 2
    valid("history", history)
    recall = run_json(repo, "recall", "squash", "--include-superseded", "--json")
    assert recall["memories"]
    valid("recall", recall)


def test_a_schema_rejects_output_that_breaks_the_contract(repo: Path) -> None:
    """The schemas are not vacuous: a missing version or a retyped field fails them."""
    lint = run_json(repo, "lint", "--format", "json", codes=(1,))
    assert not schema("lint").is_valid({k: v for k, v in lint.items() if k != "version"})
    broken = json.loads(json.dumps(lint))
    broken["findings"][0]["line"] = "4"
    assert not schema("lint").is_valid(broken)
    assert not schema("recall").is_valid({"version": 2, "memories": []})


def json_commands() -> list[str]:
    """Every command (and subcommand) that has a --json flag or a json --format."""
    from gitmem.cli import cli

    found = []
    ctx = click.Context(cli)
    stack: list[tuple[str, click.Command]] = []
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        assert command is not None
        stack.append((name, command))
    while stack:
        name, command = stack.pop()
        if isinstance(command, click.Group):
            stack += [(f"{name} {sub}", command.commands[sub]) for sub in command.commands]
            continue
        for param in command.params:
            if "--json" in getattr(param, "opts", ()) or (
                isinstance(param.type, click.Choice) and "json" in param.type.choices
            ):
                found.append(name)
                break
    return sorted(found)


def test_every_command_that_prints_json_has_a_schema() -> None:
    assert json_commands() == sorted(SCHEMA_OF)
    for name in set(SCHEMA_OF.values()):
        assert (SCHEMAS / f"{name}.schema.json").is_file(), name
    assert {p.name.removesuffix(".schema.json") for p in SCHEMAS.glob("*.schema.json")} == \
        set(SCHEMA_OF.values())

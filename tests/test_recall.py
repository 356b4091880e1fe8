"""`gitmem recall` on real repositories: ranking, snippets, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from gitutil import gitmem, make_repo


def paths(result) -> list[str]:  # type: ignore[no-untyped-def]
    return [m["path"] for m in json.loads(result.out)["memories"]]


def memory(text: str, **fields: str) -> str:
    head = "".join(f"{k}: {v}\n" for k, v in fields.items())
    return f"---\n{head}---\n{text}" if head else text


def test_an_identifier_and_its_words_find_each_other(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "m", {
        "memory/bus.md": memory("- Publish domain events through the EventBus, never directly.\n"),
        "memory/queue.md": memory("- The job queue retries three times.\n"),
        "memory/snake.md": memory("- The retry_policy module owns backoff.\n"),
    })
    assert paths(gitmem(repo, "recall", "event bus", "--json")) == ["memory/bus.md"]
    assert paths(gitmem(repo, "recall", "eventbus", "--json")) == ["memory/bus.md"]
    assert paths(gitmem(repo, "recall", "RetryPolicy", "--json"))[0] == "memory/snake.md"


def test_word_forms_match_by_stem(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "m", {
        "memory/deploy.md": memory("- Configure deployments with the staging profile first.\n"),
        "memory/other.md": memory("- Write tests before fixing a bug.\n"),
    })
    assert paths(gitmem(repo, "recall", "configuring the deployment", "--json")) == [
        "memory/deploy.md"]


def test_a_rare_word_outweighs_a_common_one(tmp_path: Path) -> None:
    files = {f"memory/n{i}.md": memory(f"- Use the linter on module {i}.\n") for i in range(8)}
    files["memory/cache.md"] = memory("- Redis holds the session store.\n")
    repo = make_repo(tmp_path / "m", files)
    assert paths(gitmem(repo, "recall", "use redis", "--json"))[0] == "memory/cache.md"


def test_matching_claims_are_printed_as_snippets_with_their_lines(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "m", {"memory/db.md": memory(
        "- The API runs on Flask.\n- Migrations run with alembic upgrade head.\n"
        "- Logs go to stdout.\n", name="backend", description="backend notes")})
    result = gitmem(repo, "recall", "alembic migrations")
    assert result.code == 0, result
    assert result.out.splitlines()[0].endswith("memory/db.md: backend notes")
    assert result.out.splitlines()[1:] == ["    6: Migrations run with alembic upgrade head."]
    data = json.loads(gitmem(repo, "recall", "alembic", "--format", "json").out)
    assert data["memories"][0]["snippets"] == [
        {"path": "memory/db.md", "line": 6, "text": "Migrations run with alembic upgrade head."}]


def test_no_match_says_so_on_stderr_and_exits_1(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "m", {"memory/a.md": memory("- Use tabs.\n")})
    result = gitmem(repo, "recall", "kubernetes")
    assert result.code == 1 and result.out == ""
    assert "no memory matches the query" in result.err
    as_json = gitmem(repo, "recall", "kubernetes", "--json")
    assert as_json.code == 1 and json.loads(as_json.out) == {"version": 1, "memories": []}
    assert gitmem(repo, "recall", "tabs").code == 0


def test_json_and_format_json_print_the_same(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "m", {"memory/a.md": memory("- Use tabs.\n")})
    assert gitmem(repo, "recall", "tabs", "--json").out == gitmem(
        repo, "recall", "tabs", "--format", "json").out


def test_in_force_verified_and_newer_memories_come_first(tmp_path: Path) -> None:
    claim = "- Start the worker with the run script in `{}`.\n"
    repo = make_repo(tmp_path / "m", {
        "scripts/run.sh": "#!/bin/sh\n",
        "memory/broken.md": memory(claim.format("scripts/start.sh")),
        "memory/verified.md": memory(claim.format("scripts/run.sh")),
        "memory/old.md": memory("- Deploy on Fridays only after noon.\n", valid_from="2025-01-10"),
        "memory/new.md": memory("- Deploy on Fridays only after noon.\n", valid_from="2026-11-01"),
    })
    assert paths(gitmem(repo, "recall", "worker run script", "--json")) == [
        "memory/verified.md", "memory/broken.md"]
    assert paths(gitmem(repo, "recall", "deploy fridays", "--json")) == [
        "memory/new.md", "memory/old.md"]
    assert gitmem(repo, "supersede", "memory/new.md", "--by", "memory/old.md",
                  "--confirm").code == 0
    assert paths(gitmem(repo, "recall", "deploy fridays", "--include-superseded", "--json")) == [
        "memory/old.md", "memory/new.md"]

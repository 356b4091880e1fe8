"""A plan file under .git/gitmem/plans that was edited, truncated or forged is refused with exit
5 and changes nothing, even when the forger recomputed its digest and renamed it to match: a
plan may only ever touch memory files inside the working tree."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from gitutil import forge_plan_file, git, gitmem, make_repo, snapshot
from reliutil import assert_git_healthy


OLD = "---\nname: wrapper\n---\n- The wrapper takes no arguments.\n"
NEW = "---\nname: wrapper-v2\n---\n- The wrapper takes arguments since v2.\n"
PAYLOAD = b"#!/bin/sh\ntouch PWNED\n"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "mem", {"memory/old.md": OLD, "memory/new.md": NEW,
                                         "src/app.py": "print('hi')\n"})


def make_plan(repo: Path) -> tuple[str, Path]:
    made = gitmem(repo, "plan", "supersede", "memory/old.md", "--by", "memory/new.md", "--json")
    assert made.code == 0, made
    plan_id = json.loads(made.out)["plan"]
    [path] = (repo / ".git/gitmem/plans").glob(f"{plan_id}*.json")
    return plan_id, path


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


HOOK_SCRIPT = b64(PAYLOAD)


def retarget(path: Any, before: Any = None,
             after: Any = HOOK_SCRIPT) -> Callable[[dict[str, Any]], None]:
    def edit(payload: dict[str, Any]) -> None:
        payload["changes"] = [{"path": path, "before": before, "after": after}]
    return edit


FORGERIES: dict[str, Callable[[dict[str, Any]], None]] = {
    "git-hook": retarget(".git/hooks/pre-commit"),
    "git-hook-md": retarget(".git/hooks/pre-commit.md"),
    "git-config": retarget(".git/config"),
    "dotdot-into-git": retarget("memory/../.git/hooks/post-merge.md"),
    "dotdot-out": retarget("../outside.md"),
    "absolute": retarget("/tmp/gitmem-plan-forgery.md"),
    "code-file": retarget("src/app.py", b64(b"print('hi')\n")),
    "config-file": retarget(".gitmem.toml"),
    "github-workflow": retarget(".github/workflows/ci.md"),
    "dot-segment": retarget("memory/./old.md", b64(OLD.encode())),
    "empty-path": retarget(""),
    "nul-in-path": retarget("memory/a\x00.md"),
    "backslash-path": retarget("memory\\..\\.git\\hooks\\x.md"),
    "empty-segment": retarget("memory//old.md", b64(OLD.encode())),
    "git-dir-case": retarget(".GIT/hooks/x.md"),
    "same-path-twice": lambda p: p.__setitem__("changes", p["changes"] * 2),
    "schema-changed": lambda p: p.__setitem__("schema", 2),
    "head-a-number": lambda p: p.__setitem__("head", 5),
    "path-not-a-string": retarget(42),
    "content-not-base64": retarget("memory/old.md", b64(OLD.encode()), "not base64!"),
    "content-a-number": retarget("memory/old.md", b64(OLD.encode()), 7),
    "changes-not-a-list": lambda p: p.__setitem__("changes", "memory/old.md"),
    "change-not-an-object": lambda p: p.__setitem__("changes", [["memory/old.md"]]),
    "trailers-not-pairs": lambda p: p.__setitem__("trailers", [["Gitmem-Op"]]),
    "confidence-a-string": lambda p: p.__setitem__("confidence", "high"),
    "signals-a-list": lambda p: p.__setitem__("signals", ["x"]),
    "no-changes": lambda p: p.__setitem__("changes", []),
}


@pytest.mark.parametrize("name", FORGERIES)
def test_a_forged_plan_with_a_recomputed_digest_is_refused(repo: Path, name: str) -> None:
    _, plan_file = make_plan(repo)
    forged_id = forge_plan_file(plan_file, FORGERIES[name])
    before = snapshot(repo)
    hooks = sorted(p.name for p in (repo / ".git/hooks").iterdir())
    result = gitmem(repo, "apply", forged_id, "--confirm")
    assert result.code == 5, result  # refused as a bad plan: never applied, never a crash
    assert "internal error" not in result.err
    assert snapshot(repo) == before
    assert sorted(p.name for p in (repo / ".git/hooks").iterdir()) == hooks
    assert not Path("/tmp/gitmem-plan-forgery.md").exists()
    assert not (repo.parent / "outside.md").exists()
    assert_git_healthy(repo)


@pytest.mark.parametrize("damage", ["truncate", "flip-a-byte", "edit-without-digest", "empty",
                                    "not-json", "swap-id", "binary"])
def test_a_damaged_plan_file_is_refused_with_exit_5(repo: Path, damage: str) -> None:
    plan_id, plan_file = make_plan(repo)
    text = plan_file.read_text()
    if damage == "truncate":
        plan_file.write_text(text[: len(text) // 2])
    elif damage == "flip-a-byte":
        at = text.index('"after"') + 12
        plan_file.write_text(text[:at] + ("A" if text[at] != "A" else "B") + text[at + 1:])
    elif damage == "edit-without-digest":
        data = json.loads(text)
        data["plan"]["changes"][0]["path"] = ".git/hooks/pre-commit"
        plan_file.write_text(json.dumps(data))
    elif damage == "empty":
        plan_file.write_text("")
    elif damage == "not-json":
        plan_file.write_text("{" * 100_000)
    elif damage == "swap-id":
        data = json.loads(text)
        data["id"] = "f" * 64
        plan_file.write_text(json.dumps(data))
    else:
        plan_file.write_bytes(b"\xff\xfe\x00" * 100)
    before = snapshot(repo)
    result = gitmem(repo, "apply", plan_id, "--confirm")
    assert result.code == 5, result
    assert snapshot(repo) == before


def test_an_untampered_plan_still_applies(repo: Path) -> None:
    """The control: the same steps without the forgery apply, so the refusals above are not an
    artefact of the test."""
    plan_id, _ = make_plan(repo)
    result = gitmem(repo, "apply", plan_id, "--confirm")
    assert result.code == 0, result
    assert "superseded_by: memory/new.md" in (repo / "memory/old.md").read_text()
    assert git(repo, "status", "--porcelain") == ""

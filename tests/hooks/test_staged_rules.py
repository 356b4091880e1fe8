"""GM401-GM403 and the hook's block/warn policy, as pure functions (no git)."""

from __future__ import annotations

import pytest

from gitmem.config import Config
from gitmem.hooks_run.policy import classify
from gitmem.lint.rule import LintContext
from gitmem.lint.rules.staged_rules import (
    MemoryDeleted,
    MemoryShrunk,
    ProtectedEdited,
    StagedChange,
)
from gitmem.memory.parse import parse_memory
from gitmem.model import Finding, Location


def mem(body: str, front: str = "name: a\n", path: str = "memory/a.md"):
    return parse_memory(path, f"---\n{front}---\n{body}".encode())


def bullets(n: int, prefix: str = "Claim") -> str:
    return "".join(f"- {prefix} number {i}.\n" for i in range(n))


def check(rule, before, after, status="modified", config: Config | None = None):
    change = StagedChange("memory/a.md", status, before, after)
    return list(rule.check_change(change, LintContext((), config or Config())))


@pytest.mark.parametrize("kept, fires", [(1, True), (2, False), (10, False)])
def test_shrunk_fires_past_the_ratio(kept: int, fires: bool) -> None:
    before = mem(bullets(10))
    after = mem(bullets(kept))
    assert bool(check(MemoryShrunk(), before, after)) == fires  # 9/10 gone > 80%; 8/10 is not


def test_a_rewrite_that_keeps_the_size_is_not_a_shrink() -> None:
    assert check(MemoryShrunk(), mem(bullets(5)), mem(bullets(5, "Other"))) == []


def test_shrink_ratio_comes_from_the_config() -> None:
    before, after = mem(bullets(10)), mem(bullets(1))
    assert check(MemoryShrunk(), before, after, config=Config(shrink_ratio=0.95)) == []


def test_deleted_fires_only_on_a_deletion() -> None:
    assert check(MemoryDeleted(), mem(bullets(2)), None, "deleted")[0].code == "GM402"
    assert check(MemoryDeleted(), mem(bullets(2)), mem(bullets(2)), "renamed") == []


def test_protected_edit_points_at_the_first_changed_body_line() -> None:
    front = "name: a\nprotected: true\n"
    before = mem("- One.\n- Two.\n- Three.\n", front)
    after = mem("- One.\n- Two!\n- Three.\n", front)
    [finding] = check(ProtectedEdited(), before, after)
    assert (finding.code, finding.line) == ("GM403", 6)


def test_protected_frontmatter_only_change_and_unprotected_edit_pass() -> None:
    body = "- One.\n"
    assert check(ProtectedEdited(), mem(body, "name: a\nprotected: true\n"),
                 mem(body, "name: b\nprotected: true\n")) == []
    assert check(ProtectedEdited(), mem(body), mem("- Two.\n")) == []


def finding(code: str, severity: str, line: int = 5, related: int | None = None) -> Finding:
    rel = (Location("memory/b.md", related),) if related else ()
    return Finding(code, "x", severity, "memory/a.md", line, "m", rel)


ADDED = {"memory/a.md": frozenset({5})}


def codes(findings) -> list[str]:
    return [f.code for f in findings]


def test_default_policy_blocks_errors_and_warns_on_warnings() -> None:
    outcome = classify([finding("GM301", "error"), finding("GM201", "warning"),
                        finding("GM311", "warning"), finding("GM303", "info")], ADDED, Config())
    assert codes(outcome.blocking) == ["GM301"]
    assert codes(outcome.warnings) == ["GM201", "GM311"]


def test_findings_on_lines_the_commit_does_not_add() -> None:
    outcome = classify([finding("GM301", "error", line=9), finding("GM211", "warning", line=9),
                        finding("GM211", "warning", line=9, related=3),
                        finding("GM101", "error", line=9)],
                       {**ADDED, "memory/b.md": frozenset({3})}, Config())
    assert codes(outcome.blocking) == ["GM101"]  # a broken file blocks wherever it is broken
    assert codes(outcome.warnings) == ["GM301", "GM211"]  # old citation warns; old pair dropped


def test_config_moves_findings_between_block_and_warn() -> None:
    config = Config(fail_on="warning", hooks_warn_on=("GM3",), hooks_block_on=("GM311",))
    outcome = classify([finding("GM201", "warning"), finding("GM301", "error"),
                        finding("GM311", "warning")], ADDED, config)
    assert codes(outcome.blocking) == ["GM201", "GM311"]  # the longer prefix wins for GM311
    assert codes(outcome.warnings) == ["GM301"]


def test_fail_on_never_blocks_nothing_unless_asked() -> None:
    outcome = classify([finding("GM402", "error")], ADDED, Config(fail_on="never"))
    assert codes(outcome.warnings) == ["GM402"] and not outcome.blocking

"""The GM3xx rules run only on memories that cite a commit or a path, and report exactly what
they report when they look at every memory."""

from __future__ import annotations

from pathlib import Path

import pytest
from gitutil import citable, commit_all, make_repo, write
from lintutil import cli

from gitmem.lint.registry import enabled_rules
from gitmem.lint.rule import MemoryRule


def lint_json(repo: Path) -> dict[str, object]:
    run = cli(repo, "lint", "--format", "json", "--select", "GM")  # the info notes too
    assert run.code in (0, 1), run
    data = run.json()
    data["summary"].pop("seconds", None)
    return data  # type: ignore[no-any-return]


def test_only_the_citation_rules_skip_memories_that_cite_nothing() -> None:
    skipping = {rule.code for rule in enabled_rules(()) if getattr(rule, "citations_only", False)}
    assert skipping == {rule.code for rule in enabled_rules(()) if rule.code.startswith("GM3")}
    assert all(isinstance(rule, MemoryRule) for rule in enabled_rules(())
               if rule.code in skipping)


def test_skipping_memories_without_citations_changes_no_finding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `src/missing.py` is a wrong path: the module is in lib/ (GM311)
    repo = make_repo(tmp_path / "r", {"src/app.py": "print(1)\n", "src/old.txt": "x\n",
                                      "lib/missing.py": "x = 1\n"})
    real = citable(repo)
    files = {f"memory/plain-{n}.md": f"# Notes {n}\n\n- Keep the retry budget at {n}.\n"
             for n in range(30)}
    files.update({
        "memory/cites.md": (f"# Fixes\n\n- Fixed in commit {real[:10]}.\n"
                            "- Fixed in commit 4f3c2b1a9e.\n- See `src/missing.py`.\n"
                            "- Put integration tests in `tests/integration/`.\n"
                            "- Read `/etc/hosts` first.\n"),
        "memory/other.md": "---\nname: other\n---\n- The notes live in `src/old.txt`.\n",
        "memory/upstream.md": "- Upstream fixed it in o/r@abc1234def.\n",
    })
    write(repo, files)
    commit_all(repo)
    calls: list[str] = []
    for rule in enabled_rules(()):
        if getattr(rule, "citations_only", False):
            check = type(rule).check

            def counting(self, memory, context, _check=check):  # type: ignore[no-untyped-def]
                calls.append(memory.path)
                return _check(self, memory, context)

            monkeypatch.setattr(type(rule), "check", counting)
    skipped = lint_json(repo)
    assert {f["code"] for f in skipped["findings"]} >= {"GM301", "GM311", "GM312", "GM313"}
    assert set(calls) == {"memory/cites.md", "memory/other.md", "memory/upstream.md"}
    calls.clear()
    for rule in enabled_rules(()):
        if getattr(rule, "citations_only", False):
            monkeypatch.setattr(type(rule), "citations_only", False)
    every = lint_json(repo)
    assert len(set(calls)) == 33  # each of the 8 rules looked at every memory
    assert every == skipped

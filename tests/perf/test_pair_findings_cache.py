"""A warm lint reads the GM2xx findings back instead of folding every pair into groups again,
and still reports exactly what a run without the cache reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gitutil import git
from perfutil import calls_to, clone_of, lint_json, small_repo

from gitmem.lint.cached_findings import FindingsCodec
from gitmem.memory.cache import CACHE_FILE, CorruptEntry, DISABLE_ENV
from gitmem.model import Finding, Location
from gitmem.workspace import open_workspace


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    repo = small_repo(tmp_path_factory.mktemp("template") / "repo", files=120)
    memory = repo / "memory"
    # a contradiction among repeated claims, and a copied file
    checklist = "".join(f"- Keep the release checklist item {n} in the wiki.\n" for n in range(6))
    (memory / "auth" / "zz-rules.md").write_text("- Always squash merges into main.\n" * 2
                                                 + checklist)
    (memory / "billing" / "zz-copy.md").write_text(checklist)
    (memory / "zz-other.md").write_text("- Never squash merges into main.\n")
    # GM202 runs when asked for (docs/rules/GM202.md): its findings are cached like the others
    (repo / ".gitmem.toml").write_text('[lint]\nselect = ["GM"]\n')
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "more memories")
    return repo


@pytest.fixture
def repo(template: Path, tmp_path: Path) -> Path:
    return clone_of(template, tmp_path)


def uncached(repo: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> dict:
    with monkeypatch.context() as patch:
        patch.setenv(DISABLE_ENV, "1")
        return lint_json(repo, *args)


def grouping_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every time from now on that pairs are folded into findings (not read back)."""
    from gitmem.lint.rules import claim_groups

    return calls_to(monkeypatch, claim_groups, "group_pairs", lambda pairs, *_: len(pairs))


def codes(report: dict) -> set[str]:
    return {f["code"] for f in report["findings"]}


def test_a_warm_run_reads_the_findings_back_and_reports_the_same(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = uncached(repo, monkeypatch)
    assert {"GM201", "GM202", "GM211"} <= codes(expected)
    one_file = uncached(repo, monkeypatch, "memory/billing/zz-copy.md")
    assert lint_json(repo) == expected  # cold: computed and kept
    calls = grouping_calls(monkeypatch)
    assert lint_json(repo) == expected
    assert lint_json(repo, "memory/billing/zz-copy.md") == one_file
    assert calls == []


def test_findings_of_rules_not_run_before_are_computed_then_kept(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = uncached(repo, monkeypatch)
    only = lint_json(repo, "--select", "GM211")
    assert only == uncached(repo, monkeypatch, "--select", "GM211")
    calls = grouping_calls(monkeypatch)
    everything = lint_json(repo)
    assert calls, "GM201 and GM202 were not run yet"
    assert everything == expected
    calls.clear()
    assert lint_json(repo) == everything
    assert calls == []


def test_an_edit_or_a_config_change_is_not_served_old_findings(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = lint_json(repo)
    copied = [f for f in before["findings"] if "zz-copy" in json.dumps(f)]
    assert copied
    (repo / "memory" / "zz-other.md").write_text("- Prefer rebasing feature branches.\n")
    after_edit = lint_json(repo)
    assert after_edit == uncached(repo, monkeypatch)
    assert not any(f["code"] == "GM211" and "zz-other" in json.dumps(f)
                   for f in after_edit["findings"])
    # the two folders scope their memories: the copy is no longer compared with the rules
    (repo / ".gitmem.toml").write_text(
        '[memory]\nscope_folders = ["memory/auth", "memory/billing"]\n')
    scoped = lint_json(repo)
    assert scoped == uncached(repo, monkeypatch)
    assert not any("zz-copy" in json.dumps(f) and "zz-rules" in json.dumps(f)
                   for f in scoped["findings"])


def test_a_damaged_findings_record_is_ignored(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = lint_json(repo)
    ws = open_workspace(repo)
    keys = [k for k in ws.cache._entries if k.startswith("pair-findings\0")]
    assert len(keys) == 1
    bad_rows = [
        {"GM211": {"name": "contradiction", "severity": "warning", "rows": [["a.md", "1"]]}},
        {"GM211": {"name": "contradiction", "severity": "warning",
                   "rows": [["a.md", 1, "m", ["b.md"], None, {}]]}},
        {"GM211": {"name": "contradiction", "severity": "warning",
                   "rows": [["a.md", 1, "m", [], None, {"x": [1]}]]}},
        {"GM211": []}, [], "x",
    ]
    for bad in bad_rows:
        ws = open_workspace(repo)
        ws.cache._put(keys[0], json.dumps(bad))
        ws.cache.save()
        calls = grouping_calls(monkeypatch)
        assert lint_json(repo) == expected
        assert calls, "the damaged record was not used"
        monkeypatch.undo()
    assert (repo / ".git" / "gitmem" / CACHE_FILE).exists()


def test_the_record_carries_findings_exactly_or_refuses_them() -> None:
    codec = FindingsCodec()
    finding = Finding("GM211", "contradiction", "warning", "a.md", 3, "x contradicts y",
                      (Location("b.md", 4), Location("c.md", 9)), 0.8,
                      {"class": "match", "score": 0.812, "copies": 2, "identical": False})
    record = {"GM211": [finding], "GM201": []}
    assert codec.decode(json.loads(json.dumps(codec.encode(record)))) == record
    for bad in ({"GM211": {"name": 1, "severity": "warning", "rows": []}},
                {"GM211": {"name": "n", "severity": "warning", "rows": [[]], "extra": 1}},
                {"GM211": {"name": "n", "severity": "warning",
                           "rows": [["a.md", True, "m", [], None, {}]]}},
                {"GM211": {"name": "n", "severity": "warning",
                           "rows": [["a.md", 1, "m", [2, 1], None, {}]]}}):
        with pytest.raises(CorruptEntry):
            codec.decode(bad)

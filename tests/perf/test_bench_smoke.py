"""The generator and the benchmark runner work (small and fast; the real benchmark is
`python benchmarks/bench.py`, outside the test suite)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from gitutil import git
from perfutil import ROOT, small_repo

from benchmarks.bench import fitted_exponent, update_doc
from benchmarks.generate import corpus_bullets, generate


def test_generated_repo_is_clean_and_holds_what_the_manifest_says(tmp_path: Path) -> None:
    repo = small_repo(tmp_path / "repo", files=200)
    assert git(repo, "status", "--porcelain") == ""
    manifest = json.loads((repo / ".git" / "gitmem-bench.json").read_text())
    memories = [p for p in git(repo, "ls-files").split() if p.endswith((".md", ".mdc"))]
    assert len(memories) == manifest["files"] == 200
    text = "".join((repo / p).read_text() for p in memories)
    for token in manifest["real_claims"]:
        assert token in text
        assert git(repo, "cat-file", "-t", token).strip() == "commit"
    for token in manifest["fabricated_claims"]:
        assert token in text
    for path in manifest["live_paths"]:
        assert (repo / path).is_file()
    for path in manifest["deleted_paths"]:
        assert not (repo / path).exists() and path in text
    assert manifest["contradictions"] and manifest["duplicates"]
    ops = git(repo, "log", "--format=%(trailers:key=Gitmem-Op,valueonly)").split()
    assert len(ops) == manifest["op_commits"] == 5


def test_same_seed_same_repository(tmp_path: Path) -> None:
    a = generate(tmp_path / "a", 60, corpora=None, ops=3, seed=7)
    b = generate(tmp_path / "b", 60, corpora=None, ops=3, seed=7)
    assert a.real_claims == b.real_claims
    assert git(tmp_path / "a", "rev-parse", "HEAD^{tree}") == git(tmp_path / "b", "rev-parse",
                                                                   "HEAD^{tree}")


def test_corpus_bullets_come_from_the_shared_corpora(shared_dir: Path) -> None:
    bullets = corpus_bullets(shared_dir / "corpora", limit=200)
    assert len(bullets) == 200
    assert all(25 <= len(b) <= 200 for b in bullets)
    assert corpus_bullets(shared_dir / "no-such-folder") == []


def test_fitted_exponent() -> None:
    assert fitted_exponent([(1000, 1.0), (4000, 4.0)]) == pytest.approx(1.0)
    assert fitted_exponent([(1000, 1.0), (10000, 100.0), (100, 0.01)]) == pytest.approx(2.0)


def test_update_doc_replaces_only_the_marked_section(tmp_path: Path) -> None:
    doc = tmp_path / "performance.md"
    doc.write_text("# Perf\n\nintro\n<!-- bench:start -->\nold\n<!-- bench:end -->\n\nafter\n")
    update_doc(doc, "new table\n")
    assert doc.read_text() == ("# Perf\n\nintro\n<!-- bench:start -->\nnew table\n"
                               "<!-- bench:end -->\n\nafter\n")


def test_bench_quick_run_prints_the_table(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench.py"), "--quick", "--only",
         "lint,diff,log", "--workdir", str(tmp_path)],
        capture_output=True, text=True, check=False, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "| lint 200 files, cold |" in proc.stdout
    assert "| lint 200 files, warm |" in proc.stdout
    assert "`gitmem log --json`, 200 op commits" in proc.stdout
    assert "read every file" in proc.stdout and "git log" in proc.stdout
    assert "| `lint --diff REV`, a branch changing one memory, 200 files (" in proc.stdout
    assert "git diff -U0 REV" in proc.stdout and "FAILED" not in proc.stdout

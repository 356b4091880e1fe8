"""A smoke test of `benchmarks/pair_sources.py`: the pairs it labels are the candidate pairs."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from perfutil import ROOT  # noqa: F401  (puts the repository on sys.path for benchmarks)

from benchmarks.distinct_repo import generate
from benchmarks.judgment import repo_claims
from benchmarks.pair_sources import judged_ends, labelled, main
from gitmem.consistency.candidates import candidate_codes

BULLETS = [f"- {verb} the {thing} {where} before the {event}."
           for verb in ("Check", "Pin", "Document", "Review")
           for thing in ("schema migrations", "API tokens", "React components", "cache keys")
           for where, event in (("in staging", "release"), ("locally", "deploy"),
                                ("in CI", "merge"))]


def test_every_candidate_pair_labelled_once_and_each_ends_somewhere(
        tmp_path: Path, capsys) -> None:
    corpora = tmp_path / "corpora"
    corpora.mkdir()
    (corpora / "rules.md").write_text("# Rules\n\n" + "\n".join(BULLETS) + "\n")
    generate(tmp_path / "repo", 30, seed=4, corpora=corpora, pairs=24)
    claims = repo_claims(tmp_path / "repo")
    label = labelled(claims)
    assert set(label) == set(candidate_codes(claims).codes)
    sources = Counter(source for source, _ in label.values())
    assert sources["copy"] > 0 and sources["join"] > 0  # planted sides copied into 4 files
    counted = labelled(claims, count_only=True)
    assert sum(counted.values()) == len(label)
    reported, ends, _ = judged_ends(claims, label)
    found = sum(n for key, n in reported.items() if key != "spent")
    assert found > 0 and found + sum(ends.values()) == len(label)
    assert main(["--repo", str(tmp_path / "repo"), "--count-only"]) == 0
    assert "join:" in capsys.readouterr().out

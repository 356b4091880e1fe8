"""A smoke test of `benchmarks/judgment.py`: distinct claims, planted pairs where it says."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from perfutil import ROOT  # noqa: F401  (puts the repository on sys.path for benchmarks)

from benchmarks.distinct_repo import generate
from benchmarks.judgment import judge_once, recall, repo_claims, reported_alone

BULLETS = [f"- {verb} the {thing} {where} before the {event}."
           for verb in ("Check", "Pin", "Document", "Review")
           for thing in ("schema migrations", "API tokens", "React components", "cache keys")
           for where, event in (("in staging", "release"), ("locally", "deploy"),
                                ("in CI", "merge"))]


def test_distinct_claims_with_planted_pairs_found_as_alone(tmp_path: Path) -> None:
    corpora = tmp_path / "corpora"
    corpora.mkdir()
    (corpora / "rules.md").write_text("# Rules\n\n" + "\n".join(BULLETS) + "\n")
    manifest = generate(tmp_path / "repo", 30, seed=4, corpora=corpora, pairs=24)
    claims = repo_claims(tmp_path / "repo")
    planted = manifest["planted"]
    assert len(planted) == 24 and len(claims) == manifest["claims"]
    at = {(c.path, c.line): c.text for c in claims}
    copies = Counter(c.text for c in claims)
    for row in planted:  # each side where the manifest says, the repeated side in 4 files
        assert [at[tuple(loc)] for loc in row["a"]] == [row["texts"][0]] * len(row["a"])
        assert at[tuple(row["b"])] == row["texts"][1]
        assert copies[row["texts"][0]] == len(row["a"]) in (1, 4)
    planted_texts = {t for row in planted for t in row["texts"]}
    assert all(n == 1 for text, n in copies.items() if text not in planted_texts)
    alone = reported_alone(manifest)
    _, _, found = judge_once(claims, None)
    hit, of = recall(manifest, found, alone)
    assert of > 0 and hit == of

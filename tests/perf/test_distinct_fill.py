"""The distinct-claims generator's synthetic fill: new sentences made of the corpus' own word
sequences, no text repeated but the planted copies, every planted pair planted, same seed same
bytes (`benchmarks/distinct_repo.py`; the densities it is calibrated on are measured by
`benchmarks/density.py` against the real corpora, see docs/performance.md)."""

from __future__ import annotations

import random
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from perfutil import ROOT  # noqa: F401  (puts the repository on sys.path for benchmarks)

from benchmarks.distinct_repo import FILLS, generate, planted_pairs, synthetic_pool
from benchmarks.judgment import repo_claims

BULLETS = [f"{verb} the {thing} {where} before the {event}."
           for verb in ("Check", "Pin", "Document", "Review")
           for thing in ("schema migrations", "API tokens", "React components", "cache keys")
           for where, event in (("in staging", "release"), ("locally", "deploy"),
                                ("in CI", "merge"))]


def _corpora(tmp_path: Path) -> Path:
    corpora = tmp_path / "corpora"
    corpora.mkdir()
    (corpora / "rules.md").write_text("# Rules\n\n" + "".join(f"- {b}\n" for b in BULLETS))
    return corpora


@pytest.mark.parametrize("fill", ["walk2", "walk"])
def test_fill_sentences_are_new_and_follow_the_corpus_word_sequences(fill: str) -> None:
    made = synthetic_pool(random.Random(3), 80, BULLETS, fill)
    assert len(made) == len(set(made)) == 80
    assert not set(made) & set(BULLETS)
    bigrams = {pair for b in BULLETS for pair in zip(["<s>", *b.split()], b.split())}
    for text in made:  # every step a step some real bullet takes
        words = ["<s>", *text.split()]
        assert all(pair in bigrams for pair in zip(words, words[1:])), text


def test_a_two_word_chain_follows_three_word_spans_of_the_bullets() -> None:
    made = synthetic_pool(random.Random(5), 40, BULLETS, "walk2")
    trigrams = {t for b in BULLETS for t in zip(b.split(), b.split()[1:], b.split()[2:])}
    for text in made:
        words = text.split()
        assert all(t in trigrams for t in zip(words, words[1:], words[2:])), text


def test_unknown_fill_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown fill"):
        synthetic_pool(random.Random(1), 5, BULLETS, "salad")
    assert FILLS[0] == "walk2"


def test_every_planted_pair_planted_and_no_other_text_repeated(tmp_path: Path) -> None:
    manifest = generate(tmp_path / "repo", 40, seed=4, corpora=_corpora(tmp_path))
    claims = repo_claims(tmp_path / "repo")
    pairs = planted_pairs()
    kinds = Counter(kind for kind, _, _ in pairs)
    assert kinds["contradiction"] > 0 and kinds["duplicate"] > 0
    assert [(row["kind"], *row["texts"]) for row in manifest["planted"]] == pairs
    sources = manifest["sources"]
    assert manifest["fill"] == "walk2" and sources["corpus"] == len(BULLETS)
    assert sources["synthetic"] > 0 and sum(sources.values()) == manifest["claims"] == len(claims)
    planted = {text for row in manifest["planted"] for text in row["texts"]}
    copies = Counter(c.text for c in claims)
    assert all(n == 1 for text, n in copies.items() if text not in planted)


def test_same_seed_same_bytes_and_each_fill_its_own(tmp_path: Path) -> None:
    corpora = _corpora(tmp_path)
    trees = []
    for name, fill in (("a", "walk2"), ("b", "walk2"), ("c", "walk")):
        generate(tmp_path / name, 30, seed=7, corpora=corpora, pairs=10, fill=fill)
        trees.append(subprocess.run(["git", "-C", str(tmp_path / name), "rev-parse",
                                     "HEAD^{tree}"], capture_output=True, text=True,
                                    check=True).stdout)
    assert trees[0] == trees[1] != trees[2]

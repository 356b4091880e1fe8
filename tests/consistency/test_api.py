"""The public functions lint and the CLI rely on: shapes, bands, ordering, scale."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from gitmem.consistency.analyze import PairFinding, Thresholds, find_pairs
from gitmem.consistency.candidates import candidate_pairs
from gitmem.consistency.contradiction import detect_contradiction
from gitmem.consistency.duplicates import classify, score_duplicate
from gitmem.consistency.scope import scopes_disjoint
from gitmem.consistency.text import common_subsequence
from gitmem.model import Claim


def claims(*texts: str, path: str = "memory/a.md") -> list[Claim]:
    return [Claim(path, line, text) for line, text in enumerate(texts, 1)]


def test_classify_uses_the_two_policy_thresholds() -> None:
    assert classify(0.9) == "match"
    assert classify(0.86) == "match"
    assert classify(0.8) == "possible"
    assert classify(0.71) is None
    assert classify(0.8, match_threshold=0.75, possible_threshold=0.5) == "match"


def test_only_byte_identical_text_is_identical() -> None:
    assert score_duplicate("Use pnpm", "Use pnpm").identical
    near = score_duplicate("Use pnpm.", "Use pnpm")
    assert not near.identical and near.score >= 0.86


@pytest.mark.parametrize(
    ("a", "b"),
    [("timeout = 30", "timeout = 300"), ("Enable cache", "Disable cache"), ("Deploy to /Prod", "Deploy to /prod")],
)
def test_one_small_token_is_never_a_duplicate(a: str, b: str) -> None:
    result = score_duplicate(a, b)
    assert classify(result.score) is None
    assert result.signals["differs_by"]


def test_tags_count_as_a_signal() -> None:
    # "locally" is one concept more and "full" one less: no paraphrase floor hides the mix
    text_a, text_b = "Run the full test suite before a release", "Before releasing, run every test locally"
    same = score_duplicate(text_a, text_b, ["release", "ci"], ["release", "ci"])
    other = score_duplicate(text_a, text_b, ["release", "ci"], ["design"])
    assert same.signals["tag_jaccard"] == 1.0
    assert same.score > other.score


def test_verdicts_do_not_depend_on_which_text_comes_first() -> None:
    rng = random.Random(7)
    words = ["use", "always", "never", "run", "the", "tests", "before", "merge", "deploy",
             "staging", "cache", "not", "a", "on", "each", "branch", "enable", "disable", "30",
             "300", "tabs", "spaces", "prefer", "avoid", "when"]
    for _ in range(1000):
        a = " ".join(rng.choices(words, k=rng.randint(1, 10)))
        b = " ".join(rng.choices(words, k=rng.randint(1, 10)))
        forward, backward = score_duplicate(a, b), score_duplicate(b, a)
        assert forward.score == backward.score, (a, b)
        assert 0.0 <= forward.score <= 1.0
        said, said_back = detect_contradiction(a, b), detect_contradiction(b, a)
        assert (said and said.confidence) == (said_back and said_back.confidence), (a, b)


def test_a_text_that_says_more_is_not_a_duplicate_but_a_reordered_one_is() -> None:
    short = "Use pnpm for installs."
    longer = "Use pnpm for installs, and pin its version in package.json so CI matches local builds."
    assert score_duplicate(short, longer).signals["longest_insert"] > 0.5
    assert classify(score_duplicate(short, longer).score) is None
    reordered = score_duplicate("Run the full test suite before pushing any branch.",
                                "Before you push a branch, run the full test suite.")
    assert reordered.signals["longest_insert"] == 0.0  # moved words add nothing
    assert classify(reordered.score) is not None


def test_common_subsequence_matches_the_textbook_table() -> None:
    def table(a: list[str], b: list[str]) -> int:
        rows = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                rows[i + 1][j + 1] = rows[i][j] + 1 if x == y else max(rows[i][j + 1], rows[i + 1][j])
        return rows[-1][-1]

    rng = random.Random(3)
    for _ in range(2000):
        a = rng.choices("abcde", k=rng.randint(0, 14))
        b = rng.choices("abcdef", k=rng.randint(0, 14))
        assert common_subsequence(a, b) == table(a, b) == common_subsequence(b, a)


def test_contradiction_reports_confidence_and_named_signals() -> None:
    found = detect_contradiction("Always squash merges", "Never squash merges")
    assert found is not None and 0.8 <= found.confidence <= 1.0
    assert "polarity" in found.signals and "subject_overlap" in found.signals
    slot = detect_contradiction("The project runs PostgreSQL 16", "The project runs PostgreSQL 14")
    assert slot is not None and slot.signals["slot"] == "16 / 14"
    correction = detect_contradiction("We no longer use Jenkins.", "We use Jenkins for CI.")
    assert correction is not None and "correction" in correction.signals


def test_scopes_disjoint() -> None:
    assert scopes_disjoint(["frontend/**"], ["backend/**"])
    assert scopes_disjoint(["**/*.py"], ["**/*.ts"])
    assert not scopes_disjoint(["src/**"], ["src/api/**/*.ts"])
    assert not scopes_disjoint([], ["**/*.ts"])  # no scope: applies everywhere


def test_a_character_class_is_a_wildcard_up_to_its_bracket() -> None:
    # `*.[jt]s` is JavaScript or TypeScript: it meets a rule for `.ts` files, not one for `.py`
    assert not scopes_disjoint(["**/*.[jt]s"], ["**/*.ts"])
    assert not scopes_disjoint(["src/[ab]/x.py"], ["src/a/x.py"])
    assert scopes_disjoint(["**/*.[jt]s"], ["**/*.py"])
    assert not scopes_disjoint(["**/*.[jt"], ["**/*.py"])  # a class that never closes: in doubt


def test_a_glob_with_braces_is_each_of_its_alternatives() -> None:
    assert not scopes_disjoint(["app/**/*.{js,jsx}"], ["app/**/*.jsx"])
    assert not scopes_disjoint(["{app,lib}/**"], ["lib/util.js"])
    assert not scopes_disjoint(["*.{md,{js,jsx}}"], ["*.jsx"])  # nested braces
    assert scopes_disjoint(["app/**/*.{js,jsx}"], ["app/**/*.py"])
    assert scopes_disjoint(["{app,lib}/**"], ["test/**"])
    assert not scopes_disjoint(["app/{a,b"], ["test/**"])  # unclosed: in doubt, compared


def test_disjoint_scopes_are_not_compared_but_one_file_always_is() -> None:
    pair = [Claim("rules/py.mdc", 1, "Use tabs for indentation"), Claim("rules/ts.mdc", 1, "Use spaces for indentation")]
    scopes = {"rules/py.mdc": ["**/*.py"], "rules/ts.mdc": ["**/*.ts"]}
    assert find_pairs(pair, scopes=scopes) == []
    assert len(find_pairs(pair)) == 1
    within = claims("Use tabs for indentation", "Use spaces for indentation")
    assert [f.kind for f in find_pairs(within, scopes={"memory/a.md": ["**/*.py"]})] == ["contradiction"]


def test_find_pairs_is_deterministic_and_never_double_reports() -> None:
    texts = [
        "Always squash merges", "Never squash merges", "Use a big cache for builds",
        "Use a large cache for builds", "The project runs PostgreSQL 16", "The project runs PostgreSQL 14",
    ]
    memory = [Claim(f"memory/{i % 3}.md", i, t) for i, t in enumerate(texts, 1)]
    first = find_pairs(memory)
    shuffled = memory[:]
    random.Random(4).shuffle(shuffled)
    second = find_pairs(shuffled)
    assert find_pairs(memory) == first  # same input, same output

    def unordered(findings: list[PairFinding]) -> set[tuple[str, frozenset[tuple[str, int]]]]:
        return {(f.kind, frozenset({(f.a.path, f.a.line), (f.b.path, f.b.line)})) for f in findings}

    assert unordered(first) == unordered(second)  # input order changes no verdict
    key = [(f.a.path, f.a.line, f.b.path, f.b.line, f.kind) for f in first]
    assert key == sorted(key)
    assert {f.kind for f in first} == {"contradiction", "duplicate"}
    pairs = [(f.a.line, f.b.line) for f in first]
    assert len(pairs) == len(set(pairs))
    assert all(isinstance(f, PairFinding) and f.klass in ("match", "possible") for f in first)


def test_thresholds_decide_what_is_reported() -> None:
    memory = claims("Use a big cache for builds", "Use a large cache for builds")
    assert find_pairs(memory)
    assert not find_pairs(memory, thresholds=Thresholds(match=0.999, possible=0.995))


def test_type_and_category_never_gate_candidates() -> None:
    memory = [
        Claim("memory/feedback/a.md", 1, "Always squash merges", section="Preferences"),
        Claim("memory/project/b.md", 9, "Never squash merges", section="Decisions"),
    ]
    assert candidate_pairs(memory) == [(0, 1)]


def _synthetic(count: int, seed: int = 7) -> list[Claim]:
    rng = random.Random(seed)
    words = [f"topic{i}" for i in range(count // 2)]
    out = []
    for i in range(count):
        body = " ".join(rng.sample(words, 6))
        out.append(Claim(f"memory/{i // 15}.md", i % 15 + 1, f"Use {body}"))
    return out


def test_one_word_swaps_surface_among_many_claims() -> None:
    memory = _synthetic(20_000)
    memory.append(Claim("memory/x.md", 1, "Always squash merges in the release branch"))
    memory.append(Claim("memory/y.md", 1, "Never squash merges in the release branch"))
    memory.append(Claim("memory/x.md", 2, "The project runs PostgreSQL 16"))
    memory.append(Claim("memory/y.md", 2, "The project runs PostgreSQL 14"))
    started = time.perf_counter()
    pairs = candidate_pairs(memory)
    assert time.perf_counter() - started < 30
    n = len(memory)
    assert (n - 4, n - 3) in pairs and (n - 2, n - 1) in pairs
    assert len(pairs) <= 8 * n  # a few per claim, nowhere near n * n / 2


def test_eval_pairs_are_readable_when_shared_data_is_present(shared_dir: Path) -> None:
    first = json.loads((shared_dir / "eval" / "pairs-dev.jsonl").read_text().splitlines()[0])
    assert {"a", "b", "label"} <= set(first)
    findings = find_pairs([Claim("a.md", 1, first["a"]), Claim("b.md", 1, first["b"])])
    assert all(f.kind in ("duplicate", "contradiction") for f in findings)

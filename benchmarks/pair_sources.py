"""Where the candidate pairs come from, and which of them the judge reports.

    python benchmarks/pair_sources.py --repo /tmp/speedwork/distinct-10000-1-walk2 [--judge]

`candidates.candidate_codes` builds its pairs from four sources: copies of one text (each copy
with the first), the members of a family of texts one value apart (families.py), texts with
one key set (one node of the join) and the similarity join between nodes (key Jaccard >= 0.3).
This counts the pairs each source gives, and for the join the pairs by the key set sizes and
the keys shared. With `--judge` it judges every candidate pair (`find_pairs`, one process) and
counts the reported ones the same way, with where the others end (the unrelated gate, triage,
the full judgment).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from array import array
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import judgment
from gitmem.consistency import analyze, batch
from gitmem.consistency.candidates import (
    _fold_families,
    candidate_codes,
    ranked_keys,
)
from gitmem.consistency.families import FAMILY_MIN
from gitmem.consistency.join import similar_pairs
from gitmem.consistency.lexicon import default_lexicon
from gitmem.consistency.pair_codes import PairCodes

SOURCES = ("copy", "family", "one key set", "join")


def labelled(claims, count_only=False, sample=0):
    """{code: (source, shape)} as `candidate_codes` builds them (shape for join pairs:
    (smaller key set, larger, shared))."""
    lexicon = default_lexicon()
    copies: dict[str, list[int]] = {}
    for x, claim in enumerate(claims):
        copies.setdefault(claim.text, []).append(x)
    texts = list(copies.values())
    del copies
    key_ranks, _ = ranked_keys([claims[held[0]] for held in texts], lexicon)
    groups: dict[tuple[int, ...], list[int]] = {}
    for t, ranks in enumerate(key_ranks):
        if ranks:
            groups.setdefault(ranks, []).append(t)
    width = len(claims)
    label: dict[int, tuple] = {}
    fam = PairCodes(width)
    for ranks, held in groups.items():
        if len(held) >= FAMILY_MIN:
            before = [list(texts[t]) for t in held]
            groups[ranks] = _fold_families(held, texts, claims, fam)
            # members folded into a first member: their pairs with it are "family"
            for t, was in zip(held, before):
                if texts[t] and len(texts[t]) > len(was):
                    first = texts[t][0]
                    for x in texts[t][1:]:
                        if x not in was:
                            label.setdefault(min(first, x) * width + max(first, x),
                                             ("family", None))
    for code in fam.codes:
        label.setdefault(code, ("copy", None))
    nodes = sorted(groups, key=lambda ranks: (len(ranks), ranks))
    count = len(nodes)
    for t, ranks in enumerate(key_ranks):
        if ranks and texts[t]:
            first, *others = texts[t]
            for x in others:
                label.setdefault(first * width + x, ("copy", None))

    counts: Counter = Counter()
    if count_only:  # no dict of millions: each source's pairs are distinct from the others'
        for code, (source, _) in label.items():
            counts[source, None] += 1

    kept: dict[int, tuple] = {}

    def add(x, y, source, shape):
        if count_only:
            counts[source, shape] += 1
            if sample and source == "join":
                code = min(x, y) * width + max(x, y)
                if (code * 2654435761) % 1000003 % sample == 0:
                    kept[code] = ("join", shape)
        else:
            label.setdefault(min(x, y) * width + max(x, y), (source, shape))

    for u in range(count):
        held = groups[nodes[u]]
        for at, s in enumerate(held):
            for t in held[at + 1:]:
                (fs, *ms), (ft, *mt) = texts[s], texts[t]
                for x, y in ((fs, ft), *((x, ft) for x in ms), *((fs, y) for y in mt)):
                    add(x, y, "one key set", None)
    joined = similar_pairs(nodes, 0.3)
    for code in joined:
        u, v = divmod(code, count)
        a, b = nodes[u], nodes[v]
        shared = len(set(a).intersection(b))
        shape = (min(len(a), len(b)), max(len(a), len(b)), shared)
        for s in groups[a]:
            for t in groups[b]:
                (fs, *ms), (ft, *mt) = texts[s], texts[t]
                for x, y in ((fs, ft), *((x, ft) for x in ms), *((fs, y) for y in mt)):
                    add(x, y, "join", shape)
    if sample:
        counts["kept", None] = kept
    return counts if count_only else label


ENDS = ("unrelated, no paraphrase", "triage closed both", "judged, nothing")


def judged_ends(claims, label) -> tuple[Counter, Counter, Counter]:
    """Judge the pairs of `label` (`find_pairs`, one process): (reported by (source, kind),
    the others by (source, where they end), reported join pairs by (shape, kind)), and the CPU
    seconds of triage and of `analyze._judge` (for findings, for the rest) in `spent`."""
    sides: dict[tuple[str, str], tuple[bool, bool]] = {}
    judged: dict[tuple[str, str], object] = {}
    spent: Counter = Counter()
    findings: list = []
    real_open, real_judge, real_find = batch.open_sides, analyze._judge, judgment.find_pairs

    def open_sides(fa, fb, *rest, **kw):
        started = time.process_time()
        found = real_open(fa, fb, *rest, **kw)
        spent["triage"] += time.process_time() - started
        sides[fa.text, fb.text] = found
        return found

    def judge(a, b, *rest, **kw):
        started = time.process_time()
        found = real_judge(a, b, *rest, **kw)
        spent["judge, found" if found else "judge, nothing"] += time.process_time() - started
        judged[a.text, b.text] = found
        return found

    def find_pairs(*args, **kw):
        findings[:] = real_find(*args, **kw)
        return findings

    batch.open_sides, analyze._judge, judgment.find_pairs = open_sides, judge, find_pairs
    codes = array("q", sorted(label))
    started = time.process_time()
    try:
        judgment.judge_once(claims, lambda found, **_: PairCodes(len(claims), codes))
    finally:
        batch.open_sides, analyze._judge, judgment.find_pairs = real_open, real_judge, real_find
    spent["all"] = time.process_time() - started
    at = {id(c): x for x, c in enumerate(claims)}
    width = len(claims)
    hits = {at[id(f.a)] * width + at[id(f.b)]: f.kind for f in findings}
    reported: Counter = Counter()
    ends: Counter = Counter()
    shapes: Counter = Counter()
    for code, (source, shape) in label.items():
        i, j = divmod(code, width)
        key = (claims[i].text, claims[j].text)
        kind = hits.get(code)
        if kind:
            reported[source, kind] += 1
            if source == "join":
                shapes[shape, kind] += 1
        else:
            ends[source, ENDS[2] if key in judged else ENDS[1] if key in sides else ENDS[0]] += 1
    reported["spent"] = spent
    return reported, ends, shapes


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", type=Path, required=True)
    parser.add_argument("--judge", action="store_true", help="judge every candidate pair")
    parser.add_argument("--count-only", action="store_true",
                        help="no list of the pairs (100,000 files: ~4 min CPU, 0.7 GB)")
    parser.add_argument("--sample", type=int, default=0,
                        help="with --count-only: judge the join pairs whose code hashes to 0 "
                             "modulo N (about one in N)")
    parser.add_argument("--check", action="store_true", help="compare with candidate_codes")
    parser.add_argument("--out", type=Path, help="the join pairs by shape, as TSV")
    args = parser.parse_args(argv)
    started = time.process_time()
    claims = judgment.repo_claims(args.repo)
    label = labelled(claims, args.count_only, args.sample)
    kept = label.pop(("kept", None), None)
    if args.count_only:
        counted = label
        label = kept or {}
    else:
        counted = Counter(label.values())
    by_source: Counter = Counter()
    shapes: Counter = Counter()
    for (source, shape), n in counted.items():
        by_source[source] += n
        if source == "join":
            shapes[shape] += n
    print(f"{args.repo.name}: {len(claims):,} claims, {sum(by_source.values()):,} pairs, "
          f"{time.process_time() - started:.0f} s CPU, "
          f"peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB", flush=True)
    if args.check:
        real = set(candidate_codes(claims).codes)
        print(f"  same as candidate_codes: {real == set(label)} "
              f"({len(real):,} / {len(label):,})", flush=True)
    judging = args.judge or bool(kept)
    reported, ends, rep_shapes = judged_ends(claims, label) if judging else ({}, {}, {})
    if judging:
        spent = reported["spent"]
        print(f"  judged {len(label):,} pairs{' (a sample of the join)' if kept else ''} in "
              f"{spent['all']:.0f} s CPU: triage {spent['triage']:.1f} s, `_judge` "
              f"{spent['judge, found']:.1f} s for the findings and {spent['judge, nothing']:.1f}"
              " s for the others", flush=True)
    for source in SOURCES:
        line = f"  {source}: {by_source[source]:,} pairs"
        if judging:
            line += (f"; reported: contradiction {reported[source, 'contradiction']:,}, "
                     f"duplicate {reported[source, 'duplicate']:,}; not: "
                     + ", ".join(f"{end} {ends[source, end]:,}" for end in ENDS))
        print(line, flush=True)
    if args.out:
        judged_shapes = Counter(shape for source, shape in label.values() if source == "join")
        with args.out.open("w") as out:
            out.write("small\tlarge\tshared\tpairs\tjudged\tcontradictions\tduplicates\n")
            for shape in sorted(shapes):
                out.write("\t".join(map(str, (*shape, shapes[shape], judged_shapes[shape],
                                              rep_shapes.get((shape, "contradiction"), 0),
                                              rep_shapes.get((shape, "duplicate"), 0)))) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

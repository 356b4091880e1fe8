"""The candidate join at a size where a cold lint does not finish, and the planted pairs
through it and through the judge.

    python benchmarks/judgment.py --sizes 10000,100000 --no-lint   # writes the repositories
    python benchmarks/planted_join.py --sizes 10000,100000      # 100,000: ~6 min CPU, ~3 GB

For each repository `benchmarks/judgment.py` wrote (same --workdir, --seed and --fill) and its
manifest, in this process:
- the candidate join over every claim: pairs, pairs a claim, the spread of partners a claim,
  CPU seconds and peak RSS;
- the planted pairs `find_pairs` reports when the two claims are alone, and how many of them it
  reports when it judges every candidate pair that touches a planted claim, with the whole claim
  list as its context. That is the join's and the judge's recall at that size, not lint's (lint
  also scopes pairs by layout and folds copied files), at a fraction of judging every pair.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import judgment
from benchmarks.distinct_repo import FILL
from gitmem.consistency.candidates import candidate_pairs


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(repo: Path) -> None:
    manifest = json.loads(repo.with_name(repo.name + ".json").read_text())
    started = time.process_time()
    claims = judgment.repo_claims(repo)
    parsed = time.process_time()
    pairs = candidate_pairs(claims)
    joined = time.process_time()
    partners = Counter(x for pair in pairs for x in pair)
    spread = sorted(partners.values())
    median = statistics.median(spread) if spread else 0
    tail = [spread[int(q * (len(spread) - 1))] for q in (0.9, 0.99, 1.0)] if spread else [0] * 3
    print(f"{repo.name}: {len(claims):,} claims, {len(pairs):,} candidate pairs "
          f"({len(pairs) / max(len(claims), 1):.1f} a claim; partners median {median:g}, "
          f"p90 {tail[0]}, p99 {tail[1]}, max {tail[2]}); claims {parsed - started:.1f} s, "
          f"join {joined - parsed:.1f} s CPU; peak RSS {peak_mb():,.0f} MB", flush=True)
    at = {(claim.path, claim.line): x for x, claim in enumerate(claims)}
    planted = set()
    for row in manifest["planted"]:
        b = at.get(tuple(row["b"]))
        for place in row["a"]:
            a = at.get(tuple(place))
            if a is not None and b is not None:
                planted.add((min(a, b), max(a, b)))
    sides = {x for pair in planted for x in pair}
    touching = [pair for pair in pairs if pair[0] in sides or pair[1] in sides]
    among = sum(pair in planted for pair in touching)
    del pairs, partners, spread
    alone = judgment.reported_alone(manifest)
    cpu, judged, reported = judgment.judge_once(claims, lambda found, **_: list(touching))
    hit, of = judgment.recall(manifest, reported, alone)
    print(f"  planted claim pairs {len(planted):,}, candidate pairs among them {among:,}; "
          f"judged the {judged:,} candidate pairs that touch a planted claim in {cpu:.0f} s CPU: "
          f"planted pairs reported {hit}/{of} "
          f"({judgment.recall_by_kind(manifest, reported, alone)}); peak RSS {peak_mb():,.0f} MB",
          flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fill", default=FILL)
    parser.add_argument("--workdir", type=Path,
                        default=Path(tempfile.gettempdir()) / "gitmem-judgment",
                        help="where judgment.py wrote its repositories (its --workdir)")
    args = parser.parse_args(argv)
    for size in (int(s) for s in args.sizes.split(",")):
        name = f"distinct-{size}-{args.seed}" + ("" if args.fill == "walk" else f"-{args.fill}")
        repo = args.workdir / name
        if not repo.is_dir():
            print(f"{repo}: not there; write it with `python benchmarks/judgment.py --sizes "
                  f"{size} --no-lint --workdir {args.workdir}` first", file=sys.stderr)
            return 2
        measure(repo)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

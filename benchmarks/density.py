"""How dense the benchmark's claims are, against real rules: what drives gitmem's cost and noise.

    python benchmarks/density.py pools --claims 5000,15000        # real vs synthetic, matched n
    python benchmarks/density.py repo REPO [--manifest M.json]    # a repository, by source

For a set of claims it counts the candidate pairs (`candidate_pairs`: key Jaccard >= 0.3), the
pairs that reach the full judge (`analyze._judge`, after the cheap rejections and triage) and the
findings, per claim and per 1,000 files, split by where each side came from: a real corpus
bullet, a synthetic sentence, or a planted pair. `pools` draws the same number of claims from
each source (5.5 claims a file, as the generator writes them) so densities compare at one size.
The corpora are read at run time (`../shared/corpora`), never copied here.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import distinct_repo
from benchmarks.generate import DEFAULT_CORPORA, TOPICS, corpus_bullets
from gitmem.consistency import analyze
from gitmem.consistency.candidates import candidate_pairs
from gitmem.memory.parse import parse_memory
from gitmem.model import Claim


def measure(claims: Sequence[Claim], source: Sequence[str], files: int) -> dict[str, object]:
    """Pairs, full judgments and findings of `claims`, each side's source named by `source`."""
    def both(i: int, j: int) -> str:
        return "+".join(sorted((source[i], source[j])))

    at = {id(c): n for n, c in enumerate(claims)}
    started = time.process_time()
    pairs = candidate_pairs(claims)
    join_cpu = time.process_time() - started
    judged: Counter[str] = Counter()
    real_judge = analyze._judge

    def counting(a: Claim, b: Claim, *args: object, **kw: object) -> object:
        judged[both(at[id(a)], at[id(b)])] += 1
        return real_judge(a, b, *args, **kw)

    analyze._judge = counting  # type: ignore[assignment]
    try:
        started = time.process_time()
        found = analyze.find_pairs(claims, workers=1)
        judge_cpu = time.process_time() - started
    finally:
        analyze._judge = real_judge  # type: ignore[assignment]
    findings = Counter(f"{f.kind} {both(at[id(f.a)], at[id(f.b)])}" for f in found)
    by_pair = Counter(both(i, j) for i, j in pairs)
    n = len(claims)
    return {"claims": n, "files": files, "sources": dict(Counter(source)),
            "pairs": len(pairs), "pairs_per_claim": round(len(pairs) / max(n, 1), 2),
            "judged": sum(judged.values()),
            "judged_per_claim": round(sum(judged.values()) / max(n, 1), 3),
            "findings": len(found),
            "findings_per_1000_files": round(1000 * len(found) / max(files, 1), 1),
            "pairs_by_source": dict(by_pair), "judged_by_source": dict(judged),
            "findings_by_source": dict(sorted(findings.items())),
            "cpu": {"candidates": round(join_cpu, 1), "find_pairs": round(judge_cpu, 1)}}


def as_claims(texts: Sequence[str], rng: random.Random) -> tuple[list[Claim], int]:
    """The texts as bullets of files of 3..8 claims (the generator's), and the file count."""
    claims, at, file = [], 0, 0
    while at < len(texts):
        take = rng.randint(3, 8)
        path = f"memory/{TOPICS[file % len(TOPICS)]}/{file}.md"
        claims += [Claim(path, 8 + k, text, "bullet") for k, text in enumerate(texts[at:at + take])]
        at, file = at + take, file + 1
    return claims, file


def pools(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    bullets = corpus_bullets(args.corpora, limit=10**6)
    real = distinct_repo.clean_bullets(bullets)
    sizes = [int(s) for s in args.claims.split(",")]
    for mode in args.modes.split(","):
        synthetic = distinct_repo.synthetic_pool(random.Random(args.seed), max(sizes), real, mode)
        for size in sizes:
            for name, pool in (("real", real), (f"synthetic:{mode}", synthetic)):
                if len(pool) < size or (name == "real" and mode != args.modes.split(",")[0]):
                    continue
                texts = random.Random(args.seed).sample(pool, size)
                claims, files = as_claims(texts, rng)
                row = measure(claims, [name] * len(claims), files)
                print(json.dumps({"pool": name, **row}), flush=True)


def repo_claims(repo: Path) -> list[Claim]:
    listed = subprocess.run(["git", "-C", str(repo), "ls-files", "-z"], capture_output=True,
                            check=True).stdout.decode().split("\0")
    claims: list[Claim] = []
    for path in sorted(p for p in listed if p and p != ".gitmem.toml"):
        claims += parse_memory(path, (repo / path).read_bytes(), "0" * 40).claims
    return claims


def repo(args: argparse.Namespace) -> None:
    claims = repo_claims(args.repo)
    real = set(distinct_repo.clean_bullets(corpus_bullets(args.corpora, limit=10**6)))
    planted: set[tuple[str, int]] = set()
    if args.manifest:
        for row in json.loads(args.manifest.read_text())["planted"]:
            planted.update(tuple(a) for a in row["a"])
            planted.add(tuple(row["b"]))
    lines: dict[str, list[str]] = {}

    def line_text(c: Claim) -> str:
        if c.path not in lines:
            lines[c.path] = (args.repo / c.path).read_text(errors="replace").splitlines()
        return " ".join(lines[c.path][c.line - 1].lstrip(" -*").split())

    source = ["planted" if (c.path, c.line) in planted else
              "real" if args.all_real or line_text(c) in real else "synthetic" for c in claims]
    files = len({c.path for c in claims})
    print(json.dumps({"repo": str(args.repo), **measure(claims, source, files)}), flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpora", type=Path, default=DEFAULT_CORPORA)
    parser.add_argument("--seed", type=int, default=1)
    sub = parser.add_subparsers(dest="what", required=True)
    one = sub.add_parser("pools")
    one.add_argument("--claims", default="5000,15000")
    one.add_argument("--modes", default="walk")
    one = sub.add_parser("repo")
    one.add_argument("repo", type=Path)
    one.add_argument("--manifest", type=Path)
    one.add_argument("--all-real", action="store_true", help="every claim is real text")
    args = parser.parse_args(argv)
    (pools if args.what == "pools" else repo)(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())

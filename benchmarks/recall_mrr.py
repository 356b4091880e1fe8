"""Mean reciprocal rank of `gitmem recall` on a judged query set over a real rule corpus.

    python benchmarks/recall_mrr.py ../shared/corpora/awesome-cursorrules benchmarks/recall/queries-test.jsonl

Each line of the query file is {"query": ..., "relevant": [paths relative to the corpus]}. A
query's reciprocal rank is 1/r for the first relevant memory at rank r (0 when none is in the
first `--depth` results); the MRR is their mean. The corpus is read the way gitmem reads a
working tree: every `.md`/`.mdc` file, README.md excluded, parsed by gitmem's own parser.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from gitmem.memory.discover import MemoryMatcher
from gitmem.memory.parse import parse_memory
from gitmem.ops.recall import rank_memories


def load_corpus(root: Path) -> list:
    matcher = MemoryMatcher()
    out = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_file() and matcher.matches(rel):
            out.append(parse_memory(rel, path.read_bytes()))
    return out


def reciprocal_ranks(memories: list, queries: list[dict], depth: int) -> list[tuple[str, float]]:
    out = []
    for case in queries:
        ranked = [m.path for m, _ in rank_memories(memories, case["query"])[:depth]]
        rank = next((n for n, path in enumerate(ranked, 1) if path in case["relevant"]), None)
        out.append((case["query"], 1 / rank if rank else 0.0))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("queries", type=Path)
    parser.add_argument("--depth", type=int, default=20, help="results looked at per query")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per query")
    args = parser.parse_args(argv)
    memories = load_corpus(args.corpus)
    queries = [json.loads(line) for line in args.queries.read_text().splitlines() if line.strip()]
    ranks = reciprocal_ranks(memories, queries, args.depth)
    if args.verbose:
        for query, rr in ranks:
            print(f"{rr:5.3f}  {query}")
    mrr = sum(rr for _, rr in ranks) / len(ranks)
    print(f"MRR@{args.depth} {mrr:.3f} over {len(ranks)} queries, {len(memories)} memories")
    return 0


if __name__ == "__main__":
    sys.exit(main())

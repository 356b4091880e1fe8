"""False alarms on real rule files, and the cost of the pass at lint scale.

    python benchmarks/false_alarms.py                  # ../shared/corpora/awesome-cursorrules
    python benchmarks/false_alarms.py --show 20        # print some findings to judge by eye
    python benchmarks/false_alarms.py --corpus ../shared/corpora/awesome-claude-md
    python benchmarks/false_alarms.py --synthetic 150000   # candidates + find_pairs timing

The corpus (rules/ and rules-new/, Cursor `.mdc` files with `globs` frontmatter) holds few real
contradictions, so what the detector flags inside one folder (one project's rule set, as one
memory repo would hold) is mostly false alarms: the target is at most 10 contradiction findings
per 1,000 files. `--across-projects` also compares unrelated projects with each other ("Use
Jest" in one project, "Use Vitest" in another), an upper bound rather than the target measure. Claims come from the memory parser
(`gitmem.memory.parse.parse_memory`); `globs` are the scope, so rules for disjoint file sets are
not compared. Claims within one file and across files are compared alike.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gitmem.consistency.analyze import PairFinding, find_pairs
from gitmem.consistency.candidates import candidate_pairs
from gitmem.consistency.corpus import _globs
from gitmem.memory.parse import parse_memory
from gitmem.model import Claim, Memory

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def load_corpus(root: Path) -> list[Memory]:
    """Every file of awesome-cursorrules' rules/ and rules-new/, or of any other corpus folder
    (awesome-claude-md: templates/<project>/CLAUDE.md)."""
    memories = []
    folders = [root / f for f in ("rules", "rules-new") if (root / f).is_dir()] or [root]
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                relative = path.relative_to(root).as_posix()
                memories.append(parse_memory(relative, path.read_bytes()))
    return memories


def scope_of(memory: Memory) -> tuple[str, ...]:
    """A rule's `globs`, read as lint reads them (a comma inside braces separates no globs)."""
    return _globs(memory.meta.get("globs"))


def project_of(path: str) -> str:
    """rules/<project>/... and templates/<project>/... are one project's rule set each;
    rules-new/ is one collection."""
    parts = path.split("/")
    grouped = parts[0] in ("rules", "templates") and len(parts) > 2
    return "/".join(parts[:2]) if grouped else parts[0]


def analyse(memories: Sequence[Memory]) -> list[PairFinding]:
    claims = [claim for memory in memories for claim in memory.claims]
    return find_pairs(
        claims,
        tags={m.path: m.tags for m in memories},
        scopes={m.path: scope_of(m) for m in memories},
    )


def run_corpus(root: Path, show: int, across_projects: bool) -> int:
    started = time.perf_counter()
    memories = load_corpus(root)
    parsed = time.perf_counter()
    claims = [claim for memory in memories for claim in memory.claims]
    cpu = time.process_time()
    if across_projects:
        findings = analyse(memories)
    else:
        projects: dict[str, list[Memory]] = {}
        for memory in memories:
            projects.setdefault(project_of(memory.path), []).append(memory)
        findings = [f for group in projects.values() for f in analyse(group)]
        print(f"projects={len(projects)} (each folder is one memory set, as a repo would be)")
    done = time.perf_counter()
    cpu = time.process_time() - cpu
    kinds = Counter((f.kind, f.klass) for f in findings)
    contradictions = [f for f in findings if f.kind == "contradiction"]
    within = sum(f.a.path == f.b.path for f in contradictions)
    identical = sum(f.identical for f in findings)
    files = len(memories)
    print(
        f"files={files} claims={len(claims)} parse={parsed - started:.1f}s "
        f"pairs={done - parsed:.1f}s wall, {cpu:.1f}s cpu"
    )
    for (kind, klass), count in sorted(kinds.items()):
        print(f"  {kind:<13} {klass:<8} {count}")
    print(f"  identical duplicates: {identical}")
    print(
        f"contradiction findings: {len(contradictions)} ({within} within one file) = "
        f"{1000 * len(contradictions) / max(1, files):.1f} per 1,000 files"
    )
    _show(contradictions, show)
    return 0


def _show(findings: Sequence[PairFinding], count: int) -> None:
    for finding in findings[:count]:
        print(f"- {finding.confidence:.2f} {dict(finding.signals)}")
        print(f"    {finding.a.path}:{finding.a.line}: {finding.a.text[:140]}")
        print(f"    {finding.b.path}:{finding.b.line}: {finding.b.text[:140]}")


def synthetic_claims(count: int, seed: int = 0) -> list[Claim]:
    """Memory-like claims: a Zipf vocabulary, a few directive words, ~15 claims per file, and
    a sprinkle of planted one-word swaps and copies so the detectors have work to do."""
    rng = random.Random(seed)
    vocabulary = [f"term{i}" for i in range(100_000)]
    weights = [1 / (i + 1) for i in range(len(vocabulary))]
    cumulative = []
    total = 0.0
    for weight in weights:
        total += weight
        cumulative.append(total)
    directives = ["Always", "Never", "Use", "Avoid", "Prefer", "Do not", "Enable", "Disable"]
    tools = ["pytest", "jest", "react", "vue", "django", "flask", "redis", "postgresql", "mysql", "docker", "npm", "yarn", "pnpm"]
    claims: list[Claim] = []
    for i in range(count):
        words = rng.choices(vocabulary, cum_weights=cumulative, k=rng.randint(4, 10))
        text = f"{rng.choice(directives)} {rng.choice(tools)} for {' '.join(words)}"
        if claims and rng.random() < 0.02:
            previous = claims[rng.randrange(len(claims))].text
            text = previous.replace("Always", "Never", 1) if rng.random() < 0.5 else previous
        claims.append(Claim(f"memory/{i // 15}.md", i % 15 + 1, text))
    return claims


def run_synthetic(count: int) -> int:
    claims = synthetic_claims(count)
    wall, cpu = time.perf_counter(), time.process_time()
    pairs = candidate_pairs(claims)
    print(
        f"candidates: claims={count} pairs={len(pairs)} ({len(pairs) / count:.2f} per claim) "
        f"wall={time.perf_counter() - wall:.1f}s cpu={time.process_time() - cpu:.1f}s"
    )
    wall, cpu = time.perf_counter(), time.process_time()
    findings = find_pairs(claims)
    kinds = Counter(f.kind for f in findings)
    print(
        f"find_pairs: findings={dict(kinds)} wall={time.perf_counter() - wall:.1f}s "
        f"cpu={time.process_time() - cpu:.1f}s"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=SHARED / "corpora" / "awesome-cursorrules")
    parser.add_argument("--show", type=int, default=0, help="print this many contradiction findings")
    parser.add_argument("--synthetic", type=int, default=0, help="time N synthetic claims instead")
    parser.add_argument(
        "--across-projects",
        action="store_true",
        help="compare every folder with every other (unrelated projects: an upper bound)",
    )
    args = parser.parse_args(argv)
    if args.synthetic:
        return run_synthetic(args.synthetic)
    if not args.corpus.is_dir():
        print(f"{args.corpus} not found", file=sys.stderr)
        return 2
    return run_corpus(args.corpus, args.show, args.across_projects)


if __name__ == "__main__":
    sys.exit(main())

"""Judgment at any size: planted-pair recall printed beside every timing.

    python benchmarks/judgment.py --sizes 1000,10000
    python benchmarks/judgment.py --sizes 100000 --no-lint      # hours, outside the test suite

For each size it writes a repository of DISTINCT claims in real layouts (`CLAUDE.md`,
`memory/<topic>/<slug>.md` with frontmatter, `.cursor/rules/*.mdc`): first every bullet of the
rule corpora in `../shared/corpora` once (read at generation time, never copied here), then
sentences walked from a Markov chain of those bullets (`--fill`, see `distinct_repo.py`), so the
vocabulary and its frequencies are those of real rules and no text repeats. Into it go the
contradiction and duplicate pairs of `benchmarks/memory_pairs/*.jsonl` (negations, antonyms,
swapped values, restatements, corrections), each side in another file, every fourth pair's
first side copied into three more files.

Then, in one run, at each size:
- `alone`: the planted pairs gitmem reports when the two claims are the whole memory (for the
  lint rows, as lint reads two memory files of one claim each: its claim model sets a record
  of a change aside, "Random seeds: fixed." among them, in a crowd or not);
- `lint`: `gitmem lint --format json --select GM2`, cold (no cache) and warm, wall and CPU
  seconds and peak RSS, and how many of the pairs lint reports alone it reports;
- `judge`: `find_pairs` in this process over every claim, with the current candidate generator
  and with the capped one it replaced (`capped_candidates.py`), CPU seconds, pairs judged and
  planted recall: the baseline measured in the same run, so ratios hold under any load.
A planted pair reported alone and missed in the crowd is a regression; the table says so.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import capped_candidates
from benchmarks.distinct_repo import FILL, FILLS, generate
from benchmarks.generate import DEFAULT_CORPORA
from gitmem.consistency import analyze
from gitmem.config import Config
from gitmem.consistency.analyze import find_pairs
from gitmem.consistency.corpus import corpus_pairs
from gitmem.consistency.pair_codes import PairCodes
from gitmem.memory.parse import parse_memory
from gitmem.model import Claim

Location = tuple[str, int]


# ----- what is reported -------------------------------------------------------------------------
class Reported:
    """The findings as groups of places: a pair is reported when one finding of its kind names
    both of its places (lint names every copy of a repeated claim on one finding; in process, a
    finding between two texts stands for every copy of each, as lint groups them)."""

    def __init__(self) -> None:
        self.groups: list[tuple[str, tuple[Location, ...]]] = []
        self.strict: tuple[str, ...] = ()  # the codes lint read strictly (pairs_read_strictly)
        self.at: dict[tuple[str, Location], set[int]] = {}

    def add(self, kind: str, places: Sequence[Location]) -> None:
        for place in places:
            self.at.setdefault((kind, place), set()).add(len(self.groups))
        self.groups.append((kind, tuple(places)))

    def __contains__(self, item: tuple[str, Location, Location]) -> bool:
        kind, x, y = item
        return bool(self.at.get((kind, x), set()) & self.at.get((kind, y), set()))

    def __iter__(self) -> Iterator[tuple[str, Location, Location]]:
        for kind, (first, *others) in self.groups:
            for other in others:
                yield kind, first, other


def _pair(kind: str, x: Location, y: Location) -> tuple[str, Location, Location]:
    return (kind, min(x, y), max(x, y))


KINDS = ("negation", "antonym", "value swapped", "restated", "correction", "duplicate")


def recall(manifest: dict, reported: Reported, alone: Sequence[str | None]) -> tuple[int, int]:
    """(planted pairs reported alone and here, planted pairs reported alone)."""
    hit = 0
    for row, was in zip(manifest["planted"], alone):
        a, b = tuple(row["a"][0]), tuple(row["b"])
        hit += bool(was) and _pair(row["kind"], a, b) in reported
    return hit, sum(map(bool, alone))


def recall_by_kind(manifest: dict, reported: Reported, alone: Sequence[str | None]) -> str:
    """"negation 69/69, antonym 14/14, ...": the recall of each kind of planted pair."""
    hits: dict[str, list[int]] = {kind: [0, 0] for kind in KINDS}
    for row, kind in zip(manifest["planted"], alone):
        if kind:
            hits[kind][1] += 1
            hits[kind][0] += _pair(row["kind"], tuple(row["a"][0]), tuple(row["b"])) in reported
    return ", ".join(f"{kind} {hit}/{of}" for kind, (hit, of) in hits.items() if of)


def kind_alone(kind: str, signals: dict) -> str:
    """The kind of a planted pair as gitmem reads it alone, from the signals that fired."""
    if kind == "duplicate":
        return "duplicate"
    for signal, name in (("correction", "correction"), ("restated", "restated"),
                         ("slot", "value swapped"), ("unknown_slot", "value swapped"),
                         ("antonym", "antonym"), ("polarity", "antonym")):
        if signal in signals:
            return name
    return "negation"


def reported_alone(manifest: dict, through_lint: bool = False, possible: bool = True,
                   strict: Sequence[str] = ()) -> list[str | None]:
    """For each planted pair, its kind when gitmem reports it with the two claims alone: as
    `find_pairs` judges the two claims, or `through_lint`, as lint reads two memory files that
    hold one claim each (its claim model sets some lines aside: a record of a change is
    compared with nothing, alone or in a crowd). `possible` False: as lint's default rules
    report it, without GM202 (a duplicate in the possible band is not reported); `strict`, the
    codes lint reads strictly there (its report's `pairs_read_strictly`: memory beside code),
    where GM211 reports only two directives (`strict_reading.kept_strictly`; every planted
    pair lies in the shared memory/ folder, so no pair is two agents' files)."""
    from gitmem.consistency.features import directs

    out: list[str | None] = []
    for row in manifest["planted"]:
        a, b = row["texts"]
        if through_lint:
            memories = [parse_memory(path, f"- {text}\n".encode())
                        for path, text in (("memory/a.md", a), ("memory/b.md", b))]
            found = corpus_pairs(memories, Config())
        else:
            found = find_pairs([Claim("memory/a.md", 1, a), Claim("memory/b.md", 1, b)])
        found = [f for f in found if f.kind == row["kind"]
                 and (possible or f.kind != "duplicate" or f.klass == "match")
                 and not (f.kind == "contradiction" and "GM211" in strict
                          and not (directs(f.a.text) and directs(f.b.text)))]
        out.append(kind_alone(row["kind"], dict(found[0].signals)) if found else None)
    return out


# the rules of `lint_once`: every pair rule (GM201, GM202, GM211), or lint's default set
SELECT_GM2 = ("--select", "GM2")
DEFAULT_RULES = ()


def lint_once(repo: Path, rules: Sequence[str] = SELECT_GM2
              ) -> tuple[float, float, float, Reported]:
    """(wall s, CPU s, peak RSS MB, pairs reported) of one `gitmem lint --select GM2` (with
    `rules` DEFAULT_RULES, of a plain `gitmem lint`: GM202 is off by default)."""
    kinds = {"GM211": "contradiction", "GM201": "duplicate", "GM202": "duplicate"}
    with tempfile.TemporaryFile() as out:
        started = time.perf_counter()
        pid = os.posix_spawnp(sys.executable, [sys.executable, "-m", "gitmem", "-C", str(repo),
                                               "lint", "--format", "json", *rules],
                              os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, out.fileno(), 1)])
        _, status, usage = os.wait4(pid, 0)
        wall = time.perf_counter() - started
        if os.waitstatus_to_exitcode(status) not in (0, 1):
            raise SystemExit(f"gitmem lint exited {os.waitstatus_to_exitcode(status)}")
        out.seek(0)
        report = json.loads(out.read())
        findings = report["findings"]
    reported = Reported()
    reported.strict = tuple(report.get("pairs_read_strictly", ()))
    for f in findings:
        if f["code"] in kinds:
            reported.add(kinds[f["code"]], [(f["path"], f["line"]),
                                            *((r["path"], r["line"]) for r in f["related"])])
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, reported


def repo_claims(repo: Path) -> list[Claim]:
    listed = subprocess.run(["git", "-C", str(repo), "ls-files", "-z"], capture_output=True,
                            check=True).stdout.decode().split("\0")
    claims: list[Claim] = []
    for path in sorted(p for p in listed if p):
        claims += parse_memory(path, (repo / path).read_bytes(), "0" * 40).claims
    return claims


def judge_once(claims: list[Claim], generator: Callable | None) -> tuple[float, int, Reported]:
    """(CPU s, pairs judged, pairs reported) of `find_pairs` with this candidate generator."""
    real = analyze.candidate_codes
    counted: list[int] = []

    def counting(found: Sequence[Claim], **options: object) -> PairCodes:
        pairs = real(found, **options) if generator is None else PairCodes.of(
            len(found), generator(found, **options))
        counted.append(len(pairs))
        return pairs

    analyze.candidate_codes = counting  # type: ignore[assignment]
    try:
        started = time.process_time()
        found = find_pairs(claims, workers=1)  # CPU of one process: the workers' is not counted
        cpu = time.process_time() - started
    finally:
        analyze.candidate_codes = real  # type: ignore[assignment]
    copies: dict[str, list[Location]] = {}
    for claim in claims:
        copies.setdefault(claim.text, []).append((claim.path, claim.line))
    reported = Reported()
    for f in found:
        reported.add(f.kind, [*copies[f.a.text], *(copies[f.b.text] if f.b.text != f.a.text
                                                    else ())])
    return cpu, counted[0], reported


def old_generator_rows(size: int, args: argparse.Namespace) -> None:
    """The same judging runs on `benchmarks/generate.py`'s repository (templated planted pairs,
    a few hundred corpus bullets reused), recall counted per planted pair of files."""
    from benchmarks.generate import generate as generate_old

    repo = args.workdir / f"old-{size}-{args.seed}"
    stamp = repo / ".git" / "gitmem-bench.json"
    if not stamp.is_file():
        subprocess.run(["rm", "-rf", str(repo)], check=True)
        generate_old(repo, size, seed=args.seed, corpora=args.corpora, ops=0)
    manifest = json.loads(stamp.read_text())
    planted = [(kind, min(a, b), max(a, b)) for a, b, kind in
               manifest["contradictions"] + manifest["duplicates"]]
    parsed = repo_claims(repo)
    for name, generator in (("exact join", None), ("capped (baseline)",
                                                   capped_candidates.candidate_pairs)):
        if generator is not None and args.no_baseline:
            continue
        cpu, pairs, reported = judge_once(parsed, generator)
        files = {(kind, min(a[0], b[0]), max(a[0], b[0])) for kind, a, b in reported}
        hit = sum(p in files for p in planted)
        print(f"| {size:,} | {len(parsed):,} | old generator, judge, {name} | - | {cpu:.1f} | - "
              f"| {pairs:,} | {hit}/{len(planted)} file pairs |  |", flush=True)


# ----- the run ----------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000", help="memory files, comma separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--corpora", type=Path, default=DEFAULT_CORPORA)
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "gitmem-judgment")
    parser.add_argument("--fill", default=FILL, help=f"synthetic sentences after the corpus "
                        f"bullets run out: {', '.join(FILLS)} (default {FILL}; walk is the "
                        "first distinct-claims generator's)")
    parser.add_argument("--no-lint", action="store_true", help="skip the `gitmem lint` runs")
    parser.add_argument("--no-baseline", action="store_true", help="skip the capped generator")
    parser.add_argument("--no-judge", action="store_true",
                        help="skip the in-process judging rows (the exact join, the capped "
                        "baseline, the old generator): at 100,000 files they double a run that "
                        "lint alone makes long")
    parser.add_argument("--default-rules", action="store_true",
                        help="also time a plain `gitmem lint` (GM202 off, as by default), held "
                        "to what its rules report of the two memories alone")
    parser.add_argument("--old-generator", action="store_true",
                        help="also judge benchmarks/generate.py's repository of each size")
    args = parser.parse_args(argv)
    if not args.corpora.is_dir():
        print(f"{args.corpora}: the rule corpora are needed for distinct claims", file=sys.stderr)
        return 2
    print("| files | claims | run | wall s | CPU s | RSS MB | pairs judged | planted recall "
          "| by kind |")
    print("| ---: | ---: | --- | ---: | ---: | ---: | ---: | --- | --- |")
    regressions = 0
    for size in (int(s) for s in args.sizes.split(",")):
        name = f"distinct-{size}-{args.seed}" + ("" if args.fill == "walk" else f"-{args.fill}")
        repo, manifest_file = args.workdir / name, args.workdir / f"{name}.json"
        if not manifest_file.is_file():
            subprocess.run(["rm", "-rf", str(repo)], check=True)
            repo.parent.mkdir(parents=True, exist_ok=True)
            manifest_file.write_text(json.dumps(generate(repo, size, args.seed, args.corpora,
                                                         fill=args.fill)))
        manifest = json.loads(manifest_file.read_text())
        alone = reported_alone(manifest)
        claims = manifest["claims"]

        def row(run: str, wall: float | None, cpu: float, rss: float | None, pairs: object,
                reported: Reported, manifest: dict = manifest, alone: list = alone,
                size: int = size, claims: int = claims) -> None:
            nonlocal regressions
            hit, of = recall(manifest, reported, alone)
            regressions += (hit < of) and not run.startswith("judge, capped")
            lost = "" if hit == of else f" ({of - hit} LOST)"
            print(f"| {size:,} | {claims:,} | {run} | {'-' if wall is None else f'{wall:.1f}'} "
                  f"| {cpu:.1f} | {'-' if rss is None else f'{rss:.0f}'} | {pairs} "
                  f"| {hit}/{of}{lost} | {recall_by_kind(manifest, reported, alone)} |",
                  flush=True)

        if not args.no_lint:
            subprocess.run(["rm", "-rf", str(repo / ".git" / "gitmem" / "cache")], check=True)
            # lint is held to what lint reports of the two memories alone
            alone_in_lint = reported_alone(manifest, through_lint=True)
            wall, cpu, rss, reported = lint_once(repo)
            row("lint, cold", wall, cpu, rss, "-", reported, alone=alone_in_lint)
            wall, cpu, rss, reported = lint_once(repo)
            row("lint, warm", wall, cpu, rss, "-", reported, alone=alone_in_lint)
            if args.default_rules:
                subprocess.run(["rm", "-rf", str(repo / ".git" / "gitmem" / "cache")],
                               check=True)
                wall, cpu, rss, reported = lint_once(repo, DEFAULT_RULES)
                alone_by_default = reported_alone(manifest, through_lint=True, possible=False,
                                                  strict=reported.strict)
                row("lint, default rules, cold", wall, cpu, rss, "-", reported,
                    alone=alone_by_default)
                wall, cpu, rss, reported = lint_once(repo, DEFAULT_RULES)
                row("lint, default rules, warm", wall, cpu, rss, "-", reported,
                    alone=alone_by_default)
        if args.no_judge:
            continue
        parsed = repo_claims(repo)
        cpu, pairs, reported = judge_once(parsed, None)
        row("judge, exact join", None, cpu, None, f"{pairs:,}", reported)
        if not args.no_baseline:
            base_cpu, base_pairs, reported = judge_once(parsed, capped_candidates.candidate_pairs)
            row("judge, capped (baseline)", None, base_cpu, None, f"{base_pairs:,}", reported)
            print(f"|  |  | ratio exact / capped |  | {cpu / max(base_cpu, 1e-9):.2f}x |  | "
                  f"{pairs / max(base_pairs, 1):.2f}x |  |  |", flush=True)
        if args.old_generator:
            old_generator_rows(size, args)
    if regressions:
        print(f"{regressions} run(s) missed planted pairs that are reported alone", file=sys.stderr)
    return 1 if regressions else 0


if __name__ == "__main__":
    sys.exit(main())

"""gitmem lint on public projects that keep agent memory beside their code (issue 17).

    python benchmarks/eval_real_repos.py run --mirrors /work/.mirror     # table of every repository
    python benchmarks/eval_real_repos.py run --mirrors /work/.mirror --batch 8  # one batch only
    python benchmarks/eval_real_repos.py sample --per-code 30 --seed 17  # findings to judge
    python benchmarks/eval_real_repos.py score                           # precision per code
    python benchmarks/eval_real_repos.py agree --judged A --judged B     # two judges compared

The list of repositories and the commit each one is read at is `real_repos.json` beside this
script; their content is never copied into this repository. The first 30 entries are the ones
the rules were tuned on; an entry added later carries `"batch": N` (batch 8: 16 repositories
chosen by their memory layout, never linted while the rules were tuned, a blind check;
batch 9: 18 more chosen the same way, held back until the fixes after batch 8 were made;
batch 10: 26 more, chosen by layout before any lint; batch 11: 29 more, chosen the same way;
batch 12: 30 more, chosen the same way; batch 13: 33 more, chosen the same way;
batch 14: 28 more, chosen the same way; batch 15: 30 more, chosen the same way;
batch 16: 30 more, chosen the same way; batch 17: 30 more, chosen the same way;
batch 18: 30 more, chosen the same way; batch 19: 31 more, chosen the same way);
`run --batch N` lints only that batch, and `run` without it only the 30 (so a run made while
tuning never shows a blind batch, and its figures stay comparable). A repository is read from
a local copy: `--mirrors DIR` holds `owner+name/repo` git directories (what the search tool's fetch
writes), or `--clones DIR` holds `owner+name` checkouts. Each one is cloned into a temporary
folder at its recorded commit, with no `.gitmem.toml` of ours, and linted as a new user would:
`gitmem lint --format json` with the defaults (layout discovery, the default rule set: GM202
is left out where the memory sits beside code); `run --select GM` runs every rule.

`run` writes `--out` (default `/tmp/gitmem-real-repos.json`): per repository the layouts read,
files, claims, findings by code, seconds, exit code; each pair finding keeps its class, score
and `concepts` signal (set when the paraphrase reading found it). `sample` draws findings of that run at
random, per code, and prints them with the lines they point at, to judge by eye. Judgments are
kept in `real_repos_judged.jsonl`, one object a line: repository, commit, code, path, line, the
related location, a digest of the message (to recognise the same finding in a later run), the
verdict (`true`: a person would act on it; `false`; `unsure`) and a note in our own words;
never the memory's text. `score` matches those judgments against a run and prints precision per
code (true / (true + false); unsure left out) and how many judged findings the run still has.
`sample --exclude FILE` leaves out findings already judged in FILE (a new sample after a change
is drawn from what was not judged before); `score --judged FILE` scores another judgments file
(`real_repos_judged_2.jsonl`: the sample drawn after the precision fixes of issue 17) and says,
of the judged findings a run still reports, how many were true; `sample --cap GM201=50` draws
another number for one code. `real_repos_judged_5.jsonl` is a blind sample of findings never
judged before, judged by a session that did not write the fixes (docs/lint.md, "Sample 5");
`real_repos_judged_6.jsonl` the same after the sixth round ("Sample 6"),
`real_repos_judged_7.jsonl` after the seventh ("Sample 7"); `real_repos_judged_8.jsonl` is the
blind judgment of batch 8, 16 repositories never tuned on (`run --batch 8`);
`real_repos_judged_9.jsonl` that of batch 9, linted and judged once, after the fixes batch 8
led to. `real_repos_judged_10.jsonl` to `real_repos_judged_15.jsonl` are the blind judgments of
batches 10 to 15, each linted and judged once (16 and 17 the same).
`real_repos_rejudged.jsonl` is a second blind judgment of findings judged before (all of batch
17, and GM201 / GM211 findings of batches 8-16), by a session that saw neither the first
verdicts nor gitmem's code; `agree` compares two judgments of the same findings (agreement and
Cohen's kappa per code), to say how far a precision figure moves with who judges it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
LIST = HERE / "real_repos.json"
JUDGED = HERE / "real_repos_judged.jsonl"
GITMEM = [sys.executable, "-m", "gitmem"]
# run from the checkout this script is in, so `-m` finds its gitmem wherever the script is
# started (else the current directory's or the virtualenv's gitmem is the one measured)
CHECKOUT = HERE.parent
PAIR_CODES = ("GM201", "GM202", "GM211")


def digest(message: str) -> str:
    return hashlib.sha1(message.encode("utf-8"), usedforsecurity=False).hexdigest()[:12]


def source_of(repo: str, mirrors: Path | None, clones: Path | None) -> Path | None:
    slug = repo.replace("/", "+")
    for candidate in ((mirrors / slug / "repo") if mirrors else None,
                      (clones / slug) if clones else None):
        if candidate is not None and candidate.exists():
            return candidate
    return None


def clone_at(entry: dict[str, str], source: Path, work: Path) -> Path:
    """Clone `source` into `work` and check out the entry's recorded commit (detached)."""
    subprocess.run(["git", "clone", "-q", "--no-checkout", str(source), str(work)],
                   check=True, capture_output=True)
    subprocess.run(["git", "-C", str(work), "checkout", "-q", entry["commit"]],
                   check=True, capture_output=True)
    return work


def lint_one(entry: dict[str, str], source: Path, select: str | None = None
             ) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="gitmem-real-") as tmp:
        work = clone_at(entry, source, Path(tmp) / "repo")
        start = time.perf_counter()
        chosen = ["--select", select] if select else []
        proc = subprocess.run([*GITMEM, "-C", str(work), "lint", "--format", "json", *chosen],
                              capture_output=True, text=True, check=False, cwd=CHECKOUT)
        seconds = time.perf_counter() - start
    row: dict[str, Any] = {"repo": entry["repo"], "commit": entry["commit"],
                           "exit": proc.returncode, "seconds": round(seconds, 2)}
    try:
        data = json.loads(proc.stdout)
    except json.JSONDecodeError:
        row["error"] = proc.stderr.strip().splitlines()[-1:] or ["no output"]
        return row
    row.update(layouts=data.get("layouts", []), left_out=data.get("rules_left_out", []),
               files=data["summary"]["files"],
               claims=data["summary"]["claims"],
               codes=dict(Counter(f["code"] for f in data["findings"])),
               findings=[{k: f[k] for k in ("code", "severity", "path", "line", "related")}
                         | {"digest": digest(f["message"]), "message": f["message"],
                            "signals": {k: v for k, v in f.get("signals", {}).items()
                                        if k in ("class", "score", "concepts")}}
                         for f in data["findings"]])
    return row


def cmd_run(args: argparse.Namespace) -> int:
    entries = entries_of(json.loads(LIST.read_text()), args.batch)
    if not entries:
        print(f"no repository of batch {args.batch} in {LIST.name}: give a batch it has",
              file=sys.stderr)
        return 2
    rows = []
    for entry in entries:
        source = source_of(entry["repo"], args.mirrors, args.clones)
        if source is None:
            print(f"skip {entry['repo']}: no local copy", file=sys.stderr)
            continue
        row = lint_one(entry, source, args.select)
        rows.append(row)
        print(f"{row['repo']}: exit {row['exit']}, {row.get('files')} files, "
              f"{row.get('codes')}, {row['seconds']}s", file=sys.stderr)
    if not rows:
        print(f"none of the {len(entries)} repositories has a local copy under --mirrors or "
              "--clones: fetch them first (the search tool's fetch), then run again",
              file=sys.stderr)
        return 2
    args.out.write_text(json.dumps(rows, indent=1))
    print(table(rows))
    return 0


def entries_of(entries: list[dict[str, Any]], batch: int | None) -> list[dict[str, Any]]:
    """The entries of `batch`; without one, the tuning set (the entries that carry no batch)."""
    return [entry for entry in entries if entry.get("batch") == batch]


def table(rows: list[dict[str, Any]]) -> str:
    codes = sorted({code for row in rows for code in row.get("codes", {})})
    head = ["repository", "commit", "layouts", "files", "claims", *codes, "exit", "seconds"]
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for row in rows:
        cells = [row["repo"], row["commit"][:10], ", ".join(row.get("layouts", [])) or "(all)",
                 str(row.get("files", "-")), str(row.get("claims", "-")),
                 *(str(row.get("codes", {}).get(code, 0)) for code in codes),
                 str(row["exit"]), f"{row['seconds']:.1f}"]
        lines.append("| " + " | ".join(cells) + " |")
    total = Counter()
    for row in rows:
        total.update(row.get("codes", {}))
    slowest = max(rows, key=lambda row: row["seconds"])
    lines.append("")
    lines.append(f"{len(rows)} repositories, {sum(r.get('files', 0) for r in rows)} files, "
                 f"{sum(r.get('claims', 0) for r in rows)} claims; findings "
                 + ", ".join(f"{code} {n}" for code, n in sorted(total.items()))
                 + f"; exit 70: {sum(r['exit'] == 70 for r in rows)}; slowest "
                 f"{slowest['repo']} {slowest['seconds']:.1f}s")
    return "\n".join(lines)


def cmd_sample(args: argparse.Namespace) -> int:
    rows = json.loads(args.out.read_text())
    by_code: dict[str, list[tuple[dict[str, Any], dict[str, Any]]]] = defaultdict(list)
    for row in rows:
        for finding in row.get("findings", []):
            by_code[finding["code"]].append((row, finding))
    judged = {_key(item) for path in args.exclude for item in _judgments(path)}
    rng = random.Random(args.seed)
    for code in sorted(by_code):
        found = [(row, finding) for row, finding in by_code[code]
                 if _key({"repo": row["repo"], **finding}) not in judged]
        wanted = dict(cap.split("=", 1) for cap in args.cap).get(code, args.per_code)
        for row, finding in rng.sample(found, min(int(wanted), len(found))):
            print(json.dumps({"repo": row["repo"], "commit": row["commit"], "code": code,
                              "path": finding["path"], "line": finding["line"],
                              "related": finding["related"], "digest": finding["digest"],
                              "message": finding["message"]}, ensure_ascii=False))
    return 0


def _key(item: dict[str, Any]) -> tuple[Any, ...]:
    related = tuple((r["path"], r["line"]) for r in item.get("related", []))
    return (item["repo"], item["code"], item["path"], item["line"], related)


def _judgments(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def cmd_score(args: argparse.Namespace) -> int:
    judged = [item for path in (args.judged or [JUDGED]) for item in _judgments(path)]
    present: set[tuple[Any, ...]] | None = None
    if args.out.exists():
        rows = json.loads(args.out.read_text())
        present = {_key({"repo": row["repo"], **finding})
                   for row in rows for finding in row.get("findings", [])}
    verdicts: dict[str, Counter[str]] = defaultdict(Counter)
    still: dict[str, Counter[str]] = defaultdict(Counter)
    for item in judged:
        verdicts[item["code"]][item["verdict"]] += 1
        if present is not None and _key(item) in present:
            still[item["code"]][item["verdict"]] += 1
    # the run's findings no judgment names, by code
    judged_keys = {_key(item) for item in judged}
    never: Counter[str] = Counter(key[1] for key in present or () if key not in judged_keys)
    print("| code | judged | true | false | unsure | precision | still reported (true / false)"
          " | precision of those | never judged |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for code in sorted(set(verdicts) | set(never)):
        v, s = verdicts[code], still[code]
        now = (f"{sum(s.values())} ({s['true']} / {s['false']}) | {_precision(s)} | "
               f"{never[code]}" if present is not None else "- | - | -")
        print(f"| {code} | {sum(v.values())} | {v['true']} | {v['false']} | {v['unsure']} | "
              f"{_precision(v)} | {now} |")
    return 0


def cmd_agree(args: argparse.Namespace) -> int:
    """How far two judgments of the same findings agree, code by code: the first --judged
    files are read as one judge's, the last as another's (a second judge's blind pass over
    findings the first had judged). Only findings both judged true or false are compared."""
    if len(args.judged) < 2:
        raise SystemExit("agree: give the first judge's files, then the second's, each with --judged")
    first = {_key(item): item["verdict"] for path in args.judged[:-1] for item in _judgments(path)}
    pairs: dict[str, Counter[tuple[str, str]]] = defaultdict(Counter)
    for item in _judgments(args.judged[-1]):
        earlier = first.get(_key(item))
        if earlier in ("true", "false") and item["verdict"] in ("true", "false"):
            pairs[item["code"]][(earlier, item["verdict"])] += 1
    print("| code | both judged | agree | kappa | true by the first | true by the second |")
    print("| --- | --- | --- | --- | --- | --- |")
    for code in sorted(pairs):
        table = pairs[code]
        n = sum(table.values())
        agree = table[("true", "true")] + table[("false", "false")]
        first_true = table[("true", "true")] + table[("true", "false")]
        second_true = table[("true", "true")] + table[("false", "true")]
        print(f"| {code} | {n} | {agree / n:.0%} | {_kappa(table)} | {first_true / n:.0%} | "
              f"{second_true / n:.0%} |")
    return 0


def _kappa(table: Counter[tuple[str, str]]) -> str:
    """Cohen's kappa of a 2x2 table of (first verdict, second verdict), "-" when undefined."""
    n = sum(table.values())
    observed = (table[("true", "true")] + table[("false", "false")]) / n
    chance = sum((table[(v, "true")] + table[(v, "false")]) * (table[("true", v)] + table[("false", v)])
                 for v in ("true", "false")) / (n * n)
    return f"{(observed - chance) / (1 - chance):.2f}" if chance < 1 else "-"


def _precision(verdicts: Counter[str]) -> str:
    decided = verdicts["true"] + verdicts["false"]
    return f"{verdicts['true'] / decided:.0%}" if decided else "-"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("run", "sample", "score", "agree"))
    parser.add_argument("--mirrors", type=Path, help="folder of owner+name/repo git dirs")
    parser.add_argument("--clones", type=Path, help="folder of owner+name checkouts")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir())
                        / "gitmem-real-repos.json")
    parser.add_argument("--select", metavar="CODES",
                        help="run: lint with --select CODES (GM: every rule, GM202 included "
                             "where the memory sits beside code)")
    parser.add_argument("--batch", type=int, metavar="N",
                        help="run: the repositories of batch N (\"batch\": N in the list) instead "
                             "of the 30 the rules were tuned on")
    parser.add_argument("--per-code", type=int, default=30)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--exclude", type=Path, action="append", default=[],
                        help="sample: leave out findings judged in this file (repeatable)")
    parser.add_argument("--cap", action="append", default=[], metavar="CODE=N",
                        help="sample: draw N findings of CODE instead of --per-code (repeatable)")
    parser.add_argument("--judged", type=Path, action="append", default=[],
                        help=f"score: judgments to score (repeatable; default {JUDGED.name}); "
                             "agree: the first judge's files, then the second judge's, last")
    args = parser.parse_args(argv)
    commands = {"run": cmd_run, "sample": cmd_sample, "score": cmd_score, "agree": cmd_agree}
    return commands[args.command](args)


if __name__ == "__main__":
    sys.exit(main())

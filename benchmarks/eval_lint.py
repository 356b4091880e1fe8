"""The labelled pairs through the real `gitmem lint` (benchmarks/eval_pairs.py's `--via-lint`):
one fresh repository per pair, or every pair in one repository. Each answers (contradiction,
duplicate) per pair."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
import tempfile
from pathlib import Path


def lint_pair(a: str, b: str) -> tuple[bool, bool]:
    """The pair as two memory files in a fresh git repository, judged by `gitmem lint
    --format json --select GM2` (run in-process; its JSON is read back)."""
    from gitmem.cli import main as gitmem_main

    with tempfile.TemporaryDirectory(prefix="gitmem-eval-") as tmp:
        root = Path(tmp)
        subprocess.run(["git", "init", "-q", str(root)], check=True)
        (root / "memory").mkdir()
        (root / "memory/a.md").write_text(f"- {' '.join(a.split())}\n", encoding="utf-8")
        (root / "memory/b.md").write_text(f"- {' '.join(b.split())}\n", encoding="utf-8")
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
            gitmem_main(["-C", str(root), "lint", "--format", "json", "--select", "GM2"])
    codes = {f["code"] for f in json.loads(out.getvalue())["findings"]}
    return "GM211" in codes, bool(codes & {"GM201", "GM202"})


def lint_crowd(rows: list[dict[str, str]]) -> list[tuple[bool, bool]]:
    """Every pair as two memory files of ONE repository (pair n in memory/n/), judged by ONE
    real `gitmem lint --format json --select GM2`: the product path in a crowd. A pair counts
    as reported when one finding of its kind names both of its files (lint names every copy
    of a repeated claim on one finding)."""
    kinds = {"GM211": "contradiction", "GM201": "duplicate", "GM202": "duplicate"}
    with tempfile.TemporaryDirectory(prefix="gitmem-eval-crowd-") as tmp:
        root = Path(tmp)
        subprocess.run(["git", "init", "-q", str(root)], check=True)
        for n, row in enumerate(rows):
            (root / "memory" / str(n)).mkdir(parents=True)
            for side in ("a", "b"):
                text = " ".join(row[side].split())
                (root / "memory" / str(n) / f"{side}.md").write_text(f"- {text}\n", "utf-8")
        proc = subprocess.run([sys.executable, "-m", "gitmem", "-C", str(root), "lint",
                               "--format", "json", "--select", "GM2"], capture_output=True)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"gitmem lint exited {proc.returncode}: {proc.stderr.decode()}")
    named: dict[tuple[str, str], set[int]] = {}  # (kind, file) -> the findings naming it
    for at, finding in enumerate(json.loads(proc.stdout)["findings"]):
        if finding["code"] in kinds:
            for place in [finding, *finding["related"]]:
                named.setdefault((kinds[finding["code"]], place["path"]), set()).add(at)
    return [(both(named, "contradiction", n), both(named, "duplicate", n)) for n in range(len(rows))]


def both(named: dict[tuple[str, str], set[int]], kind: str, n: int) -> bool:
    return bool(named.get((kind, f"memory/{n}/a.md"), set())
                & named.get((kind, f"memory/{n}/b.md"), set()))

"""Verify commit claims the way lint does and report how long that took (used by bench.py).

`python benchmarks/claims_probe.py REPO TOKENS_FILE` opens the workspace, then answers every
token of TOKENS_FILE (one per line) through gitmem's grounding (`commit_verdict` against the
configured code repositories: object lookup, ambiguity, reachability from the default branch)
and prints one JSON object: seconds spent verifying, and how many tokens got each verdict.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter


def main(argv: list[str]) -> int:
    repo, tokens_file = argv
    started = time.perf_counter()
    from gitmem.workspace import open_workspace

    with open(tokens_file, encoding="ascii") as fh:
        tokens = fh.read().split()
    ws = open_workspace(repo)
    opened = time.perf_counter()
    try:
        from gitmem.lint.grounding import Repos, commit_verdict
    except ImportError:  # the grounding API moved: fall back to the raw lookups
        repos = [repo for _, repo in ws.code_repos() if repo is not None]
        verdicts = Counter(repos[0].lookup_commit(t).status for t in tokens)
    else:
        available = Repos.of(ws.code_repos())
        verdicts = Counter(commit_verdict(t.lower(), available).status for t in tokens)
    done = time.perf_counter()
    print(json.dumps({"tokens": len(tokens), "verify_seconds": done - opened,
                      "startup_seconds": opened - started, "verdicts": dict(verdicts)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

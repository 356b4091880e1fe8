"""The pair-verdict keys a run computes with each text encoded once are the keys of
`verdict_key`: a cache written before keeps recalling its verdicts."""

from __future__ import annotations

import random
from array import array

from gitmem.consistency.verdicts import PairVerdicts, VerdictKeys, sorted_unique, verdict_key
from gitmem.model import Claim


def test_keys_of_a_run_are_verdict_key_of_each_pair() -> None:
    tags = {"memory/a.md": ["api", "deploy"], "memory/b.md": ("api",), "CLAUDE.md": []}
    claims = [Claim("memory/a.md", 3, "Use 2 spaces for indentation."),
              Claim("memory/b.md", 7, "Use 4 spaces for indentation."),
              Claim("CLAUDE.md", 1, "Déployer le vendredi \udcff jamais."),
              Claim("memory/c.md", 2, "Use 2 spaces for indentation.")]
    keys = VerdictKeys(tags)
    seen = set()
    for a in claims:
        for b in claims:
            for rules in ((True, True), (True, False), (False, True), (False, False)):
                expected = verdict_key(a, b, rules, (tags.get(a.path, ()), tags.get(b.path, ())))
                assert keys(a, b, rules) == expected
                seen.add(expected)
    assert len(seen) == 4 * 4 * 4  # every input is in the key: text, stance, tags


def test_the_verdicts_kept_for_the_cache_are_each_key_once_in_order_and_read_back() -> None:
    """The keys of the pairs without a finding are stored sorted, each once (a pair of copies
    records its key once per copy), and the next run recalls every one of them."""
    rng = random.Random(4)
    keys = [rng.getrandbits(64) for _ in range(3000)] + [0, 1, (1 << 64) - 1]
    keys += keys[:500]  # recorded twice
    rng.shuffle(keys)
    assert list(sorted_unique(array("Q", keys))) == sorted(set(keys))
    run = PairVerdicts()
    for key in keys:
        run.record(key, None)
    again = PairVerdicts.from_stored(run.stored())
    assert all(again.recall(key) == (True, None) for key in keys)

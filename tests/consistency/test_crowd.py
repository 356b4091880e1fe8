"""A contradiction found between two claims alone is found in a crowd about the same topics.

The words a project's memory is about recur in most of its claims; a repeated claim sits in
several files. Neither may hide a contradiction or a duplicate that is reported when the two
claims are the whole memory.
"""

from __future__ import annotations

import random

from gitmem.consistency.analyze import find_pairs
from gitmem.model import Claim

FREQUENT = ("component", "deploy", "test", "API", "React", "service", "build", "release",
            "cache", "schema", "route", "hook", "store", "query", "token", "worker")
RARER = ("fixture", "snapshot", "bundle", "lockfile", "migration", "pipeline", "header", "queue",
         "tracing", "payload", "session", "locale", "webhook", "cron", "index", "replica")
PLANTED = [
    ("contradiction", "Always use TypeScript strict mode in React components",
     "Never use TypeScript strict mode in React components"),
    ("contradiction", "Run the API test suite before every deploy",
     "Never run the API test suite before a deploy"),
    ("contradiction", "The release build runs on Node 20", "The release build runs on Node 18"),
    ("duplicate", "Cache the component query results for five minutes",
     "Cache the component query results for 5 minutes"),
]


def crowd(count: int, seed: int = 11) -> list[Claim]:
    """Distinct claims over frequent topic words (each in about a third of them)."""
    rng = random.Random(seed)
    texts: dict[str, None] = {}
    while len(texts) < count:
        words = rng.sample(FREQUENT, 4) + rng.sample(RARER, 2)
        rng.shuffle(words)
        texts[f"{rng.choice(('Keep', 'Check', 'Document', 'Review'))} the {' '.join(words)}"] = None
    return [Claim(f"memory/topic-{i % 40}/note-{i // 40}.md", 1 + i % 9, text)
            for i, text in enumerate(texts)]


def reported(findings: list, kind: str, a: Claim, b: Claim) -> bool:
    return any(f.kind == kind and {(f.a.path, f.a.line), (f.b.path, f.b.line)}
               == {(a.path, a.line), (b.path, b.line)} for f in findings)


def test_planted_pairs_reported_alone_are_reported_among_frequent_words_and_copies() -> None:
    claims = crowd(300)
    planted = []
    for n, (kind, a, b) in enumerate(PLANTED):
        alone = find_pairs([Claim("memory/a.md", 1, a), Claim("memory/b.md", 1, b)])
        assert [f.kind for f in alone] == [kind]
        side_a = Claim(f"memory/planted/{n}-a.md", 3, a)
        side_b = Claim(f"memory/planted/{n}-b.md", 3, b)
        copies = [Claim(f"memory/copies/{n}-{k}.md", 2, a) for k in range(6)]  # a repeated side
        planted.append((kind, [side_a, *copies], side_b))
        claims += [side_a, side_b, *copies]
    random.Random(3).shuffle(claims)
    findings = find_pairs(claims)
    for kind, sides_a, side_b in planted:
        for side_a in sides_a:  # every copy of the repeated side is named
            assert reported(findings, kind, side_a, side_b), (kind, side_a.path, side_b.text)
        copies = [f for f in findings if f.a.text == f.b.text == sides_a[0].text]
        named = {(c.path, c.line) for f in copies for c in (f.a, f.b)}
        assert named == {(c.path, c.line) for c in sides_a}  # every copy named ...
        assert len(copies) == len(sides_a) - 1  # ... by k - 1 findings, not k(k - 1) / 2

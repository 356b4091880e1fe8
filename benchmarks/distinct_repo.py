"""A repository of distinct claims in real layouts with planted pairs (`judgment.py` runs it).

First every bullet of the rule corpora once (read at generation time, never copied here), then
sentences walked from the corpora's word-to-next-word table, so the vocabulary and its
frequencies are those of real rules and no text repeats. The contradiction and duplicate pairs
of `benchmarks/memory_pairs/*.jsonl` are planted, each side in another file, every fourth
pair's first side copied into three more files. Layouts: `CLAUDE.md`,
`memory/<topic>/part-N/<slug>.md` with frontmatter, `.cursor/rules/*.mdc` (`alwaysApply`).
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import tempfile
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path

from benchmarks.generate import TOPICS, FastImport, corpus_bullets

PAIRS = Path(__file__).resolve().parent / "memory_pairs"
BASE_TIME = 1_735_689_600
_MARKUP = re.compile(r"[*`_]+")


# ----- distinct claims --------------------------------------------------------------------------
def distinct_sentences(rng: random.Random, count: int, bullets: Sequence[str]) -> list[str]:
    """`count` distinct sentences: the corpus bullets, then walks of its next-word table."""
    cleaned = [" ".join(_MARKUP.sub("", b).split()) for b in bullets]
    cleaned = [b for b in dict.fromkeys(cleaned) if len(b.split()) >= 3]
    rng.shuffle(cleaned)
    out = dict.fromkeys(cleaned[:count])
    following: dict[str, list[str]] = {}
    for bullet in cleaned:
        words = ["<s>", *bullet.split(), "</s>"]
        for word, after in pairwise(words):
            following.setdefault(word, []).append(after)
    while len(out) < count and following:
        word, words = "<s>", []
        while len(words) < 30:
            word = rng.choice(following[word])
            if word == "</s>":
                break
            words.append(word)
        if len(words) >= 4:
            out[" ".join(words)] = None
    return list(out)


def measured_sets() -> list[Path]:
    """The pair files, without the held-out sets listed in `BLIND` (not yet measured)."""
    blind = {line.strip() for line in (PAIRS / "BLIND").read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")}
    return [path for path in sorted(PAIRS.glob("*.jsonl")) if path.name not in blind]


def planted_pairs() -> list[tuple[str, str, str]]:
    """(kind, a, b) for the memory-shaped contradiction and duplicate pairs."""
    rows = []
    for path in measured_sets():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                if row["label"] in ("contradiction", "duplicate"):
                    rows.append((row["label"], " ".join(row["a"].split()), " ".join(row["b"].split())))
    return list(dict.fromkeys(rows))


# ----- the repository ---------------------------------------------------------------------------
def layout(i: int) -> str:
    topic = TOPICS[i % len(TOPICS)]
    if i == 0:
        return "CLAUDE.md"
    if i % 50 == 7:
        return f".cursor/rules/{topic}-{i}.mdc"
    return f"memory/{topic}/part-{i // 8000}/{topic}-{i}.md"


def render(path: str, bullets: list[str], rng: random.Random) -> tuple[bytes, list[int]]:
    """The file's bytes and the line of each bullet."""
    slug = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    if path.endswith(".mdc"):
        head = ["---", f"description: {slug} rules", "alwaysApply: true", "---", ""]
    elif path.startswith("memory/"):
        head = ["---", f"name: {slug}", f"description: What we learned about {slug}",
                f"type: {rng.choice(('project', 'feedback', 'user', 'reference'))}", "---", ""]
    else:
        head = []
    lines = [*head, f"# {slug.replace('-', ' ').capitalize()}", ""]
    at = []
    for n, bullet in enumerate(bullets):
        if n == len(bullets) // 2 + 1:
            lines += ["", "## Notes", ""]
        at.append(len(lines) + 1)
        lines.append(f"- {bullet}")
    return ("\n".join(lines) + "\n").encode(), at


def generate(out: Path, files: int, seed: int, corpora: Path, pairs: int | None = None
             ) -> dict[str, object]:
    """Write the repository (one commit through fast-import, then checked out); return the
    manifest: the planted pairs (the first `pairs` of them) with each side's locations."""
    rng = random.Random(seed)
    per_file = [rng.randint(3, 8) for _ in range(files)]
    sentences = distinct_sentences(rng, sum(per_file), corpus_bullets(corpora, limit=10**6))
    planted = planted_pairs()[:pairs]
    contents: dict[int, list[str]] = {}
    start = 0
    for i, n in enumerate(per_file):
        contents[i] = sentences[start:start + n]
        start += n
    spots: list[tuple[str, list[tuple[int, int]], tuple[int, int]]] = []
    for number, (kind, a, b) in enumerate(planted):
        if files < 4:
            break
        i, j, *more = rng.sample(range(1, files), 5)
        sides_a = [(i, len(contents[i]))]
        contents[i].append(a)
        if number % 4 == 0:  # a repeated claim: the first side in three more files
            for k in more:
                sides_a.append((k, len(contents[k])))
                contents[k].append(a)
        spots.append((kind, sides_a, (j, len(contents[j]))))
        contents[j].append(b)
    rendered, lines = {}, {}
    for i in range(files):
        rendered[layout(i)], lines[i] = render(layout(i), contents[i], rng)
    subprocess.run(["git", "init", "-q", "-b", "main", str(out)], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        fi = FastImport(out, Path(tmp) / "marks")
        fi.commit("Add the agent's memories", BASE_TIME, sorted(rendered.items()))
        fi.close()
    subprocess.run(["git", "-C", str(out), "reset", "-q", "--hard", "main"], check=True)
    manifest = {"files": files, "claims": sum(len(c) for c in contents.values()), "planted": [
        {"kind": kind, "a": [(layout(i), lines[i][n]) for i, n in sides_a],
         "b": (layout(sides_b[0]), lines[sides_b[0]][sides_b[1]]), "texts": planted[x][1:]}
        for x, (kind, sides_a, sides_b) in enumerate(spots)]}
    return manifest

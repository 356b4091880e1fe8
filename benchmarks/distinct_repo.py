"""A repository of distinct claims in real layouts with planted pairs (`judgment.py` runs it).

First every bullet of the rule corpora once (read at generation time, never copied here), then
synthetic sentences walked from a Markov chain of those bullets (`FILL`: each next word drawn
after the two words before it; `--fill walk`, the first generator's, after one word only), so
the vocabulary and its frequencies are those of real rules and no text repeats. The two-word
chain is the one whose density matches the corpora's own bullets (candidate pairs, full
judgments and findings per claim at the same count; `density.py`, docs/performance.md). The
contradiction and duplicate pairs of `benchmarks/memory_pairs/*.jsonl` are planted, each side in
another file, every fourth pair's first side copied into three more files. Layouts: `CLAUDE.md`,
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

from benchmarks.generate import (TOPICS, FastImport, corpus_bullets, synthetic_sentence,
                                 vocabulary)

PAIRS = Path(__file__).resolve().parent / "memory_pairs"
BASE_TIME = 1_735_689_600
_MARKUP = re.compile(r"[*`_]+")
FILLS = ("walk2", "walk", "directive")  # the synthetic sentences after the corpus bullets
FILL = FILLS[0]


# ----- distinct claims --------------------------------------------------------------------------
def clean_bullets(bullets: Sequence[str]) -> list[str]:
    """The corpus bullets without markup, each once, of three words or more."""
    cleaned = [" ".join(_MARKUP.sub("", b).split()) for b in bullets]
    return [b for b in dict.fromkeys(cleaned) if len(b.split()) >= 3]


def synthetic_pool(rng: random.Random, count: int, cleaned: Sequence[str], mode: str = "walk",
                   ) -> list[str]:
    """`count` distinct synthetic sentences, none of them one of the `cleaned` bullets.

    `walk2` (`FILL`): walks of a Markov chain of the bullets that draws each next word after the
    two before it; `walkX` after X words (a fraction mixes two orders, see `_context_walks`);
    `walk`: the first generator's, after one word (kept byte for byte: the same seed gives the
    same repository as before); `directive`: the templated generator's fill
    (`generate.synthetic_sentence`, a verb and four corpus words drawn by frequency)."""
    if not mode.startswith("walk") and mode != "directive":
        raise ValueError(f"unknown fill {mode!r}: one of {', '.join(FILLS)}")
    seen = set(cleaned)
    out: dict[str, None] = {}
    if mode == "directive":
        words = vocabulary(list(cleaned))
        while len(out) < count:
            text = synthetic_sentence(rng, *words)
            if text not in seen:
                out[text] = None
        return list(out)
    if mode.startswith("walk") and mode != "walk":
        return _context_walks(rng, count, cleaned, seen, float(mode.removeprefix("walk")))
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
        text = " ".join(words)
        if len(words) >= 4 and text not in seen:
            out[text] = None
    return list(out)


def _context_walks(rng: random.Random, count: int, cleaned: Sequence[str], seen: set[str],
                   order: float) -> list[str]:
    """Walks of a Markov chain of the bullets that picks each next word after the `order` words
    before it (a fractional order mixes: order 2.25 looks three words back at a quarter of the
    steps, two at the rest). The longer the context, the longer the spans of real bullets a
    walk follows before it turns into another bullet that shares the context."""
    low = int(order)
    high = low + 1
    following: dict[tuple[str, ...], list[str]] = {}
    for bullet in cleaned:
        words = [*("<s>",) * high, *bullet.split(), "</s>"]
        for at in range(high, len(words)):
            for k in (low, high):
                following.setdefault(tuple(words[at - k:at]), []).append(words[at])
    out: dict[str, None] = {}
    stale = 0  # draws in a row that gave nothing new: a small corpus's chain can run dry
    while len(out) < count:
        if stale > 10_000 and order > 1:
            return [*out, *_context_walks(rng, count - len(out), cleaned, {*seen, *out}, 1)]
        stale += 1
        context, words = ("<s>",) * high, []
        while len(words) < 30:
            k = high if rng.random() < order - low else low
            word = rng.choice(following[context[high - k:]])
            if word == "</s>":
                break
            words.append(word)
            context = (*context[1:], word)
        text = " ".join(words)
        if len(words) >= 4 and text not in seen and text not in out:
            out[text] = None
            stale = 0
    return list(out)


def distinct_sentences(rng: random.Random, count: int, bullets: Sequence[str],
                       fill: str = "walk") -> list[str]:
    """`count` distinct sentences: the corpus bullets, then synthetic ones (`synthetic_pool`)."""
    cleaned = clean_bullets(bullets)
    rng.shuffle(cleaned)
    out = cleaned[:count]
    return out + synthetic_pool(rng, count - len(out), cleaned, fill) if len(out) < count else out


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


def generate(out: Path, files: int, seed: int, corpora: Path, pairs: int | None = None,
             fill: str = FILL) -> dict[str, object]:
    """Write the repository (one commit through fast-import, then checked out); return the
    manifest: the planted pairs (the first `pairs` of them) with each side's locations, the
    synthetic `fill` and how many claims came from each source."""
    rng = random.Random(seed)
    per_file = [rng.randint(3, 8) for _ in range(files)]
    bullets = corpus_bullets(corpora, limit=10**6)
    sentences = distinct_sentences(rng, sum(per_file), bullets, fill)
    real = min(len(sentences), len(clean_bullets(bullets)))
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
    claims = sum(len(c) for c in contents.values())
    manifest = {"files": files, "claims": claims, "fill": fill, "sources": {
        "corpus": real, "synthetic": len(sentences) - real, "planted": claims - len(sentences)},
        "planted": [
        {"kind": kind, "a": [(layout(i), lines[i][n]) for i, n in sides_a],
         "b": (layout(sides_b[0]), lines[sides_b[0]][sides_b[1]]), "texts": planted[x][1:]}
        for x, (kind, sides_a, sides_b) in enumerate(spots)]}
    return manifest

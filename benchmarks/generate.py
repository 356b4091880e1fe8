"""Generate a realistic memory repository for benchmarks: `python benchmarks/generate.py OUT --files N`.

The repository holds what gitmem meets in the wild, at any size:

- a code tree (`src/...`) with a history of small commits, some of which delete or rename files,
  so memories can cite real commits, fabricated ones, live paths and deleted paths;
- N memory files in Claude-Code style (`memory/<topic>/<slug>.md` with frontmatter name /
  description / type / tags / confidence), a few Cursor rules (`.cursor/rules/*.mdc`), a root
  `CLAUDE.md` and a `MEMORY.md` index;
- bullets drawn from the real rule corpora in `../shared/corpora/` when they are present (read at
  generation time, never copied into this repository), else from built-in synthetic sentences;
- planted problems: contradictions ("Always X" / "Never X", "PostgreSQL 14" / "PostgreSQL 16"),
  near-duplicates across files, invalid frontmatter, commit claims and path citations;
- optionally a long history of gitmem op commits (with `Gitmem-*` trailers) for `gitmem log`.

Everything is written with `git fast-import` (one stream per phase, no `git add` per file) and
checked out once, so 100,000 files take seconds, not hours. The same seed gives the same bytes.
A manifest of what was planted is written to `.git/gitmem-bench.json` (outside the tree).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

GENERATOR_VERSION = 2
DEFAULT_CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"
BASE_TIME = 1_735_689_600  # 2025-01-01T00:00:00Z
AUTHOR = b"Bench Bot <bench@example.com>"

TOPICS = (
    "testing", "deploy", "database", "frontend", "api", "security", "tooling", "style", "ci",
    "observability", "performance", "release", "infra", "docs", "auth", "billing", "search",
    "mobile", "data", "onboarding",
)
TYPES = ("project", "feedback", "user", "reference")
SUBJECTS = (
    "the billing service", "the search indexer", "the auth gateway", "the mobile client",
    "the data pipeline", "the admin console", "the payments worker", "the export job",
    "the notification queue", "the feature-flag service", "the report builder", "the CLI",
    "the staging cluster", "the nightly backup", "the GraphQL layer", "the websocket hub",
    "the image resizer", "the audit log", "the rate limiter", "the session store",
)
ACTIONS = (
    "run the migrations before deploying", "pin the Node version in .nvmrc",
    "retry failed requests with exponential backoff", "log request ids at info level",
    "keep secrets in the vault, not in env files", "prefer composition over inheritance",
    "write an integration test for every bug fix", "use UTC timestamps in the database",
    "batch writes in groups of 500", "validate payloads at the edge",
    "cache lookups for five minutes", "squash commits before merging",
    "review schema changes with the data team", "profile before optimizing",
    "page the on-call engineer for 5xx spikes", "tag releases with semantic versions",
    "document every public endpoint", "lint the YAML before applying it",
    "run the smoke suite after each deploy", "rotate API keys every quarter",
)
QUALIFIERS = (
    "", " in production", " on staging", " during the release freeze", " for new modules",
    " when the queue is backed up", " in pull requests", " on Fridays", " for hotfixes",
    " unless the lead approves",
)
# (affirmative, contradicting) templates; {s} is a subject
CONTRADICTIONS = (
    ("Always squash merges into main for {s}.", "Never squash merges into main for {s}."),
    ("Use PostgreSQL 14 for {s}.", "Use PostgreSQL 16 for {s}."),
    ("Indent with tabs in {s}.", "Indent with spaces in {s}."),
    ("Deploy {s} on Fridays.", "Do not deploy {s} on Fridays."),
    ("Enable the response cache for {s}.", "Disable the response cache for {s}."),
    ("Set the request timeout of {s} to 30 seconds.", "Set the request timeout of {s} to 300 seconds."),
)
# (sentence, near-duplicate) templates
DUPLICATES = (
    ("Run the full test suite for {s} before pushing.", "Before pushing, run the full test suite for {s}."),
    ("Keep the changelog of {s} up to date.", "Keep {s}'s changelog up to date."),
    ("Use a large batch size when reindexing {s}.", "Use a big batch size when reindexing {s}."),
)
COMMIT_CONTEXTS = (
    "Fixed in commit {t}; {s} no longer drops events.",
    "The regression in {s} came from `{t}`, reverted since.",
    "Commit {t} introduced the retry loop in {s}.",
    "See git show {t} for why {s} pins its dependencies.",
)
PATH_CONTEXTS = (
    "The entry point of {s} is `{p}`.",
    "Configuration for {s} lives in `{p}`.",
    "See [the handler]({p}) before changing {s}.",
)


@dataclass
class Manifest:
    generator_version: int = GENERATOR_VERSION
    seed: int = 0
    files: int = 0
    corpus: str | None = None
    corpus_bullets: int = 0
    code_commits: int = 0
    op_commits: int = 0
    contradictions: list[list[str]] = field(default_factory=list)
    duplicates: list[list[str]] = field(default_factory=list)
    real_claims: list[str] = field(default_factory=list)
    fabricated_claims: list[str] = field(default_factory=list)
    live_paths: list[str] = field(default_factory=list)
    deleted_paths: list[str] = field(default_factory=list)
    seconds: float = 0.0


# ----- reading the corpora --------------------------------------------------------------------
_BULLET = re.compile(r"^\s{0,3}(?:[-*+]|\d{1,2}[.)])\s+(.*\S)\s*$")
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")


def corpus_bullets(root: Path | None, limit: int = 60_000) -> list[str]:
    """List items of the real rule corpora: plain sentences of 25..200 characters."""
    if root is None or not root.is_dir():
        return []
    found: dict[str, None] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            if not name.endswith((".md", ".mdc", ".cursorrules")):
                continue
            try:
                text = (Path(dirpath) / name).read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            fenced = False
            for line in text.splitlines():
                if _FENCE.match(line):
                    fenced = not fenced
                    continue
                match = None if fenced else _BULLET.match(line)
                if match is None:
                    continue
                bullet = match.group(1)
                if 25 <= len(bullet) <= 200 and "|" not in bullet and not bullet.startswith("["):
                    found[bullet] = None
                    if len(found) >= limit:
                        return list(found)
    return list(found)


_WORD = re.compile(r"[A-Za-z][a-z]{3,11}")
_COMMON_TEXT = (
    "that this with from have will your when into than then them they what which where there "
    "these those should would could about after before always never must each other also only "
    "such more most some very just like make sure using used uses"
)
_COMMON = frozenset(_COMMON_TEXT.split())
_BUILTIN_TEXT = (
    "cache queue worker schema migration index shard replica backup deploy release branch "
    "commit review lint format test fixture mock coverage bundle build docker image cluster "
    "service endpoint handler router middleware session token secret vault config flag toggle "
    "metric trace alert dashboard logger budget latency timeout retry backoff batch stream "
    "payload request response header cookie tenant account invoice ledger report export import "
    "parser tokenizer compiler plugin adapter gateway proxy socket channel topic consumer "
    "producer scheduler cron pipeline artifact registry package version lockfile monorepo "
    "workspace module component layout theme style animation accessibility translation locale"
)
BUILTIN_WORDS = _BUILTIN_TEXT.split()
VERBS = ("Use", "Prefer", "Avoid", "Keep", "Run", "Document", "Check", "Pin", "Review", "Log",
         "Cache", "Validate", "Split", "Rename", "Test", "Measure")
CONNECTIVES = ("for", "in", "before", "after", "with", "around", "inside", "behind")


def vocabulary(bullets: list[str]) -> tuple[list[str], list[int]]:
    """Content words of the corpus with their counts (Zipf-like, as real notes are), or a
    built-in list when there is no corpus."""
    counts: dict[str, int] = {}
    for bullet in bullets:
        for word in _WORD.findall(bullet):
            word = word.lower()
            if word not in _COMMON:
                counts[word] = counts.get(word, 0) + 1
    if len(counts) < 200:
        return list(BUILTIN_WORDS), [1] * len(BUILTIN_WORDS)
    words = sorted(counts)
    return words, [counts[w] for w in words]


def synthetic_sentence(rng: random.Random, words: list[str], weights: list[int]) -> str:
    """A directive over words drawn by corpus frequency: the lexical overlap of real notes
    (common words recur, rare ones do not) without repeating whole sentences."""
    a, b, c, d = rng.choices(words, weights, k=4)
    return (f"{rng.choice(VERBS)} the {a} {b} {rng.choice(CONNECTIVES)} {c} {d}"
            f"{rng.choice(QUALIFIERS)}.")


# ----- git fast-import ------------------------------------------------------------------------
class FastImport:
    """One `git fast-import` stream; marks are exported so callers learn commit ids."""

    def __init__(self, repo: Path, marks: Path) -> None:
        self.marks = marks
        self.proc = subprocess.Popen(
            ["git", "fast-import", "--quiet", "--force", f"--export-marks={marks}"],
            cwd=repo, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=_git_env(),
        )
        assert self.proc.stdout is not None
        self.answers = self.proc.stdout
        assert self.proc.stdin is not None
        self.out = self.proc.stdin
        self.mark = 0

    def commit(self, message: str, when: int, changes: list[tuple[str, bytes | None]],
               parent: str | None = None) -> int:
        self.mark += 1
        msg = message.encode("utf-8")
        w = self.out.write
        w(b"commit refs/heads/main\nmark :%d\n" % self.mark)
        w(b"author %s %d +0000\ncommitter %s %d +0000\n" % (AUTHOR, when, AUTHOR, when))
        w(b"data %d\n%s\n" % (len(msg), msg))
        if parent is not None:
            w(b"from %s\n" % parent.encode())
        for path, data in changes:
            if data is None:
                w(b"D %s\n" % path.encode())
            else:
                w(b"M 100644 inline %s\ndata %d\n%s\n" % (path.encode(), len(data), data))
        w(b"\n")
        return self.mark

    def sha_of(self, mark: int) -> str:
        """The id of a commit written earlier in this stream (fast-import's get-mark)."""
        self.out.write(b"get-mark :%d\n" % mark)
        self.out.flush()
        return self.answers.readline().decode().strip()

    def close(self) -> dict[int, str]:
        self.out.close()
        if self.proc.wait() != 0:
            raise SystemExit("git fast-import failed")
        marks = {}
        for line in self.marks.read_text().splitlines():
            mark, sha = line.split()
            marks[int(mark[1:])] = sha
        return marks


def _git_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull)
    return env


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, env=_git_env(), check=True,
                          capture_output=True, text=True).stdout


# ----- the code history -----------------------------------------------------------------------
def code_history(fi: FastImport, rng: random.Random, commits: int) -> tuple[list[int], list[str], list[str]]:
    """(marks of the code commits, live code paths, deleted code paths)."""
    packages = max(4, commits // 200)
    live = [f"src/pkg_{p}/mod_{m}.py" for p in range(packages) for m in range(12)]
    legacy = [f"src/legacy/old_{i}.py" for i in range(max(8, commits // 50))]
    first = [(path, f"# {path}\nVALUE = 0\n".encode()) for path in live + legacy]
    marks = [fi.commit("Initial code layout", BASE_TIME, first)]
    deleted: list[str] = []
    pending_deletes = list(legacy)
    rng.shuffle(pending_deletes)
    for i in range(1, commits):
        when = BASE_TIME + i * 600
        if pending_deletes and i % max(1, commits // (len(legacy) + 1)) == 0:
            path = pending_deletes.pop()
            deleted.append(path)
            marks.append(fi.commit(f"Remove {path}", when, [(path, None)]))
            continue
        path = rng.choice(live)
        data = f"# {path}\nVALUE = {i}\n".encode()
        marks.append(fi.commit(f"Tune {path.rsplit('/', 1)[-1]} (step {i})", when, [(path, data)]))
    return marks, live, deleted


# ----- memories -------------------------------------------------------------------------------
REPEAT_RATE = 0.02  # sentences that recur verbatim elsewhere (boilerplate, copied rules)


@dataclass
class Pools:
    rng: random.Random
    bullets: list[str]  # corpus bullets not used yet (each is used once, then synthetic ones)
    real: list[str]  # full commit ids memories may cite
    live: list[str]
    deleted: list[str]
    words: tuple[list[str], list[int]] = field(default_factory=lambda: (list(BUILTIN_WORDS),
                                                                       [1] * len(BUILTIN_WORDS)))
    used: list[str] = field(default_factory=list)

    def sentence(self) -> str:
        if self.used and self.rng.random() < REPEAT_RATE:
            return self.rng.choice(self.used)
        if self.bullets:
            text = self.bullets.pop()
        else:
            text = synthetic_sentence(self.rng, *self.words)
        self.used.append(text)
        return text


def _fabricated(rng: random.Random) -> str:
    while True:
        token = "".join(rng.choice("0123456789abcdef") for _ in range(rng.choice((7, 8, 10, 12))))
        if any(c.isdigit() for c in token) and any(c.isalpha() for c in token):
            return token


def _real_token(rng: random.Random, sha: str) -> str:
    return sha if rng.random() < 0.2 else sha[: rng.choice((7, 8, 10, 12))]


def frontmatter(rng: random.Random, slug: str, topic: str, description: str) -> str:
    tags = ", ".join(sorted(rng.sample(TOPICS, rng.randint(1, 3))))
    lines = ["---", f"name: {slug}", f"description: {description}",
             f"type: {rng.choice(TYPES)}", f"tags: [{topic}, {tags}]",
             f"confidence: {rng.choice((0.5, 0.6, 0.7, 0.8, 0.9, 0.95))}"]
    roll = rng.random()
    if roll < 0.005:
        lines[-1] = "confidence: 1.5"  # GM102
    elif roll < 0.01:
        lines.append("valid_until: someday")  # GM102
    elif roll < 0.012:
        lines.append("tags: [unclosed")  # GM101
    return "\n".join(lines) + "\n---\n"


def memory_text(pools: Pools, slug: str, topic: str, extra: list[str], claims: list[str]) -> str:
    rng = pools.rng
    title = slug.replace("-", " ").capitalize()
    desc = f"What we learned about {topic} ({slug})"
    bullets = [pools.sentence() for _ in range(rng.randint(3, 9))] + extra + claims
    rng.shuffle(bullets)
    body = [f"# {title}", ""]
    body += [f"- {b}" for b in bullets[: len(bullets) // 2 + 1]]
    if len(bullets) > 2:
        body += ["", "## Notes", ""] + [f"- {b}" for b in bullets[len(bullets) // 2 + 1:]]
    if rng.random() < 0.2:
        body += ["", "```bash", "make test  # example, not a claim", "```"]
    return frontmatter(rng, slug, topic, desc) + "\n" + "\n".join(body) + "\n"


def memory_files(pools: Pools, count: int, commit_claims: int, manifest: Manifest) -> dict[str, bytes]:
    rng = pools.rng
    paths = []
    per_folder = 400
    for i in range(count):
        topic = TOPICS[i % len(TOPICS)]
        if i == 0:
            paths.append(("CLAUDE.md", topic))
        elif i == 1:
            paths.append(("MEMORY.md", topic))
        elif i % 50 == 7:
            paths.append((f".cursor/rules/{topic}-{i}.mdc", topic))
        else:
            paths.append((f"memory/{topic}/part-{i // (per_folder * len(TOPICS))}/{topic}-{i}.md", topic))
    extra: dict[int, list[str]] = {}
    # planted contradictions and duplicates: about one pair per 100 files each
    for kind, templates, sink in (("contradiction", CONTRADICTIONS, manifest.contradictions),
                                  ("duplicate", DUPLICATES, manifest.duplicates)):
        for _ in range(max(1, count // 100)):
            if count < 4:
                break
            a, b = rng.sample(range(2, count), 2)
            left, right = rng.choice(templates)
            subject = rng.choice(SUBJECTS)
            extra.setdefault(a, []).append(left.format(s=subject))
            extra.setdefault(b, []).append(right.format(s=subject))
            sink.append([paths[a][0], paths[b][0], kind])
    # commit claims (70 % real) and path citations (80 % live)
    claims: dict[int, list[str]] = {}
    for _ in range(commit_claims):
        i = rng.randrange(count)
        subject = rng.choice(SUBJECTS)
        if pools.real and rng.random() < 0.7:
            token = _real_token(rng, rng.choice(pools.real))
            manifest.real_claims.append(token)
        else:
            token = _fabricated(rng)
            manifest.fabricated_claims.append(token)
        claims.setdefault(i, []).append(rng.choice(COMMIT_CONTEXTS).format(t=token, s=subject))
    for _ in range(max(1, count // 10)):
        i = rng.randrange(count)
        if pools.deleted and rng.random() < 0.2:
            path = rng.choice(pools.deleted)
            manifest.deleted_paths.append(path)
        else:
            path = rng.choice(pools.live)
            manifest.live_paths.append(path)
        claims.setdefault(i, []).append(
            rng.choice(PATH_CONTEXTS).format(p=path, s=rng.choice(SUBJECTS)))
    out = {}
    for i, (path, topic) in enumerate(paths):
        slug = path.rsplit("/", 1)[-1].rsplit(".", 1)[0].lower()
        out[path] = memory_text(pools, slug, topic, extra.get(i, []), claims.get(i, [])).encode()
    return out


# ----- op commits -----------------------------------------------------------------------------
def op_history(fi: FastImport, rng: random.Random, files: dict[str, bytes], ops: int,
               start: int, parent_mark: int) -> None:
    """`ops` gitmem op commits, each changing one memory (protect / unprotect), and every 25th
    an undo of the op before it (so `undone_by` has work to do)."""
    paths = sorted(p for p in files if p.startswith("memory/"))[:2000] or sorted(files)
    previous: tuple[int, str, str] | None = None  # (mark, op, path) of the last op
    for n in range(ops):
        when = start + n * 60
        parent = f":{parent_mark}" if n == 0 else None
        if previous is not None and n % 25 == 24:
            mark, op, path = previous
            sha = fi.sha_of(mark)
            files[path] = _toggle_protected(files[path], op == "unprotect")
            message = (f"gitmem: undo {op} {path}\n\nThis reverts commit {sha}.\n\n"
                       f"Gitmem-Op: undo\nGitmem-Reverts: {sha}\nGitmem-Path: {path}\n"
                       "Gitmem-Schema: 1\n")
            fi.commit(message, when, [(path, files[path])], parent=parent)
            previous = None
            continue
        path = rng.choice(paths)
        op = "unprotect" if b"\nprotected: true\n" in files[path] else "protect"
        files[path] = _toggle_protected(files[path], op == "protect")
        message = (f"gitmem: {op} {path}\n\nGitmem-Op: {op}\nGitmem-Path: {path}\n"
                   f"Gitmem-Reason: benchmark history step {n}\nGitmem-Schema: 1\n")
        previous = (fi.commit(message, when, [(path, files[path])], parent=parent), op, path)


def _toggle_protected(data: bytes, protect: bool) -> bytes:
    if protect:
        return data.replace(b"\n---\n", b"\nprotected: true\n---\n", 1)
    return data.replace(b"\nprotected: true\n", b"\n", 1)


# ----- the whole repository -------------------------------------------------------------------
def generate(out: Path, files: int, *, seed: int = 1, corpora: Path | None = DEFAULT_CORPORA,
             commit_claims: int | None = None, code_commits: int | None = None,
             ops: int = 20, checkout: bool = True) -> Manifest:
    started = time.perf_counter()
    rng = random.Random(seed)
    manifest = Manifest(seed=seed, files=files, op_commits=ops)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    _git(out, "init", "-q", "-b", "main")
    claims = commit_claims if commit_claims is not None else max(10, files // 10)
    commits = code_commits if code_commits is not None else max(100, min(claims, 6000))
    manifest.code_commits = commits
    with tempfile.TemporaryDirectory(prefix="gitmem-gen-") as tmp:
        fi = FastImport(out, Path(tmp) / "marks1")
        code_marks, live, deleted = code_history(fi, rng, commits)
        shas = fi.close()
        real = [shas[m] for m in code_marks]
        bullets = corpus_bullets(corpora)
        manifest.corpus = str(corpora) if bullets else None
        manifest.corpus_bullets = len(bullets)
        words = vocabulary(bullets)
        rng.shuffle(bullets)
        pools = Pools(rng, bullets, real, live, deleted, words)
        contents = memory_files(pools, files, claims, manifest)
        fi = FastImport(out, Path(tmp) / "marks2")
        when = BASE_TIME + commits * 600
        mark = fi.commit("Add the agent's memories", when, list(contents.items()),
                         parent=real[-1])
        op_history(fi, rng, contents, ops, when + 600, mark)
        fi.close()
    if checkout:
        _git(out, "reset", "-q", "--hard", "main")
    manifest.seconds = round(time.perf_counter() - started, 3)
    (out / ".git" / "gitmem-bench.json").write_text(json.dumps(manifest.__dict__, indent=1))
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("out", type=Path, help="directory to create (replaced if it exists)")
    parser.add_argument("--files", type=int, default=1000, help="memory files (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--corpora", type=Path, default=DEFAULT_CORPORA,
                        help="real corpora to draw bullets from (default ../shared/corpora)")
    parser.add_argument("--no-corpora", action="store_true", help="synthetic sentences only")
    parser.add_argument("--commit-claims", type=int, default=None,
                        help="commit claims planted across the memories (default files/10)")
    parser.add_argument("--code-commits", type=int, default=None,
                        help="commits in the code history (default: enough for the claims)")
    parser.add_argument("--ops", type=int, default=20, help="gitmem op commits on top")
    args = parser.parse_args(argv)
    manifest = generate(args.out, args.files, seed=args.seed,
                        corpora=None if args.no_corpora else args.corpora,
                        commit_claims=args.commit_claims, code_commits=args.code_commits,
                        ops=args.ops)
    print(f"{args.out}: {manifest.files} memories, {manifest.code_commits} code commits, "
          f"{manifest.op_commits} op commits, {len(manifest.contradictions)} planted "
          f"contradictions, {len(manifest.real_claims)}+{len(manifest.fabricated_claims)} "
          f"real+fabricated commit claims, corpus bullets {manifest.corpus_bullets} "
          f"({manifest.seconds:.1f}s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

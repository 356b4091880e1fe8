"""Benchmark gitmem at scale: `python benchmarks/bench.py` prints a table of medians.

Every gitmem figure stands next to a baseline measured in the same run on the same repository
(reading every file with cat, `git commit --no-verify`, `git cat-file --batch-check`, `git log`),
so the ratios mean something on any machine. Each run is a fresh subprocess; its wall time is
taken with time.perf_counter and its peak memory (max RSS of it and its children) from
os.wait4, both inside a bare `python -S` that spawns it (see `_MEASURER`), so nothing outside
Python is needed (no hyperfine, no /usr/bin/time).

Repositories come from benchmarks/generate.py and are kept in --workdir between runs
(regenerated when the generator or the parameters change). `--update-doc docs/performance.md`
rewrites the results section of that page.
"""

from __future__ import annotations

import argparse
import compileall
import json
import math
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.generate import GENERATOR_VERSION, generate

GITMEM = [sys.executable, "-m", "gitmem"]
DEFAULT_WORKDIR = Path(tempfile.gettempdir()) / "gitmem-bench"
DOC_START = "<!-- bench:start -->"
DOC_END = "<!-- bench:end -->"
BENCHMARKS = ("startup", "lint", "scale", "hook", "diff", "claims", "log")


# ----- running one command ---------------------------------------------------------------------
class BenchError(Exception):
    """A measured command failed; its row says so and the other benchmarks still run."""


@dataclass
class Sample:
    seconds: list[float] = field(default_factory=list)
    rss_kb: list[int] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # user + system seconds

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def peak_mb(self) -> float:
        return max(self.rss_kb) / 1024


def bench_env() -> dict[str, str]:
    """The user's environment without GIT_* (a hook's leftovers), with a fixed identity."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "GITMEM_"))}
    env.update(GIT_AUTHOR_NAME="Bench", GIT_AUTHOR_EMAIL="bench@example.com",
               GIT_COMMITTER_NAME="Bench", GIT_COMMITTER_EMAIL="bench@example.com",
               GIT_CONFIG_NOSYSTEM="1")
    return env


# A small process measures each command: a child's peak RSS as the kernel reports it includes the
# memory of the process that forked it (Linux carries the high-water mark across exec), so the
# command is spawned from a bare `python -S` (about 8 MB) rather than from this process, which
# holds generated repositories in memory. It reports wall seconds and the child's max RSS.
_MEASURER = """
import json, os, sys, time
argv, out = json.loads(sys.argv[1]), sys.argv[2]
start = time.perf_counter()
pid = os.posix_spawnp(argv[0], argv, os.environ)
_, status, usage = os.wait4(pid, 0)
seconds = time.perf_counter() - start
with open(out, "w") as fh:
    json.dump([seconds, usage.ru_maxrss, os.waitstatus_to_exitcode(status),
               usage.ru_utime + usage.ru_stime], fh)
"""


def run_once(cmd: list[str] | str, cwd: Path, env: dict[str, str] | None = None,
             stdin: bytes | None = None, ok: tuple[int, ...] = (0, 1)) -> tuple[float, int]:
    """(wall seconds, peak RSS in KiB of the command and the children it waited for)."""
    seconds, rss, _ = run_measured(cmd, cwd, env, stdin, ok)
    return seconds, rss


def run_measured(cmd: list[str] | str, cwd: Path, env: dict[str, str] | None = None,
                 stdin: bytes | None = None, ok: tuple[int, ...] = (0, 1)
                 ) -> tuple[float, int, float]:
    """run_once's figures and the CPU seconds (user + system) of the command and its
    children: on a busy machine wall time measures the queue, CPU time the work."""
    argv = ["/bin/sh", "-c", cmd] if isinstance(cmd, str) else cmd
    with tempfile.TemporaryDirectory(prefix="gitmem-bench-") as tmp:
        result = Path(tmp) / "result.json"
        err = Path(tmp) / "stderr"
        with open(err, "wb") as err_fh, tempfile.TemporaryFile() as stdin_fh:
            stdin_fh.write(stdin or b"")
            stdin_fh.seek(0)
            subprocess.run([sys.executable, "-S", "-c", _MEASURER, json.dumps(argv), str(result)],
                           cwd=cwd, env=env or bench_env(), stdin=stdin_fh,
                           stdout=subprocess.DEVNULL, stderr=err_fh, check=True)
        seconds, rss_kb, code, cpu = json.loads(result.read_text())
        if code not in ok:
            raise BenchError(f"{' '.join(argv)} exited {code}: "
                             f"{err.read_bytes().decode(errors='replace').strip()[-300:]}")
    return seconds, int(rss_kb), cpu


def measure(cmd: list[str] | str, cwd: Path, repeat: int, *, before=None,  # type: ignore[no-untyped-def]
            env: dict[str, str] | None = None, stdin: bytes | None = None) -> Sample:
    sample = Sample()
    for _ in range(repeat):
        if before is not None:
            before()
        seconds, rss, cpu = run_measured(cmd, cwd, env, stdin)
        sample.seconds.append(seconds)
        sample.rss_kb.append(rss)
        sample.cpu.append(cpu)
    return sample


# ----- repositories ----------------------------------------------------------------------------
def repo_for(workdir: Path, name: str, files: int, **params: int) -> Path:
    """A generated repository, reused when it was made by this generator with these
    parameters."""
    path = workdir / name
    wanted = {"generator_version": GENERATOR_VERSION, "files": files, **params}
    stamp = path / ".git" / "gitmem-bench-params.json"
    if stamp.is_file() and json.loads(stamp.read_text()) == wanted:
        return path
    print(f"generating {name} ({files} files) ...", file=sys.stderr, flush=True)
    generate(path, files, **params)  # type: ignore[arg-type]
    stamp.write_text(json.dumps(wanted))
    return path


def drop_cache(repo: Path) -> None:
    shutil.rmtree(repo / ".git" / "gitmem" / "cache", ignore_errors=True)


def cat_all(repo: Path) -> str:
    del repo
    return "git ls-files -z | xargs -0 cat > /dev/null"


# ----- the table -------------------------------------------------------------------------------
@dataclass
class Row:
    name: str
    gitmem: Sample | None
    baseline: Sample | None
    baseline_name: str = ""
    target: str = ""
    holds: bool | None = None
    note: str = ""
    gitmem_seconds: float | None = None  # when the figure is not the process wall time

    def seconds(self) -> float | None:
        if self.gitmem_seconds is not None:
            return self.gitmem_seconds
        return self.gitmem.median if self.gitmem else None

    def ratio(self) -> float | None:
        mine = self.seconds()
        if mine is None or self.baseline is None or self.baseline.median == 0:
            return None
        return mine / self.baseline.median


def _fmt_s(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


def table(rows: list[Row]) -> str:
    head = ("| measure | gitmem | baseline | ratio | peak RSS gitmem / baseline | target | holds |\n"
            "| --- | ---: | --- | ---: | ---: | --- | --- |\n")
    lines = []
    for row in rows:
        ratio = row.ratio()
        base = "-" if row.baseline is None else f"{_fmt_s(row.baseline.median)} ({row.baseline_name})"
        rss = "-"
        if row.gitmem is not None:
            rss = f"{row.gitmem.peak_mb:.0f} MB"
            if row.baseline is not None:
                rss += f" / {row.baseline.peak_mb:.0f} MB"
        holds = {None: "", True: "yes", False: "**no**"}[row.holds]
        name = row.name + (f" ({row.note})" if row.note else "")
        lines.append(f"| {name} | {_fmt_s(row.seconds())} | {base} | "
                     f"{'-' if ratio is None else f'{ratio:.1f}x'} | {rss} | {row.target} | {holds} |")
    return head + "\n".join(lines) + "\n"


# ----- the benchmarks --------------------------------------------------------------------------
def bench_startup(args: argparse.Namespace, rows: list[Row]) -> None:
    here = Path.cwd()
    mine = measure([*GITMEM, "--help"], here, args.repeat)
    base = measure([sys.executable, "-c", "pass"], here, args.repeat)
    rows.append(Row("`gitmem --help`", mine, base, "python -c pass"))


LINT_VARIANTS = (("", ()), ("GM2xx off", ("--ignore", "GM2")))


def lint_samples(args: argparse.Namespace, size: int, variant: tuple[str, ...]
                 ) -> dict[str, Sample]:
    """Cold and warm lint of a generated repo of `size` files, and reading every file of it;
    measured once per run of bench.py and shared by the lint and scaling rows."""
    key = (size, variant)
    if key not in args.measured:
        repo = repo_for(args.workdir, f"lint-{size}", size, seed=args.seed)
        repeat = args.lint_repeat if size <= 20_000 else 1
        lint = [*GITMEM, "lint", "--format", "json", *variant]
        found = {"read": measure(cat_all(repo), repo, repeat),
                 "cold": measure(lint, repo, repeat, before=lambda: drop_cache(repo))}
        run_once(lint, repo)  # prime the cache
        found["warm"] = measure(lint, repo, repeat)
        if not variant:
            edit, restore = edit_one_memory(repo)
            try:
                found["edited"] = measure(lint, repo, repeat, before=edit)
            finally:
                restore()
        args.measured[key] = found
    return args.measured[key]  # type: ignore[no-any-return]


def edit_one_memory(repo: Path) -> tuple[Callable[[], None], Callable[[], None]]:
    """(edit, restore): each edit appends a new line to one memory; restore puts its bytes
    back, so the generated repository stays as generated for the next run."""
    target = min((repo / "memory").rglob("*.md"))
    original = target.read_bytes()
    counter = iter(range(10**9))

    def edit() -> None:
        line = f"- Benchmark edit {next(counter)}: keep the release notes short.\n"
        target.write_bytes(original + line.encode())

    return edit, lambda: target.write_bytes(original)


def bench_lint(args: argparse.Namespace, rows: list[Row]) -> None:
    at_target = args.files == 10_000
    for label, variant in LINT_VARIANTS:
        found = lint_samples(args, args.files, variant)
        suffix = f", {label}" if label else ""
        cold, warm = found["cold"], found["warm"]
        full = not variant and at_target
        rows.append(Row(f"lint {args.files} files, cold{suffix}", cold, found["read"],
                        "read every file", "<= 20 s, < 1 GB" if full else "",
                        cold.median <= 20 and cold.peak_mb < 1024 if full else None))
        rows.append(Row(f"lint {args.files} files, warm{suffix}", warm, found["read"],
                        "read every file", "<= 3 s" if full else "",
                        warm.median <= 3 if full else None))
        if "edited" in found:
            rows.append(Row(f"lint {args.files} files, warm, after editing one memory{suffix}",
                            found["edited"], found["read"], "read every file", "", None))


def fitted_exponent(points: list[tuple[int, float]]) -> float:
    """The slope of log(seconds) over log(files), least squares."""
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(s) for _, s in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def bench_scale(args: argparse.Namespace, rows: list[Row]) -> None:
    if len(args.sizes) < 2:
        return
    for label, variant in LINT_VARIANTS:
        for mode in ("cold", "warm"):
            points = []
            for size in args.sizes:
                found = lint_samples(args, size, variant)
                points.append((size, found[mode].median))
                if size != args.files or "lint" not in args.only:
                    rows.append(Row(f"lint {size} files, {mode}{', ' + label if label else ''}",
                                    found[mode], found["read"], "read every file",
                                    "< 1 GB", found[mode].peak_mb < 1024))
            exponent = fitted_exponent(points)
            sizes = "/".join(f"{n / 1000:g}k" for n, _ in points)
            rows.append(Row(f"fitted exponent, {mode} lint{', ' + label if label else ''}, "
                            f"{sizes} files", None, None, target="<= 1.2",
                            holds=exponent <= 1.2, note=f"seconds ~ files^{exponent:.2f}"))


def bench_hook(args: argparse.Namespace, rows: list[Row]) -> None:
    source = repo_for(args.workdir, f"lint-{args.files}", args.files, seed=args.seed)
    repo = args.workdir / f"hook-{args.files}"
    if not (repo / ".git").is_dir():
        subprocess.run(["git", "clone", "-q", str(source), str(repo)], check=True, env=bench_env())
    subprocess.run([*GITMEM, "-C", str(repo), "hooks", "install"], check=True,
                   capture_output=True, env=bench_env())
    target = sorted((repo / "memory").rglob("*.md"))[len(args.sizes)]
    counter = iter(range(10**9))

    def change() -> None:
        with open(target, "a", encoding="utf-8") as fh:
            fh.write(f"- Benchmark note {next(counter)}: keep the release notes short.\n")
        subprocess.run(["git", "add", str(target)], cwd=repo, check=True, env=bench_env())

    change()
    run_once(["git", "commit", "-q", "-m", "warm up"], repo, ok=(0,))  # page cache, gitmem cache
    hooked = measure(["git", "commit", "-q", "-m", "one memory"], repo, args.repeat, before=change)
    plain = measure(["git", "commit", "-q", "--no-verify", "-m", "one memory"], repo,
                    args.repeat, before=change)
    rows.append(Row(f"`git commit` of one memory, pre-commit hook, {args.files} files", hooked,
                    plain, "git commit --no-verify", "<= 1.5 s", hooked.median <= 1.5,
                    note=cpu_note(hooked, plain)))

    # A whole rules file arriving at once: 150 claims taken from the repository's own memories,
    # each new commit a new file, so every claim has neighbours to be compared with.
    bullets = [line for path in sorted((repo / "memory").rglob("*.md"))[:400]
               for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("- ")]
    big = iter(range(10**9))

    def add_rules_file() -> None:
        n = next(big)
        lines = bullets[(n * 150) % max(1, len(bullets) - 150):][:150]
        path = repo / "memory" / f"bench-rules-{n}.md"
        path.write_text("---\nname: rules\n---\n" + "\n".join(lines) + "\n", encoding="utf-8")
        subprocess.run(["git", "add", str(path)], cwd=repo, check=True, env=bench_env())

    claims = len(bullets[:150])
    hooked = measure(["git", "commit", "-q", "-m", "rules file"], repo, args.repeat,
                     before=add_rules_file)
    plain = measure(["git", "commit", "-q", "--no-verify", "-m", "rules file"], repo,
                    args.repeat, before=add_rules_file)
    rows.append(Row(f"`git commit` of a new {claims}-claim memory, pre-commit hook, "
                    f"{args.files} files", hooked, plain, "git commit --no-verify",
                    note=cpu_note(hooked, plain)))


def bench_diff(args: argparse.Namespace, rows: list[Row]) -> None:
    """`lint --diff REV` on a branch that changes one memory against `lint --staged` of the
    same change, each beside `git diff` of that change: the pull-request check must cost no
    more than the pre-commit check."""
    source = repo_for(args.workdir, f"lint-{args.files}", args.files, seed=args.seed)
    repo = args.workdir / f"diff-{args.files}"
    if not (repo / ".git").is_dir():
        subprocess.run(["git", "clone", "-q", str(source), str(repo)], check=True, env=bench_env())
    git = ["git", "-C", str(repo)]
    subprocess.run([*git, "checkout", "-q", "-B", "bench-pr", "origin/HEAD"], check=True,
                   env=bench_env())
    target = sorted((repo / "memory").rglob("*.md"))[len(args.sizes) + 1]
    with open(target, "a", encoding="utf-8") as fh:
        fh.write("- Bench pull request: keep the release notes short.\n")
    subprocess.run([*git, "add", str(target)], check=True, env=bench_env())
    staged_cmd = [*GITMEM, "lint", "--staged", "--format", "json"]
    run_once(staged_cmd, repo)  # warm up: page cache, key index, blob caches
    staged = measure(staged_cmd, repo, args.repeat)
    git_staged = measure(["git", "diff", "--cached", "-U0", "-M"], repo, args.repeat)
    subprocess.run([*git, "commit", "-q", "--no-verify", "-m", "bench pr"], check=True,
                   env=bench_env())
    diff_cmd = [*GITMEM, "lint", "--diff", "origin/HEAD", "--format", "json"]
    run_once(diff_cmd, repo)
    diff = measure(diff_cmd, repo, args.repeat)
    git_diff = measure(["git", "diff", "-U0", "-M", "origin/HEAD"], repo, args.repeat)
    subprocess.run([*git, "reset", "-q", "--hard", "origin/HEAD"], check=True, env=bench_env())
    rows.append(Row(f"`lint --staged`, one staged memory, {args.files} files", staged,
                    git_staged, "git diff --cached -U0"))
    # judged on CPU time (user + system, the process and its git children): on a shared
    # machine the wall time of two runs of the same work differs by the queue they met
    cpu_diff, cpu_staged = statistics.median(diff.cpu), statistics.median(staged.cpu)
    rows.append(Row(f"`lint --diff REV`, a branch changing one memory, {args.files} files", diff,
                    git_diff, "git diff -U0 REV", "CPU <= --staged's",
                    cpu_diff <= cpu_staged * 1.1,
                    note=f"wall {diff.median / staged.median:.2f}x --staged; CPU "
                         f"{_fmt_s(cpu_diff)} vs {_fmt_s(cpu_staged)}, "
                         f"{cpu_diff / cpu_staged:.2f}x"))


def bench_claims(args: argparse.Namespace, rows: list[Row]) -> None:
    repo = repo_for(args.workdir, f"claims-{args.claims}", max(200, args.claims // 5),
                    seed=args.seed, commit_claims=args.claims,
                    code_commits=max(100, args.claims * 4 // 5), ops=0)
    manifest = json.loads((repo / ".git" / "gitmem-bench.json").read_text())
    tokens = manifest["real_claims"] + manifest["fabricated_claims"]
    listing = "\n".join(tokens) + "\n"
    tokens_file = args.workdir / f"claims-{args.claims}.txt"
    tokens_file.write_text(listing)
    base = measure(["git", "cat-file", "--batch-check"], repo, args.repeat,
                   stdin=listing.encode())
    probe = [sys.executable, str(Path(__file__).with_name("claims_probe.py")), str(repo),
             str(tokens_file)]
    inside = []
    for _ in range(args.repeat):
        proc = subprocess.run(probe, capture_output=True, env=bench_env(), check=True)
        report = json.loads(proc.stdout)
        inside.append(report["verify_seconds"])
    whole = measure(probe, repo, args.repeat)
    verify = statistics.median(inside)
    rows.append(Row(f"verify {len(tokens)} commit claims", whole, base,
                    "git cat-file --batch-check", "<= 10x", verify / base.median <= 10,
                    note="verification inside gitmem; the process with startup: "
                         f"{_fmt_s(whole.median)}", gitmem_seconds=verify))


def bench_log(args: argparse.Namespace, rows: list[Row]) -> None:
    repo = repo_for(args.workdir, f"log-{args.ops}", 500, seed=args.seed, ops=args.ops,
                    code_commits=100, commit_claims=50)
    # an installed gitmem runs from bytecode; with PYTHONDONTWRITEBYTECODE set (as on the
    # machine these figures come from) every run would compile its 70 modules again first
    import gitmem

    compileall.compile_dir(Path(gitmem.__file__).parent, quiet=1)
    name = f"`gitmem log --json`, {args.ops} op commits"
    cold = measure([*GITMEM, "log", "--json"], repo, args.repeat, before=lambda: drop_cache(repo))
    warm = measure([*GITMEM, "log", "--json"], repo, args.repeat)  # the op cache the cold run left
    base = measure(["git", "log", "--format=%(trailers:key=Gitmem-Op)"], repo, args.repeat)
    for label, sample in ((f"{name}, cold (no .git/gitmem/cache)", cold), (f"{name}, warm", warm)):
        # gitmem's CPU and the git log it may run beside it
        rows.append(Row(label, sample, base, "git log", "<= 3x", sample.median / base.median <= 3,
                        note=cpu_note(sample, base)))


def cpu_note(sample: Sample, base: Sample) -> str:
    """Median CPU seconds (user + system of the process and the children it waited for) beside
    the baseline's: what a busy machine inflates least."""
    cpu, base_cpu = statistics.median(sample.cpu), statistics.median(base.cpu)
    return f"CPU {_fmt_s(cpu)} vs {_fmt_s(base_cpu)}, {cpu / base_cpu:.1f}x"


# ----- the machine and the report --------------------------------------------------------------
def machine() -> str:
    try:
        import pygit2

        pygit2_version = f"{pygit2.__version__} (libgit2 {pygit2.LIBGIT2_VERSION})"
    except ImportError:
        pygit2_version = "not installed"
    git = subprocess.run(["git", "--version"], capture_output=True, text=True,
                         check=False).stdout.strip()
    memory = "?"
    try:
        for line in Path("/proc/meminfo").read_text(encoding="ascii").splitlines():
            if line.startswith("MemTotal:"):
                memory = f"{int(line.split()[1]) / 1024 / 1024:.1f} GB"
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    cpu = platform.processor() or platform.machine()
    return (f"{os.cpu_count()} CPUs ({cpu}), {memory} RAM, {platform.system()} "
            f"{platform.release()}, Python {platform.python_version()}, {git}, pygit2 "
            f"{pygit2_version}; load average {load:.1f} when the run started")


def update_doc(doc: Path, text: str) -> None:
    old = doc.read_text(encoding="utf-8") if doc.exists() else f"{DOC_START}\n{DOC_END}\n"
    if DOC_START not in old or DOC_END not in old:
        old += f"\n{DOC_START}\n{DOC_END}\n"
    head, rest = old.split(DOC_START, 1)
    _, tail = rest.split(DOC_END, 1)
    doc.write_text(f"{head}{DOC_START}\n{text}{DOC_END}{tail}", encoding="utf-8")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--files", type=int, default=10_000, help="repo size for lint and hook")
    parser.add_argument("--sizes", default="2500,10000",
                        help="sizes for the scaling rows, e.g. 2500,10000,100000")
    parser.add_argument("--claims", type=int, default=5000, help="commit claims to verify")
    parser.add_argument("--ops", type=int, default=20_000, help="op commits for gitmem log")
    parser.add_argument("--repeat", type=int, default=5, help="runs per measure (median)")
    parser.add_argument("--lint-repeat", type=int, default=3,
                        help="runs per whole-repository lint measure (they take longest)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default=",".join(BENCHMARKS),
                        help=f"comma-separated subset of {', '.join(BENCHMARKS)}")
    parser.add_argument("--workdir", type=Path, default=DEFAULT_WORKDIR,
                        help="where generated repositories are kept between runs")
    parser.add_argument("--quick", action="store_true",
                        help="tiny sizes, one run each: checks that the benchmark works")
    parser.add_argument("--update-doc", type=Path, metavar="MD",
                        help="write the results between the bench markers of this page")
    args = parser.parse_args(argv)
    if args.quick:
        args.files, args.sizes, args.claims, args.ops = 200, "100,200", 100, 200
        args.repeat = args.lint_repeat = 1
    args.sizes = sorted(int(s) for s in str(args.sizes).split(",") if s)
    args.only = [name.strip() for name in args.only.split(",") if name.strip()]
    args.measured = {}
    unknown = set(args.only) - set(BENCHMARKS)
    if unknown:
        parser.error(f"unknown benchmark {', '.join(sorted(unknown))}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    args.workdir.mkdir(parents=True, exist_ok=True)
    about = machine()
    print(about, file=sys.stderr)
    rows: list[Row] = []
    started = time.perf_counter()
    failed = 0
    for name in BENCHMARKS:
        if name in args.only:
            try:
                globals()[f"bench_{name}"](args, rows)
            except (BenchError, subprocess.CalledProcessError) as error:
                failed += 1
                print(f"{name}: {error}", file=sys.stderr)
                rows.append(Row(f"{name}: FAILED", None, None, note=str(error).splitlines()[-1][:160]))
    report = (f"Measured {time.strftime('%Y-%m-%d')} on {about}. Medians of {args.repeat} "
              f"runs ({args.lint_repeat} for whole-repository lints); each run a fresh process. Took {time.perf_counter() - started:.0f} s.\n\n"
              + table(rows))
    print(report)
    if args.update_doc:
        update_doc(args.update_doc, report)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

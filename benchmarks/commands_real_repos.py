"""Every gitmem command on public repositories that keep agent memory (stop 37).

    python benchmarks/commands_real_repos.py --mirrors /work/.mirror              # the 30
    python benchmarks/commands_real_repos.py --mirrors /work/.mirror --batch 0 --batch 8 \\
        --out /tmp/commands.json                                           # the 30 and batch 8
    python benchmarks/commands_real_repos.py --mirrors /work/.mirror --repo owner/name

`eval_real_repos.py` lints the repositories of `real_repos.json`; this script runs a whole
session on each, as a new user would, to find crashes and refusals that change state. Each
repository is cloned into a temporary folder at its recorded commit (on a branch, with a local
user.name and user.email), then: `lint` (text, json, sarif, `--since`, `--diff`), `init`,
`log` (text and json), `undo` of the init (the tree must be the commit's again, byte for byte),
`init` again, `recall`, `show`, `history`, `candidates`, `review`, `sweep` (dry), `hooks
install`, a real `git commit` of a one-line edit to a memory (the pre-commit hook runs) and a
`git merge` of a side branch that edited it (the post-merge hook), `hooks install
--merge-driver` with a `git merge` of two branches that both changed a memory's last line (git
runs the driver) and `hooks uninstall` (the tree as it was), `protect` then `unprotect`, `save`,
`supersede` and `merge` of two memories of one folder, `plan supersede` then `apply` of that
plan, `supersede` across folders, `merge` of three, `lint --annotate`, `sweep --apply`,
`dismiss` and `resolve` of a review item, each op followed by `undo` and a check that the tree
is back; and refusals (a path that is no memory, a
missing file, an unknown op, a memory with uncommitted edits), each checked to leave HEAD, the
index and the work tree as they were. An op that is refused is checked the same way.

`--quick` leaves out the other lint formats and the refusals whose outcome does not depend on
the repository (about half the steps); `--reverse` starts from the end of the list, so a second
run started beside a first meets it halfway; `--skip-done F.json` leaves out the repositories an
earlier run wrote rows for. A mirror may lack its largest blobs (the fetch leaves them out):
git itself cannot commit there, so the `git commit` and `git merge` steps are skipped, and an
`init` refused with exit 4 ends the session without counting as a problem.

Per repository and step a row: exit code, seconds, whether stderr holds a Python traceback, a
timeout, and a problem: `exit70`, `traceback`, `timeout`, `state_changed` (a refusal that
changed HEAD, the index or the work tree), `not_restored` (an undo that did not give back the
tree), `unexpected` (an exit code the step should never give). A step that changes the
repository and fails ends that repository's session (the rest is recorded as skipped).
`--out F.json` writes the rows; a table of problems and a summary is printed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.eval_real_repos import CHECKOUT, GITMEM, LIST, clone_at, source_of

REFUSALS = {2, 3, 4, 5}
# --quick leaves these out: other formats of a command run anyway, and refusals whose outcome
# does not depend on the repository's content
QUICK_SKIP = frozenset({
    "lint", "lint sarif", "lint since", "lint diff", "log", "log json", "recall word",
    "show as-of", "history", "review text", "refuse show non-memory",
    "refuse protect non-memory", "refuse show missing", "refuse history missing",
    "refuse undo unknown", "refuse supersede missing", "refuse merge missing",
    "refuse supersede self", "refuse supersede non-memory", "refuse save into file",
    "refuse merge dirty", "git merge (post-merge hook)", "log at the end",
})
MISSING = "gitmem-sweep-no-such-file.md"


@dataclass
class Session:
    """One repository's scripted session: runs steps and records a row for each."""

    repo: str
    work: Path
    timeout: float
    env: dict[str, str]
    rows: list[dict[str, Any]] = field(default_factory=list)
    stopped: str | None = None
    incomplete: bool = False  # the mirror lacks some blobs: git itself cannot commit here
    quick: bool = False

    def git(self, *args: str, check: bool = True, env: dict[str, str] | None = None
            ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["git", "-C", str(self.work), *args], capture_output=True,
                              text=True, errors="replace", check=check, env=env or self.env,
                              timeout=self.timeout)

    def state(self) -> tuple[str, ...]:
        """HEAD, the index and the work tree (dirty files' bytes included)."""
        head = self.git("rev-parse", "-q", "--verify", "HEAD", check=False).stdout.strip()
        index = self.git("diff", "--cached", "--raw", "--no-renames").stdout
        status = self.git("status", "--porcelain=v1", "-z", "--untracked-files=all",
                          "--ignored").stdout
        digests = []
        for item in status.split("\0"):
            path = self.work / item[3:] if len(item) > 3 else None
            if path is not None and path.is_file() and not path.is_symlink():
                digests.append(hashlib.sha1(path.read_bytes()).hexdigest())
        return head, index, status, ",".join(digests)

    def tree(self) -> tuple[str, str]:
        """HEAD's tree and the work tree's status: equal before and after means restored."""
        tree = self.git("rev-parse", "HEAD^{tree}").stdout.strip()
        status = self.git("status", "--porcelain=v1", "--untracked-files=all").stdout
        return tree, status

    def run(self, step: str, args: list[str], *, ok: set[int] | None = None,
            refusal: bool = False, mutates: bool = False, git: bool = False
            ) -> dict[str, Any] | None:
        """Run one step; None when the session was stopped before it or --quick skips it."""
        if self.quick and step in QUICK_SKIP:
            return None
        if self.stopped:
            self.rows.append({"repo": self.repo, "step": step, "skipped": self.stopped})
            return None
        before = self.state() if refusal else None
        argv = ["git"] if git else [*GITMEM]
        argv += ["-C", str(self.work), *args]
        start = time.perf_counter()
        try:
            proc = subprocess.run(argv, capture_output=True, text=True, errors="replace",
                                  cwd=CHECKOUT, env=self.env, timeout=self.timeout,
                                  stdin=subprocess.DEVNULL, check=False)
            code, out, err = proc.returncode, proc.stdout, proc.stderr
        except subprocess.TimeoutExpired as exc:
            code, out, err = None, _text(exc.stdout), _text(exc.stderr)
        row: dict[str, Any] = {"repo": self.repo, "step": step, "args": args, "exit": code,
                               "seconds": round(time.perf_counter() - start, 2),
                               "traceback": "Traceback (most recent call last)" in err}
        problem = None
        if code is None:
            problem = "timeout"
        elif code == 70:
            problem = "exit70"
        elif row["traceback"]:
            problem = "traceback"
        elif ok is not None and code not in ok and not (refusal and code in REFUSALS):
            problem = "unexpected"
        if refusal and code is not None and code != 0 and before != self.state() \
                and problem in (None, "unexpected"):
            problem = "state_changed"
        if code not in (0, None) or problem:
            row["stderr"] = err.strip().splitlines()[-3:]
        row["problem"] = problem
        row["stdout"] = out
        self.rows.append(row)
        if problem and mutates:
            self.stopped = f"after {step}: {problem}"
        return row

    def undo_check(self, step: str, before: tuple[str, str], args: list[str]) -> None:
        """Undo the op just made; the tree and status must be those of `before`."""
        row = self.run(step, args, ok={0}, mutates=True)
        if row is not None and row["exit"] == 0 and self.tree() != before:
            row["problem"] = "not_restored"
            self.stopped = f"after {step}: not_restored"


def _text(data: bytes | str | None) -> str:
    if data is None:
        return ""
    return data if isinstance(data, str) else data.decode("utf-8", "replace")


def _json(row: dict[str, Any] | None) -> Any:
    if row is None or not row.get("stdout"):
        return None
    try:
        return json.loads(row["stdout"])
    except json.JSONDecodeError:
        return None


def _word(path: Path) -> str:
    """A word of the memory's body to recall it by."""
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return "memory"
    body = text.split("---", 2)[-1] if text.startswith("---") else text
    words = re.findall(r"[A-Za-z]{5,}", body)
    return words[len(words) // 2] if words else "memory"


def _pair(memories: list[dict[str, Any]], work: Path) -> tuple[str, str] | None:
    """Two memories an op may join: regular files, not protected, same folder first."""
    usable = _usable(memories, work)
    for i, a in enumerate(usable):
        for b in usable[i + 1:]:
            if Path(a).parent == Path(b).parent and Path(a).suffix == Path(b).suffix:
                return a, b
    return (usable[0], usable[1]) if len(usable) > 1 else None


def _usable(memories: list[dict[str, Any]], work: Path) -> list[str]:
    return [m["path"] for m in memories if not m.get("protected")
            and (work / m["path"]).is_file() and not (work / m["path"]).is_symlink()]


def _across(memories: list[dict[str, Any]], work: Path) -> tuple[str, str] | None:
    """Two memories of different folders (CLAUDE.md by a Cursor rule, say), other kinds first."""
    usable = _usable(memories, work)[:200]
    pairs = [(a, b) for i, a in enumerate(usable) for b in usable[i + 1:]
             if Path(a).parent != Path(b).parent]
    pairs.sort(key=lambda pair: Path(pair[0]).suffix == Path(pair[1]).suffix)
    return pairs[0] if pairs else None


def _three(memories: list[dict[str, Any]], work: Path) -> list[str] | None:
    """Three memories of one folder and suffix, to merge into the first."""
    usable = _usable(memories, work)
    for a in usable:
        same = [b for b in usable if Path(b).parent == Path(a).parent
                and Path(b).suffix == Path(a).suffix]
        if len(same) >= 3:
            return same[:3]
    return None


def _save_folder(memories: list[dict[str, Any]]) -> str:
    """A folder whose memories are plain `name.md` files chosen freely (not CLAUDE.md, SKILL.md,
    x.instructions.md), where a saved memory falls under memory.include."""
    for m in memories:
        path = Path(m["path"])
        if path.parent != Path(".") and path.suffix == ".md" and len(path.suffixes) == 1 \
                and not path.stem.isupper():
            return path.parent.as_posix()
    return "memory"


def session(entry: dict[str, Any], source: Path, timeout: float, quick: bool = False
            ) -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory(prefix="gitmem-cmds-") as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        (home / ".gitconfig").write_text("")
        env = {**os.environ, "HOME": str(home), "GIT_CONFIG_GLOBAL": str(home / ".gitconfig"),
               "GIT_CONFIG_NOSYSTEM": "1", "NO_COLOR": "1", "GIT_TERMINAL_PROMPT": "0",
               "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
        env.pop("GITMEM_JUDGE_COMMAND", None)
        work = clone_at(entry, source, Path(tmp) / "repo")
        s = Session(entry["repo"], work, timeout, env, quick=quick)
        s.git("checkout", "-q", "-b", "gitmem-sweep")
        s.git("config", "user.name", "Sweep Tester")
        s.git("config", "user.email", "sweep@example.invalid")
        s.incomplete = bool(s.git("ls-files", "--deleted").stdout.strip())
        try:
            _steps(s)
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
            s.rows.append({"repo": entry["repo"], "step": "harness", "exit": None, "seconds": 0,
                           "traceback": False, "problem": "harness",
                           "stderr": [repr(exc)[:300], _text(getattr(exc, "stderr", ""))[-300:]]})
        return s.rows


def _back_to(s: Session, head: str, path: str, data: bytes) -> None:
    """HEAD and the index back at `head`, the memory's bytes back. Not `reset --hard`: a
    mirror may lack its largest blobs, which a hard reset would have to read."""
    s.git("reset", "-q", "--mixed", head)
    (s.work / path).write_bytes(data)


def _steps(s: Session) -> None:
    any_exit = set(range(6))
    s.run("lint", ["lint"], ok={0, 1})
    s.run("lint json", ["lint", "--format", "json"], ok={0, 1})
    s.run("lint sarif", ["lint", "--format", "sarif"], ok={0, 1})
    s.run("lint since", ["lint", "--since", "HEAD~5", "--format", "json"], ok={0, 1, 2})
    # exit 4 where the mirror lacks a blob git's diff must read
    s.run("lint diff", ["lint", "--diff", "HEAD~5", "--format", "json"], ok={0, 1, 2, 4})
    start = s.tree()
    row = s.run("init", ["init"], ok={0, 4} if s.incomplete else {0}, mutates=True)
    if s.incomplete and row is not None and row["exit"] == 4:  # as git commit refuses there
        s.stopped = "the mirror lacks a blob HEAD's tree names: every op refuses (exit 4)"
    s.run("log", ["log"], ok={0})
    log = _json(s.run("log json", ["log", "--json"], ok={0}))
    init_id = log["ops"][0]["id"] if log and log.get("ops") else "HEAD"
    s.undo_check("undo init", start, ["undo", init_id])
    s.run("init again", ["init"], ok={0}, mutates=True)
    listed = _json(s.run("recall all", ["recall", "--json", "--limit", "100000"], ok={0, 1}))
    memories = (listed or {}).get("memories", [])
    tracked = s.git("ls-files", "-z").stdout.split("\0")
    known = {m["path"] for m in memories}
    other = next((p for p in tracked if p and p not in known and not p.startswith(".gitmem")
                  and (s.work / p).is_file()), None)
    first = memories[0]["path"] if memories else None
    if first:
        s.run("recall word", ["recall", _word(s.work / first), "--json"], ok={0, 1})
        s.run("show", ["show", first], ok={0})
        s.run("show as-of", ["show", "--as-of", "HEAD~1", first], ok={0, 2})
        s.run("history", ["history", first], ok={0})
        s.run("history json", ["history", "--json", first], ok={0})
    s.run("candidates", ["candidates", "--json"], ok={0})
    review = _json(s.run("review", ["review", "--json"], ok={0}))
    s.run("review text", ["review", "--all"], ok={0})
    s.run("sweep dry", ["sweep", "--json"], ok={0})
    # refusals on a clean tree: each must leave HEAD, index and work tree as they were
    if other:
        s.run("refuse show non-memory", ["show", other], ok=REFUSALS, refusal=True)
        s.run("refuse protect non-memory", ["protect", other], ok=REFUSALS, refusal=True)
    s.run("refuse show missing", ["show", MISSING], ok=REFUSALS, refusal=True)
    s.run("refuse history missing", ["history", MISSING], ok=REFUSALS | {0}, refusal=True)
    s.run("refuse undo unknown", ["undo", "0000000"], ok=REFUSALS, refusal=True)
    if first:
        s.run("refuse supersede missing", ["supersede", MISSING, "--by", first, "--confirm"],
              ok=REFUSALS, refusal=True)
        s.run("refuse merge missing", ["merge", first, MISSING, "--confirm"], ok=REFUSALS,
              refusal=True)
        s.run("refuse supersede self", ["supersede", first, "--by", first, "--confirm"],
              ok=REFUSALS, refusal=True)
    if other and first:
        s.run("refuse supersede non-memory", ["supersede", other, "--by", first, "--confirm"],
              ok=REFUSALS, refusal=True)
        s.run("refuse save into file", ["save", "Run the sweep nightly.", "--category",
                                        "project", "--folder", other], ok=REFUSALS, refusal=True)
    pair = _pair(memories, s.work)
    if pair:
        a, b = pair
        # a memory with uncommitted edits: ops on it refuse and keep the edit
        original = (s.work / a).read_bytes()
        (s.work / a).write_bytes(original + b"\nAn uncommitted line from the sweep.\n")
        s.run("refuse supersede dirty", ["supersede", a, "--by", b, "--confirm"], ok=REFUSALS,
              refusal=True)
        s.run("refuse merge dirty", ["merge", b, a, "--confirm"], ok=REFUSALS, refusal=True)
        (s.work / a).write_bytes(original)
    # hooks and a real commit of a one-line edit to a memory
    s.run("hooks install", ["hooks", "install"], ok={0}, mutates=True)
    if s.incomplete:
        for step in ("git commit (pre-commit hook)", "git merge (post-merge hook)"):
            s.rows.append({"repo": s.repo, "step": step,
                           "skipped": "the mirror lacks blobs: git cannot commit"})
    elif first and (s.work / first).is_file() and not (s.work / first).is_symlink():
        head = s.git("rev-parse", "HEAD").stdout.strip()
        path = s.work / first
        data = path.read_bytes()
        path.write_bytes(data + (b"" if data.endswith(b"\n") or not data else b"\n")
                         + b"- The sweep edited this line.\n")
        s.git("add", "-u", "--", first)  # -u: no "ignored" refusal under a .gitignore'd folder
        s.run("git commit (pre-commit hook)", ["commit", "-q", "-m", "Edit a memory"],
              ok={0, 1}, git=True)
        _back_to(s, head, first, data)
        # a merge of a side branch that edited the memory: the post-merge hook runs
        s.git("checkout", "-q", "-b", "gitmem-sweep-side")
        path.write_bytes(data + (b"" if data.endswith(b"\n") or not data else b"\n")
                         + b"- A side branch added this line.\n")
        s.git("commit", "-q", "--no-verify", "-m", "Edit a memory on a side branch", "--", first)
        s.git("checkout", "-q", "gitmem-sweep")
        s.run("git merge (post-merge hook)", ["merge", "-q", "--no-ff", "--no-edit",
                                              "gitmem-sweep-side"], ok={0}, git=True)
        _back_to(s, head, first, data)
        s.git("branch", "-q", "-D", "gitmem-sweep-side")
    s.run("hooks uninstall", ["hooks", "uninstall"], ok={0}, mutates=True)
    _merge_driver(s, first)
    if first:
        before = s.tree()
        if s.run("protect", ["protect", first], ok=any_exit, refusal=True, mutates=True) and \
                s.git("rev-parse", "HEAD^{tree}").stdout.strip() != before[0]:
            protected = s.tree()
            row = s.run("unprotect", ["unprotect", first], ok=any_exit, refusal=True,
                        mutates=True)
            if row and row["exit"] == 0:  # undo --last takes the newest op first: a stack
                s.undo_check("undo unprotect", protected, ["undo", "--last"])
            s.undo_check("undo protect", before, ["undo", "--last"])
    before = s.tree()
    folder = _save_folder(memories)
    row = s.run("save", ["save", "Run the memory sweep before each release.", "--category",
                         "project", "--folder", folder, "--reason", "sweep"], ok=any_exit,
                refusal=True, mutates=True)
    if row and row["exit"] == 0:
        s.undo_check("undo save", before, ["undo", "--last"])
    if pair:
        a, b = pair
        before = s.tree()
        row = s.run("supersede", ["supersede", a, "--by", b, "--confirm", "--reason", "sweep"],
                    ok=any_exit, refusal=True, mutates=True)
        if row and row["exit"] == 0:
            s.undo_check("undo supersede", before, ["undo", "--last"])
        before = s.tree()
        row = s.run("merge", ["merge", a, b, "--confirm", "--reason", "sweep"], ok=any_exit,
                    refusal=True, mutates=True)
        if row and row["exit"] == 0:
            s.undo_check("undo merge", before, ["undo", "--last"])
    if pair:
        a, b = pair
        before = s.tree()
        planned = _json(s.run("plan supersede", ["plan", "supersede", a, "--by", b, "--json"],
                              ok=any_exit, refusal=True))
        if planned and planned.get("plan") and s.tree() == before:
            row = s.run("apply plan", ["apply", planned["plan"], "--confirm"], ok=any_exit,
                        refusal=True, mutates=True)
            if row and row["exit"] == 0:
                s.undo_check("undo apply", before, ["undo", "--last"])
    across, three = _across(memories, s.work), _three(memories, s.work)
    if across:
        before = s.tree()
        row = s.run("supersede across layouts", ["supersede", across[0], "--by", across[1],
                                                 "--confirm"], ok=any_exit, refusal=True,
                    mutates=True)
        if row and row["exit"] == 0:
            s.undo_check("undo supersede across", before, ["undo", "--last"])
    if three:
        before = s.tree()
        row = s.run("merge three", ["merge", *three, "--confirm"], ok=any_exit, refusal=True,
                    mutates=True)
        if row and row["exit"] == 0:
            s.undo_check("undo merge three", before, ["undo", "--last"])
    before = s.tree()
    row = s.run("lint annotate", ["lint", "--annotate", "-q"], ok={0, 1, 2, 3}, mutates=True)
    if row and s.git("rev-parse", "HEAD^{tree}").stdout.strip() != before[0]:
        s.undo_check("undo annotate", before, ["undo", "--last"])
    before = s.tree()
    swept = _json(s.run("sweep apply", ["sweep", "--apply", "--json"], ok={0}, mutates=True))
    if swept and swept.get("run"):
        s.undo_check("undo sweep run", before, ["undo", "--run", swept["run"]])
    items = (review or {}).get("items", [])
    if items:
        item = items[0]
        before = s.tree()
        row = s.run("dismiss", ["dismiss", item["id"], "--reason", "sweep"], ok=any_exit,
                    refusal=True, mutates=True)
        if row and row["exit"] == 0:
            s.undo_check("undo dismiss", before, ["undo", "--last"])
        before = s.tree()
        keep = item["a"]["path"] + (f":{item['a']['line']}"
                                    if item["a"]["path"] == item["b"]["path"] else "")
        row = s.run("resolve", ["resolve", item["id"], "--keep", keep, "--reason", "sweep"],
                    ok=any_exit, refusal=True, mutates=True)
        if row and row["exit"] == 0:
            s.undo_check("undo resolve", before, ["undo", "--last"])
    s.run("log at the end", ["log", "--json"], ok={0})


def _merge_driver(s: Session, first: str | None) -> None:
    """`hooks install --merge-driver`, then a `git merge` where both branches changed the last
    line of a memory (git runs the driver), then `hooks uninstall`: the tree as it was."""
    before = s.tree()
    row = s.run("hooks install merge-driver", ["hooks", "install", "--merge-driver"],
                ok=set(range(6)), refusal=True, mutates=True)
    if row is None or row["exit"] != 0:
        return
    if s.incomplete:
        s.rows.append({"repo": s.repo, "step": "git merge (merge driver)",
                       "skipped": "the mirror lacks blobs: git cannot commit"})
    elif first and (s.work / first).is_file() and not (s.work / first).is_symlink():
        head = s.git("rev-parse", "HEAD").stdout.strip()
        path = s.work / first
        data = path.read_bytes()
        base = data + (b"" if data.endswith(b"\n") or not data else b"\n")
        s.git("checkout", "-q", "-b", "gitmem-sweep-driver")
        path.write_bytes(base + b"- The side branch says the sweep runs on Mondays.\n")
        s.git("commit", "-q", "--no-verify", "-m", "side", "--", first)
        s.git("checkout", "-q", "gitmem-sweep")
        path.write_bytes(base + b"- This branch says the sweep runs on Fridays.\n")
        s.git("commit", "-q", "--no-verify", "-m", "ours", "--", first)
        # a conflict is exit 1; the driver's own failure would show as a traceback
        s.run("git merge (merge driver)", ["merge", "-q", "--no-edit", "gitmem-sweep-driver"],
              ok={0, 1}, git=True)
        s.git("merge", "--abort", check=False)
        _back_to(s, head, first, data)
        s.git("branch", "-q", "-D", "gitmem-sweep-driver")
    s.run("hooks uninstall merge-driver", ["hooks", "uninstall"], ok={0}, mutates=True)
    if s.tree() != before and not s.stopped:
        s.rows[-1]["problem"] = "not_restored"
        s.stopped = "after hooks uninstall merge-driver: not_restored"


def summary(rows: list[dict[str, Any]]) -> str:
    ran = [r for r in rows if "skipped" not in r]
    problems = [r for r in ran if r.get("problem")]
    repos = {r["repo"] for r in rows}
    lines = ["| repository | step | exit | seconds | problem | stderr |", "|" + " --- |" * 6]
    for r in problems:
        lines.append(f"| {r['repo']} | {r['step']} | {r['exit']} | {r['seconds']} | "
                     f"{r['problem']} | {' / '.join(r.get('stderr', []))[:160]} |")
    by_kind = Counter(r["problem"] for r in problems)
    by_step = Counter(r["step"] for r in problems)
    seconds = sum(r["seconds"] for r in ran)
    slowest = max(ran, key=lambda r: r["seconds"], default=None)
    lines += ["", f"{len(repos)} repositories, {len(ran)} commands run "
              f"({len({r['step'] for r in ran})} kinds), "
              f"{sum('skipped' in r for r in rows)} skipped after a failure, {seconds:.0f}s; "
              f"problems: {sum(by_kind.values())} "
              + (f"({', '.join(f'{k} {n}' for k, n in by_kind.most_common())}; by step: "
                 + ", ".join(f"{k} {n}" for k, n in by_step.most_common()) + ")" if by_kind else "")
              + (f"; slowest {slowest['repo']} {slowest['step']} {slowest['seconds']}s"
                 if slowest else ""),
              "exit codes: " + ", ".join(f"{k} {n}" for k, n in
                                         sorted(Counter(str(r['exit']) for r in ran).items()))]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, help="folder of owner+name/repo git dirs")
    parser.add_argument("--clones", type=Path, help="folder of owner+name checkouts")
    parser.add_argument("--batch", type=int, action="append", metavar="N",
                        help="the repositories of batch N (0: the 30 with no batch); "
                             "repeatable; default: the 30")
    parser.add_argument("--repo", action="append", default=[], metavar="OWNER/NAME",
                        help="only this repository of the chosen batches (repeatable)")
    parser.add_argument("--timeout", type=float, default=240.0, help="seconds per command")
    parser.add_argument("--jobs", type=int, default=1, help="repositories at a time")
    parser.add_argument("--quick", action="store_true",
                        help="about half the steps: one lint format, no repeated refusals")
    parser.add_argument("--reverse", action="store_true",
                        help="from the end of the list (a second run meets the first halfway)")
    parser.add_argument("--skip-done", type=Path, metavar="F.json",
                        help="leave out the repositories an earlier --out file has rows for")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir())
                        / "gitmem-commands-real-repos.json")
    args = parser.parse_args(argv)
    batches = set(args.batch or [0])
    entries = [e for e in json.loads(LIST.read_text()) if e.get("batch", 0) in batches
               and (not args.repo or e["repo"] in args.repo)]
    if args.skip_done and args.skip_done.exists():
        done = {row["repo"] for row in json.loads(args.skip_done.read_text())}
        entries = [e for e in entries if e["repo"] not in done]
    if args.reverse:
        entries.reverse()
    jobs = [(e, source_of(e["repo"], args.mirrors, args.clones)) for e in entries]
    for entry, source in jobs:
        if source is None:
            print(f"skip {entry['repo']}: no local copy", file=sys.stderr)
    jobs = [(e, src) for e, src in jobs if src is not None]
    if not jobs:
        print("no chosen repository has a local copy under --mirrors or --clones: fetch them "
              "first, then run again", file=sys.stderr)
        return 2
    rows: list[dict[str, Any]] = []

    def one(job: tuple[dict[str, Any], Path]) -> list[dict[str, Any]]:
        entry, source = job
        try:
            got = session(entry, source, args.timeout, args.quick)
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as exc:
            got = [{"repo": entry["repo"], "step": "setup", "exit": None, "seconds": 0,
                    "traceback": False, "problem": "setup", "stderr": [repr(exc)[:300]]}]
        bad = [r for r in got if r.get("problem")]
        print(f"{entry['repo']}: {len(got)} steps, "
              f"{sum(r.get('seconds', 0) for r in got):.0f}s, problems: "
              + (", ".join(f"{r['step']} {r['problem']}" for r in bad) or "none"),
              file=sys.stderr, flush=True)
        return got

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for got in pool.map(one, jobs):
            rows.extend(got)
            args.out.write_text(json.dumps([{k: v for k, v in r.items() if k != "stdout"}
                                            for r in rows], indent=1))
    print(summary(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

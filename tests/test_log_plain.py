"""The first `gitmem log` reads op commits in gitmem's own shape a whole chunk of `git log` at a
time (gitmem/ops/plain_ops.py). On a real repository of thousands of ops, and on any message
hypothesis writes, that gives exactly the table and the bytes the general way gives."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from gitutil import git, gitmem, log_outputs, make_repo
from hypothesis import given, settings
from hypothesis import strategies as st

from gitmem.memory.cache import DISABLE_ENV
from gitmem.ops.history import op_table
from gitmem.ops.linear_log import linear_commits
from gitmem.ops.op_table import OpTable
from gitmem.ops.plain_ops import plain_chunk
from gitmem.workspace import open_workspace

ZONES = ["+0000", "+0530", "-0930", "+1400", "-1200", "+0100"]
REASONS = ["plain", "a: colon inside", 'say "hi"', "tab\tinside", "café ü \u2028 é",
           "ends with a colon:", "Gitmem-Op: not a key here"]


def op_message(n: int, previous: str) -> str:
    """A message gitmem writes (or could), of several shapes: undo, merge (Gitmem-Path
    repeated), the op key not first, a body paragraph, values with quotes, tabs, colons."""
    path = f"memory/topic-{n % 37}/note-{n}.md"
    reason = REASONS[n % len(REASONS)]
    if n % 25 == 24:
        return (f"gitmem: undo {n}\n\nThis reverts commit {previous}.\n\nGitmem-Op: undo\n"
                f"Gitmem-Reverts: {previous}\nGitmem-Path: {path}\nGitmem-Schema: 1\n")
    if n % 11 == 5:
        return (f"gitmem: merge {n}\n\nGitmem-Op: merge\nGitmem-Path: {path}\n"
                f"Gitmem-Path: memory/other-{n}.md\nGitmem-Reason: {reason}\nGitmem-Schema: 1\n")
    if n % 13 == 7:
        return (f"gitmem: annotate {n}\n\nGitmem-Path: {path}\nGitmem-Op: annotate\n"
                f"Gitmem-Confidence: 0.{n % 10}\n")
    return (f"gitmem: protect {path}\n\nGitmem-Op: protect\nGitmem-Path: {path}\n"
            f"Gitmem-Reason: {reason} {n}\nGitmem-Schema: 1\n")


def fast_import_history(repo: Path, messages: list[str], start: int) -> None:
    """Commits on HEAD's branch, one per message, written by `git fast-import` (real git, in
    seconds for thousands of commits), each committed at its own time and zone."""
    branch = git(repo, "symbolic-ref", "HEAD").strip()
    head = git(repo, "rev-parse", "HEAD").strip()
    stream = []
    for n, message in enumerate(messages):
        data = message.encode()
        stream.append(f"commit {branch}\ncommitter C <c@example.com> {start + n * 60} "
                      f"{ZONES[n % len(ZONES)]}\ndata {len(data)}\n".encode() + data + b"\n")
        if n == 0:
            stream.append(f"from {head}\n".encode())
    subprocess.run(["git", "fast-import", "--quiet"], cwd=repo, input=b"".join(stream),
                   check=True)
    git(repo, "reset", "-q", "--hard")


@pytest.fixture
def many_ops(tmp_path: Path) -> Path:
    root = make_repo(tmp_path / "mem", {"memory/a.md": "- Use tabs.\n"})
    messages = []
    for n in range(4000):
        if n % 500 == 250:  # a code commit between ops: no op, read in the same chunk
            messages.append(f"code change {n}\n\nwith: a colon\n")
        else:
            messages.append(op_message(n, "0" * 40))
    fast_import_history(root, messages, 1_700_000_000)
    return root


def test_thousands_of_ops_read_a_chunk_at_a_time_give_the_pygit2_walk_s_table(
        many_ops: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = open_workspace(many_ops).repo
    batches = list(linear_commits(repo, repo.head_id() or "", plain_chunk) or [])
    assert len(batches) >= 2 and all(isinstance(batch, OpTable) for batch in batches)
    with monkeypatch.context() as patch:
        patch.setenv(DISABLE_ENV, "1")
        walked = [list(column) for column in op_table(repo, git_log=False).columns()]
        assert [list(column) for column in op_table(repo).columns()] == walked
    assert len(walked[0]) == 4000 - 8


def test_first_run_and_warm_run_print_the_same_bytes_on_thousands_of_ops(
        many_ops: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for args in (["--json", "--op", "undo"], ["--json", "--path", "memory/topic-5/note-5.md"],
                 [], ["--json"]):
        first, warm, uncached = log_outputs(many_ops, monkeypatch, *args, cold=True)
        assert first == warm == uncached, args
    assert '"say \\"hi\\" 2' in first and "tab\\tinside" in first and "\u2028" in first
    fast_import_history(many_ops, [op_message(n, "1" * 40) for n in range(4000, 4100)],
                        1_800_000_000)
    first, warm, uncached = log_outputs(many_ops, monkeypatch, "--json")
    assert first == warm == uncached and first.count('"id": ') == 4000 - 8 + 100


def test_a_chunk_with_an_odd_message_is_read_the_general_way(
        many_ops: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fast_import_history(many_ops, ["gitmem: odd\n\n# a comment\nGitmem-Op: save\n",
                                   "gitmem: spaced\n\nGitmem-Op:  save \n"], 1_900_000_000)
    repo = open_workspace(many_ops).repo
    batches = list(linear_commits(repo, repo.head_id() or "", plain_chunk) or [])
    assert not isinstance(batches[0], OpTable)  # the general way, for its whole chunk
    first, warm, uncached = log_outputs(many_ops, monkeypatch, "--json", cold=True)
    assert first == warm == uncached
    assert len(gitmem(many_ops, "log", "--op", "save").out.splitlines()) == 2  # both ops


_VALUES = st.sampled_from(["x", "memory/a.md", "a: b", 'q"q', "t\tt", "ü \u2028", "\\", "1",
                           "x ", " x", "a\rb", "", "Gitmem-Op: y", "{0[1]}", "{}", "\x1b[31m"])
_KEYS = st.sampled_from(["Gitmem-Op", "Gitmem-Path", "Gitmem-Reason", "Gitmem-Reverts",
                         "gitmem-op", "Gitmem-Other", "Signed-off-by", "Gitmem-Schema"])
_MESSAGES = st.tuples(
    st.sampled_from(["gitmem: t", "t \"q\"", "", "#t", "---", "t\n\nbody", "t\n\n# c", "t\n---"]),
    st.lists(st.tuples(_KEYS, st.sampled_from([": ", ":", " : ", ":  "]), _VALUES),
             min_size=1, max_size=5),
    st.sampled_from(["", "\n", "\n\n"]),
).map(lambda m: m[0] + "\n\n" + "\n".join(k + s + v for k, s, v in m[1]) + m[2])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.one_of(_MESSAGES, st.just("a code change\n")),
                          st.integers(1, 4_000_000_000), st.sampled_from(ZONES + ["-0000"])),
                min_size=1, max_size=8))
def test_a_chunk_read_whole_is_the_chunk_read_commit_by_commit(
        commits: list[tuple[str, int, str]]) -> None:
    """`plain_chunk` on records as `git log` prints them gives the rows `add_many` gives for
    the same commits, or declines the chunk."""
    ids = [f"{n + 1:040x}" for n in range(len(commits))]
    records, rows = [], []
    for at, (message, time, zone) in enumerate(commits):
        minutes = (int(zone[1:3]) * 60 + int(zone[3:])) * (-1 if zone[0] == "-" else 1)
        iso = dt.datetime.fromtimestamp(time, dt.timezone(dt.timedelta(minutes=minutes)))
        iso_text = iso.isoformat() if zone != "-0000" else iso.isoformat()[:-6] + "-00:00"
        parent = ids[at + 1] if at + 1 < len(ids) else ""
        tree = f"{at + 1:040x}"[::-1]
        records.append(f"{ids[at]}\0{parent}\0{tree}\0{time} {zone}\0{iso_text}\0\0{message}\0")
        rows.append((ids[at], message if "gitmem-op" in message.lower() else None, time,
                     minutes))
    answer = plain_chunk("".join(records).encode(), ids[0])
    if answer is None:
        return
    table, parent = answer
    expected = OpTable("")
    expected.add_many(rows)
    assert parent is None
    assert table.columns() == expected.columns()
    assert table.shapes == {ids[at]: (f"{at + 1:040x}"[::-1], ids[at + 1] if at + 1 < len(ids)
                                      else "") for at in range(len(ids))}


def test_the_real_command_s_first_run_prints_the_warm_run_s_bytes(many_ops: Path) -> None:
    """`python -m gitmem log --json` as a user runs it, stdout a pipe: the first run in a
    clone (git log's output read from its pipe a chunk at a time, the JSON written past
    click's search for escapes, the op cache written as it is encoded) prints byte for byte
    what the warm run and a run without the cache print."""
    def run(**env: str) -> bytes:
        return subprocess.run([sys.executable, "-m", "gitmem", "log", "--json"], cwd=many_ops,
                              env={**os.environ, **env}, capture_output=True,
                              check=True).stdout

    shutil.rmtree(many_ops / ".git" / "gitmem", ignore_errors=True)
    first = run()
    assert (many_ops / ".git" / "gitmem" / "cache" / "ops.json").is_file()
    assert first == run() == run(**{DISABLE_ENV: "1"})
    assert len(json.loads(first)["ops"]) == 4000 - 8

"""The first `gitmem log` in a clone reads a history without merges through `git log` and parses
its op commits many at a time: whatever the messages hold, the answer is the pygit2 walk's,
message by message and byte for byte."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from gitutil import git, log_outputs, make_repo
from hypothesis import given, settings
from hypothesis import strategies as st

from gitmem import trailers as t
from gitmem.memory.cache import DISABLE_ENV
from gitmem.ops.history import op_table
from gitmem.ops.linear_log import NotLinear, linear_commits
from gitmem.ops.op_json import quote, quote_many
from gitmem.trailers_batch import many_gitmem_pairs
from gitmem.workspace import open_workspace

ODD_MESSAGES = [
    b"gitmem: plain\n\nGitmem-Op: protect\nGitmem-Path: memory/a.md\n",
    b"\n\ngitmem: leading blank lines\n\nGitmem-Op: protect\nGitmem-Path: memory/b.md\n",
    b"gitmem: crlf\r\n\r\nGitmem-Op: save\r\nGitmem-Path: memory/c.md\r\n",
    b"gitmem: bad utf-8 \xff\xfe\n\nGitmem-Op: save\nGitmem-Path: memory/\xe9.md\n",
    b"gitmem: comment\n\n# a comment\nGitmem-Op: merge\nGitmem-Path: memory/d.md\n",
    b"gitmem: divider\n\nGitmem-Op: merge\nGitmem-Path: memory/e.md\n---\npatch\n",
    b"gitmem: folded\n\nGitmem-Op: supersede\nGitmem-Reason: a long\n  reason\n",
    b"gitmem: lower keys\n\ngitmem-op: protect\nGITMEM-PATH: memory/g.md\nGitmem-Other: x\n",
    b"gitmem: repeated\n\nGitmem-Op: merge\nGitmem-Path: memory/h.md\nGitmem-Path: m/i.md\n",
    b"gitmem: empty op\n\nGitmem-Op:\nGitmem-Path: memory/j.md\n",
    b"gitmem: no final newline\n\nGitmem-Op: protect\nGitmem-Path: memory/k.md",
    b"gitmem: spaces \n\nGitmem-Op:    protect \t\nGitmem-Path:\tmemory/l.md \r\n\n\n",
    b"gitmem: conflicts\n\nGitmem-Op: protect\n\nConflicts:\n\tmemory/n.md\n",
    b'gitmem: "quotes" \\ \x1b[31m \xe2\x80\xa8\n\nGitmem-Op: protect\nGitmem-Reason: "a"\tb\n',
    b"prose that names gitmem-op and Gitmem-Op: protect in its title only",
    b"gitmem: trailers of others\n\nChange-Id: I1\nGitmem-Op: protect\nSigned-off-by: A <a@b>\n",
    b"",
    b"a code change\n\nwith: a colon\n",
]
ZONES = ["+0000", "+0530", "-0000", "-1200", "+1400", "-0930", "+1500", "+0099"]


def raw_commit(repo: Path, message: bytes, parents: list[str], when: int, zone: str,
               encoding: str | None = None) -> str:
    """A commit object written as bytes, so it can hold what `git commit` would tidy away."""
    tree = git(repo, "write-tree").strip()
    lines = [f"tree {tree}", *(f"parent {p}" for p in parents),
             f"author A <a@example.com> {when} {zone}",
             f"committer C <c@example.com> {when} {zone}"]
    if encoding:
        lines.append(f"encoding {encoding}")
    data = ("\n".join(lines) + "\n\n").encode() + message
    sha = subprocess.run(["git", "hash-object", "-t", "commit", "-w", "--stdin", "--literally"],
                         cwd=repo, input=data, capture_output=True, check=True).stdout
    git(repo, "update-ref", "HEAD", sha.decode().strip())
    return sha.decode().strip()


def add_odd_history(root: Path, count: int, *, latin1: tuple[int, int], undo_every: int,
                    latin1_time_step: int = 1) -> None:
    """`count` commits on HEAD: every `latin1[0]`-th (at offset `latin1[1]`) a latin-1 op with
    an encoding header, every `undo_every`-th of the others an undo that claims to revert the
    commit before it (which it does not), the rest the odd messages above, in odd time zones."""
    head = git(root, "rev-parse", "HEAD").strip()
    for n in range(count):
        if n % latin1[0] == latin1[1]:
            message = f"gitmem: caf\xe9 {n}\n\nGitmem-Op: protect\nGitmem-Path: caf\xe9\n"
            head = raw_commit(root, message.encode("latin-1"), [head],
                              1_700_000_000 + n * latin1_time_step, ZONES[n % len(ZONES)],
                              encoding="ISO-8859-1")
            continue
        message = ODD_MESSAGES[n % len(ODD_MESSAGES)]
        if n % undo_every == 0:
            message = (f"gitmem: undo\n\nGitmem-Op: undo\nGitmem-Reverts: {head}\n"
                       "Gitmem-Schema: 1\n").encode()
        head = raw_commit(root, message, [head], 1_700_000_000 + n * 3600,
                          ZONES[n % len(ZONES)])


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = make_repo(tmp_path / "mem", {"memory/a.md": "- Use tabs.\n"})
    add_odd_history(root, 120, latin1=(7, 3), undo_every=5)
    return root


def pygit2_table(repo: Path, monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    with monkeypatch.context() as patch:
        patch.setenv(DISABLE_ENV, "1")
        return list(map(list, op_table(open_workspace(repo).repo, git_log=False).columns()))


def test_first_run_through_git_log_prints_what_the_pygit2_walk_prints(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ws = open_workspace(repo)
    commits = linear_commits(ws.repo, ws.repo.head_id() or "")
    assert commits is not None and sum(map(len, commits)) == 121  # read through git log
    with monkeypatch.context() as patch:
        patch.setenv(DISABLE_ENV, "1")
        assert list(map(list, op_table(ws.repo).columns())) == pygit2_table(repo, monkeypatch)
    for args in (["--json"], ["--json", "--op", "undo"], ["--json", "--path", "caf\xe9"], []):
        first, cached, uncached = log_outputs(repo, monkeypatch, *args, cold=True)
        assert first == cached == uncached, args
    table = pygit2_table(repo, monkeypatch)
    assert len(table[0]) > 80 and any("\ufffd" in summary for summary in table[2])
    assert any("café" in summary for summary in table[2])  # the encoding header honoured


def test_a_merge_in_history_is_walked_by_pygit2_with_the_same_answer(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    head = git(repo, "rev-parse", "HEAD").strip()
    side = raw_commit(repo, b"gitmem: side\n\nGitmem-Op: protect\nGitmem-Path: s.md\n",
                      [git(repo, "rev-parse", "HEAD~40").strip()], 1_600_000_000, "+0100")
    raw_commit(repo, b"Merge side\n", [head, side], 1_800_000_000, "+0000")
    ws = open_workspace(repo)
    commits = linear_commits(ws.repo, ws.repo.head_id() or "")
    assert commits is not None
    with pytest.raises(NotLinear):
        list(commits)
    first, cached, uncached = log_outputs(repo, monkeypatch, "--json", cold=True)
    assert first == cached == uncached and "s.md" in first
    with monkeypatch.context() as patch:
        patch.setenv(DISABLE_ENV, "1")
        assert list(map(list, op_table(ws.repo).columns())) == pygit2_table(repo, monkeypatch)


_LINES = st.sampled_from([
    "Gitmem-Op: protect", "gitmem-op: save", "GITMEM-PATH: memory/a.md", "Gitmem-Path:  x  ",
    "Gitmem-Reason: a: b", "Other: value", "Signed-off-by: A <a@b>", "  folded", "\tfolded",
    "# comment", "---", "--- x", "plain prose", "", " ", "Conflicts:", "\tmemory/x.md", "Key:",
    "Gitmem-Op : spaced", "Gitmem-Op:\r", "Gitmem-Schema: 1\r", "(cherry picked from commit 1)",
    "# ------------------------ >8 ------------------------", "Gitmem-Op: ü \u2028 é",
])


_MESSAGE = st.tuples(st.sampled_from(["", "title\n\n", "title\n", "#x\n\n", "\n"]),
                     st.lists(_LINES, max_size=9), st.sampled_from(["", "\n", "\n\n"]))


@settings(max_examples=300, deadline=None)
@given(st.lists(_MESSAGE.map(lambda parts: parts[0] + "\n".join(parts[1]) + parts[2]),
                max_size=12))
def test_many_messages_at_once_give_each_message_s_own_trailers(messages: list[str]) -> None:
    pairs, counts = many_gitmem_pairs(messages)
    assert len(counts) == len(messages) and sum(counts) == len(pairs)
    at = 0
    for message, count in zip(messages, counts):
        assert t.trailer_map(pairs[at:at + count]) == t.gitmem_trailers(message), message
        at += count


def test_quote_many_quotes_as_json_does() -> None:
    texts = ['say "hi"', "a\nb", "\\", "\u2028\u2029", "\x00\x1f\x7f", "\ud800", "", "é ü"]
    assert quote_many(texts) == [quote(text) for text in texts]
    assert quote_many([]) == []


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(_MESSAGE.map(lambda parts: parts[0] + "\n".join(parts[1]) + parts[2]),
                          st.integers(1, 4_000_000_000), st.integers(-899, 899)),
                max_size=12))
def test_ops_added_many_at_a_time_are_the_ops_added_one_by_one(
        commits: list[tuple[str, int, int]]) -> None:
    """`add_many`, a column at a time, fills the table exactly as `add` does op by op (with
    `op_trailers`, the definition of an op)."""
    from gitmem.ops.op_table import OpTable, op_trailers

    rows = [(f"{n:040x}", message, time, offset)
            for n, (message, time, offset) in enumerate(commits)]
    many, one_by_one = OpTable("h"), OpTable("h")
    many.add_many(rows)
    for op_id, message, time, offset in rows:
        found = op_trailers(message)
        if found is not None:
            one_by_one.add(op_id, message, time, offset, found)
    assert many.columns() == one_by_one.columns()

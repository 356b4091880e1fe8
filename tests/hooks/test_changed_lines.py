"""The lines a change adds are git's own (`git diff -U0` parsed by unidiff), never a guess."""

from __future__ import annotations

import tempfile
from pathlib import Path

from gitutil import commit_all, git, make_repo, write
from hookutil import hooked_repo, memory, run_git
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gitmem.changed_lines import staged_lines, unquote
from gitmem.gitrepo import Repo

LINES = ["- Use tabs.", "- Use spaces.", "- Run tests.", "- Deploy on Friday.", "", "# Notes"]


def test_renames_quoted_names_and_odd_bytes_are_read_as_git_reads_them(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "memory/old name.md": "- One.\n- Two.\n- Three.\n- Four.\n- Five.\n",
        'memory/q"t\\é.md': "- A.\n- B.\n",
        "memory/gone.md": "- Gone.\n",
        "memory/cr.md": "- x\r still line one\x0c.\n- Two.\n",
        "memory/top.md": "- Old.\n",
    })
    git(repo, "mv", "memory/old name.md", "memory/new\tname.md")
    write(repo, {"memory/new\tname.md": "- One.\n- Two.\n- Three!\n- Four.\n- Five.\n- Six.\n",
                 'memory/q"t\\é.md': "- A.\n- B.\n- C.",
                 "memory/cr.md": "- x\r still line one\x0c.\n- Two, changed.\n",
                 "memory/fresh.md": "- New.\n- Also new.\n", "memory/top.md": "- New.\n- Old.\n",
                 "memory/empty.md": ""})
    git(repo, "rm", "-q", "memory/gone.md")
    git(repo, "add", "-A")
    diffs = staged_lines(Repo.discover(repo))
    renamed = diffs["memory/new\tname.md"]
    assert (renamed.status, renamed.old_path, renamed.added) == (
        "renamed", "memory/old name.md", {3, 6})
    assert diffs['memory/q"t\\é.md'].added == {3}
    assert diffs["memory/cr.md"].added == {2}  # a CR or form feed does not start a line
    assert (diffs["memory/fresh.md"].status, diffs["memory/fresh.md"].added) == ("added", {1, 2})
    assert diffs["memory/gone.md"].status == "deleted"
    # "@@ -0,0 +1 @@" is a line inserted at the top, not a new file; an empty new file has no hunk
    assert (diffs["memory/top.md"].status, diffs["memory/top.md"].added) == ("modified", {1})
    assert (diffs["memory/empty.md"].status, diffs["memory/empty.md"].added) == ("added", set())


def test_unquote_reads_git_c_quoting_including_octal_bytes() -> None:
    assert unquote('"a/q\\"t\\\\x\\tn.md"') == 'a/q"t\\x\tn.md'
    assert unquote('"a/caf\\303\\251.md"') == "a/café.md"
    assert unquote("a/plain.md") == "a/plain.md"


def _numstat_added(repo: Path) -> int:
    out = git(repo, "diff", "--cached", "--numstat", "--text").split()
    return int(out[0]) if out else 0


def _is_subsequence(short: list[str], long: list[str]) -> bool:
    it = iter(long)
    return all(any(line == other for other in it) for line in short)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(old=st.lists(st.sampled_from(LINES), min_size=1, max_size=10),
       edits=st.lists(st.tuples(st.integers(0, 12), st.sampled_from(["insert", "delete",
                                                                       "replace"]),
                                st.sampled_from(LINES)), max_size=4))
def test_added_lines_are_exactly_what_git_counts_and_the_rest_is_the_old_file(
    old: list[str], edits: list[tuple[int, str, str]],
) -> None:
    new = list(old)
    for at, kind, text in edits:
        at = min(at, len(new))
        if kind == "insert":
            new.insert(at, text)
        elif new:
            at = min(at, len(new) - 1)
            if kind == "delete":
                del new[at]
            else:
                new[at] = text
    with tempfile.TemporaryDirectory() as tmp:
        repo = make_repo(Path(tmp), {"m.md": "\n".join(old) + "\n"})
        write(repo, {"m.md": "\n".join(new) + "\n"})
        git(repo, "add", "m.md")
        diff = staged_lines(Repo.discover(repo)).get("m.md")
        added = diff.added if diff else frozenset()
        assert len(added) == _numstat_added(repo)  # git's own count
        kept = [line for number, line in enumerate(new, 1) if number not in added]
        assert _is_subsequence(kept, old)  # every line not reported is an old line, in order


def test_the_hook_blocks_only_on_lines_git_says_the_commit_adds(tmp_path: Path) -> None:
    # difflib called lines 3 and 4 of this body added (the fabricated hash among them) where
    # git moves one line: the old hash is the repository's past and only warns
    before = ["Deploy on Friday.", "Use tabs.", "Use spaces.", "Run tests.",
              "Fixed in commit 0badc0ffee1.", "Run tests again."]
    after = ["Deploy on Friday.", "Use tabs.", "Run tests.", "Fixed in commit 0badc0ffee1.",
             "Use spaces.", "Run tests again."]
    repo = hooked_repo(tmp_path / "r", {})
    write(repo, {"memory/a.md": memory("a", *before)})
    commit_all(repo, "seed")
    write(repo, {"memory/a.md": memory("a", *after)})
    git(repo, "add", "memory/a.md")
    proc = run_git(repo, "commit", "-q", "-m", "reorder")
    assert proc.returncode == 0, proc.stderr
    assert "GM301" in proc.stderr and "not blocking" in proc.stderr

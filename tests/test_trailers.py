"""gitmem's trailer parser against real git, and the sanitising that keeps user text in its value.

Every table case is checked three ways: our `parse_trailers` on the message, `git interpret-trailers
--parse` on the same bytes, and `git log --format=%(trailers)` on the message after `git commit -F`
stored it. Expected values are written out so a reader sees what git does without running it.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest
from gitutil import git, make_repo

from gitmem import trailers as t
from gitmem.trailers import (
    format_message,
    gitmem_trailers,
    is_gitmem_op,
    parse_trailers,
    sanitize_summary,
    sanitize_value,
    trailer_map,
)

Pairs = list[tuple[str, str]]
SHA = "5f1c0e2a9b3d4c6e8f0a1b2c3d4e5f60718293a4"
LOG_FORMAT = "%(trailers:only,unfold,separator=%x00,key_value_separator=%x01)"


# -- real git, byte-exact -------------------------------------------------------------------


def run_git(repo: Path, *args: str, stdin: bytes = b"") -> bytes:
    """git with bytes in and out: text mode would turn the CRs we test into newlines.

    The timeout turns a git that spins (see `test_divider_before_scissors`) into a failure.
    """
    proc = subprocess.run(
        ["git", *args], cwd=repo, input=stdin, capture_output=True, check=False, timeout=30
    )
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    return proc.stdout


def interpret_trailers(repo: Path, message: str) -> Pairs:
    """What `git interpret-trailers --parse` reads from `message` (lines `Key: value`)."""
    out = run_git(repo, "interpret-trailers", "--parse", stdin=message.encode()).decode()
    pairs = []
    for line in out.split("\n")[:-1]:
        key, sep, value = line.partition(": ")
        assert sep, f"unexpected interpret-trailers line {line!r}"
        pairs.append((key, value))
    return pairs


def commit_message(repo: Path, message: str) -> str:
    """Commit `message` with `git commit -F` and return the message as git stored it."""
    run_git(repo, "commit", "-q", "--allow-empty", "--no-verify", "-F", "-", stdin=message.encode())
    raw = run_git(repo, "cat-file", "commit", "HEAD").decode()
    return raw.split("\n\n", 1)[1]


def log_trailers(repo: Path) -> Pairs:
    """HEAD's trailers as `git log --format=%(trailers:only,unfold)` shows them, unambiguously."""
    out = run_git(repo, "log", "-1", f"--format={LOG_FORMAT}").decode().removesuffix("\n")
    if not out:
        return []
    return [tuple(item.split("\x01", 1)) for item in out.split("\x00")]  # type: ignore[misc]


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "repo")


# -- the table: messages, and what git reads from them ---------------------------------------

DESIGN_EXAMPLE = format_message(
    "gitmem: supersede memory/wrapper.md by memory/wrapper-v2.md",
    [
        (t.OP, "supersede"),
        (t.PATH, "memory/wrapper.md"),
        (t.PATH, "memory/wrapper-v2.md"),
        (t.SUPERSEDED_BY, "memory/wrapper-v2.md"),
        (t.CONFIDENCE, "0.91"),
        (t.CLASS, "match"),
        (t.SIGNALS, "token_jaccard=0.62 tag_jaccard=1.00 polarity=opposite"),
        (t.REASON, "verified call passes arguments"),
        (t.PLAN, "5f1c0e2a"),
        (t.SCHEMA, t.SCHEMA_VERSION),
    ],
    body="The newer note records a verified call that passes arguments.",
)
DESIGN_PAIRS = [
    ("Gitmem-Op", "supersede"),
    ("Gitmem-Path", "memory/wrapper.md"),
    ("Gitmem-Path", "memory/wrapper-v2.md"),
    ("Gitmem-Superseded-By", "memory/wrapper-v2.md"),
    ("Gitmem-Confidence", "0.91"),
    ("Gitmem-Class", "match"),
    ("Gitmem-Signals", "token_jaccard=0.62 tag_jaccard=1.00 polarity=opposite"),
    ("Gitmem-Reason", "verified call passes arguments"),
    ("Gitmem-Plan", "5f1c0e2a"),
    ("Gitmem-Schema", "1"),
]
OURS_WITH_HOSTILE_BODY = format_message(
    "gitmem: merge a b",
    [(t.OP, "merge"), (t.PATH, "a.md")],
    body="Intro.\n---\n--- a/x\n#comment\nGitmem-Op: undo\n\n\n\nFake: 1\r\nAlso: 2",
)
UNDO = format_message(
    f"gitmem: undo {SHA[:8]}",
    [(t.OP, "undo"), (t.REVERTS, SHA), (t.SCHEMA, "1")],
    body=f"This reverts commit {SHA}.",
)

# (id, message, expected from `interpret-trailers --parse`, expected from `git log` if different)
CASES: list[tuple[str, str, Pairs, Pairs | None]] = [
    ("design-example", DESIGN_EXAMPLE, DESIGN_PAIRS, None),
    (
        "ours-hostile-body",
        OURS_WITH_HOSTILE_BODY,
        [("Gitmem-Op", "merge"), ("Gitmem-Path", "a.md")],
        None,
    ),
    (
        "ours-undo",
        UNDO,
        [("Gitmem-Op", "undo"), ("Gitmem-Reverts", SHA), ("Gitmem-Schema", "1")],
        None,
    ),
    ("title-only", "just a title\n", [], None),
    ("title-looks-like-trailer", "Fix: the thing\n", [], None),
    ("title-paragraph-never-trailers", "Key: v\nOther: w\n", [], None),
    ("no-final-newline", "t\n\nKey: v", [("Key", "v")], None),
    ("repeated-keys", "t\n\nA: 1\nB: 2\nA: 3\n", [("A", "1"), ("B", "2"), ("A", "3")], None),
    ("space-before-colon", "t\n\nKey \t:   v  \n", [("Key", "v")], None),
    ("value-with-colons", "t\n\nUrl: http://x:80/a: b\n", [("Url", "http://x:80/a: b")], None),
    ("empty-value", "t\n\nKey:\nNext: x\n", [("Key", ""), ("Next", "x")], None),
    ("two-word-key-is-prose", "t\n\nTwo words: v\n", [], None),
    ("non-ascii-key-is-prose", "t\n\nCl\u00e9: v\n", [], None),
    ("unicode-value", "t\n\nKey: caf\u00e9 \u2615\n", [("Key", "caf\u00e9 \u2615")], None),
    (
        "continuation-lines",
        "t\n\nKey: first\n  second\n\tthird\nNext: x\n",
        [("Key", "first second third"), ("Next", "x")],
        None,
    ),
    # git keeps whitespace before a folded newline; `git commit` strips it from the stored message
    ("continuation-trailing-space", "t\n\nKey: a  \n  b\n", [("Key", "a   b")], [("Key", "a b")]),
    ("continuation-without-trailer-above", "t\n\n  lead\nKey: v\n", [], None),
    (
        "body-looks-like-trailers-then-block",
        "t\n\nFake: 1\nGitmem-Op: merge\n\nGitmem-Op: save\n",
        [("Gitmem-Op", "save")],
        None,
    ),
    ("last-paragraph-prose", "t\n\nKey: v\n\nJust prose here.\n", [], None),
    ("mixed-block-without-git-line", "t\n\nKey: v\nprose\n", [], None),
    (
        "signed-off-by-25-percent",
        "t\n\nbody\nSigned-off-by: A U <a@x>\nmore\nmore2\n",
        [("Signed-off-by", "A U <a@x>")],
        None,
    ),
    ("signed-off-by-under-25-percent", "t\n\nbody\nSigned-off-by: A\nm1\nm2\nm3\n", [], None),
    (
        "cherry-picked-counts-but-is-not-a-trailer",
        "t\n\nprose\n(cherry picked from commit abc)\nKey: v\n",
        [("Key", "v")],
        None,
    ),
    (
        "trailing-comments-and-blanks",
        "t\n\nKey: v\n# comment\n#\n\n",
        [("Key", "v")],
        None,
    ),
    ("comment-inside-block", "t\n\nA: 1\n# note\nB: 2\n", [("A", "1"), ("B", "2")], None),
    ("comment-breaks-continuation", "t\n\nKey: v\n# c\n  cont\n", [], None),
    (
        "trailing-conflicts-block-ignored",
        "t\n\nKey: v\n\nConflicts:\n\tmemory/a.md\n",
        [("Key", "v")],
        None,
    ),
    (
        "scissors-cut",
        "t\n\nKey: v\n# ------------------------ >8 ------------------------\nOther: w\n",
        [("Key", "v")],
        None,
    ),
    ("crlf", "t\r\n\r\nKey: v\r\nOther: w\r\n", [("Key", "v"), ("Other", "w")], None),
    # git folds only the LF: a CR before it stays in interpret-trailers' value; commit strips it
    ("crlf-continuation", "t\r\n\r\nKey: a\r\n b\r\n", [("Key", "a\r b")], [("Key", "a b")]),
    # `---` + whitespace starts a patch for interpret-trailers; git log has no divider rule
    ("divider-after-trailers", "t\n\nKey: v\n---\nOther: w\n", [("Key", "v")], []),
    ("divider-before-trailers", "t\n\n---\n\nKey: v\n", [], [("Key", "v")]),
    ("divider-with-diff", "t\n\nKey: v\n--- a/f\n+++ b/f\n", [("Key", "v")], []),
    ("divider-tab", "t\n\nKey: v\n---\t\n", [("Key", "v")], []),
    ("dashes-at-eof-not-divider", "t\n\nKey: v\n---", [], None),
    ("four-dashes-not-divider", "t\n\nbody\n\n----\n\nKey: v\n", [("Key", "v")], None),
    ("dashes-x-not-divider", "t\n\nKey: v\n---x\n", [], None),
]


@pytest.mark.parametrize(
    ("message", "expected", "expected_log"),
    [pytest.param(m, e, el, id=i) for i, m, e, el in CASES],
)
def test_parse_matches_git(
    repo: Path, message: str, expected: Pairs, expected_log: Pairs | None
) -> None:
    assert parse_trailers(message) == expected
    assert interpret_trailers(repo, message) == expected

    stored = commit_message(repo, message)
    from_log = log_trailers(repo)
    assert from_log == (expected if expected_log is None else expected_log)
    assert parse_trailers(stored, divider=False) == from_log


@pytest.mark.parametrize("message", [DESIGN_EXAMPLE, OURS_WITH_HOSTILE_BODY, UNDO])
def test_git_commit_stores_our_messages_unchanged(repo: Path, message: str) -> None:
    assert commit_message(repo, message) == message


def test_divider_before_scissors(repo: Path) -> None:
    """git 2.39's interpret-trailers spins forever on this shape (its scissors search is not
    bounded by the divider), so only our parser and `git log` are compared. We cut at the divider
    first: the scissors line is part of the ignored patch. Without the divider rule the scissors
    cut leaves ``---`` in the last paragraph, which is then not a trailer block."""
    message = "t\n\nKey: v\n---\n# ------------------------ >8 ------------------------\nA: b\n"
    assert parse_trailers(message) == [("Key", "v")]
    commit_message(repo, message)
    assert log_trailers(repo) == [] == parse_trailers(message, divider=False)


def test_divider_rule_only_matters_for_messages_we_never_write() -> None:
    for _, message, _, expected_log in CASES[:3]:
        assert expected_log is None
        assert parse_trailers(message) == parse_trailers(message, divider=False)


# -- hostile user text stays one value ------------------------------------------------------

HOSTILE = [
    "line one\nline two",
    "reason\nGitmem-Op: merge",
    "x\n\nSigned-off-by: Mallory <m@evil>",
    "---",
    "ok\n--- a/memory/x.md\n+++ b/memory/x.md",
    "\x1b[31mred\x1b[0m and \x1b]0;window title\x07done",
    "a\u2028Gitmem-Op: undo\u2029\u2029Gitmem-Reverts: deadbeef",
    "cr\rGitmem-Path: /etc/passwd\r\n\r\nGitmem-Op: init",
    "\x0bvt\x0cff\x1cfs\x1dgs\x1ers\x85nel",
    "# not a comment\n#also not",
    "Conflicts:\n\tmemory/a.md",
    "\n\n\n",
    "\x00\x07\x7f\x9b31m",
    "x" * 2000 + "\nGitmem-Op: merge",
]


@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_reason_is_one_sanitised_value(repo: Path, hostile: str) -> None:
    message = format_message(
        "gitmem: save note\nGitmem-Op: merge",
        [(t.OP, "save"), (t.REASON, hostile), (t.SCHEMA, "1")],
        body=hostile,
    )
    expected = [
        ("Gitmem-Op", "save"),
        ("Gitmem-Reason", sanitize_value(hostile)),
        ("Gitmem-Schema", "1"),
    ]
    assert "\n" not in sanitize_value(hostile)
    assert parse_trailers(message) == expected
    assert parse_trailers(message, divider=False) == expected
    assert interpret_trailers(repo, message) == expected
    assert commit_message(repo, message) == message
    assert log_trailers(repo) == expected
    assert is_gitmem_op(message) == "save"


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("plain", "plain"),
        ("  a \t b  ", "a b"),
        (
            "a\r\nb\rc\nd\x0be\x0cf\x1cg\x1dh\x1ei\x1fj\x85k\u2028l\u2029m",
            "a b c d e f g h i j k l m",
        ),
        ("x\n\nSigned-off-by: y", "x Signed-off-by: y"),
        ("\x1b[31mred\x1b[0m", "red"),
        ("\x1b[1;38;5;196mbold\x1b[m", "bold"),
        ("\x9b31mred", "red"),
        ("\x1b]0;title\x07text", "text"),
        ("\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "link"),
        ("\x1bPdcs payload\x1b\\after", "after"),
        ("\x1b(Bcharset", "charset"),
        ("unterminated \x1b]0;osc", "unterminated 0;osc"),
        ("end\x1b", "end"),
        ("nul\x00bell\x07del\x7fc1\x90", "nulbelldelc1"),
        ("left\u202eright\u2066", "leftright"),
        ("lone \ud800 surrogate", "lone surrogate"),
        ("caf\u00e9 \u2615 \u4e2d\u6587", "caf\u00e9 \u2615 \u4e2d\u6587"),
        ("nbsp\u00a0and\u3000ideographic", "nbsp and ideographic"),
        ("--- a/x", "--- a/x"),
        ("", ""),
        ("\n\t \u2028", ""),
    ],
)
def test_sanitize_value(raw: str, clean: str) -> None:
    assert sanitize_value(raw) == clean


def test_sanitize_value_caps_length_with_ellipsis() -> None:
    value = sanitize_value("word " * 300)
    assert len(value) == t.MAX_VALUE_LENGTH
    assert value.endswith("\u2026")
    assert not value[:-1].endswith(" ")
    assert sanitize_value("a" * 500) == "a" * 500
    assert len(sanitize_value("a" * 80, limit=10)) == 10


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("gitmem: merge a b", "gitmem: merge a b"),
        ("gitmem: save\n\nGitmem-Op: merge", "gitmem: save Gitmem-Op: merge"),
        ("--- looks like a patch", " --- looks like a patch"),
        ("  \n--- after blank", " --- after blank"),
        ("# looks like a comment", " # looks like a comment"),
        ("\x1b[2J\x1b[Hcleared", "cleared"),
    ],
)
def test_sanitize_summary(raw: str, clean: str) -> None:
    assert sanitize_summary(raw) == clean


def test_sanitize_summary_caps_length() -> None:
    summary = sanitize_summary("gitmem: supersede " + "memory/very-long-name/" * 20)
    assert len(summary) <= t.MAX_SUMMARY_LENGTH
    assert summary.endswith("/memory/very\u2026")  # cut where a word ends, not inside one


# -- format_message ------------------------------------------------------------------------


def test_format_message_design_example_shape() -> None:
    assert DESIGN_EXAMPLE == (
        "gitmem: supersede memory/wrapper.md by memory/wrapper-v2.md\n"
        "\n"
        "The newer note records a verified call that passes arguments.\n"
        "\n"
        "Gitmem-Op: supersede\n"
        "Gitmem-Path: memory/wrapper.md\n"
        "Gitmem-Path: memory/wrapper-v2.md\n"
        "Gitmem-Superseded-By: memory/wrapper-v2.md\n"
        "Gitmem-Confidence: 0.91\n"
        "Gitmem-Class: match\n"
        "Gitmem-Signals: token_jaccard=0.62 tag_jaccard=1.00 polarity=opposite\n"
        "Gitmem-Reason: verified call passes arguments\n"
        "Gitmem-Plan: 5f1c0e2a\n"
        "Gitmem-Schema: 1\n"
    )


def test_format_message_without_body() -> None:
    assert format_message("gitmem: init", [(t.OP, "init")]) == "gitmem: init\n\nGitmem-Op: init\n"


def test_format_message_neutralises_body() -> None:
    assert OURS_WITH_HOSTILE_BODY == (
        "gitmem: merge a b\n"
        "\n"
        "Intro.\n"
        " ---\n"
        " --- a/x\n"
        " #comment\n"
        "Gitmem-Op: undo\n"
        "\n"
        "Fake: 1\n"
        "Also: 2\n"
        "\n"
        "Gitmem-Op: merge\n"
        "Gitmem-Path: a.md\n"
    )


def test_format_message_body_line_breaks_and_escapes() -> None:
    message = format_message("s", [("K", "v")], body="\n\n a\u2028b\x0cc \x1b[1mbold\x1b[0m  \n\n")
    assert message == "s\n\n a\nb\nc bold\n\nK: v\n"


def test_format_message_empty_value_reads_back_empty() -> None:
    message = format_message("s", [(t.REASON, "\x1b[31m\n"), (t.OP, "save")])
    assert "Gitmem-Reason:\n" in message
    assert parse_trailers(message) == [("Gitmem-Reason", ""), ("Gitmem-Op", "save")]


@pytest.mark.parametrize(
    "key", ["", "Gitmem Op", "Gitmem-Op:", "-Gitmem", "Key\n", "Cl\u00e9", "K_1", "Conflicts"]
)
def test_format_message_rejects_bad_keys(key: str) -> None:
    with pytest.raises(ValueError, match="key"):
        format_message("s", [(t.OP, "save"), (key, "v")])


def test_format_message_rejects_missing_summary_or_trailers() -> None:
    with pytest.raises(ValueError, match="summary"):
        format_message(" \n\x1b[0m", [(t.OP, "save")])
    with pytest.raises(ValueError, match="trailer"):
        format_message("s", [], body="Gitmem-Op: merge")


# -- maps and gitmem helpers ---------------------------------------------------------------


def test_trailer_map_keeps_order_and_repeats() -> None:
    pairs = [("B", "1"), ("A", "x"), ("B", "2"), ("C", "")]
    assert trailer_map(pairs) == {"B": ("1", "2"), "A": ("x",), "C": ("",)}
    assert list(trailer_map(pairs)) == ["B", "A", "C"]


def test_gitmem_trailers_only_gitmem_keys() -> None:
    message = "t\n\nGitmem-Op: merge\nSigned-off-by: A\nGitmem-Path: a\nGitmem-Path: b\nGitmem-Future: x\n"
    assert gitmem_trailers(message) == {
        "Gitmem-Op": ("merge",),
        "Gitmem-Path": ("a", "b"),
        "Gitmem-Future": ("x",),
    }


def test_gitmem_trailers_match_keys_case_insensitively_like_git(repo: Path) -> None:
    message = "t\n\ngitmem-op: merge\nGITMEM-PATH: a\n"
    assert gitmem_trailers(message) == {"Gitmem-Op": ("merge",), "Gitmem-Path": ("a",)}
    commit_message(repo, message)
    assert git(repo, "log", "-1", "--format=%(trailers:key=Gitmem-Op,valueonly)").strip() == "merge"


@pytest.mark.parametrize(
    ("message", "op"),
    [
        (DESIGN_EXAMPLE, "supersede"),
        (UNDO, "undo"),
        ("t\n\nGitmem-Op:\nGitmem-Op: save\n", "save"),
        ("plain commit\n\nwith a body\n", None),
        ("Gitmem-Op: merge\n", None),
        ("t\n\nGitmem-Op: merge\n\nprose last\n", None),
        ("t\n\nGitmem-Path: a\n", None),
        ("t\n\nGitmem-Op:\n", None),
    ],
)
def test_is_gitmem_op(message: str, op: str | None) -> None:
    assert is_gitmem_op(message) == op


def test_undo_message_carries_git_revert_line() -> None:
    assert f"\n\nThis reverts commit {SHA}.\n\n" in UNDO
    assert gitmem_trailers(UNDO) == {
        "Gitmem-Op": ("undo",),
        "Gitmem-Reverts": (SHA,),
        "Gitmem-Schema": ("1",),
    }


def test_vocabulary() -> None:
    assert len(set(t.KEYS)) == len(t.KEYS)
    assert all(key.startswith("Gitmem-") for key in t.KEYS)
    assert t.OPS == (
        "supersede",
        "merge",
        "protect",
        "unprotect",
        "annotate",
        "resolve",
        "dismiss",
        "save",
        "undo",
        "init",
    )
    assert t.SCHEMA_VERSION == "1"


def test_parsing_a_large_history_is_fast() -> None:
    """`gitmem log` parses every commit message in history: 20,000 must take well under a second."""
    ours = [DESIGN_EXAMPLE, UNDO, OURS_WITH_HOSTILE_BODY]
    foreign = ["fix: a bug\n\nLonger prose about the bug.\n\nSigned-off-by: A <a@x>\n", "wip\n"]
    messages = [(ours + foreign)[i % 5] for i in range(20_000)]
    started = time.perf_counter()
    ops = [is_gitmem_op(m) for m in messages]
    parsed = [parse_trailers(m) for m in messages]
    elapsed = time.perf_counter() - started
    assert ops.count(None) == 8000 and len(parsed) == 20_000
    assert elapsed < 5.0, f"{elapsed:.2f}s"  # ~0.6 s on an idle laptop-class core

"""Properties of the trailer format and parser, for arbitrary text, checked against real git.

Pure properties run many examples; the ones that start git run a small sample so the suite stays
fast. `messages()` builds arbitrary messages from the line shapes git's trailer rules care about,
so the differential tests reach the subtle paths (continuations, comments, the 25% rule, dividers,
CRLF) far more often than random text would.
"""

from __future__ import annotations

import re

import pytest
from gitutil import make_repo
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_trailers import commit_message, interpret_trailers, log_trailers

from gitmem import trailers as t
from gitmem.trailers import format_message, parse_trailers, sanitize_summary, sanitize_value

SCISSORS = "# ------------------------ >8 ------------------------\n"
PURE = settings(max_examples=200, deadline=None)
WITH_GIT = settings(max_examples=50, deadline=None)

# Characters that every rule we guard against is made of: line breaks of all kinds, escapes,
# separators, comment and divider starts, the letters of a forged trailer.
TRICKY = list("\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\u2028\u2029\x1b\x9b\x07\x00\t :-#[]();\\") + [
    "Gitmem-Op: merge",
    "Signed-off-by: ",
    "(cherry picked from commit ",
    "---",
    "\n\n",
    "\r\n",
    "\x1b[31m",
    "\x1b]0;",
    "Conflicts:\n\t",
    SCISSORS,
    "\u202e",
    "\u00e9",
    "a",
    "b",
]
texts = st.one_of(st.text(), st.lists(st.sampled_from(TRICKY)).map("".join))
keys = st.one_of(
    st.sampled_from(t.KEYS + ("Signed-off-by", "Co-authored-by", "a", "0")),
    st.builds(
        str.__add__,
        st.sampled_from("aZ09"),
        st.text(alphabet="azAZ09-", max_size=12),
    ),
)
trailer_lists = st.lists(st.tuples(keys, texts), min_size=1, max_size=8)
summaries = texts.filter(lambda s: sanitize_summary(s) != "")


def _is_line_break(char: str) -> bool:
    return len(("x" + char + "x").splitlines()) > 1


# -- sanitising -----------------------------------------------------------------------------


@PURE
@given(texts)
def test_sanitised_value_is_one_clean_line(text: str) -> None:
    value = sanitize_value(text)
    assert not any(_is_line_break(c) for c in value)
    assert all(c == " " or not c.isspace() for c in value)
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in value)
    assert value == value.strip()
    assert "  " not in value
    assert len(value) <= t.MAX_VALUE_LENGTH
    assert sanitize_value(value) == value
    value.encode("utf-8")


@PURE
@given(texts)
def test_sanitised_summary_starts_no_patch_or_comment(text: str) -> None:
    summary = sanitize_summary(text)
    assert not any(_is_line_break(c) for c in summary)
    assert not summary.startswith(("---", "#"))
    assert len(summary) <= t.MAX_SUMMARY_LENGTH


# -- format, then parse ---------------------------------------------------------------------


@PURE
@given(summaries, trailer_lists, texts)
def test_parse_reads_back_exactly_the_trailers_written(
    summary: str, pairs: list[tuple[str, str]], body: str
) -> None:
    message = format_message(summary, pairs, body)
    expected = [(key, sanitize_value(value)) for key, value in pairs]
    assert t._plain_block(message) == expected  # what gitmem writes takes the fast path
    assert parse_trailers(message) == expected
    assert parse_trailers(message, divider=False) == expected
    assert not any(line.startswith("---") for line in message.split("\n"))
    assert message.endswith("\n") and "\n\n\n" not in message


@WITH_GIT
@given(summaries, trailer_lists, texts)
def test_git_reads_the_same_trailers_from_our_messages(
    tmp_path_factory: pytest.TempPathFactory, summary: str, pairs: list[tuple[str, str]], body: str
) -> None:
    repo = make_repo(tmp_path_factory.mktemp("repo"))
    message = format_message(summary, pairs, body)
    expected = [(key, sanitize_value(value)) for key, value in pairs]
    assert interpret_trailers(repo, message) == expected
    assert commit_message(repo, message) == message
    assert log_trailers(repo) == expected


# -- the parser against git on arbitrary messages -------------------------------------------

LINES = st.one_of(
    st.sampled_from(
        [
            "",
            " ",
            "\r",
            "Key: v",
            "Key: v  ",
            "Other :  w",
            "Gitmem-Op: merge",
            "Gitmem-Path: a.md",
            "Signed-off-by: A <a@x>",
            "(cherry picked from commit abc)",
            "  continued",
            "\tcontinued",
            "# comment",
            "#",
            "prose line",
            "Two words: no",
            "---",
            "--- a/x",
            "----",
            "Conflicts:",
            "\tconflicted/path",
            "Key:",
            ":",
            "Cl\u00e9: v",
        ]
    ),
    st.text(alphabet="aZ09 :#\t-", max_size=12),
)


TRAILERISH = st.sampled_from(
    [
        "Key: v",
        "Gitmem-Op: merge",
        "Gitmem-Path: a.md",
        "Other :  w  ",
        "Key:",
        "Signed-off-by: A <a@x>",
        "(cherry picked from commit abc)",
        "  continued",
        "\tcontinued  ",
        "# comment",
        "prose line",
    ]
)
TAILS = st.sampled_from(
    [
        "",
        "\n",
        "\n\n",
        "   \n",
        "# trailing comment\n#\n",
        "\nConflicts:\n\tpath/a.md\n",
        "Conflicts:\n",
        "---\nOther: w\n",
        "--- a/x\n+++ b/x\n",
        "\n---\n\nKey: after divider\n",
        SCISSORS + "Other: w\n",
    ]
)


@st.composite
def messages(draw: st.DrawFn) -> str:
    """Title, body lines, a last paragraph mostly of trailer shapes, and a tail git may ignore.

    Line endings are LF or CRLF, and the message may lack its final newline.
    """
    title = draw(st.sampled_from(["title", "Fix: title", "# t", "t\nKey: in title"]))
    body = draw(st.lists(LINES, max_size=5))
    block = draw(st.lists(st.one_of(TRAILERISH, TRAILERISH, LINES), min_size=1, max_size=6))
    eol = draw(st.sampled_from(["\n", "\n", "\r\n"]))
    text = eol.join([title, "", *body, "", *block]) + eol + draw(TAILS).replace("\n", eol)
    return text.removesuffix(eol) if draw(st.booleans()) else text


def _git_spins_on(message: str) -> bool:
    """A ``---`` divider before a scissors line sends git 2.39's interpret-trailers into an
    endless loop (see test_trailers.test_divider_before_scissors)."""
    divider = re.search(r"^---[ \t\r\n]", message, re.MULTILINE)
    return divider is not None and message.find(SCISSORS, divider.start()) >= 0


@WITH_GIT
@given(messages())
def test_parser_matches_interpret_trailers(
    tmp_path_factory: pytest.TempPathFactory, message: str
) -> None:
    assume(not _git_spins_on(message))
    repo = tmp_path_factory.getbasetemp()
    assert parse_trailers(message) == interpret_trailers(repo, message)


@WITH_GIT
@given(messages().filter(lambda m: m.strip() != ""))
def test_parser_matches_git_log(tmp_path_factory: pytest.TempPathFactory, message: str) -> None:
    repo = make_repo(tmp_path_factory.mktemp("repo"))
    stored = commit_message(repo, message)
    assert parse_trailers(stored, divider=False) == log_trailers(repo)


@PURE
@given(messages())
def test_parser_never_fails_and_returns_clean_pairs(message: str) -> None:
    for key, value in parse_trailers(message) + parse_trailers(message, divider=False):
        assert key and ":" not in key and " " not in key
        assert "\n" not in value and value == value.strip(" \t\n\r")


@st.composite
def nearly_plain_messages(draw: st.DrawFn) -> str:
    """Messages at the edges of the shape `_plain_block` reads: no comment lines, a last
    paragraph of trailers with now and then one line that is not, odd tails."""
    title = draw(st.sampled_from(["title", "Fix: title", "t\nKey: in title", "", " "]))
    body = draw(st.lists(LINES.filter(lambda line: not line.startswith("#")), max_size=3))
    block = draw(st.lists(st.one_of(
        st.sampled_from(["Key: v", "Gitmem-Op: merge", "Key:", "-: x", "Key : v \r"]),
        st.sampled_from(["Conflicts:", "", " ", "\r", "  continued", "prose", ":"]),
    ), min_size=1, max_size=5))
    tail = draw(st.sampled_from(["", "\n", "\n\n", "\r\n", " \n", "\nConflicts:\n"]))
    return "\n".join([title, "", *body, "", *block]) + tail


@settings(max_examples=1000, deadline=None)
@given(st.one_of(messages(), nearly_plain_messages()))
def test_the_plain_shape_reads_as_the_line_walk_does(message: str) -> None:
    """`parse_trailers` reads the shape gitmem writes without walking the lines; on any
    message where it does so, the answer must be the walk's (which the tests above hold to
    git's)."""
    for divider in (True, False):
        text = t._cut_patch_and_scissors(message, divider)
        plain = t._plain_block(text)
        assert plain is None or plain == t._walked_block(text)

"""The minimal-diff editor: one changed line, body byte-for-byte, values that read back exactly."""

from __future__ import annotations

import datetime as dt
import difflib

import pytest

from gitmem.errors import InvalidInputError
from gitmem.memory.fields import annotate_line, append_to_body, remove_field, set_field
from gitmem.memory.parse import parse_memory

BODY = b"\n# Notes\n\n- Keep the body exactly.   \n\ttabs stay\n\nNo final newline"
MEMORY = (
    b"---\n"
    b"name: wrapper\n"
    b"description: How we call the wrapper\n"
    b"tags:\n"
    b"  - api\n"
    b"  - wrapper\n"
    b"confidence: 0.5  # a guess\n"
    b"notes: |\n"
    b"  first\n"
    b"  second\n"
    b"unknown_field: {keep: me}\n"
    b"---\n" + BODY
)


def _changed_lines(before: bytes, after: bytes) -> list[str]:
    diff = difflib.unified_diff(
        before.decode().splitlines(True), after.decode().splitlines(True), n=0
    )
    return [line for line in diff if line[:1] in "+-" and line[:3] not in ("+++", "---")]


def _meta(raw: bytes) -> dict[object, object]:
    memory = parse_memory("m.md", raw)
    assert memory.problems == ()
    return dict(memory.meta)


def test_replacing_a_one_line_value_changes_exactly_that_line() -> None:
    edited = set_field(MEMORY, "name", "wrapper-v2")
    assert _changed_lines(MEMORY, edited) == ["-name: wrapper\n", "+name: wrapper-v2\n"]
    assert edited.endswith(BODY)
    assert _meta(edited)["name"] == "wrapper-v2"


def test_trailing_comment_survives_a_value_change() -> None:
    edited = set_field(MEMORY, "confidence", 0.9)
    assert _changed_lines(MEMORY, edited) == [
        "-confidence: 0.5  # a guess\n", "+confidence: 0.9  # a guess\n"
    ]


def test_block_list_is_replaced_by_one_flow_line() -> None:
    edited = set_field(MEMORY, "tags", ["api", "call wrapper"])
    assert _changed_lines(MEMORY, edited) == [
        "-tags:\n", "-  - api\n", "-  - wrapper\n", '+tags: [api, "call wrapper"]\n'
    ]
    assert _meta(edited)["tags"] == ["api", "call wrapper"]


def test_block_scalar_is_replaced_by_one_line() -> None:
    edited = set_field(MEMORY, "notes", "one line")
    assert _changed_lines(MEMORY, edited) == [
        "-notes: |\n", "-  first\n", "-  second\n", "+notes: one line\n"
    ]


def test_missing_key_is_appended_before_the_closing_delimiter() -> None:
    edited = set_field(MEMORY, "superseded_by", "memory/wrapper-v2.md")
    assert _changed_lines(MEMORY, edited) == ["+superseded_by: memory/wrapper-v2.md\n"]
    lines = edited.split(b"\n")
    assert lines[lines.index(b"---", 1) - 1] == b"superseded_by: memory/wrapper-v2.md"
    before, after = _meta(MEMORY), _meta(edited)
    assert after == {**before, "superseded_by": "memory/wrapper-v2.md"}


def test_hash_like_and_retyping_strings_are_quoted() -> None:
    for value in ("0123456", "1e10", "0x1f", "true", "null", "2026-01-01", "a: b", "#x", " pad "):
        edited = set_field(MEMORY, "source", value)
        assert _meta(edited)["source"] == value
        assert f'source: "{value}"'.encode() in edited


def test_values_of_every_supported_type_read_back() -> None:
    values: list[object] = [
        None, True, False, 0, -7, 10**30, 0.25, 1e20, dt.date(2026, 11, 22),
        dt.datetime(2026, 1, 2, 3, 4, 5), "plain words", "ünïcødé ok", "tab\there", "line\nbreak",
        "quote \" and \\ backslash", "", [], {}, ["a", 1, None, ["nested"]],
        [{"partner": "memory/a.md", "before": dt.date(2026, 2, 1)}], {"k": "v", "n": [1, 2]},
    ]
    for value in values:
        edited = set_field(MEMORY, "field", value)
        assert _meta(edited)["field"] == value, value
        assert len(_changed_lines(MEMORY, edited)) == 1


def test_do_not_reopen_is_written_as_one_flow_line() -> None:
    value = [{"partner": "memory/a.md", "before": dt.date(2026, 2, 1)}]
    edited = set_field(b"---\nname: x\n---\nBody\n", "do_not_reopen", value)
    assert b"do_not_reopen: [{partner: memory/a.md, before: 2026-02-01}]\n" in edited


def test_file_without_frontmatter_gets_a_new_block_and_keeps_every_byte() -> None:
    raw = b"# Title\r\n\r\nBody text\r\n"
    edited = set_field(raw, "protected", True)
    assert edited == b"---\r\nprotected: true\r\n---\r\n" + raw
    assert _meta(edited) == {"protected": True}
    assert set_field(b"", "name", "x") == b"---\nname: x\n---\n"


def test_crlf_and_bom_are_kept() -> None:
    raw = b"\xef\xbb\xbf---\r\nname: a\r\n---\r\nBody\r\n"
    edited = set_field(raw, "type", "feedback")
    assert edited == b"\xef\xbb\xbf---\r\nname: a\r\ntype: feedback\r\n---\r\nBody\r\n"
    replaced = set_field(raw, "name", "b")
    assert replaced == b"\xef\xbb\xbf---\r\nname: b\r\n---\r\nBody\r\n"
    no_frontmatter = set_field(b"\xef\xbb\xbfBody\r\n", "name", "x")
    assert no_frontmatter == b"\xef\xbb\xbf---\r\nname: x\r\n---\r\nBody\r\n"


def test_invalid_utf8_in_the_body_is_kept_byte_for_byte() -> None:
    raw = b"---\nname: a\n---\nbad \xff\xfe bytes\n"
    assert set_field(raw, "name", "b") == b"---\nname: b\n---\nbad \xff\xfe bytes\n"


def test_remove_field_drops_the_key_and_its_value_lines_only() -> None:
    edited = remove_field(MEMORY, "tags")
    assert _changed_lines(MEMORY, edited) == ["-tags:\n", "-  - api\n", "-  - wrapper\n"]
    assert "tags" not in _meta(edited)
    assert edited.endswith(BODY)
    assert remove_field(MEMORY, "absent") == MEMORY
    assert remove_field(b"no frontmatter\n", "name") == b"no frontmatter\n"


def test_duplicate_keys_are_handled_like_yaml_reads_them() -> None:
    raw = b"---\nname: first\nname: second\n---\n"
    assert _meta(set_field(raw, "name", "third"))["name"] == "third"
    assert "name" not in _meta(remove_field(raw, "name"))


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        (b"---\nname: [unclosed\n---\nBody\n", "not valid YAML"),
        (b"---\n- a\n- b\n---\n", "not a mapping"),
        (b"---\njust text\n---\n", "not a mapping"),
        (b"---\nname: x\nno closing delimiter\n", "never closed"),
        (b"---\na: &a [x, *a]\n---\n", "refers to itself"),
        (b"\x00binary", "binary"),
    ],
)
def test_broken_frontmatter_is_refused_with_a_fix_it_message(raw: bytes, problem: str) -> None:
    with pytest.raises(InvalidInputError, match=problem) as caught:
        set_field(raw, "name", "x")
    if b"\x00" not in raw:
        assert "fix the frontmatter first" in str(caught.value)
    with pytest.raises(InvalidInputError):
        remove_field(raw, "name")


def test_an_edit_that_would_change_another_key_is_refused() -> None:
    raw = b"---\nbase: &b x\nother: *b\n---\n"
    with pytest.raises(InvalidInputError, match="other"):
        set_field(raw, "base", "y")


def test_flow_mapping_frontmatter_is_refused_not_corrupted() -> None:
    with pytest.raises(InvalidInputError):
        set_field(b"---\n{name: x}\n---\n", "type", "y")


def test_unsupported_value_type_is_refused() -> None:
    with pytest.raises(InvalidInputError, match="set"):
        set_field(MEMORY, "x", {1, 2})


def test_append_to_body_adds_final_newline_and_uses_file_style() -> None:
    assert append_to_body(b"a\nb", ["c", "d"]) == b"a\nb\nc\nd\n"
    assert append_to_body(b"a\r\nb\r\n", ["c"]) == b"a\r\nb\r\nc\r\n"
    assert append_to_body(b"", ["only"]) == b"only\n"
    assert append_to_body(b"a\n", ["x\ny"]) == b"a\nx\ny\n"
    assert append_to_body(MEMORY, ["- appended"]).startswith(MEMORY)


def test_annotate_line_changes_exactly_one_line() -> None:
    line = MEMORY.split(b"\n").index(b"- Keep the body exactly.   ") + 1
    edited = annotate_line(MEMORY, line, "Keep the body", "<!-- gitmem: see b.md -->")
    assert _changed_lines(MEMORY, edited) == [
        "-- Keep the body exactly.   \n",
        "+- Keep the body exactly.    <!-- gitmem: see b.md -->\n",
    ]
    last = annotate_line(b"a\r\nlast line", 2, "last", "(note)")
    assert last == b"a\r\nlast line (note)"
    crlf = annotate_line(b"x\r\ny\r\n", 1, "x", "(n)")
    assert crlf == b"x (n)\r\ny\r\n"


@pytest.mark.parametrize(
    ("line", "expected", "note", "problem"),
    [
        (17, "Keep the body", "(n)", "no longer contains"),
        (16, "Keep the body", "exactly.", "already carries"),
        (2, "wrapper", "(n)", "inside the frontmatter"),
        (99, "x", "(n)", "does not exist"),
        (0, "x", "(n)", "does not exist"),
        (16, "Keep", "two\nlines", "one non-empty line"),
    ],
)
def test_annotate_line_refuses(line: int, expected: str, note: str, problem: str) -> None:
    with pytest.raises(InvalidInputError, match=problem):
        annotate_line(MEMORY, line, expected, note)

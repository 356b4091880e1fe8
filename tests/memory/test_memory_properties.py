"""Properties over generated input: the editor's promises and the parser's never-raise contract.

Seeded (`derandomize`) and bounded so the suite stays fast and failures reproduce.
"""

from __future__ import annotations

import datetime as dt
import string

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gitmem.memory.fields import remove_field, set_field
from gitmem.memory.frontmatter_simple import NOT_SIMPLE, load_simple_frontmatter
from gitmem.memory.parse import parse_memory
from gitmem.memory.yaml_value import format_yaml_value

SETTINGS = settings(
    max_examples=300, derandomize=True, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

FRONTMATTERS = [
    "",
    "name: base\ndescription: A memory\n",
    "name: base\ntags:\n  - a\n  - b\nconfidence: 0.5  # guess\n",
    "# comment\nname: 'quoted'\nnotes: |\n  block\n  text\n\ntype: feedback\n",
    "tags:\n- a\n- b\nnested:\n  k: v\n  list: [1, 2]\n",
    "\"quoted key\": 1\nsource: \"0123456\"\nvalid_until: 2026-01-01\n",
    "globs: *.ts, *.tsx\nalwaysApply: false\n",
]

scalars = (
    st.none() | st.booleans() | st.integers() | st.text()
    | st.floats(allow_nan=False) | st.dates(min_value=dt.date(1000, 1, 1))
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
keys = st.sampled_from(["name", "tags", "confidence", "notes", "new_key", "quoted key"]) | st.text(
    min_size=1, max_size=12
)
bodies = (
    st.binary(max_size=200) | st.text(alphabet="-*#>|`\n\r\t .aB1", max_size=200).map(str.encode)
).filter(lambda body: b"\x00" not in body)  # NUL makes a file binary: edits are refused


def _document(frontmatter: str, body: bytes, crlf: bool, bom: bool) -> bytes:
    head = f"---\n{frontmatter}---\n"
    if crlf:
        head = head.replace("\n", "\r\n")
    return (b"\xef\xbb\xbf" if bom else b"") + head.encode() + body


def _same(left: object, right: object) -> bool:
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(map(_same, left, right))
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(_same(left[k], right[k]) for k in left)
    return type(left) is type(right) and left == right


@SETTINGS
@given(st.sampled_from(FRONTMATTERS), bodies, keys, values, st.booleans(), st.booleans())
def test_set_field_keeps_body_and_other_keys(
    frontmatter: str, body: bytes, key: str, value: object, crlf: bool, bom: bool
) -> None:
    raw = _document(frontmatter, body, crlf, bom)
    before = parse_memory("m.md", raw)
    edited = set_field(raw, key, value)
    after = parse_memory("m.md", edited)
    assert edited.endswith(body)
    assert after.body == before.body
    assert _same(after.meta[key], value)
    assert {k: v for k, v in after.meta.items() if k != key} == {
        k: v for k, v in before.meta.items() if k != key
    }
    before_lines, after_lines = raw.split(b"\n"), edited.split(b"\n")
    assert len(after_lines) <= len(before_lines) + 1


@SETTINGS
@given(st.sampled_from(FRONTMATTERS), bodies, keys, st.booleans(), st.booleans())
def test_remove_field_then_parse_lacks_the_key(
    frontmatter: str, body: bytes, key: str, crlf: bool, bom: bool
) -> None:
    raw = _document(frontmatter, body, crlf, bom)
    before = parse_memory("m.md", raw)
    edited = remove_field(raw, key)
    after = parse_memory("m.md", edited)
    assert key not in after.meta
    assert edited.endswith(body)
    assert {k: v for k, v in after.meta.items()} == {
        k: v for k, v in before.meta.items() if k != key
    }


@SETTINGS
@given(st.text(max_size=8), bodies)
def test_set_field_without_frontmatter_prepends_a_block(key: str, body: bytes) -> None:
    if body.startswith((b"---", b"\xef\xbb\xbf")) or b"\x00" in body:
        return
    edited = set_field(body, key, "value")
    assert edited.endswith(body)
    assert parse_memory("m.md", edited).meta == {key: "value"}


markdownish = st.text(
    alphabet=st.sampled_from(list("-*+#>|`~_=:[]()!.?<!->\n\r\t 0123456789aZé\ufeff\u2028\x00"))
    | st.characters(),
    max_size=400,
)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.binary(max_size=400) | markdownish.map(lambda text: text.encode("utf-8", "replace")))
def test_parse_memory_never_raises(raw: bytes) -> None:
    for candidate in (raw, b"---\n" + raw, b"---\n" + raw + b"\n---\n" + raw):
        memory = parse_memory("m.md", candidate)
        assert not any(p.message.startswith("internal error") for p in memory.problems)
        line_count = candidate.count(b"\n") + 1
        assert 1 <= memory.body_line <= line_count + 1
        assert all(1 <= claim.line <= line_count for claim in memory.claims)
        assert all(1 <= problem.line <= line_count for problem in memory.problems)
        assert all(claim.text == " ".join(claim.text.split()) for claim in memory.claims)


plain_words = st.text(alphabet=string.ascii_letters + string.digits + "._-/ :'\"?#,!", min_size=1)
simple_values = (
    plain_words
    | st.sampled_from(["yes", "No", "~", "null", "0123", "0x1f", "1e3", "1.5e3", "2026-01-02",
                       "2026-01-02 03:04:05", ".inf", "-1", "+2", "1_000", "0b101", "=", "<<"])
    | st.lists(plain_words, max_size=3).map(lambda items: "[" + ", ".join(items) + "]")
    | plain_words.map(lambda text: f'"{text}"')
    | plain_words.map(lambda text: f"'{text}'")
)
simple_lines = st.tuples(
    st.sampled_from(["name", "type", "tags", "yes", "a.b", "_x", "null", "key-1"]),
    simple_values | st.just(""),
).map(lambda pair: f"{pair[0]}: {pair[1]}".rstrip())


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.lists(simple_lines | st.sampled_from(["", "# comment", "  indented: x"]), max_size=6))
def test_fast_frontmatter_reader_agrees_with_pyyaml(lines: list[str]) -> None:
    text = "\n".join(lines)
    fast = load_simple_frontmatter(text)
    if fast is NOT_SIMPLE:
        return
    assert _same(fast, yaml.load(text, Loader=yaml.SafeLoader))


@settings(max_examples=300, derandomize=True, deadline=None)
@given(values | st.lists(st.text(alphabet="0?:#, -[]{}a\"'", max_size=4), max_size=3))
def test_formatted_values_read_back_identically(value: object) -> None:
    line = format_yaml_value(value)
    assert "\n" not in line and "\r" not in line
    assert _same(yaml.load(f"k: {line}", Loader=yaml.SafeLoader)["k"], value)

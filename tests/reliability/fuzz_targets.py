"""Fuzz targets for the memory parsers: one function per target, bytes in, AssertionError (or
any other exception) out when a promise is broken. Used by the atheris driver (fuzz_main.py),
by the hypothesis fallback and by the replay of tests/cases/fuzz/<target>/.

The promises are the parsers' contracts: parse_memory never raises and never hides a crash as
an "internal error" notice; claims point at real lines and are one line of text each; the
frontmatter loader never raises and its fast path agrees with PyYAML; a field edit either
refuses with InvalidInputError or sets exactly that key and keeps the body byte for byte.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from gitmem.errors import InvalidInputError
from gitmem.memory.claims import segment_claims
from gitmem.memory.fields import set_field
from gitmem.memory.frontmatter_simple import NOT_SIMPLE, load_simple_frontmatter
from gitmem.memory.frontmatter_yaml import load_frontmatter_yaml
from gitmem.memory.parse import parse_memory

MAX_INPUT = 64 * 1024


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def fuzz_memory(data: bytes) -> None:
    memory = parse_memory("memory/fuzz.md", data)
    for problem in memory.problems:
        assert "internal error" not in problem.message, problem.message
    lines = data.count(b"\n") + 1
    assert 1 <= memory.body_line <= lines + 1, (memory.body_line, lines)
    assert isinstance(memory.meta, dict)
    for claim in memory.claims:
        assert memory.body_line <= claim.line <= lines, (claim.line, lines)
        assert claim.text and "\n" not in claim.text, claim


def fuzz_claims(data: bytes) -> None:
    body = _text(data)
    lines = body.split("\n")
    for claim in segment_claims("memory/fuzz.md", body, 1):
        assert 1 <= claim.line <= len(lines), (claim.line, len(lines))
        assert claim.text == claim.text.strip() and claim.text, claim
        assert "\n" not in claim.text, claim


def fuzz_frontmatter(data: bytes) -> None:
    text = _text(data).replace("\r", "")
    value, failure = load_frontmatter_yaml(text)
    assert failure is None or value is None
    fast = load_simple_frontmatter(text)
    # `globs: *.ts` is read as a string on purpose where PyYAML sees a broken alias (the
    # Cursor-rule leniency of frontmatter_yaml), so the oracle holds only without a `*`
    if fast is not NOT_SIMPLE and "*" not in text:
        import yaml

        assert fast == yaml.safe_load(text), (text, fast)
        assert value == fast


def fuzz_field_edit(data: bytes) -> None:
    before = parse_memory("memory/fuzz.md", data)
    try:
        after = set_field(data, "superseded_by", "memory/other.md")
    except InvalidInputError:
        return
    edited = parse_memory("memory/fuzz.md", after)
    assert edited.meta.get("superseded_by") == "memory/other.md", edited.meta
    for key, value in before.meta.items():
        if key != "superseded_by":
            assert edited.meta.get(key) == value, key
    if before.has_frontmatter:
        assert after.endswith(data.split(b"\n---", 2)[-1].split(b"\n", 1)[-1]) or \
            edited.body == before.body
    else:
        assert after.endswith(data)
    try:
        set_field(after, "valid_until", dt.date(2026, 1, 1))
    except InvalidInputError:
        pass


TARGETS: dict[str, Callable[[bytes], None]] = {
    "memory": fuzz_memory,
    "claims": fuzz_claims,
    "frontmatter": fuzz_frontmatter,
    "field_edit": fuzz_field_edit,
}

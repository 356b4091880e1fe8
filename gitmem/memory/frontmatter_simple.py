"""A fast reader for the frontmatter almost every memory has: `key: value` lines, nothing else.

PyYAML's constructor runs in Python even with libyaml, about 50-100 us for a five-line block;
over 10,000 memories that alone would blow gitmem's time budget for a lint run. Most real
frontmatter is flat: plain or simply quoted scalars and one-line flow lists of them. For exactly
that subset this module builds the same Python values PyYAML's safe loader would, using PyYAML's
own implicit resolvers and safe constructors for typing (so `0123`, `2026-01-01`, `yes`, `~`
type exactly as in YAML 1.1). Anything outside the subset returns `NOT_SIMPLE` and the caller uses
the real loader; tests check both agree on generated documents and on the shared corpora. The one
deliberate difference is the Cursor `globs: *.ts` leniency, shared with `frontmatter_yaml`.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import ScalarNode

NOT_SIMPLE: Any = object()

_RESOLVERS = yaml.SafeLoader.yaml_implicit_resolvers
_CONSTRUCTOR = SafeConstructor()
_TYPED_TAGS = frozenset(
    "tag:yaml.org,2002:" + name for name in ("bool", "null", "int", "float", "timestamp")
)
# Anything PyYAML's reader rejects, treats as a line break, or that would need care: fall back.
_AWKWARD = re.compile(
    "[^\n\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]|[\u2028\u2029\ufeff]"
)
_ENTRY = re.compile(r"([A-Za-z_][\w.-]*)[ ]*:(?:[ ]+(.*))?\Z")
_PLAIN_BLOCK = re.compile(r"[^\s\-?:,\[\]{}#&*!|>'\"%@`](?:[^#:\t]|:(?=\S))*+")
# PyYAML ends a plain scalar inside a flow collection at any of `,?[]{}`.
_PLAIN_FLOW = re.compile(r"[^\s\-?:,\[\]{}#&*!|>'\"%@`](?:[^#:\t,?\[\]{}]|:(?=[^\s,\[\]{}]))*+")
_DOUBLE_QUOTED = re.compile(r'"([^"\\]*)"')
_SINGLE_QUOTED = re.compile(r"'([^']*)'")


class _NotSimple(Exception):
    pass


def load_simple_frontmatter(text: str) -> Any:
    """The value PyYAML's safe loader gives for `text`, or NOT_SIMPLE if outside the subset."""
    if _AWKWARD.search(text):
        return NOT_SIMPLE
    mapping: dict[str, Any] = {}
    globs_allowed = "&" not in text  # see frontmatter_yaml: `globs: *.ts` is a string then
    try:
        for line in text.split("\n"):
            line = line.rstrip(" ")
            if not line or line[0] == "#":
                continue
            entry = _ENTRY.match(line)
            if entry is None:
                return NOT_SIMPLE
            key = entry.group(1)
            if not isinstance(_plain(key), str):
                return NOT_SIMPLE
            raw = entry.group(2)
            if raw and raw[0] == "*" and globs_allowed:
                mapping[key] = raw
            else:
                mapping[key] = _value(raw) if raw else None
    except (_NotSimple, ValueError, OverflowError):
        # a value PyYAML's constructor rejects (`2026-13-45`): let the full loader report it
        return NOT_SIMPLE
    return mapping or None


def _value(raw: str) -> Any:
    first = raw[0]
    if first == "[":
        if raw[-1] != "]":
            raise _NotSimple
        inner = raw[1:-1].strip(" ")
        return [_scalar(item.strip(" "), _PLAIN_FLOW) for item in inner.split(",")] if inner else []
    return _scalar(raw, _PLAIN_BLOCK)


def _scalar(raw: str, plain: re.Pattern[str]) -> Any:
    if plain.fullmatch(raw):
        return _plain(raw)
    quoted = _DOUBLE_QUOTED.fullmatch(raw) or _SINGLE_QUOTED.fullmatch(raw)
    if quoted is None:
        raise _NotSimple
    return quoted.group(1)


@lru_cache(maxsize=4096)  # keys and values like `type: feedback` repeat across memories
def _plain(value: str) -> Any:
    """Type a plain scalar the way PyYAML's SafeLoader does (results are immutable)."""
    for tag, pattern in (*_RESOLVERS.get(value[0], ()), *_RESOLVERS.get(None, ())):
        if pattern.match(value):
            if tag not in _TYPED_TAGS:
                raise _NotSimple
            try:
                return _CONSTRUCTOR.yaml_constructors[tag](_CONSTRUCTOR, ScalarNode(tag, value))
            except ValueError:
                return value  # "2026-02-30" looks like a date and is none: keep the text
    return value

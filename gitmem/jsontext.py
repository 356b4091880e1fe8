"""JSON text for stdout and files that is always valid UTF-8.

A file name that is not valid UTF-8 reaches gitmem as a str holding lone surrogates (Python's
`surrogateescape`: byte 0xE9 becomes U+DCE9). `json.dumps(..., ensure_ascii=False)` keeps them,
and writing them out gives back the raw byte: output a strict JSON reader rejects. Here they are
written as `\\udce9` escapes instead, which every JSON reader accepts and Python's `json.loads`
turns back into the same str, so `os.fsencode` still finds the file.
"""

from __future__ import annotations

import json
import re
from json.encoder import c_make_encoder  # type: ignore[attr-defined]
from typing import Any

# The version of every JSON shape gitmem prints (`lint --format json` and each command's
# `--json`), the same top-level "version" field in all of them; docs/schemas/ has one JSON
# Schema per shape. Fields may be added freely; removing or retyping one raises it.
JSON_VERSION = 1

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def dumps(data: Any, **options: Any) -> str:
    """`json.dumps(data, ensure_ascii=False, **options)`, with lone surrogates escaped."""
    text = json.dumps(data, ensure_ascii=False, **options)
    if _LONE_SURROGATE.search(text) is None:
        return text
    return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


_SCALAR_TYPES = frozenset((str, int, float, bool, type(None)))
_FLAT: dict[int, Any] = {}  # by depth: json's C encoder laying out one flat container
_STR = frozenset((str,))
_SPECIAL = {float("nan"): "NaN", float("inf"): "Infinity", float("-inf"): "-Infinity"}


def dumps_indented(data: Any) -> str:
    """Exactly `dumps(data, indent=2, default=str)`, without the pure-Python encoder that
    `indent` forces (a second for a lint report of 17,000 findings): each container of plain
    values (a finding's signals, a location) is written by one call into json's C encoder, its
    layout given by the separators; only the containers that hold containers are walked here,
    their plain values written as json writes them."""
    return escape_lone_surrogates(indented(data, 0))


def escape_lone_surrogates(text: str) -> str:
    """`text` with each lone surrogate written as a \\u escape (see the module's doc)."""
    if _LONE_SURROGATE.search(text) is None:
        return text
    return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def indented(value: Any, depth: int) -> str:
    """`value` as `dumps(indent=2, default=str)` writes it at `depth` (its closing line
    indented by depth x 2 spaces), lone surrogates left as they are."""
    kind = type(value)
    if kind is str:
        return _quote(value)
    if kind is int:
        return int.__repr__(value)
    if kind is float:
        return float.__repr__(value) if value == value and value not in _SPECIAL else (
            "NaN" if value != value else _SPECIAL[value])
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    if kind is dict:
        items = value.values()
    elif kind is list or kind is tuple:
        items = value
    else:  # anything else (subclasses, default=str): json itself, at this depth
        return _fallback(value, depth)
    if not value:
        return "{}" if kind is dict else "[]"
    inner = "\n" + "  " * (depth + 1)
    if _SCALAR_TYPES.issuperset(map(type, items)):  # json's C encoder writes keys as json does
        body = flat(value, depth)[1:-1]
    elif kind is dict and not _STR.issuperset(map(type, value)):
        return _fallback(value, depth)
    elif kind is dict:
        body = ("," + inner).join([_quote(key) + ": " + indented(item, depth + 1)
                                   for key, item in value.items()])
    else:
        body = ("," + inner).join([indented(item, depth + 1) for item in value])
    opening, closing = ("{", "}") if kind is dict else ("[", "]")
    return opening + inner + body + "\n" + "  " * depth + closing


quote = _quote = json.encoder.encode_basestring  # what json.dumps(ensure_ascii=False) uses


def flat(value: Any, depth: int) -> str:
    """A container of plain values (str keys) as `indented` writes it but without the line
    breaks after its opening and before its closing bracket."""
    return "".join(_flat(depth)(value, 0))


def _flat(depth: int) -> Any:
    """The encoder `json.dumps(ensure_ascii=False, separators=...)` makes, made once: with
    the separators of this depth, a flat container comes out laid out as `indent=2` lays it
    out but for its first and last line break."""
    encoder = _FLAT.get(depth)
    if encoder is None:
        options = json.JSONEncoder(ensure_ascii=False, default=str,
                                   separators=(",\n" + "  " * (depth + 1), ": "))
        encoder = _FLAT[depth] = (options.iterencode if c_make_encoder is None else
                                  _c_encoder(options))
    return encoder


def _c_encoder(options: json.JSONEncoder) -> Any:
    assert c_make_encoder is not None
    return c_make_encoder(None, options.default, _quote, None, options.key_separator,
                          options.item_separator, False, False, True)


def _fallback(value: Any, depth: int) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2, default=str).replace(
        "\n", "\n" + "  " * depth)

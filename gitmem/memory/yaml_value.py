"""Write one Python value as one line of YAML that reads back as exactly that value.

PyYAML's dumper would do, but it may wrap, pick block style or emit tags; the field editor needs
a single flow-style line it fully controls. Strings are written plain only when YAML would read
them back as the identical string and nothing in them could be misread by a person or a tool
(so `0123456`, `1e10`, `true`, `null`, `2026-01-01`, `a: b`, `#x` are quoted); everything else is
double-quoted with JSON-style escapes, which YAML's double-quoted style accepts.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
from collections.abc import Mapping
from typing import Any

import yaml

from gitmem.memory.layout import SAFE_LOADER

# Characters that make a plain scalar risky somewhere (flow collections, comments, indicators).
_RISKY = re.compile(r"[:#,\[\]{}&*!|>'\"%@`\\]|^[-?~]|\s$|^\s")
# Strings another YAML version (1.2 reads `1e10` as a float) or a reader would take for a number,
# and hex runs that look like commit hashes (lint flags those unquoted, GM102).
_NUMBER_OR_HASH_LIKE = re.compile(
    r"[-+]?(?:[0-9][0-9_]*(?:\.[0-9_]*)?|\.[0-9_]+)(?:e[-+]?[0-9]+)?"
    r"|0[xob][0-9a-f_]+|[-+]?\.(?:inf|nan)|[0-9a-f]{7,40}",
    re.IGNORECASE,
)
# Inside `[...]`/`{...}`: PyYAML ends plain scalars at `?`; spaces are quoted for readability.
_FLOW_RISKY = re.compile(r"[\s?]")
# Characters YAML cannot carry raw in a double-quoted scalar on one line (breaks, non-printables).
_UNSAFE_RAW = re.compile(
    "[^\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]|[\u2028\u2029\ufeff]"
)


def format_yaml_value(value: Any, in_flow: bool = False) -> str:
    """One-line YAML for None, bool, int, float, date, datetime, str, list/tuple and mappings.

    Inside a flow collection (`in_flow`) strings with spaces are quoted too, for readability
    (`[a, "b c"]`), and so are strings with `?`, which PyYAML does not accept there unquoted.
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(int(value))
    if isinstance(value, float):
        return _format_float(value)
    if isinstance(value, dt.datetime):
        return value.isoformat(sep=" ")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, str):
        return format_yaml_string(value, in_flow)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(format_yaml_value(item, True) for item in value) + "]"
    if isinstance(value, Mapping):
        items = (
            f"{format_yaml_key(key, True)}: {format_yaml_value(item, True)}"
            for key, item in value.items()
        )
        return "{" + ", ".join(items) + "}"
    raise TypeError(f"cannot write a {type(value).__name__} as a frontmatter value")


def format_yaml_key(key: Any, in_flow: bool = False) -> str:
    if not isinstance(key, str):
        raise TypeError(f"frontmatter keys must be strings, not {type(key).__name__}")
    return format_yaml_string(key, in_flow)


def format_yaml_string(text: str, in_flow: bool = False) -> str:
    if _is_safe_plain(text) and not (in_flow and _FLOW_RISKY.search(text)):
        return text
    quoted = json.dumps(text, ensure_ascii=False)
    return _UNSAFE_RAW.sub(lambda match: _escape(match.group(0)), quoted)


def _is_safe_plain(text: str) -> bool:
    if not text or _RISKY.search(text) or _UNSAFE_RAW.search(text):
        return False
    if _NUMBER_OR_HASH_LIKE.fullmatch(text):
        return False
    try:
        loaded = yaml.load(text, Loader=SAFE_LOADER)
    except (yaml.YAMLError, ValueError, OverflowError):  # `2025-13-01`: a date that is none
        return False
    return isinstance(loaded, str) and loaded == text


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _format_float(value: float) -> str:
    if math.isnan(value):
        return ".nan"
    if math.isinf(value):
        return ".inf" if value > 0 else "-.inf"
    text = repr(value)
    if "e" in text and "." not in text.split("e")[0]:
        mantissa, exponent = text.split("e")
        text = f"{mantissa}.0e{exponent}"  # YAML 1.1 floats need a dot: 1e+20 -> 1.0e+20
    return text

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

"""`gitmem log --json` as text: exactly what `json.dumps(indent=2, ensure_ascii=False)` writes,
built without the pure-Python encoder that `indent` forces.

An op's object is written in two parts: its head, up to the value of "undone_by" (a function of
the commit alone, which the op cache keeps), and that value (which depends on later undos).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from gitmem.jsontext import JSON_VERSION

if TYPE_CHECKING:
    from gitmem.model import Op


def ops_json_text(ops: Iterable[Op]) -> str:
    """Exactly `json.dumps(ops_as_json(ops), indent=2, ensure_ascii=False)`, several times
    faster: with `indent`, the json module encodes in pure Python, one generator per value,
    which took a second for 20,000 ops. Strings still go through json's own C escaping; the
    layout (2-space indent, `[]` and `{}` when empty) is written out once per op."""
    return json_document([
        json_head(o.id, o.op, o.date, o.summary, o.paths, o.trailers)
        + ("null" if o.undone_by is None else quote(o.undone_by)) + OP_END
        for o in ops
    ])


def json_head(op_id: str, name: str, date: str, summary: str, paths: Sequence[str],
              trailers: Mapping[str, Sequence[str]]) -> str:
    """One op's object as `ops_json_text` lays it out, up to the value of "undone_by"."""
    s = quote
    paths_text = ONE_PATH.format(",\n        ".join(map(s, paths))) if paths else "[]"
    trailers_text = "{}"
    if trailers:
        trailers_text = "{\n        " + ",\n        ".join(
            s(key) + ": " + (_VALUES.format(",\n          ".join(map(s, values)))
                             if values else "[]")
            for key, values in trailers.items()) + "\n      }"
    return OP_HEAD.format(s(op_id), s(name), s(date), s(summary), paths_text, trailers_text)


def json_document(ops: list[str]) -> str:
    head = '{\n  "version": ' + str(JSON_VERSION) + ',\n  "ops": '
    if not ops:
        return head + "[]\n}"
    return head + "[\n" + ",\n".join(ops) + "\n  ]\n}"


quote = json.encoder.encode_basestring  # what json.dumps(ensure_ascii=False) escapes with


def quote_many(texts: list[str]) -> list[str]:
    """`[quote(text) for text in texts]` by one call into json's C encoder: a quoted string
    holds no raw line break, so the encoded list splits on the ones put between items."""
    if not texts:
        return []
    return json.dumps(texts, ensure_ascii=False, separators=("\n", ":"))[1:-1].split("\n")


ONE_PATH = "[\n        {}\n      ]"  # "paths" when it holds one path
_VALUES = "[\n          {}\n        ]"
OP_HEAD = ("    {{\n      \"id\": {},\n      \"op\": {},\n      \"date\": {},\n"
            "      \"summary\": {},\n      \"paths\": {},\n      \"trailers\": {},\n"
            "      \"undone_by\": ")
OP_END = "\n    }"
NULL_END = "null" + OP_END


def ops_as_json(ops: Iterable[Op]) -> dict[str, object]:
    return {
        "version": JSON_VERSION,
        "ops": [
            {
                "id": o.id,
                "op": o.op,
                "date": o.date,
                "summary": o.summary,
                "paths": list(o.paths),
                "trailers": {k: list(v) for k, v in o.trailers.items()},
                "undone_by": o.undone_by,
            }
            for o in ops
        ]
    }

"""The first `gitmem log` over op commits in the shape gitmem writes: a chunk of `git log`'s
output read and rendered whole, by a handful of calls into C, no Python step per commit.

`linear_log` hands over each chunk of whole records (id, parent, tree, committer date, encoding
header, raw message; NUL-separated) before it splits them. One `findall` reads every record
of the chunk when each is either

- an op in gitmem's shape: an empty encoding header, a plain committer date, a message that
  starts with its summary (not a blank line, not ``#`` or ``---``), no line starting with
  ``#`` or ``---`` (no comment, scissors or patch divider), and a last paragraph of trailer
  lines ``Key: value`` whose keys are all `trailers.KEYS` spelled canonically and whose values
  start and end with neither space, tab nor CR; or
- a commit that names no ``gitmem-op`` in any case, which is certainly no op.

For such a message `parse_trailers` takes `_plain_block`'s path and reads each line as
`_PLAIN_LINE` does: the key, then the value after ``": "`` (the value holds no line break).
So the trailers are known without a parse, and each op's `log --json` text is written from
its trailer block by replacing line breaks and separators in the JSON-escaped text of all the
blocks at once. Any other chunk (a merge, an odd message, a backslash in a trailer block) is
read as before (`linear_log._records` and `OpTable.add_many`); tests hold the two to the same
table, byte for byte.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import compress, repeat
from operator import call, itemgetter

from gitmem import trailers as t
from gitmem.ops.linear_log import _FIELDS
from gitmem.ops.op_json import ONE_PATH, json_head, quote_many
from gitmem.ops.op_table import OpTable

# the keys gitmem writes most first: the pattern tries them in this order
_FREQUENT = (t.OP, t.PATH, t.SCHEMA, t.REASON, t.REVERTS)
_KEY = "Gitmem-(?:" + "|".join(re.escape(key.removeprefix("Gitmem-")) for key in (
    *_FREQUENT, *(key for key in t.KEYS if key not in _FREQUENT))) + ")"
_VALUE = r"[^ \t\r\n\0](?:[^\n\0]*[^ \t\r\n\0])?"
_LINE = rf"{_KEY}: {_VALUE}"
# a commit, parent or tree id: git prints 40 hex digits there, and each id and parent is held
# to the chain from HEAD (`plain_chunk`); "any 40 characters" is a sixth of the pattern's time
# less than "40 hex digits". A merge's two parents, or a longer id, are no 40 characters.
_HEX = "[^\0]{40}"
_RECORD = re.compile(
    rf"({_HEX})\0({_HEX}|)\0({_HEX})\0(?:"
    # an op in gitmem's shape: a plain committer date, and git's ISO 8601 form of it in the
    # same zone (never -0000, which Python writes +00:00); the summary and trailer block
    r"[1-9][0-9]{0,10} (?!-0000)([+-])(0[0-9]|1[0-4])([0-5][0-9])\0"
    r"([0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\4\5:\6)\0\0"
    r"(?![\n#]|---)([^\n\0]*)(?:\n(?!#|---)[^\n\0]*)*?"
    rf"\n\n({_LINE}(?:\n{_LINE})*)\n?"
    # or a commit without gitmem-op in any case: no op
    r"|[^\0]*\0[^\0]*\0[^\0]*\0(?:[^\0gG]|[gG](?![iI][tT][mM][eE][mM]-[oO][pP]))*"
    r")\0")
_ID, _PARENT, _TREE, _DATE, _SUMMARY, _BLOCK = map(itemgetter, (0, 1, 2, 6, 7, 8))
# the ": " after the key of each line of blocks joined by NUL (a value holds no LF)
_SEPARATOR = re.compile(": (?:" + "|".join(
    f"(?<=[\n\0]{re.escape(key)}: )" for key in t.KEYS) + ")")


def plain_chunk(data: bytes, expected: str | None) -> tuple[OpTable, str | None] | None:
    """The op commits of `data` (whole records, NUL-ended) as table rows, and the parent the
    next chunk must start with; None when some record is not in the shapes this reads, or
    the records do not continue the chain from `expected` (the caller reads them the general
    way, which also says why)."""
    text = data.decode("utf-8", "replace")  # NUL is ASCII: what decoding each field gives
    rows = _RECORD.findall(text)
    if not rows or len(rows) * _FIELDS != text.count("\0"):
        return None
    ids = list(map(_ID, rows))
    parents = list(map(_PARENT, rows))
    if ids[0] != expected or ids[1:] != parents[:-1]:
        return None
    table = OpTable("")
    table.shapes = dict(zip(ids, zip(map(_TREE, rows), parents)))
    ops = list(compress(rows, map(_BLOCK, rows)))
    if ops and not _render(table, ops):
        return None
    return table, parents[-1] or None


def _render(table: OpTable, ops: list[tuple[str, ...]]) -> bool:
    """Fill `table` with the ops among `ops` (records with a trailer block), newest first;
    False when their blocks need the general way."""
    joined = "\0".join(map(_BLOCK, ops))
    # every line is "Key: value" (`_LINE`): where no value holds ": ", a replace splits them
    if joined.count(": ") == joined.count("\n") + len(ops):
        trailers = joined.replace(": ", "\n").split("\0")
    else:
        trailers = _SEPARATOR.sub("\n", "\0" + joined)[1:].split("\0")
    lists = list(map(str.split, trailers, repeat("\n")))
    shapes = list(map("\n".join, map(_KEYS, lists)))  # each block's keys, one a line
    for shape in set(shapes).difference(_TEMPLATES):
        _TEMPLATES[shape] = _template(shape)
    templates = list(map(_TEMPLATES.__getitem__, shapes))
    if not all(templates):  # a block names no Gitmem-Op: no op
        ops, trailers, lists, templates = (list(compress(column, templates)) for column in
                                           (ops, trailers, lists, templates))
        if not ops:
            return True
        joined = None
    values = lists
    if _needs_escape(joined if joined is not None else "\0".join(trailers)):
        flat = "\0".join(trailers)
        if "\\" in flat:
            return False  # a backslash would make the escaped line breaks ambiguous
        flat = quote_many([flat])[0][1:-1].replace("\\u0000", "\0").replace("\\n", "\n")
        values = list(map(str.split, flat.split("\0"), repeat("\n")))
    ids = list(map(_ID, ops))
    summaries = list(map(_SUMMARY, ops))
    dates = list(map(_DATE, ops))
    texts = list(map(call, templates, values, ids, dates, quote_many(summaries)))
    for row, template in enumerate(templates):
        if template is _GENERAL:  # a key repeated: its values grouped, as `add` does
            flat_row = lists[row]
            found = t.trailer_map(zip(flat_row[0::2], flat_row[1::2]))
            texts[row] = json_head(ids[row], found[t.OP][0], dates[row], summaries[row],
                                   found.get(t.PATH, ()), found)
            trailers[row] = "\n".join(part for key, values in found.items()
                                       for value in values for part in (key, value))
    table.ids, table.dates, table.summaries = ids, dates, summaries
    table.trailers, table.texts = trailers, texts
    return True


_KEYS = itemgetter(slice(0, None, 2))
_CONTROLS = bytes(range(1, 32)).replace(b"\n", b"")


def _needs_escape(text: str) -> bool:
    """Whether JSON writes some character of `text` (blocks joined by NUL, lines by LF)
    other than as itself."""
    if '"' in text or "\\" in text:
        return True
    data = text.encode("utf-8", "surrogatepass")
    return len(data.translate(None, _CONTROLS)) != len(data)


Render = Callable[[list[str], str, str, str], str]


def _general(values: list[str], op_id: str, date: str, summary: str) -> str:
    """Stands for a block whose text `json_head` writes (a key repeated)."""
    return ""


_GENERAL: Render = _general
_TEMPLATES: dict[str, Render | str] = {}


def _template(shape: str) -> Render | str:
    """What writes the `log --json` text (up to "undone_by") of an op whose block has these
    keys (one a line), from the block's keys and values (one a line, split), id, date and
    quoted summary: an f-string compiled once per key layout (several times faster than
    `str.format`, which parses its template on every call); "" when no Gitmem-Op makes it an
    op; `_GENERAL` when a key repeats."""
    keys = shape.split("\n")
    if t.OP not in keys:
        return ""
    if len(set(keys)) < len(keys):
        return _GENERAL
    # the keys are `trailers.KEYS` (the record pattern reads no other), so the text written
    # into the source below holds no quote, brace or backslash of a key's making
    assert all(_KEY_NAME.fullmatch(key) for key in keys), keys
    value = "{{v[{}]}}".format
    paths = ONE_PATH.format('"' + value(2 * keys.index(t.PATH) + 1) + '"') \
        if t.PATH in keys else "[]"
    trailers = "{{\n        " + ",\n        ".join(
        f'"{key}": [\n          "' + value(2 * at + 1) + '"\n        ]'
        for at, key in enumerate(keys)) + "\n      }}"
    text = ('    {{\n      "id": "{i}",\n      "op": "' + value(2 * keys.index(t.OP) + 1)
            + '",\n      "date": "{d}",\n      "summary": {s},\n      "paths": ' + paths
            + ',\n      "trailers": ' + trailers + ',\n      "undone_by": ')
    render: Render = eval("lambda v, i, d, s: f" + repr(text))  # noqa: S307 - our own text
    return render


_KEY_NAME = re.compile("Gitmem-[A-Za-z]+(?:-[A-Za-z]+)*")

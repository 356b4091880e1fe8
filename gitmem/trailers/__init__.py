"""Format and parse the ``Gitmem-*`` trailers that make every operation commit self-describing.

Why our own parser: pygit2's ``message_trailers`` keeps one value per key (we need repeated
``Gitmem-Path``) and gives up on messages with ``---`` lines. This module mirrors git's own
trailer rules (``trailer.c`` and ``ignore_non_trailer`` in git 2.39) so that what gitmem reads
is what ``git interpret-trailers --parse`` and ``git log --format=%(trailers)`` show.

Assumed git configuration: the defaults, i.e. ``core.commentChar = #``, ``trailer.separators =
:`` and no ``trailer.<token>.*`` entries. Pure: no git, no disk, no global state beyond the
compiled patterns of its submodules.

The concepts live in submodules: `schema` (the vocabulary), `sanitize` (safe values and
subjects), `formatting` (writing a message), `parsing` (reading one as git does); every name is
re-exported here (the private ones trailers_batch and the tests read, too), so
`from gitmem.trailers import X` is the one way in.
"""

from __future__ import annotations

from gitmem.trailers.formatting import format_message
from gitmem.trailers.parsing import _PLAIN_BLOCK as _PLAIN_BLOCK
from gitmem.trailers.parsing import _PLAIN_LINE as _PLAIN_LINE
from gitmem.trailers.parsing import _cut_patch_and_scissors as _cut_patch_and_scissors
from gitmem.trailers.parsing import _plain_block as _plain_block
from gitmem.trailers.parsing import _walked_block as _walked_block
from gitmem.trailers.parsing import (
    gitmem_pairs,
    gitmem_trailers,
    is_gitmem_op,
    parse_trailers,
    trailer_map,
)
from gitmem.trailers.sanitize import sanitize_summary, sanitize_value
from gitmem.trailers.schema import _CANONICAL as _CANONICAL
from gitmem.trailers.schema import _PREFIX as _PREFIX
from gitmem.trailers.schema import (
    CLASS,
    CONFIDENCE,
    ITEM,
    KEEP,
    KEYS,
    MAX_SUMMARY_LENGTH,
    MAX_VALUE_LENGTH,
    OP,
    OPS,
    PATH,
    PLAN,
    REASON,
    REVERTS,
    RUN,
    SCHEMA,
    SCHEMA_VERSION,
    SIGNALS,
    SUPERSEDED_BY,
)
from gitmem.trailers.schema import ELLIPSIS as ELLIPSIS

__all__ = [
    "CLASS",
    "CONFIDENCE",
    "ITEM",
    "KEEP",
    "KEYS",
    "MAX_SUMMARY_LENGTH",
    "MAX_VALUE_LENGTH",
    "OP",
    "OPS",
    "PATH",
    "PLAN",
    "REASON",
    "REVERTS",
    "RUN",
    "SCHEMA",
    "SCHEMA_VERSION",
    "SIGNALS",
    "SUPERSEDED_BY",
    "format_message",
    "gitmem_pairs",
    "gitmem_trailers",
    "is_gitmem_op",
    "parse_trailers",
    "sanitize_summary",
    "sanitize_value",
    "trailer_map",
]

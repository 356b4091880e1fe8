"""The ``Gitmem-*`` trailer vocabulary (contract: DESIGN §4): keys, op names, schema version and
the length limits of values and subjects."""

from __future__ import annotations

OP = "Gitmem-Op"
PATH = "Gitmem-Path"
SUPERSEDED_BY = "Gitmem-Superseded-By"
CONFIDENCE = "Gitmem-Confidence"
CLASS = "Gitmem-Class"
SIGNALS = "Gitmem-Signals"
REASON = "Gitmem-Reason"
PLAN = "Gitmem-Plan"
SCHEMA = "Gitmem-Schema"
RUN = "Gitmem-Run"
REVERTS = "Gitmem-Reverts"
ITEM = "Gitmem-Item"
KEEP = "Gitmem-Keep"

KEYS = (
    OP,
    PATH,
    SUPERSEDED_BY,
    CONFIDENCE,
    CLASS,
    SIGNALS,
    REASON,
    PLAN,
    SCHEMA,
    RUN,
    REVERTS,
    ITEM,
    KEEP,
)
SCHEMA_VERSION = "1"
OPS = (
    "supersede",
    "merge",
    "protect",
    "unprotect",
    "annotate",
    "resolve",
    "dismiss",
    "save",
    "undo",
    "init",
)

MAX_VALUE_LENGTH = 500
MAX_SUMMARY_LENGTH = 100
ELLIPSIS = "\u2026"

_PREFIX = "gitmem-"
_CANONICAL = {key.lower(): key for key in KEYS}

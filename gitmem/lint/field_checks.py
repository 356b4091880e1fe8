"""Type and range checks of the known frontmatter fields (DESIGN §3), for GM102 invalid-field.

Each check takes the parsed value (and, for values YAML re-typed, the raw text after the key) and
returns a problem description or None. Unknown fields are never judged.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Any

HEX_LIKE = re.compile(r"[0-9A-Fa-f]{7,40}|\d+(?:\.\d*)?[eE][+-]?\d+")
YAML12_NUMBER = re.compile(r"[0-9]+[eE][+-]?[0-9]+|0o[0-7]+|0x[0-9A-Fa-f]+")
HASH_FIELDS = ("commit", "commits", "sha", "rev", "revision", "fixed_in")
TEXT_FIELDS = ("name", "description", "type", "source", "revisit_if", "resolution_basis")
DATE_FIELDS = ("valid_from", "valid_until", "resolved_at")


def is_iso_date(value: Any) -> bool:
    if isinstance(value, (dt.date, dt.datetime)):
        return True
    if not isinstance(value, str):
        return False
    try:
        dt.datetime.fromisoformat(value.strip())
    except ValueError:
        return False
    return True


def describe(value: Any) -> str:
    kinds = {bool: "a boolean", int: "a number", float: "a number", list: "a list",
             dict: "a mapping", str: "a string"}
    return kinds.get(type(value), type(value).__name__)


def check_confidence(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"confidence must be a number between 0 and 1, not {describe(value)} ({value!r})"
    if not 0.0 <= float(value) <= 1.0:
        return f"confidence must be between 0 and 1, got {value}"
    return None


def check_protected(value: Any) -> str | None:
    if not isinstance(value, bool):
        return f"protected must be true or false, not {describe(value)} ({value!r})"
    return None


def check_tags(value: Any) -> str | None:
    if isinstance(value, str):
        return None
    if not isinstance(value, list):
        return f"tags must be a list of strings or one string, not {describe(value)}"
    bad = [v for v in value if isinstance(v, bool) or not isinstance(v, (str, int, float))]
    if bad:
        return f"tags must be plain strings; {describe(bad[0])} ({bad[0]!r}) is not"
    return None


def check_date(key: str) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if is_iso_date(value):
            return None
        return f"{key} must be an ISO date (YYYY-MM-DD), got {value!r}"

    return check


def check_text(key: str) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if isinstance(value, str):
            return None
        return f"{key} must be a string, not {describe(value)} ({value!r})"

    return check


def check_superseded_by(value: Any) -> str | None:
    if isinstance(value, str):
        return None
    return f"superseded_by must be the path of a memory (a string), not {describe(value)}"


def check_do_not_reopen(value: Any) -> str | None:
    if not isinstance(value, list):
        return f"do_not_reopen must be a list of {{partner, before}} entries, not {describe(value)}"
    for index, entry in enumerate(value, 1):
        if not isinstance(entry, dict):
            return f"do_not_reopen entry {index} must be a mapping with partner and before"
        if not isinstance(entry.get("partner"), str) or not entry.get("partner"):
            return f"do_not_reopen entry {index} needs partner: the path of a memory"
        if not is_iso_date(entry.get("before")):
            return f"do_not_reopen entry {index} needs before: an ISO date (YYYY-MM-DD)"
    return None


def check_hash_value(key: str, value: Any, raw: str | None) -> str | None:
    """A hash YAML turns into a number: `commit: 0123456` (an int here), `sha: 1e10` (a float
    for YAML 1.2 readers such as js-yaml). `raw` is the value as written, quotes included."""
    if isinstance(value, bool):
        return f"{key} must be a commit hash (a string), not a boolean ({raw or value})"
    if isinstance(value, (int, float)):
        shown = raw if raw is not None else str(value)
        if raw is not None and not HEX_LIKE.fullmatch(raw):
            return f"{key} must be a commit hash (a string), not a number ({shown})"
        return (f"{key}: {shown} is read by YAML as the number {value!r}, not as a hash; "
                f"quote it: {key}: \"{shown}\"")
    if isinstance(value, str) and raw is not None and YAML12_NUMBER.fullmatch(raw):
        return (f"{key}: {raw} is unquoted and YAML 1.2 readers take it as a number; "
                f"quote it: {key}: \"{raw}\"")
    return None


FIELD_CHECKS: dict[str, Callable[[Any], str | None]] = {
    "confidence": check_confidence,
    "protected": check_protected,
    "tags": check_tags,
    "superseded_by": check_superseded_by,
    "do_not_reopen": check_do_not_reopen,
    **{key: check_date(key) for key in DATE_FIELDS},
    **{key: check_text(key) for key in TEXT_FIELDS},
}

"""Amounts with a unit: "30s", "30 seconds", "1 hour", "512 MB", "2am", "02:00".

Memory states timeouts, limits, sizes and schedules in whatever unit came to mind, so "30s" and
"30 seconds" are one value and "15 minutes" and "1 hour" are two. `quantity` reads a short span
of words as (dimension, amount in the dimension's base unit); `spans.py` compares two spans
with it, and duplicate scoring compares the figures of two whole texts.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from gitmem.consistency.lexicon import numeric_value
from gitmem.consistency.spelled import joined_numbers

# Words after which a number names an item, not an amount: "Step 1" / "Step 2".
ITEM_LABELS = frozenset(
    ["step", "phase", "part", "item", "example", "option", "chapter", "section", "page", "figure",
     "table", "issue", "pr", "ticket", "line", "rule", "case", "stage", "round"]
)

_SECONDS = {
    "ms": 0.001, "msec": 0.001, "millisecond": 0.001, "milliseconds": 0.001,
    "s": 1.0, "sec": 1.0, "secs": 1.0, "second": 1.0, "seconds": 1.0,
    "min": 60.0, "mins": 60.0, "minute": 60.0, "minutes": 60.0,
    "h": 3600.0, "hr": 3600.0, "hrs": 3600.0, "hour": 3600.0, "hours": 3600.0,
    "d": 86400.0, "day": 86400.0, "days": 86400.0,
    "week": 604800.0, "weeks": 604800.0,
    "month": 2629800.0, "months": 2629800.0,  # a twelfth of a Julian year
    "year": 31557600.0, "years": 31557600.0,
}
# Sizes in bytes; KB and KiB alike count 1,024, as people mostly mean them.
_BYTES = {
    "byte": 1.0, "bytes": 1.0,
    "kb": 2.0**10, "kib": 2.0**10, "kilobyte": 2.0**10, "kilobytes": 2.0**10,
    "mb": 2.0**20, "mib": 2.0**20, "megabyte": 2.0**20, "megabytes": 2.0**20,
    "gb": 2.0**30, "gib": 2.0**30, "gigabyte": 2.0**30, "gigabytes": 2.0**30,
    "tb": 2.0**40, "tib": 2.0**40, "terabyte": 2.0**40, "terabytes": 2.0**40,
}
# A share: "21.2 percent" is the amount 21.2 of its kind, not the parts (21, 2) of a version
# ("21.2%" is read "21.2 percent" by `text.clean`; "per cent" is one unit of two words).
_SHARES = {"percent": 1.0, "pct": 1.0}
_UNITS = {**{u: ("duration", f) for u, f in _SECONDS.items()},
          **{u: ("size", f) for u, f in _BYTES.items()},
          **{u: ("percent", f) for u, f in _SHARES.items()}}
# One word: "30s", "100ms", "2.5h", "512MB" (a bare "m" could be minutes, metres or millions).
_JOINED = re.compile(r"^(\d+(?:\.\d+)?)([a-z]+)$")
_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})$")
_MERIDIEM = re.compile(r"^(\d{1,2})(?::(\d{2}))?([ap])\.?m\.?$")  # 2am, 2:30 p.m.


_DECIMAL = re.compile(r"^\d+(?:\.\d+)?$")


def _amount(word: str) -> float | None:
    """30, 2.5, 1,000 or a number word ("two"); None for versions and anything else."""
    plain = word.replace(",", "")
    if _DECIMAL.match(plain):
        return float(plain)
    value = numeric_value(word)
    if value is None or value[0] != "cardinal" or len(value[1]) != 1:
        return None
    return value[1][0]


def _clock(words: Sequence[str]) -> float | None:
    """Minutes after midnight of "02:00", "14:30", "2am", "2:30 pm"."""
    if len(words) > 2 or (len(words) == 2
                          and words[1].rstrip(".") not in ("am", "pm", "a.m", "p.m")):
        return None  # "1 2pm" is no time
    joined = "".join(words)
    match = _MERIDIEM.match(joined)
    if match:
        hour, minute = int(match.group(1)), int(match.group(2) or 0)
        if not 1 <= hour <= 12 or minute >= 60:
            return None
        hour = hour % 12 + (12 if match.group(3) == "p" else 0)
        return hour * 60.0 + minute
    match = _CLOCK.match(joined)
    if match and len(words) == 1 and int(match.group(1)) < 24 and int(match.group(2)) < 60:
        return int(match.group(1)) * 60.0 + int(match.group(2))
    return None


# "hourly" is "every hour": a period, compared with "every 15 minutes" as a duration.
_PERIODS = {"hourly": 3600.0, "daily": 86400.0, "weekly": 604800.0, "fortnightly": 1209600.0,
            "monthly": 2629800.0, "yearly": 31557600.0, "annually": 31557600.0}
_EVERY = frozenset({"every", "each"})


def unit_dimension(word: str) -> str | None:
    """"duration" or "size" for a unit or a period ("days", "ms", "MB", "hourly"), else None.
    Candidate generation keys a unit on its dimension, so "14 days" meets "two weeks"."""
    lower = word.lower()
    if lower in _PERIODS:
        return "duration"
    unit = _UNITS.get(lower)
    return unit[0] if unit is not None and len(lower) > 1 else None


def quantity(words: Sequence[str]) -> tuple[str, float] | None:
    """("duration" | "size" | "clock" | "percent", amount in seconds, bytes, minutes after
    midnight or percent) of a span of lowercased words that is exactly one amount with its
    unit; None otherwise. A period ("hourly", "every 15 minutes", "every hour") reads as its
    duration."""
    if len(words) == 1 and words[0] in _PERIODS:
        return "duration", _PERIODS[words[0]]
    if len(words) > 1 and words[0] in _EVERY:
        if len(words) == 2 and words[1] in _UNITS:  # "every hour"
            dimension, factor = _UNITS[words[1]]
            return (dimension, factor) if dimension == "duration" else None
        words = words[1:]
    if len(words) == 3 and words[1:] == ["per", "cent"]:
        words = [words[0], "percent"]
    clock = _clock(words)
    if clock is not None:
        return "clock", clock
    if len(words) == 1:
        match = _JOINED.match(words[0])
        if match and match.group(2) in _UNITS:
            dimension, factor = _UNITS[match.group(2)]
            return dimension, float(match.group(1)) * factor
        return None
    if len(words) == 2 and words[1] in _UNITS:
        amount = 1.0 if words[0] in ("a", "an") else _amount(words[0])
        if amount is not None:
            dimension, factor = _UNITS[words[1]]
            return dimension, amount * factor
    return None


_OPENERS = frozenset(_PERIODS) | _EVERY | {"a", "an"}


@functools.lru_cache(maxsize=1 << 16)  # asked of every word of every text
def _may_open_a_figure(word: str) -> bool:
    """A digit, a number word, a period or "every"/"a": the only words an amount starts with
    (most words of most texts are none, and skip the windows below)."""
    return (any(ch.isdigit() for ch in word) or word in _OPENERS
            or numeric_value(word) is not None)


def figures(words: Sequence[str]) -> set[tuple[str, float] | tuple[float, ...]]:
    """The figures a text states: each amount with a unit as (dimension, base amount), each
    other number written in digits as its value ("3.11" and "v3.11" alike); a number written
    in several words is one ("forty-eight hours" is 48 hours: `spelled.joined_numbers`)."""
    found: set[tuple[str, float] | tuple[float, ...]] = set()
    words = joined_numbers(words)
    skip = -1
    for i, word in enumerate(words):
        if i <= skip or not _may_open_a_figure(word):
            continue
        for size in (3, 2, 1):
            amount = quantity(words[i : i + size]) if i + size <= len(words) else None
            if amount is not None:
                found.add(amount)
                skip = i + size - 1
                break
        else:
            value = numeric_value(word) if any(ch.isdigit() for ch in word) else None
            if value is not None:
                found.add(value[1])
    return found

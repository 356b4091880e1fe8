"""The words one differing span is made of, read before `spans.py` names the span's kind.

Hedges and limits ("about", "at most"), quantifiers ("all" / "some", "must" / "may"),
negative words counted by parity ("do not forget" is not negative), numbers and amounts of one
kind ("30s" / "30 seconds"), and two spellings of one word ("organiser" / "organizer").
"""

from __future__ import annotations

import difflib
import math
import re

from gitmem.consistency.lexicon import Lexicon, numeric_value
from gitmem.consistency.quantities import quantity
from gitmem.consistency.text import CodeToken, Token, stem

_HEDGES = frozenset(["about", "around", "approximately", "roughly", "nearly", "almost", "over", "under", "some", "than", "least", "most"])
# Hedges that blur a figure ("about 55" / "57" may be one count); the rest of `_HEDGES` bound
# one ("at most 20", "under 400"), and two limits of one thing clash.
APPROXIMATE = frozenset(["about", "around", "approximately", "roughly", "nearly", "almost", "some"])


# Small words that change a claim's force; words on one line are interchangeable.
_QUANTIFIER_GROUPS = {
    word: index
    for index, line in enumerate(
        [
            "all every each",
            "some several many various",
            "few",
            "most",
            "more",
            "only just solely exclusively",
            "other another",
            "same",
            "both",
            "either",
            "any",
            "must",
            "should ought",
            "may might can could",
            "will would shall",
        ]
    )
    for word in line.split()
}


def _quantifiers(tokens: list[Token]) -> frozenset[int]:
    return frozenset(_QUANTIFIER_GROUPS[t.lower] for t in tokens if t.lower in _QUANTIFIER_GROUPS)


_GENERIC = frozenset({"a", "an", "any"})


def _generic(a: list[Token], b: list[Token]) -> bool:
    """"before pushing any branch" / "before you push a branch": "any" and "a" both name
    whichever one it is, so the swap is no change of quantity."""
    return all(t.lower in _GENERIC for t in a + b)


# "only" and the words that say it with it ("just", "solely"), from the quantifier groups
_RESTRICTIVE = frozenset(w for w, g in _QUANTIFIER_GROUPS.items() if g == _QUANTIFIER_GROUPS["only"])


def _restricts(span: list[Token], other: tuple[Token, ...]) -> bool:
    """`span` says "only" where the other text never does (a moved "only" is no change, and
    "solely" says it too)."""
    return (any(t.lower in _RESTRICTIVE - {"just"} for t in span)
            and not any(t.lower in _RESTRICTIVE for t in other))


def _function_word(token: Token, lexicon: Lexicon) -> bool:
    return token.stem in lexicon.function_words and not isinstance(token, CodeToken)


def _trim(tokens: list[Token], lexicon: Lexicon) -> list[Token]:
    start, end = 0, len(tokens)
    while start < end and _function_word(tokens[start], lexicon):
        start += 1
    while end > start and _function_word(tokens[end - 1], lexicon):
        end -= 1
    return tokens[start:end]


_NOT_NEGATING = frozenset({"only", "just", "necessarily", "matter"})  # "not only", "no matter"


def _without_not_only(tokens: tuple[Token, ...], start: int, end: int) -> list[Token]:
    """tokens[start:end] without a "not" that only opens "not only"/"not just"."""
    return [
        tokens[i]
        for i in range(start, end)
        if not (
            tokens[i].lower == "not"
            and i + 1 < len(tokens)
            and tokens[i + 1].lower in _NOT_NEGATING
        )
    ]


def _negative_count(tokens: list[Token], lexicon: Lexicon) -> int:
    """The negative words of `tokens` that flip; a "nor" after a negator carries its denial on
    to one more item ("neither A nor B", "not A nor B": one denial, not two)."""
    count = 0
    last = len(tokens) - 1
    for at, t in enumerate(tokens):
        if t.lower == "nor" and any(u.lower in lexicon.negators for u in tokens[:at]):
            continue
        if lexicon.negates(t) and (
                at == last or tokens[at + 1].lower not in _NOT_NEGATING):
            count += 1
    return count


def _positive(tokens: list[Token], lexicon: Lexicon) -> list[Token]:
    """`tokens` without their negative words, trimmed of function words at the edges."""
    return _trim([t for t in tokens if not lexicon.negates(t)], lexicon)


def _negative(tokens: list[Token], lexicon: Lexicon) -> bool:
    """Negated by parity: "do not forget" and "never disable" are not negative."""
    return _negative_count(tokens, lexicon) % 2 == 1


def _key(tokens: list[Token]) -> str:
    return " ".join(t.stem for t in tokens)


def _numbers(a: list[Token], b: list[Token]) -> str | None:
    """"number" / "synonym" when both spans are one number of a kind; None otherwise."""
    words_a = [t.lower for t in a if t.lower not in _HEDGES]
    words_b = [t.lower for t in b if t.lower not in _HEDGES]
    if len(words_a) != 1 or len(words_b) != 1:
        return None
    va, vb = numeric_value(words_a[0]), numeric_value(words_b[0])
    if va is None or vb is None:
        return None
    if va[1] == vb[1]:
        return "synonym"
    hedged = len(words_a) != len(a) or len(words_b) != len(b)
    return "unknown" if hedged else "number"


def _quantities(a: list[Token], b: list[Token]) -> str | None:
    """"synonym" for one amount in two units ("30s" / "30 seconds", "1 hour" / "60 minutes"),
    "number" for two amounts of one kind ("15 minutes" / "1 hour"); None otherwise. A hedged
    amount ("about 10 minutes") is left to the caller, as `_numbers` leaves it."""
    qa = quantity([t.lower for t in a])
    qb = quantity([t.lower for t in b])
    if qa is None or qb is None or qa[0] != qb[0]:
        return None
    return "synonym" if math.isclose(qa[1], qb[1], rel_tol=1e-9) else "number"


_CAMEL = re.compile(r"[a-z][A-Z]")
_PARTS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


def identifier_parts(side: str) -> list[str] | None:
    """The words of a camelCase or snake_case identifier ("llmFormRecord": llm, form,
    record), or None when `side` is no such identifier."""
    if " " in side or not side[:1].isalpha() or not (_CAMEL.search(side) or "_" in side):
        return None
    return [part.lower() for part in _PARTS.findall(side)]


_VOWELS = frozenset("aeiou")


def _vowels_dropped(x: str, y: str) -> bool:
    """The shorter word is the longer with vowels left out past its first letter ("usr" /
    "user", "color" / "colour", "cnt" / "count"), as identifiers abbreviate a word or spell it
    the American way; a consonant added or a letter changed ("mode" / "model", "data" /
    "date") makes another word."""
    short, long = sorted((x, y), key=len)
    if len(short) < 3 or len(short) == len(long) or short[0] != long[0]:
        return False
    rest = iter(long[1:])
    kept = [next((c for c in rest if c == want or c not in _VOWELS), "") for want in short[1:]]
    return kept == list(short[1:]) and all(c in _VOWELS for c in rest)


def _same_part(x: str, y: str) -> bool:
    """One word of an identifier written two ways: the same stem ("retries" / "retry",
    "datas" / "data"), a long word respelled ("organiser" / "organizer") or vowels dropped."""
    return (x == y or stem(x) == stem(y) or _vowels_dropped(x, y)
            or (min(len(x), len(y)) >= 6 and x[:3] == y[:3]
                and difflib.SequenceMatcher(a=x, b=y).ratio() >= 0.8))


def respelled(parts_a: list[str], parts_b: list[str]) -> bool:
    """The same words, one or more spelled another way ("EventOrganiser" / "EventOrganizer",
    "setBackgroundColour" / "setBackgroundColor", "getUserInfo" / "getUsrInfo",
    "max_retries" / "maxRetry")."""
    return len(parts_a) == len(parts_b) and all(
        _same_part(x, y) for x, y in zip(parts_a, parts_b, strict=True))


def _spelling_variant(a: list[Token], b: list[Token]) -> bool:
    """"web sites"/"websites", "2.4-GHz"/"2.4 GHz", "organiser"/"organizer", "max_retries" /
    "maxRetry"."""
    joined_a = "".join(t.lower for t in a).replace("-", "").replace(".", "")
    joined_b = "".join(t.lower for t in b).replace("-", "").replace(".", "")
    if joined_a == joined_b:
        return True
    if len(a) == len(b) == 1 and "." not in a[0].raw + b[0].raw:
        parts_a, parts_b = identifier_parts(a[0].raw), identifier_parts(b[0].raw)
        if parts_a and parts_b and respelled(parts_a, parts_b):
            return True  # "max_retries" / "maxRetry": one identifier written two ways
    if len(a) != 1 or len(b) != 1 or not (joined_a.isalpha() and joined_b.isalpha()):
        return False
    if "." in a[0].raw + b[0].raw:
        return False  # "staging.acme.dev" / "stage.acme.dev" are two hosts, not two spellings
    if min(len(joined_a), len(joined_b)) < 6 or joined_a[:3] != joined_b[:3]:
        return False
    return difflib.SequenceMatcher(a=joined_a, b=joined_b).ratio() >= 0.8


_JOINERS = frozenset({"of", "and", "for", "the", "&", "to", "in", "on", "a"})


def abbreviates(short: str, long: str) -> bool:
    """"CDN" / "content delivery network", "UTC" / "Coordinated Universal Time": one word of
    three to six capitals whose letters are the initials of the other's words (joiners such as
    "of" and "and" aside, hyphenated parts counted apart): an abbreviation and its expansion
    name one value. The initials may come in another order ("UTC"), as they do for
    abbreviations taken from another language. Two letters abbreviate too many things to
    tell ("DB" is no "dev box")."""
    letters = short.strip(".")
    if not (3 <= len(letters) <= 6 and letters.isalpha() and letters.isupper()):
        return False
    words = [w for w in long.replace("-", " ").split() if w.lower() not in _JOINERS]
    if len(words) != len(letters) or not all(w[:1].isalpha() for w in words):
        return False
    initials = "".join(w[0] for w in words).upper()
    return initials == letters or sorted(initials) == sorted(letters)

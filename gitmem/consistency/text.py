"""Tokens, stems and character shingles: the normalised forms every consistency check compares.

Everything here is a pure function of one string. Regexes are compiled once at import; callers
that compare many pairs precompute `features()` per claim (see `features.py`) instead of
re-tokenising per pair.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence
from typing import NamedTuple

from gitmem.memory.fragments import UNSPACED_SCRIPT

# Chinese, Japanese and Korean write words without spaces: a run of their characters is read
# as overlapping character pairs ("性能监视" -> 性能, 能监, 监视), so two texts in those scripts
# share tokens as far as they share words (not only their few Latin words: "Slack").
_CJK = UNSPACED_SCRIPT
_CJK_RUN = re.compile(_CJK + "+")
# A word, a number, a version (v2.3, 3.11.4), an identifier (snake_case, foo.bar, a/b/c), a flag.
_TOKEN_RE = re.compile(  # "10,000" is one number: a comma before three digits joins them
    r"(?:[~./]{1,2}|--?)?[A-Za-z0-9]+(?:['’][A-Za-z]+)?"
    r"(?:[._/+#:\-][A-Za-z0-9]+|(?<=\d),\d{3}(?!\d))*[+#]{0,2}"
    r"|" + _CJK + "+"
)
_ACRONYM_PLURAL = re.compile(r"^[A-Z]{2,}s$")
_WORDS_JOINED_BY_HYPHENS = re.compile(r"^(?:[a-z]+|[0-9]+)(?:-(?:[a-z]+|[0-9]+))+$")
_MARKUP = re.compile(r"[*`\"“”«»]|(?<!\w)_|_(?!\w)")

_CONTRACTIONS = {
    "can't": ("can", "not"),
    "cannot": ("can", "not"),
    "won't": ("will", "not"),
    "shan't": ("shall", "not"),
    "ain't": ("is", "not"),
}
# Negative contractions typed without their apostrophe ("dont", "isnt"), read as written with
# it. "cant" and "wont" are words of their own, so they are left alone.
_BARE_CONTRACTIONS = {
    word: (word[:-2], "not")
    for word in ("isnt", "arent", "wasnt", "werent", "dont", "doesnt", "didnt", "hasnt", "havent",
                 "hadnt", "wouldnt", "shouldnt", "couldnt", "mustnt", "neednt")
}

# Nouns whose final e tells them from an adjective: "locale" (a language and region setting) is
# no form of the scope word "local", nor "morale" of "moral". Stripping the e would merge them.
KEEPS_FINAL_E = {
    "locale": "locale", "locales": "locale", "morale": "morale", "rationale": "rationale",
    "rationales": "rationale", "finale": "finale", "finales": "finale",
}

_IRREGULAR_STEMS = {
    "men": "man",
    "women": "woman",
    "children": "child",
    "kids": "kid",
    "feet": "foot",
    "teeth": "tooth",
    "mice": "mouse",
    "geese": "goose",
    "ran": "run",
    "running": "run",
    "sat": "sit",
    "sitting": "sit",
    "stood": "stand",
    "lying": "lie",
    "lay": "lie",
    "wrote": "write",
    "written": "write",
    "ate": "eat",
    "eaten": "eat",
    "bought": "buy",
    "sold": "sell",
    "made": "make",
    "took": "take",
    "kept": "keep",
    "taken": "take",
    "went": "go",
    "gone": "go",
    "using": "use",
    "used": "use",
    "uses": "use",
    "data": "data",
    "was": "be",
    "were": "be",
    "is": "be",
    "are": "be",
    "does": "do",
    "did": "do",
    "has": "have",
    "had": "have",
    # Not plurals: stripping the "s" would make another word ("https" is no "http").
    "https": "https",
    "news": "news",
    "canvas": "canvas",
    "alias": "alias",
    "atlas": "atlas",
}

_VOWELS = set("aeiouy")


class Token(NamedTuple):
    """One token as written (`raw`), lowercased (`lower`) and stemmed (`stem`)."""

    raw: str
    lower: str
    stem: str


class PlainToken(Token):
    """A negative word in a use that denies nothing (`negatives.read_negatives`): "against" as
    a preposition ("run the tests against staging"), "banned" before the noun it describes
    ("the banned list"). It keeps its stem, so the lexicon still relates it."""

    __slots__ = ()


class CodeToken(PlainToken):
    """A word written as code (`features.code_words`): "`any`", "`this`", "`never`", "any()"
    name a type, a keyword or a function. Such a word is content, never a function word left
    out of a claim's subject, and it denies nothing."""

    __slots__ = ()


_PARENTHESIS = re.compile(r"\(([^()]{1,80})\)")
_HEX_ID = re.compile(r"(?<![0-9A-Za-z])(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}(?![0-9A-Za-z])")
_SEE_PATH = re.compile(r"^\s*see\s+`?[\w./-]*[/.][\w./-]*`?\s*$", re.IGNORECASE)


def _uncited(match: re.Match[str]) -> str:
    """A parenthesised citation ("(see commit 4f3c2b1a)", "(see `src/app.py`)") says where a
    claim comes from, not what it claims: two claims citing different commits still agree or
    disagree on the rest."""
    inner = match.group(1)
    return " " if _HEX_ID.search(inner) or _SEE_PATH.match(inner) else match.group(0)


_PERCENT_SIGN = re.compile(r"(\d)\s?%(?!\w)")
_FRACTION = re.compile(r"(?:\b(\d+)\s*)?\b(\d+)\u2044(\d+)\b")


def _decimal(match: re.Match[str]) -> str:
    """"2 1⁄2" -> "2.5", "3⁄4" -> "0.75" (a zero denominator is left as written)."""
    whole, top, bottom = match.group(1), int(match.group(2)), int(match.group(3))
    if not bottom:
        return match.group(0)
    value = (int(whole) if whole else 0) + top / bottom
    return f"{value:.3f}".rstrip("0").rstrip(".")


# a link's query and fragment ("item?id=4739", "#setup"): part of the one address, which names one
# thing; read apart, two links to two items were one "id" with two values, a minimal pair
_URL_TAIL = re.compile(r"(?<=[\w/])[?#=&;](?=[\w%.-])")
_URL = re.compile(r"\w+://[^\s<>()\[\]`\"']+")


def _one_address(match: re.Match[str]) -> str:
    return _URL_TAIL.sub("/", match.group(0))


def clean(text: str) -> str:
    """NFKC, typographic quotes folded, parenthesised citations, Markdown emphasis and
    backticks dropped; a link's query read as part of its address."""
    text = unicodedata.normalize("NFKC", text).replace("’", "'").replace("‘", "'")
    if "://" in text:
        text = _URL.sub(_one_address, text)
    if "\u2044" in text:  # NFKC writes "½" as "1⁄2": read a fraction as the number it is
        text = _FRACTION.sub(_decimal, text)
    if "%" in text:  # "21.2%" is "21.2 percent", a share, and reads as one whatever its spelling
        text = _PERCENT_SIGN.sub(r"\1 percent", text)
    if "(" in text:
        text = _PARENTHESIS.sub(_uncited, text)
    return _MARKUP.sub(" ", text)


@functools.lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """A small, deterministic suffix stripper: plurals, -ing, -ed, final -e.

    It only needs to be consistent ("merges", "merged", "merge" -> "merg"), not linguistic.
    """
    if word in _IRREGULAR_STEMS:
        return _IRREGULAR_STEMS[word]
    if word in KEEPS_FINAL_E:
        return KEEPS_FINAL_E[word]
    if len(word) < 4 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith(("sses", "xes", "ches", "shes", "zes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is", "ous")):
        word = word[:-1]
    for suffix in ("ing", "ed"):
        base = word[: -len(suffix)]
        if word.endswith(suffix) and len(base) >= 3 and _VOWELS & set(base):
            word = base
            if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz" + "aeiou":
                word = word[:-1]
            break
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    return word


def _split_token(raw: str) -> list[str]:
    lower = raw.lower()
    if lower in _BARE_CONTRACTIONS:
        return list(_BARE_CONTRACTIONS[lower])
    if raw.isalnum() and lower not in _CONTRACTIONS:
        return [raw]
    if lower in _CONTRACTIONS:
        return list(_CONTRACTIONS[lower])
    if lower.endswith("n't"):
        return [lower[:-3] or "do", "not"]
    # The parts keep the case they were written in: "PeopleSoft's" is the name "PeopleSoft".
    if "'" in lower:
        head, _, tail = raw.partition("'")
        return [head] if tail.lower() in ("s", "d", "ll", "re", "ve", "m") else [head + tail]
    if _WORDS_JOINED_BY_HYPHENS.match(lower):
        return raw.split("-")
    return [raw]


def _character_pairs(run: str) -> list[str]:
    return [run] if len(run) < 3 else [run[i : i + 2] for i in range(len(run) - 1)]


def singular_acronym(word: str) -> str:
    """`word` lowercased, an acronym's plural made singular: "PRs" -> "pr", "APIs" -> "api"
    (too short for `stem` to see; "Docs" stays "docs")."""
    return word[:-1].lower() if _ACRONYM_PLURAL.match(word) else word.lower()


def tokenize(text: str, *, cleaned: bool = False) -> tuple[Token, ...]:
    """Tokens in order; contractions expanded ("don't" -> do, not), word-word hyphens split.

    `cleaned=True` skips `clean()` for text that already went through it.
    """
    out: list[Token] = []
    for match in _TOKEN_RE.finditer(text if cleaned else clean(text)):
        raw = match.group(0).rstrip(".:-/")
        if not raw:
            continue
        if _CJK_RUN.fullmatch(raw):
            out.extend(Token(pair, pair, pair) for pair in _character_pairs(raw))
            continue
        for part in _split_token(raw):
            out.append(Token(raw=part, lower=part.lower(), stem=stem(singular_acronym(part))))
    return tuple(out)


# "un-", "non-" make an opposite of any word; "in-", "im-", "il-", "ir-", "dis-" only of a word
# shaped like an adjective (insecure / secure, but not import / port, display / play).
_OPEN_PREFIXES = ("un", "non-", "non")
_ADJECTIVE_PREFIXES = ("in", "im", "il", "ir", "dis")
_ADJECTIVE_ENDINGS = ("able", "ible", "ive", "al", "ent", "ant", "ure", "id", "ect", "ete",
                      "ic", "ed", "ful", "ar", "ous", "ary", "ite")


@functools.lru_cache(maxsize=1 << 14)
def negated_bases(word: str) -> tuple[str, ...]:
    """Every `base` with `prefix_negates(word, base)`: what a word says "not" of, read once per
    word so that a pair of texts looks its words up instead of trying each prefix on each pair
    of words (`opposites.prefixed_twins`)."""
    return tuple(word[len(prefix):] for prefix in _OPEN_PREFIXES + _ADJECTIVE_PREFIXES
                 if word.startswith(prefix) and prefix_negates(word, word[len(prefix):]))


def prefix_negates(word: str, base: str) -> bool:
    """`word` is `base` written with a negating prefix, so it says "not `base`" ("unsafe" /
    "safe", "invalid" / "valid", "non-blocking" / "blocking"); an adjective prefix counts only
    before an adjective's ending, and `base` has four letters or more ("index", "display",
    "interface", "unique", "nonce" negate nothing). Both lowercased."""
    for prefix in _OPEN_PREFIXES + _ADJECTIVE_PREFIXES:
        if word.startswith(prefix) and word[len(prefix):] == base and len(base) >= 4:
            return prefix in _OPEN_PREFIXES or base.endswith(_ADJECTIVE_ENDINGS)
    return False


def char_shingles(text: str, size: int = 3) -> frozenset[str]:
    """Character n-grams of the lowercased, whitespace-collapsed text (padded with spaces)."""
    squashed = " " + " ".join(clean(text).lower().split()) + " "
    if len(squashed) <= size:
        return frozenset({squashed})
    return frozenset(squashed[i : i + size] for i in range(len(squashed) - size + 1))


_LETTER_RUN = re.compile(r"[^\W\d_]+")


@functools.lru_cache(maxsize=1 << 16)
def unread_words(text: str) -> tuple[str, ...]:
    """The runs of letters `tokenize` leaves out, lowercased, in order: words of a script it
    does not read (Cyrillic, Arabic, Devanagari, ...). Two texts whose tokens agree but whose
    unread words differ may say different things ("`rag` - <a config section>" / "`rag` -
    <a test marker>")."""
    return tuple(run.lower() for run in _LETTER_RUN.findall(_TOKEN_RE.sub(" ", clean(text))))


def jaccard(a: frozenset[str] | set[str], b: frozenset[str] | set[str]) -> float:
    if not a and not b:
        return 1.0
    union = len(a | b)
    return len(a & b) / union if union else 0.0


def containment(small: frozenset[str] | set[str], large: frozenset[str] | set[str]) -> float:
    """Share of `small` found in `large` (1.0 for an empty `small`)."""
    if not small:
        return 1.0
    return len(small & large) / len(small)


def common_subsequence(a: Sequence[str], b: Sequence[str]) -> int:
    """The length of the longest common subsequence of `a` and `b` (symmetric, unlike the
    matching blocks of `difflib`, which are greedy).

    Bit-parallel (Allison and Dix; Hyyrö): one bit a position of `a`, one big-integer step a
    word of `b`, so a pair of 40-word texts costs 40 steps, not 1,600 cells.
    """
    positions: dict[str, int] = {}
    for i, word in enumerate(a):
        positions[word] = positions.get(word, 0) | (1 << i)
    full = (1 << len(a)) - 1
    row = full
    for word in b:
        matched = row & positions.get(word, 0)
        row = ((row + matched) | (row - matched)) & full
    return len(a) - row.bit_count()

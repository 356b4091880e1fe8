"""Align two texts token by token and say what kind of change each differing span is.

This is the differing-token analysis both detectors lean on: "timeout = 30" / "timeout = 300" is
one `number` change, "Enable cache" / "Disable cache" one `antonym`, "big" / "large" one `synonym`,
"/Prod" / "/prod" one `case` change, "is" / "is not" one `negation`.
"""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass

from gitmem.consistency.features import TextFeatures
from gitmem.consistency.lexicon import Lexicon, numeric_value
from gitmem.consistency.text import Token

# Kinds that change what a text asserts; the rest leave it alone.
OPPOSING = frozenset({"negation", "antonym", "polarity"})
VALUE_CHANGES = frozenset({"exclusive", "number"})
HARMLESS = frozenset({"function", "synonym"})


@dataclass(frozen=True)
class Change:
    kind: str  # function synonym negation antonym polarity exclusive number case insert unknown
    a: str
    b: str


@dataclass(frozen=True)
class Alignment:
    changes: tuple[Change, ...]
    equal_tokens: int  # tokens aligned unchanged (on the shorter side)
    total_tokens: int  # tokens of the longer side

    @property
    def kinds(self) -> Counter[str]:
        return Counter(change.kind for change in self.changes)

    @property
    def equal_ratio(self) -> float:
        return self.equal_tokens / self.total_tokens if self.total_tokens else 1.0


def _is_code_like(raw: str) -> bool:
    return any(ch in raw for ch in "/._-:#+") or any(ch.isupper() for ch in raw[1:])


def _trim(tokens: list[Token], lexicon: Lexicon) -> list[Token]:
    start, end = 0, len(tokens)
    while start < end and tokens[start].stem in lexicon.function_words:
        start += 1
    while end > start and tokens[end - 1].stem in lexicon.function_words:
        end -= 1
    return tokens[start:end]


def _has(tokens: list[Token], vocabulary: frozenset[str]) -> bool:
    return any(t.stem in vocabulary or t.lower in vocabulary for t in tokens)


def _numbers_differ(a: list[Token], b: list[Token]) -> bool | None:
    """True/False when both spans are one number of the same kind; None otherwise."""
    if len(a) != 1 or len(b) != 1:
        return None
    va, vb = numeric_value(a[0].lower), numeric_value(b[0].lower)
    if va is None or vb is None:
        return None
    return va[1] != vb[1]


def _classify(a: list[Token], b: list[Token], lexicon: Lexicon) -> str:
    if not a and not b:
        return "function"
    negative_words = lexicon.negators | lexicon.negative_terms
    neg_a, neg_b = _has(a, negative_words), _has(b, negative_words)
    if a and b:
        differ = _numbers_differ(a, b)
        if differ is not None:
            return "number" if differ else "synonym"
        relation = lexicon.relation(" ".join(t.stem for t in a), " ".join(t.stem for t in b))
        if relation in ("synonym", "same"):
            return "synonym"
        if relation == "antonym":
            return "polarity" if neg_a != neg_b else "antonym"
        if relation == "exclusive":
            return relation
    if neg_a == neg_b:
        return "insert" if not a or not b else "unknown"
    # One side is negated: what is left once the negative words are taken out?
    rest_a = _trim([t for t in a if t.stem not in negative_words], lexicon)
    rest_b = _trim([t for t in b if t.stem not in negative_words], lexicon)
    rest = _classify(rest_a, rest_b, lexicon)
    positive_side = a if neg_b else b
    if rest in ("function", "synonym", "insert"):
        return "polarity" if _has(positive_side, lexicon.directive_terms) else "negation"
    if rest in ("antonym", "polarity"):
        return "synonym"  # "is big" / "is not small": two flips agree
    return "unknown"


def align(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> Alignment:
    ta, tb = fa.tokens, fb.tokens
    matcher = difflib.SequenceMatcher(
        a=[t.stem for t in ta], b=[t.stem for t in tb], autojunk=False
    )
    changes: list[Change] = []
    equal = 0
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            equal += i2 - i1
            for x, y in zip(ta[i1:i2], tb[j1:j2]):
                if x.raw != y.raw and x.lower == y.lower and _is_code_like(x.raw + y.raw):
                    changes.append(Change("case", x.raw, y.raw))
            continue
        span_a, span_b = _trim(list(ta[i1:i2]), lexicon), _trim(list(tb[j1:j2]), lexicon)
        kind = _classify(span_a, span_b, lexicon)
        if kind == "function" and (i2 - i1) + (j2 - j1) > 0:
            negative_words = lexicon.negators | lexicon.negative_terms
            if _has(list(ta[i1:i2]), negative_words) != _has(list(tb[j1:j2]), negative_words):
                kind = "negation"
        changes.append(
            Change(kind, " ".join(t.raw for t in ta[i1:i2]), " ".join(t.raw for t in tb[j1:j2]))
        )
    return Alignment(tuple(changes), equal, max(len(ta), len(tb)))

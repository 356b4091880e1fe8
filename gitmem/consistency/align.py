"""Align two texts token by token and say what kind of change each differing span is.

This is the differing-token analysis both detectors lean on: "timeout = 30" / "timeout = 300" is
one `number` change, "Enable cache" / "Disable cache" one `antonym`, "big" / "large" one `synonym`,
"/Prod" / "/prod" one `case` change, "is" / "is not" one `negation`. What kind a span is, is
`spans.py`'s to say; this module pairs the tokens and collects the changes.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from gitmem.consistency.features import TextFeatures
from gitmem.consistency.lexicon import Lexicon
from gitmem.consistency.polarity import content_stems
from gitmem.consistency.spans import STRADDLE, span_kind, straddles
from gitmem.consistency.text import Token


@dataclass(frozen=True)
class Change:
    kind: str  # function synonym quantifier negation antonym polarity exclusive number bound
    # case insert unknown
    a: str
    b: str
    words_a: frozenset[str] = frozenset()  # content stems of the span on each side
    words_b: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Alignment:
    changes: tuple[Change, ...]
    equal_tokens: int  # tokens aligned unchanged (on the shorter side)
    total_tokens: int  # tokens of the longer side

    @property
    def kinds(self) -> Counter[str]:
        return Counter(change.kind for change in self.changes)

    def inserted(self) -> tuple[frozenset[str], frozenset[str]]:
        """Content words only one side has, outside the spans that were matched to each other."""
        only_a: set[str] = set()
        only_b: set[str] = set()
        for change in self.changes:
            if change.kind == "insert":
                only_a |= change.words_a
                only_b |= change.words_b
        return frozenset(only_a - only_b), frozenset(only_b - only_a)

    @property
    def equal_ratio(self) -> float:
        return self.equal_tokens / self.total_tokens if self.total_tokens else 1.0


def _is_code_like(raw: str) -> bool:
    """Paths, dotted names and camelCase, where case is part of the name ("/Prod", "getUser")."""
    inner = raw[1:]
    has_separator = any(ch in inner[:-1] for ch in "/._:#\\") or raw[:1] in "/~."
    camel = any(ch.isupper() for ch in inner) and any(ch.islower() for ch in raw)
    return has_separator or camel


def align(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> Alignment:
    """The changes that turn `fa` into `fb`, the same whichever text comes first.

    `difflib` is greedy, so it can pair the tokens of (a, b) otherwise than those of (b, a);
    the pair is always aligned in one order (by text) and mirrored for the other, so no
    verdict depends on which file was read first.
    """
    if fb.text < fa.text:
        return _mirrored(align(fb, fa, lexicon))
    ta, tb, matcher = _best_order(fa, fb)
    changes: list[Change] = []
    equal = 0
    for op, i1, i2, j1, j2 in _straddled(ta, tb, matcher.get_opcodes(), lexicon):
        if op == "equal":
            equal += i2 - i1
            for x, y in zip(ta[i1:i2], tb[j1:j2]):
                if x.raw != y.raw and x.lower == y.lower and (_is_code_like(x.raw) or _is_code_like(y.raw)):
                    changes.append(Change("case", x.raw, y.raw))
            continue
        kind = span_kind(ta, tb, (i1, i2, j1, j2), lexicon)
        changes.append(
            Change(
                kind,
                " ".join(t.raw for t in ta[i1:i2]),
                " ".join(t.raw for t in tb[j1:j2]),
                content_stems(ta[i1:i2], lexicon),
                content_stems(tb[j1:j2], lexicon),
            )
        )
    return Alignment(tuple(changes), equal, max(len(ta), len(tb)))


def _matched(ta: tuple[Token, ...], tb: tuple[Token, ...]) -> difflib.SequenceMatcher[str]:
    return difflib.SequenceMatcher(a=[t.stem for t in ta], b=[t.stem for t in tb], autojunk=False)


def _best_order(
    fa: TextFeatures, fb: TextFeatures
) -> tuple[tuple[Token, ...], tuple[Token, ...], difflib.SequenceMatcher[str]]:
    """The tokens of both texts, a phrase one of them put first ("On Fridays, deploy to
    production") moved to its end when that lines up more words with the other text ("Deploy
    to staging on Fridays"), so a value swapped across the move is still seen in place."""
    ta, tb = fa.tokens, fb.tokens
    best = (ta, tb, _matched(ta, tb))
    if bool(fa.fronted) == bool(fb.fronted):
        return best  # both or neither fronted: the phrases already stand in the same place
    if fa.fronted:
        ta = ta[fa.fronted :] + ta[: fa.fronted]
    else:
        tb = tb[fb.fronted :] + tb[: fb.fronted]
    moved = _matched(ta, tb)
    if _same_tokens(moved) > _same_tokens(best[2]):
        return ta, tb, moved
    return best


def _same_tokens(matcher: difflib.SequenceMatcher[str]) -> int:
    return sum(block.size for block in matcher.get_matching_blocks())


_Opcode = tuple[str, int, int, int, int]


def _straddled(
    ta: tuple[Token, ...], tb: tuple[Token, ...], opcodes: Sequence[_Opcode], lexicon: Lexicon
) -> list[_Opcode]:
    """"with a squash merge" / "with a merge commit": each side adds a word around a shared
    one, and with it names another value of one class. difflib sees two one-sided inserts;
    the three spans are one replaced value."""
    out: list[_Opcode] = []
    at = 0
    while at < len(opcodes):
        window = opcodes[at : at + 3]
        if len(window) == 3 and _one_sided_pair(window):
            first, shared, last = window
            i1, j1 = first[1], first[3]
            i2, j2 = last[2], last[4]
            if shared[2] - shared[1] <= STRADDLE and straddles(ta[i1:i2], tb[j1:j2], lexicon):
                out.append(("replace", i1, i2, j1, j2))
                at += 3
                continue
        out.append(opcodes[at])
        at += 1
    return out


def _one_sided_pair(window: Sequence[_Opcode]) -> bool:
    (op1, *_), (op2, *_), (op3, *_) = window
    return op2 == "equal" and {op1, op3} == {"delete", "insert"}


def _mirrored(alignment: Alignment) -> Alignment:
    changes = tuple(
        Change(c.kind, c.b, c.a, c.words_b, c.words_a) for c in alignment.changes
    )
    return Alignment(changes, alignment.equal_tokens, alignment.total_tokens)

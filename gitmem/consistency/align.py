"""Align two texts token by token and say what kind of change each differing span is.

This is the differing-token analysis both detectors lean on: "timeout = 30" / "timeout = 300" is
one `number` change, "Enable cache" / "Disable cache" one `antonym`, "big" / "large" one `synonym`,
"/Prod" / "/prod" one `case` change, "is" / "is not" one `negation`.
"""

from __future__ import annotations

import difflib
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from gitmem.consistency.features import TextFeatures, content_stems
from gitmem.consistency.lexicon import Lexicon, numeric_value
from gitmem.consistency.quantities import ITEM_LABELS, quantity
from gitmem.consistency.text import Token

# Kinds that change what a text asserts; the rest leave it alone.
OPPOSING = frozenset({"negation", "antonym", "polarity"})
VALUE_CHANGES = frozenset({"exclusive", "number"})
HARMLESS = frozenset({"function", "synonym"})


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


_RESTRICTIVE = frozenset({"only", "just", "solely", "exclusively"})


def _restricts(span: list[Token], other: tuple[Token, ...]) -> bool:
    """`span` says "only" where the other text never does (a moved "only" is no change, and
    "solely" says it too)."""
    return (any(t.lower in _RESTRICTIVE - {"just"} for t in span)
            and not any(t.lower in _RESTRICTIVE for t in other))


def _is_code_like(raw: str) -> bool:
    """Paths, dotted names and camelCase, where case is part of the name ("/Prod", "getUser")."""
    inner = raw[1:]
    has_separator = any(ch in inner[:-1] for ch in "/._:#\\") or raw[:1] in "/~."
    camel = any(ch.isupper() for ch in inner) and any(ch.islower() for ch in raw)
    return has_separator or camel


def _trim(tokens: list[Token], lexicon: Lexicon) -> list[Token]:
    start, end = 0, len(tokens)
    while start < end and tokens[start].stem in lexicon.function_words:
        start += 1
    while end > start and tokens[end - 1].stem in lexicon.function_words:
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
    following = [t.lower for t in tokens[1:]] + [""]
    return sum(
        lexicon.is_negative(t.lower, t.stem) and after not in _NOT_NEGATING
        for t, after in zip(tokens, following)
    )


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


def _spelling_variant(a: list[Token], b: list[Token]) -> bool:
    """"web sites"/"websites", "2.4-GHz"/"2.4 GHz", "organiser"/"organizer"."""
    joined_a = "".join(t.lower for t in a).replace("-", "").replace(".", "")
    joined_b = "".join(t.lower for t in b).replace("-", "").replace(".", "")
    if joined_a == joined_b:
        return True
    if len(a) != 1 or len(b) != 1 or not (joined_a.isalpha() and joined_b.isalpha()):
        return False
    if "." in a[0].raw + b[0].raw:
        return False  # "staging.acme.dev" / "stage.acme.dev" are two hosts, not two spellings
    if min(len(joined_a), len(joined_b)) < 6 or joined_a[:3] != joined_b[:3]:
        return False
    return difflib.SequenceMatcher(a=joined_a, b=joined_b).ratio() >= 0.8


def _related(a: list[Token], b: list[Token], lexicon: Lexicon) -> str | None:
    if not a or not b:
        return None
    number = _numbers(a, b)
    if number is not None:
        return number
    amount = _quantities(a, b)
    if amount is not None:
        return amount
    relation = lexicon.relation(_key(a), _key(b))
    if relation == "same":
        return "synonym"
    if relation == "antonym" and _negative(a, lexicon) != _negative(b, lexicon):
        return "polarity"
    if relation is None and _spelling_variant(a, b):
        return "synonym"
    if relation is None and lexicon.relate_unknown is not None and len(a) == len(b) == 1:
        relation = lexicon.relate_unknown(a[0].lower, b[0].lower)
    return relation


def _stance_free(tokens: list[Token], lexicon: Lexicon) -> list[Token]:
    """`tokens` without the words that only take a positive stance ("use", "prefer")."""
    return [t for t in tokens
            if t.stem not in lexicon.directive_terms or lexicon.is_negative(t.lower, t.stem)]


def _count_free(tokens: list[Token]) -> list[Token]:
    return [t for t in tokens if numeric_value(t.lower) is None]


def _classify(a: list[Token], b: list[Token], lexicon: Lexicon) -> str:
    """The kind of one differing span (`a` and `b` already stripped of edge function words)."""
    if not a and not b:
        return "function"
    related = _related(a, b, lexicon)
    if related is not None:
        return related
    # "Use tabs" / "Prefer spaces": both take a stance for something; the values decide.
    plain_a, plain_b = _stance_free(a, lexicon), _stance_free(b, lexicon)
    if plain_a and plain_b and len(plain_a) < len(a) and len(plain_b) < len(b):
        value = _related(plain_a, plain_b, lexicon)
        if value in VALUE_CHANGES:
            return value
    # "tabs" / "four spaces": a count in front of the value; the values decide.
    bare_a, bare_b = _count_free(a), _count_free(b)
    counted = len(bare_a) + len(bare_b) < len(a) + len(b)
    if bare_a and bare_b and counted and _related(bare_a, bare_b, lexicon) == "exclusive":
        return "exclusive"
    neg_a, neg_b = _negative(a, lexicon), _negative(b, lexicon)
    rest_a = _trim([t for t in a if not _negative([t], lexicon)], lexicon)
    rest_b = _trim([t for t in b if not _negative([t], lexicon)], lexicon)
    if neg_a == neg_b:
        cancelled = _negative_count(a, lexicon) + _negative_count(b, lexicon) > 0
        if cancelled and _classify(rest_a, rest_b, lexicon) in ("function", "synonym", "insert"):
            return "synonym"  # "do not forget to" / "", "never disable" / "enable"
        return "insert" if not a or not b else "unknown"
    # One side is negated: what is left once the negative words are taken out?
    rest_b = _trim([t for t in b if not _negative([t], lexicon)], lexicon)
    if rest_a or rest_b:
        rest = _classify(rest_a, rest_b, lexicon)
        if rest in ("antonym", "polarity"):
            return "synonym"  # "is big" / "is not small": two flips agree
        if rest != "synonym":
            return "unknown" if rest_a and rest_b else "insert"
    positive_side = a if neg_b else b
    directive = any(t.stem in lexicon.directive_terms for t in positive_side)
    return "polarity" if directive else "negation"




def _labels_an_item(tokens: tuple[Token, ...], start: int) -> bool:
    """"Step 1" / "Step 2" name two items; "about 55" / "57" may be one count."""
    before = tokens[start - 1].lower if start > 0 else ""
    return before in ITEM_LABELS or before in APPROXIMATE


def _bounded(tokens: tuple[Token, ...], start: int) -> bool:
    """"at most 20", "under 400", "less than 200": the number is a limit."""
    return start > 0 and tokens[start - 1].lower in _HEDGES - APPROXIMATE


def _span_kind(
    ta: tuple[Token, ...], tb: tuple[Token, ...], box: tuple[int, int, int, int], lexicon: Lexicon
) -> str:
    i1, i2, j1, j2 = box
    raw_a, raw_b = _without_not_only(ta, i1, i2), _without_not_only(tb, j1, j2)
    related = _related(raw_a, raw_b, lexicon)  # before trimming: on/off, with/without
    if related == "number" and (_labels_an_item(ta, i1) or _labels_an_item(tb, j1)):
        return "unknown"
    if related == "number" and (_bounded(ta, i1) or _bounded(tb, j1)):
        return "bound"  # two limits: they clash when nothing else differs (see contradiction)
    if related is not None:
        return related
    kind = _classify(_trim(raw_a, lexicon), _trim(raw_b, lexicon), lexicon)
    if kind == "function" and _negative(raw_a, lexicon) != _negative(raw_b, lexicon):
        return "negation"
    if (kind == "function" and raw_a and raw_b and _quantifiers(raw_a) != _quantifiers(raw_b)
            and not _generic(raw_a, raw_b)):
        return "quantifier"  # all/some, must/may, other/same: small words, different claims
    if kind == "function" and (_restricts(raw_a, tb) or _restricts(raw_b, ta)):
        return "quantifier"  # "Only admins can delete projects" / "Admins can delete projects"
    if kind == "unknown" and i2 < len(ta) and j2 < len(tb) and ta[i2].stem == tb[j2].stem:
        # "living room" / "dining room": the shared next word completes both values.
        extended = _related(raw_a + [ta[i2]], raw_b + [tb[j2]], lexicon)
        if extended in ("exclusive", "antonym"):
            return extended
    if kind == "unknown" and i1 > 0 and j1 > 0 and ta[i1 - 1].stem == tb[j1 - 1].stem:
        # "1 MB" / "1 GB": the shared number before completes both amounts.
        amount = _quantities([ta[i1 - 1], *raw_a], [tb[j1 - 1], *raw_b])
        if amount is not None:
            return amount
    if kind == "unknown":  # "squash merge" / "merge commit": a value and a shared word each
        return _value_swap(raw_a, raw_b, lexicon) or _word_by_word(raw_a, raw_b, lexicon) or kind
    return kind


_WORD_BY_WORD = 3


def _word_by_word(a: list[Token], b: list[Token], lexicon: Lexicon) -> str | None:
    """"PostgreSQL 15" / "Postgres 16", "k8s 1.28" / "Kubernetes 1.29": spans of a few words
    that pair up one to one, each pair the same word or a synonym but one, a value change
    (or none: "Kubernetes 1.29" / "k8s v1.29" say one thing)."""
    if len(a) != len(b) or not 1 < len(a) <= _WORD_BY_WORD:
        return None
    kinds = [_related([x], [y], lexicon) or ("synonym" if x.stem == y.stem else "unknown")
             for x, y in zip(a, b)]
    changed = [k for k in kinds if k != "synonym"]
    if not changed:
        return "synonym"  # "Kubernetes 1.29" / "k8s v1.29"
    if len(changed) == 1 and changed[0] in VALUE_CHANGES:
        return changed[0]
    return None


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
        kind = _span_kind(ta, tb, (i1, i2, j1, j2), lexicon)
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
_STRADDLE = 2  # shared words a two-word value may straddle


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
            if shared[2] - shared[1] <= _STRADDLE and _straddles(ta[i1:i2], tb[j1:j2], lexicon):
                out.append(("replace", i1, i2, j1, j2))
                at += 3
                continue
        out.append(opcodes[at])
        at += 1
    return out


def _one_sided_pair(window: Sequence[_Opcode]) -> bool:
    (op1, *_), (op2, *_), (op3, *_) = window
    return op2 == "equal" and {op1, op3} == {"delete", "insert"}


_SWAPS = ("exclusive", "antonym")


def _straddles(a: tuple[Token, ...], b: tuple[Token, ...], lexicon: Lexicon) -> bool:
    whole = lexicon.relation(_key(list(a)), _key(list(b)))
    return whole in _SWAPS or _value_swap(list(a), list(b), lexicon) is not None


def _value_swap(a: list[Token], b: list[Token], lexicon: Lexicon) -> str | None:
    """"exclusive" or "antonym" when two short spans that share a word at their edge ("squash
    merge" / "merge commit") name two values once that word (or an edge function word) is cut
    off one end of either side; None otherwise."""
    a, b = _trim(a, lexicon), _trim(b, lexicon)
    if not (0 < len(a) <= _STRADDLE + 1 and 0 < len(b) <= _STRADDLE + 1):
        return None
    if not {t.stem for t in a} & {t.stem for t in b}:
        return None  # "defend squares from" / "attack": not one value straddling a shared word
    for x in (a, a[1:], a[:-1]):
        for y in (b, b[1:], b[:-1]):
            if x and y and (x, y) != (a, b):
                relation = lexicon.relation(_key(x), _key(y))
                if relation in _SWAPS:
                    return relation
    return None


def _mirrored(alignment: Alignment) -> Alignment:
    changes = tuple(
        Change(c.kind, c.b, c.a, c.words_b, c.words_a) for c in alignment.changes
    )
    return Alignment(changes, alignment.equal_tokens, alignment.total_tokens)

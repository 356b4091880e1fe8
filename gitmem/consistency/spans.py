"""What kind of change one differing span is: the vocabulary of the alignment (`align.py`).

"30" / "300" is a `number` change, "Enable" / "Disable" an `antonym`, "big" / "large" a
`synonym`, "tabs" / "spaces" an `exclusive` value, "is" / "is not" a `negation`, "all" / "some"
a `quantifier`; a span nothing explains is `unknown`, and one side alone an `insert`. What the
span's words are (hedges, quantifiers, negatives, numbers, amounts, spellings) is read by
`span_words.py`.
"""

from __future__ import annotations

from gitmem.consistency.lexicon import Lexicon, numeric_value
from gitmem.consistency.polarity import WORD_NEGATOR, content_sequence
from gitmem.consistency.quantities import ITEM_LABELS
from gitmem.consistency.span_words import (
    _HEDGES,
    APPROXIMATE,
    _generic,
    _key,
    _negative,
    _negative_count,
    _numbers,
    _positive,
    _quantifiers,
    _quantities,
    _restricts,
    _spelling_variant,
    _trim,
    _without_not_only,
    abbreviates,
)
from gitmem.consistency.text import Token, prefix_negates

# Kinds that change what a text asserts; the rest leave it alone.
OPPOSING = frozenset({"negation", "antonym", "polarity"})
VALUE_CHANGES = frozenset({"exclusive", "number"})
HARMLESS = frozenset({"function", "synonym"})


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
    if relation is None and (_spelling_variant(a, b) or _abbreviation(a, b)):
        return "synonym"
    if relation is None and len(a) == len(b) == 1 and (
            prefix_negates(a[0].lower, b[0].lower) or prefix_negates(b[0].lower, a[0].lower)):
        return "antonym"  # "undocumented" / "documented": the prefix says "not"
    if relation is None and lexicon.relate_unknown is not None and len(a) == len(b) == 1:
        relation = lexicon.relate_unknown(a[0].lower, b[0].lower)
    return relation


def _abbreviation(a: list[Token], b: list[Token]) -> bool:
    """"CDN" / "content delivery network": one side abbreviates the other (`abbreviates`)."""
    if len(a) == 1 and len(b) > 1:
        return abbreviates(a[0].raw, " ".join(t.raw for t in b))
    if len(b) == 1 and len(a) > 1:
        return abbreviates(b[0].raw, " ".join(t.raw for t in a))
    return False


def _stance_free(tokens: list[Token], lexicon: Lexicon) -> list[Token]:
    """`tokens` without the words that only take a positive stance ("use", "prefer")."""
    return [t for t in tokens
            if t.stem not in lexicon.directive_terms or lexicon.negates(t)]


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
    count_a, count_b = _negative_count(a, lexicon), _negative_count(b, lexicon)
    if count_a % 2 == count_b % 2:
        if count_a + count_b and _cancel(_positive(a, lexicon), _positive(b, lexicon), lexicon,
                                         loose=bool(count_a and count_b) or not (a and b)):
            return "synonym"  # "do not forget to" / "", "never disable" / "enable"
        return "insert" if not a or not b else "unknown"
    # One side is negated: what is left once the negative words are taken out?
    rest_a, rest_b = _positive(a, lexicon), _positive(b, lexicon)
    if [t.lower for t in a + b] == [WORD_NEGATOR]:
        return "antonym"  # "non-blocking" / "blocking": the prefix says "not", as "un-" does
    if _denies_one_more(a, b) or _denies_one_more(b, a):
        return "negation"  # "Neither Redis nor" / "": the denial names one more item too
    if rest_a or rest_b:
        rest = _classify(rest_a, rest_b, lexicon)
        if rest in ("antonym", "polarity"):
            return "synonym"  # "is big" / "is not small": two flips agree
        if rest != "synonym":
            return "unknown" if rest_a and rest_b else "insert"
    positive_side = a if count_b % 2 else b
    directive = any(t.stem in lexicon.directive_terms for t in positive_side)
    return "polarity" if directive else "negation"


# Verbs of doing the thing named (as `content_sequence` folds them: "execute", "complete"): what
# a cancelled denial stands for, "never skip the hooks" is "always run the hooks".
_DOING = frozenset({"run", "perform", "execut", "follow", "finish", "apply"})


def _cancel(rest_a: list[Token], rest_b: list[Token], lexicon: Lexicon, loose: bool) -> bool:
    """Whether two spans whose negative words agree in parity say one thing once those words
    are taken out: what is left is the same, or one side adds words. That is `loose` where
    both spans deny ("guard against" / "prevent": the denials answer each other) or one span
    is empty ("do not forget to" / ""); where one span's denials cancel each other against a
    span of other words, that span may add no content word but a verb of doing ("never
    disable" / "enable", "never skip" / "always run"): "no skipping of" / "return to the
    planning" share no word but the cancelled denials."""
    rest = _classify(rest_a, rest_b, lexicon)
    return rest in ("function", "synonym") or (
        rest == "insert" and (loose or set(content_sequence(rest_a + rest_b, lexicon)) <= _DOING))


def _denies_one_more(span: list[Token], other: list[Token]) -> bool:
    """`span` is "neither X nor" and `other` empty: "Neither Redis nor Memcached is allowed"
    denies what "Memcached is allowed" allows, and Redis as well."""
    return not other and len(span) > 2 and span[0].lower == "neither" and span[-1].lower == "nor"


def _labels_an_item(tokens: tuple[Token, ...], start: int) -> bool:
    """"Step 1" / "Step 2" name two items; "about 55" / "57" may be one count."""
    before = tokens[start - 1].lower if start > 0 else ""
    return before in ITEM_LABELS or before in APPROXIMATE


def _bounded(tokens: tuple[Token, ...], start: int) -> bool:
    """"at most 20", "under 400", "less than 200": the number is a limit."""
    return start > 0 and tokens[start - 1].lower in _HEDGES - APPROXIMATE


def span_kind(
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


STRADDLE = 2  # shared words a two-word value may straddle ("squash merge" / "merge commit")
_SWAPS = ("exclusive", "antonym")


def straddles(a: tuple[Token, ...], b: tuple[Token, ...], lexicon: Lexicon) -> bool:
    whole = lexicon.relation(_key(list(a)), _key(list(b)))
    return whole in _SWAPS or _value_swap(list(a), list(b), lexicon) is not None


def _value_swap(a: list[Token], b: list[Token], lexicon: Lexicon) -> str | None:
    """"exclusive" or "antonym" when two short spans that share a word at their edge ("squash
    merge" / "merge commit") name two values once that word (or an edge function word) is cut
    off one end of either side; None otherwise."""
    a, b = _trim(a, lexicon), _trim(b, lexicon)
    if not (0 < len(a) <= STRADDLE + 1 and 0 < len(b) <= STRADDLE + 1):
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



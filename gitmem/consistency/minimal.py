"""Evidence (stage 3): a minimal pair, read from the pair's alignment (stage 2, `align.py`).

The texts differ only by opposing spans (a negation, an antonym, paired stance words such as
always / never, use / avoid) or by one value (PostgreSQL 16 / 14, tabs / spaces, a limit, an
amount), with nothing else swapped. `minimal_pair` says which (signal, confidence); the span
kinds come from `spans.py`.
"""

from __future__ import annotations

from gitmem.consistency.align import Alignment
from gitmem.consistency.features import TextFeatures
from gitmem.consistency.lexicon import Lexicon
from gitmem.consistency.spans import OPPOSING, VALUE_CHANGES


def negated_side(fa: TextFeatures, fb: TextFeatures) -> str | None:
    negative_a = any(c.polarity < 0 for c in fa.clauses)
    negative_b = any(c.polarity < 0 for c in fb.clauses)
    if negative_a == negative_b:
        return None
    return "a" if negative_a else "b"


def denies_all(f: TextFeatures, lexicon: Lexicon) -> bool:
    """Every clause is negated by a negator ("never", "not", "no one"), not just by a negative
    word ("an upset boy")."""
    return bool(f.clauses) and all(
        c.polarity < 0 and any(word.split()[0] in lexicon.negators for word in c.flipped_by)
        for c in f.clauses
    )


def minimal_pair(
    alignment: Alignment, negated_side: str | None, both_deny: bool = False
) -> tuple[str, float] | None:
    """(signal, confidence) when the texts differ only by opposing or value changes.

    A negated side that adds words is a scoped exception, not a contradiction: "Disable the
    cache in tests" / "Enable the cache".
    """
    kinds = alignment.kinds
    if kinds["unknown"] or kinds["case"]:
        return None
    opposing = sum(kinds[k] for k in OPPOSING)
    values = sum(kinds[k] for k in VALUE_CHANGES)
    only_a, only_b = alignment.inserted()
    if only_a and only_b:
        return None  # each side says something the other does not: a different statement
    inserts = len(only_a) + len(only_b)
    if opposing % 2 == 1 and (only_a if negated_side == "a" else only_b if negated_side else None
                              ) and not _denied_too(alignment, negated_side):
        return None
    swaps = {(c.a.lower(), c.b.lower()) for c in alignment.changes if c.kind in VALUE_CHANGES}
    if len(swaps) > 1:
        return None  # "Java: use camelCase" / "Python: use snake_case": one value scopes the other
    if kinds["bound"] and (inserts or opposing or values):
        return None  # "Less than 20 instructions" after a sentence / "Less than 200": other things
    values += kinds["bound"]
    if values and _scoped(alignment):
        return None  # "The retry limit is 3" / "The retry limit for webhooks is 5": an override
    if opposing % 2 == 1 and not values:
        signal = next(c.kind for c in alignment.changes if c.kind in OPPOSING)
        if negated_side is None and opposing == kinds["negation"]:
            return None  # the clauses disagree: "names that don't ..." negates no claim
        base = 0.92
    elif values and opposing == 0:
        if both_deny:
            return None  # "Never commit to production" / "Never commit to staging": both hold
        signal = "slot"
        base = 0.9
    else:
        return None
    confidence = base - 0.03 * max(0, inserts - 1) - 0.15 * (1 - alignment.equal_ratio)
    return signal, confidence


def _denied_too(alignment: Alignment, negated_side: str | None) -> bool:
    """Every phrase the negated side adds is one more item its "neither ... nor" denies
    ("Neither tabs nor spaces matter here" / "Tabs matter here"): no exception, a wider denial."""
    added = [c.a if negated_side == "a" else c.b for c in alignment.changes
             if c.kind == "insert"]
    return bool(added) and all(side.split()[:1] == ["nor"] for side in added if side)


# Words that open a phrase narrowing where a statement holds ("for webhooks", "in tests").
_SCOPE_WORDS = frozenset({
    "for", "in", "on", "during", "when", "while", "within", "inside", "under", "per", "except",
    "unless", "outside", "only",
})


# Words that widen a phrase instead of narrowing it: "in all environments", "in total".
_BROADENING = frozenset({"all", "every", "any", "total", "general", "everywhere", "overall",
                         "always", "whole", "entire"})


def _scoped(alignment: Alignment) -> bool:
    """One side adds a phrase that narrows where it holds, and says more nothing else."""
    added = [c for c in alignment.changes if c.kind == "insert" and (c.words_a or c.words_b)]
    return bool(added) and all(
        (c.a or c.b).split()[0].lower() in _SCOPE_WORDS and not (c.a and c.b)
        and not _BROADENING & set((c.a or c.b).lower().split())
        for c in added
    )

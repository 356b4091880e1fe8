"""Evidence (stage 3): another amount for one purpose, however each claim words it.

"Access tokens expire after 15 minutes" / "Access token lifetime is 1 hour", "Max upload size
is 10 MB" / "Uploads are capped at 100 MB", "Logs are kept for 30 days" / "Log retention is
90 days": two plain claims (`claims.ClaimAnalysis.plain`) that each state one figure of one
kind (a duration, a size, a clock time, a bare count), with different values, about the same
words once the figures, their units and the words that only say what is measured (`measure`
in `data/words.toml`: "limit", "max", "lifetime", "retention", "capped") are set aside, as
`choices.one_purpose` compares them: a word one side shortens is one word ("indent" /
"indentation"), and one side may name one word more that names no scope, qualifies no shared
word and follows no preposition ("Cache entries in Redis live for one hour" / "The Redis cache
TTL is 5 minutes").

Not when a figure is hedged ("about 10 minutes") or a lower bound ("at least 80%", "iOS 15
and above": a floor and a value can both hold), nor when a claim names a versioned tool
(`claims.Value.version`: the version rule speaks for it). The finding is a possible
contradiction (`AMOUNT_CONFIDENCE`, signal `amount`), for review.
"""

from __future__ import annotations

from gitmem.consistency.choices import one_purpose
from gitmem.consistency.features import TextFeatures
from gitmem.consistency.lexicon import Lexicon, numeric_value
from gitmem.consistency.quantities import unit_dimension
from gitmem.consistency.spans import APPROXIMATE

AMOUNT_CONFIDENCE = 0.75
# Words that make a figure a floor, which a value above it satisfies.
_FLOOR = frozenset({"least", "minimum", "min", "above", "over", "more", "beyond", "exceed",
                    "newer", "later", "higher", "plus", "or"})


def _figure(f: TextFeatures) -> tuple[str, float] | tuple[float, ...] | None:
    """The one figure a claim states, when it states exactly one."""
    figures = f.stated_figures
    return next(iter(figures)) if len(figures) == 1 else None


def _purpose(f: TextFeatures, lexicon: Lexicon) -> frozenset[str]:
    words = set()
    for at, word in f.analysis.words:
        lower = f.tokens[at].lower
        if any(ch.isdigit() for ch in lower) or numeric_value(lower) is not None:
            continue
        if unit_dimension(lower) is not None or word in lexicon.measure \
                or f.tokens[at].stem in lexicon.measure:
            continue
        words.add(word)
    return frozenset(words)


def other_amount(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> str | None:
    """The signal ("15 minutes / 1 hour" as figures) when two claims state two amounts of one
    kind for one purpose."""
    a, b = fa.analysis, fb.analysis
    if not (a.plain and b.plain) or fa.topic != fb.topic:
        return None
    if any(v.version for v in (*a.values, *b.values)):
        return None
    x, y = _figure(fa), _figure(fb)
    if x is None or y is None or x == y:
        return None
    if isinstance(x[0], str) != isinstance(y[0], str) or (isinstance(x[0], str) and x[0] != y[0]):
        return None  # a duration against a size, or a count against an amount
    for f in (fa, fb):
        lowered = {t.lower for t in f.tokens}
        if lowered & _FLOOR or lowered & APPROXIMATE:
            return None
    purpose_a, purpose_b = _purpose(fa, lexicon), _purpose(fb, lexicon)
    if not (purpose_a and purpose_b) or not one_purpose(fa, purpose_a, fb, purpose_b, lexicon,
                                                        one_more=True):
        return None
    return f"{_said(x)} / {_said(y)}"


def _said(figure: tuple[str, float] | tuple[float, ...]) -> str:
    return " ".join(f"{v:g}" if isinstance(v, float) else v for v in figure)

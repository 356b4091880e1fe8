"""Stage 3 of judging a pair: do two claims contradict? The verdict, with its signals.

Stage 1 (`features.py`, `claims.py`) read each claim once; stage 2 (`align.py`) aligned the
pair. Here the gates come first (both state rules on one topic, `_comparable`; they agree or
one excepts the other, `clauses.py`), then each line of evidence, all gated on a shared
subject, strongest first:

1. a minimal pair (`minimal.py`): the texts differ only by opposing spans or one value;
2. opposed clauses (`clauses.py`): a negated clause whose whole subject the other affirms;
3. a reversed preference (`stances.py`): "Prefer A over B" / "Prefer B to A";
4. a choice the other claim denies beside its own (`clauses.denied_value`): "Use X" / "Use Y,
   not X";
5. a line that still states a value another reports retired (`retired.py`): "We moved from
   Webpack to Rspack" / "Bundle the app with Webpack";
6. another value for one purpose (`choices.another_value`): two values of a class, two names
   the lexicon lacks or two versions where the claims state a choice (`other_choice`), else
   the same words around one other value or figure (`values.restated_value`: "Use pnpm to
   install packages in the web app" / "The web app installs its packages with npm");
7. another amount for one purpose (`amounts.py`).

Time-scoped evolution ("Since v2.3 the API returns JSON") is not a contradiction; correction
words ("actually", "no longer", "instead of") raise confidence by 0.05.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gitmem.consistency.align import Alignment, align
from gitmem.consistency.amounts import AMOUNT_CONFIDENCE, other_amount
from gitmem.consistency.choices import another_value, open_beside, other_choice
from gitmem.consistency.clauses import (
    DENIED_CONFIDENCE,
    absolute_against_condition,
    agree,
    branches,
    denied_value,
    exception,
    opposed_clauses,
    overrides,
    said_within,
)
from gitmem.consistency.dup_changes import negated_by_prefix
from gitmem.consistency.features import TextFeatures, features
from gitmem.consistency.lexicon import Lexicon, default_lexicon
from gitmem.consistency.minimal import denies_all, minimal_pair, negated_side
from gitmem.consistency.retired import RETIRED_CONFIDENCE, stale_value
from gitmem.consistency.spans import HARMLESS
from gitmem.consistency.stances import REVERSED_CONFIDENCE, reversed_preference, same_preference
from gitmem.consistency.text import jaccard

# Clause evidence needs the two texts to be about the same thing (content Jaccard), and the
# negated clause to be a good part of the affirmative one.
_SUBJECT_OVERLAP = 0.25
# An absolute rule against an absolute one under a condition: a possible contradiction, for
# review (below the 0.86 match band), never as sure as two unconditional rules.
_UNDER_CONDITION = 0.66


@dataclass(frozen=True)
class Contradiction:
    confidence: float  # 0..1
    signals: Mapping[str, Any] = field(default_factory=dict)


def _comparable(fa: TextFeatures, fb: TextFeatures) -> bool:
    """Whether the two texts state rules about one subject at all."""
    if fa.time_scoped != fb.time_scoped or fa.label or fb.label or fa.example or fb.example:
        return False
    if fa.topic and fb.topic and fa.topic != fb.topic:
        return False  # "Java: indent with four spaces" / "JavaScript: indent with two spaces"
    return min(len(fa.tokens), len(fb.tokens)) > 1  # a lone word asserts nothing


def detect_contradiction_features(
    fa: TextFeatures,
    fb: TextFeatures,
    lexicon: Lexicon | None = None,
    alignment: Alignment | None = None,
) -> Contradiction | None:
    """`detect_contradiction` over precomputed features (and alignment, if the caller has one)."""
    lexicon = lexicon or default_lexicon()
    if not _comparable(fa, fb) or agree(fa, fb, lexicon) or said_within(fa, fb):
        return None
    if exception(fa, fb, lexicon) or same_preference(fa, fb) or branches(fa, fb):
        return None
    subject = jaccard(fa.content, fb.content)
    signals: dict[str, Any] = {"subject_overlap": round(subject, 2)}
    confidence = 0.0
    alignment = alignment or align(fa, fb, lexicon)
    minimal = None
    if fa.conditional == fb.conditional:  # "Never cache" / "Cache when it is immutable": scoped
        minimal = minimal_pair(alignment, negated_side(fa, fb), denies_all(fa, lexicon)
                               and denies_all(fb, lexicon))
    if minimal is not None and minimal[0] == "slot" and (
            overrides(fa, fb) or open_beside(fa, fb)):
        # "Webhooks override the default retry limit with 5": scoped, by its word; "The user
        # likes Svelte" / "... likes SolidJS", "Use Memcached for caching too": both hold
        minimal = None
    if minimal is not None:
        signal, confidence = minimal
        changed = [c for c in alignment.changes if c.kind not in HARMLESS and c.kind != "insert"]
        signals[signal] = ", ".join(f"{c.a} / {c.b}" for c in changed)
    if alignment.changes and all(c.kind in HARMLESS for c in alignment.changes):
        return None  # the same sentence in other words ("excluded path" / "excludedPath")
    related = subject >= _SUBJECT_OVERLAP and min(len(fa.tokens), len(fb.tokens)) > 1
    opposed = opposed_clauses(fa, fb, lexicon) if related else None
    if opposed is not None and negated_by_prefix(fa, fb, lexicon):
        opposed = None  # "not blocking" / "non-blocking": the prefix denies what "not" denies
    if opposed is not None and not (fa.conditional or fb.conditional):
        negated, _, overlap = opposed
        clause_confidence = 0.7 + 0.22 * overlap
        signals["negation"] = " ".join(negated.flipped_by)
        confidence = max(confidence, clause_confidence)
    elif opposed is not None and absolute_against_condition(fa, fb, opposed[0]):
        negated, _, overlap = opposed
        signals["negation"] = " ".join(negated.flipped_by)
        signals["unconditional"] = "always / never under a condition"
        confidence = max(confidence, _UNDER_CONDITION + 0.1 * overlap)
    if confidence <= 0.0 and (turned := reversed_preference(fa, fb)) is not None:
        signals["reversed_preference"] = turned  # "Prefer A over B" / "Prefer B to A"
        confidence = REVERSED_CONFIDENCE
    if confidence <= 0.0 and not (fa.conditional or fb.conditional or overrides(fa, fb)):
        if (denied := denied_value(fa, fb)) is not None:
            signals["denied"] = denied  # "Use X" / "Use Y, not X"
            confidence = DENIED_CONFIDENCE
        elif (stale := stale_value(fa, fb)) is not None:
            signals["retired"] = stale  # "We moved from X to Y" / "Use X"
            confidence = RETIRED_CONFIDENCE
        elif (choice := another_value(fa, fb, lexicon)) is not None:
            signals[choice[0]] = choice[1]  # one value each, for one purpose
            confidence = choice[2]
        elif (amount := other_amount(fa, fb, lexicon)) is not None:
            signals["amount"] = amount  # one amount each, for one purpose
            confidence = AMOUNT_CONFIDENCE
    if confidence <= 0.0:
        return None
    corrections = sorted(set(fa.corrections) | set(fb.corrections))
    if corrections:
        signals["correction"] = ", ".join(corrections)
        confidence += 0.05
    return Contradiction(round(min(confidence, 0.99), 3), signals)


def detect_contradiction(a: str, b: str, lexicon: Lexicon | None = None) -> Contradiction | None:
    """A `Contradiction` (confidence 0..1 and the signals that fired) or None."""
    lexicon = lexicon or default_lexicon()
    return detect_contradiction_features(features(a, lexicon), features(b, lexicon), lexicon)


def purpose_evidence(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> bool:
    """Whether evidence that compares what two claims choose for one purpose holds: it needs
    no shared words beyond the purpose ("Payments go through Stripe" / "Use Braintree to
    process payments" share one word in five), so the judge's word-overlap gate
    (`analyze._unrelated`) must not skip the pair."""
    return (reversed_preference(fa, fb) is not None or stale_value(fa, fb) is not None
            or denied_value(fa, fb) is not None
            or other_choice(fa, fb, lexicon) is not None
            or other_amount(fa, fb, lexicon) is not None)

"""Triage before the full judgment of a pair: skip only what the judge would certainly not flag.

`find_pairs` judges every candidate pair; most pairs of a large memory share a few frequent words
and nothing else, and the judge's token alignment (`align.py`) costs most of a pair's time.
`open_sides` answers, from facts each text computes once (`TextFacts`, in `triage_facts.py`)
and a few set operations per pair, which sides of the judge (`analyze._judge`: duplicate,
contradiction) could flag the pair. It may leave a side open that the judge does not flag (then
that side is judged in full); it closes a side only when each way to a finding there is closed,
by the judge's own rules:

Contradiction (`contradiction.detect_contradiction_features`) needs both claims to state rules,
the texts related (`analyze._judge` asks nothing of unrelated texts) and `_comparable`, none of
the gates that turn a pair away before any evidence (`clauses.agree`, `said_within`,
`exception`: all read without the alignment), and one of these lines of evidence:
1. a minimal pair: no `unknown` change in the alignment and not both sides adding words. A
   content word of one text that the other lacks (by stem and canonical stem) and that nothing
   in the lexicon can relate (no synonym, class, antonym, marker or two-word entry, no number,
   unit or clock time, no spelling variant of a word of the other text, no word an abbreviation
   of the other may stand for: "CDN" / "content delivery network") can only sit in an
   `unknown` span or an `insert`, unless negative words cancel around it or a value swap
   (`spans._value_swap`) relates the words beside it. Negatives cancel (`spans._classify`: a
   span negated alike on both sides, "do not forget to" / "") only where the span holds two
   negative words or more, one a side or two on one; one negative word in the two texts flips
   a span, and what is left of it is still `unknown` or an `insert`. So when both texts have
   such a word, the two hold fewer than two negative words and not both name a value, one of
   the two always holds. And a minimal
   pair needs an opposing change (a negative word; an antonym, which is a value phrase) or a
   value change (two members of a class; two numbers or amounts, so both texts state one).
2. opposed clauses: a negated clause against an affirmative one, over shared subject: closed when
   every clause of both texts has one polarity, the content overlap is under 0.25, or
   `clauses.opposed_clauses` itself (no alignment needed) finds no such pair of clauses.
3. another value for one purpose (`choices.another_value`, with its restated value), and the
   rest of the evidence that compares what two claims choose (a reversed preference, another
   amount, a retired or a denied value), need no alignment and are asked themselves.

A new line of evidence in the detectors must be closed here too, or triage would drop its pairs.

A duplicate (`duplicates.score_duplicate_features`) needs the score at the `possible` band:
- a blocker found without the alignment (another value, another number, one side negated,
  crossed roles, another action) caps the score at 0.5, under any band above it;
- otherwise the score is the calibrated mix of signals, and an upper bound of the mix (the
  signals that need no alignment exact, the others at their most favourable; first a looser
  bound from the sizes of the shingle sets and word sequences alone) under the band closes it
  unless every change is harmless, which the inert words of (1) rule out, or the two
  texts name enough of the same concepts to be a paraphrase (`paraphrase.may_paraphrase`).

With a word oracle (`Lexicon.relate_unknown`, WordNet), any two words may relate: (1) and the
harmless case stay open. `tests/consistency/test_triage.py` compares triage on and off.
"""

from __future__ import annotations

from collections.abc import Sequence

from gitmem.consistency.amounts import other_amount
from gitmem.consistency.choices import another_value
from gitmem.consistency.clauses import (
    agree,
    denied_value,
    exception,
    opposed_clauses,
    said_within,
)
from gitmem.consistency.contradiction import _comparable
from gitmem.consistency.duplicates import (
    _WEIGHTS,
    PARAPHRASE_SCORE,
    _calibrated,
    _crossed_roles,
    _different_action,
    _order_similarity,
    _tag_set,
    one_side_negated,
    reports,
)
from gitmem.consistency.features import TextFeatures
from gitmem.consistency.lexicon import Lexicon
from gitmem.consistency.opposites import prefixed_twins
from gitmem.consistency.paraphrase import may_paraphrase
from gitmem.consistency.retired import stale_value
from gitmem.consistency.stances import reversed_preference
from gitmem.consistency.text import jaccard
from gitmem.consistency.triage_facts import TextFacts, _may_swap, _plain
from gitmem.consistency.values import other_numbers, other_values

_BLOCKED_CEILING = 0.5  # duplicates.py: a blocked pair scores at most this
_SUBJECT_OVERLAP = 0.25  # contradiction.py: clause evidence needs this content overlap
def _has_inert_unique(mine: TextFacts, other: TextFacts, other_f: TextFeatures) -> bool:
    """A word of `mine` that the other text lacks and that can relate to none of its words."""
    for stem, canonical, lower in mine.inert:
        if stem in other.stems or canonical in other.stems or _plain(lower) in other.joined:
            continue
        if lower.isalpha() and lower[:3] in other.starts:
            continue  # a single-word spelling variant needs both words alphabetic
        if lower[:1] in other.capitals:
            continue  # a word of an expansion of the other's abbreviation ("CDN")
        return True
    return False


def _raw_upper(fa: TextFeatures, fb: TextFeatures, tags: tuple[Sequence[str], Sequence[str]],
               sizes_only: bool = False) -> float:
    """The most the duplicate score's raw mix can be, from the signals without alignment.
    `sizes_only` bounds it higher still from the sizes alone (no shingle is compared, no common
    subsequence sought): a Jaccard is at most the smaller set's size over the larger's, the
    order's Dice at most twice the shorter sequence over both; rounding keeps each bound."""
    smaller, larger = sorted((len(fa.content), len(fb.content)))
    if sizes_only:
        low, high = sorted((len(fa.shingles), len(fb.shingles)))
        short, total = min(len(fa.content_sequence), len(fb.content_sequence)), len(
            fa.content_sequence) + len(fb.content_sequence)
        char, order = (low / high if high else 1.0), (2 * short / total if total else 1.0)
    else:
        char, order = jaccard(fa.shingles, fb.shingles), _order_similarity(fa, fb)
    known = {"char_jaccard": char, "order": order,
             "length_ratio": smaller / larger if larger else 1.0}
    raw = sum(weight * known[name] if name in known else max(weight, 0.0)
              for name, weight in _WEIGHTS.items())
    ta, tb = _tag_set(tags[0]), _tag_set(tags[1])
    if ta and tb:
        raw = 0.85 * raw + 0.15 * jaccard(ta, tb)
    return raw


def open_sides(
    fa: TextFeatures, fb: TextFeatures, facts_a: TextFacts, facts_b: TextFacts,
    states_rules: tuple[bool, bool], tags: tuple[Sequence[str], Sequence[str]],
    possible: float, lexicon: Lexicon, unrelated: bool = False, sought: bool = True,
) -> tuple[bool, bool]:
    """(duplicate open, contradiction open): a side is closed (False) only when the judge
    certainly finds nothing on it: no duplicate score in the `possible` band, or no
    contradiction evidence at all (`detect_contradiction_features` returns None, so a weak
    contradiction cannot hide a duplicate). `analyze._judge` skips a closed side. Not
    `sought` (no rule of the run reports a contradiction between these texts), the
    contradiction side is closed with the duplicate side: it would only decide that the pair
    is no duplicate, which the closed duplicate side already says."""
    if fa.text == fb.text:
        return True, True
    # a word oracle relates any two words; two sides naming values may swap them around one
    oracle = lexicon.relate_unknown is not None or _may_swap(facts_a.values, facts_b.values,
                                                             lexicon)
    # negative words hide an inert word only where they cancel, which takes two (see above)
    shown = facts_a.negatives + facts_b.negatives < 2
    inert_a = not oracle and _has_inert_unique(facts_a, facts_b, fb)
    inert_b = not oracle and _has_inert_unique(facts_b, facts_a, fa)
    duplicate = _duplicate_open(fa, fb, tags, possible, lexicon, shown and (inert_a or inert_b))
    if not (duplicate or sought):
        return False, False
    return (duplicate,
            _contradiction_open(fa, fb, facts_a, facts_b, states_rules, lexicon, unrelated,
                                shown and inert_a and inert_b))


def _duplicate_open(fa: TextFeatures, fb: TextFeatures,
                    tags: tuple[Sequence[str], Sequence[str]], possible: float,
                    lexicon: Lexicon, harmless_closed: bool) -> bool:
    # open when the score may reach the band and no blocker caps it: the bound first, which
    # closes most pairs without asking for the blockers
    if harmless_closed and not (
            _calibrated(_raw_upper(fa, fb, tags, sizes_only=True)) >= possible - 0.002 - 1e-9
            and _calibrated(_raw_upper(fa, fb, tags)) >= possible - 0.002
            or possible <= PARAPHRASE_SCORE and may_paraphrase(fa, fb, lexicon)
            or reports(fa, fb, lexicon)):
        return False
    return not (possible > _BLOCKED_CEILING and (
        other_values(fa, fb, lexicon) or other_numbers(fa, fb)
        or one_side_negated(fa, fb, lexicon)
        or _crossed_roles(fa, fb) or _different_action(fa, fb, lexicon)))


def _contradiction_open(fa: TextFeatures, fb: TextFeatures, facts_a: TextFacts,
                        facts_b: TextFacts, states_rules: tuple[bool, bool], lexicon: Lexicon,
                        unrelated: bool, both_inert: bool) -> bool:
    # `analyze._judge` asks for none between unrelated texts, and the detector returns None
    # before any evidence when the texts agree, one is said within the other or one excepts
    # the other (all read without the alignment)
    if not (states_rules[0] and states_rules[1]) or unrelated or not _comparable(fa, fb):
        return False
    return _evidence_open(fa, fb, facts_a, facts_b, lexicon, both_inert) and not (
        agree(fa, fb, lexicon) or said_within(fa, fb) or exception(fa, fb, lexicon))


def _evidence_open(fa: TextFeatures, fb: TextFeatures, facts_a: TextFacts, facts_b: TextFacts,
                   lexicon: Lexicon, both_inert: bool) -> bool:
    """Whether a line of evidence may hold; asked before the gates (`agree`, `said_within`,
    `exception`), which most pairs need not ask: the side is open only when both allow it."""
    # a minimal pair needs an opposing change (a negative word, an antonym) or a value change
    # (two values of a class, two numbers), and no unknown change nor words added on both sides
    no_negative = not (facts_a.negatives or facts_b.negatives)
    minimal_closed = fa.conditional != fb.conditional or (both_inert or no_negative and not (
        lexicon.relate_unknown is not None or (facts_a.numeric and facts_b.numeric)
        or _may_swap(facts_a.all_values, facts_b.all_values, lexicon))
    ) and not prefixed_twins(fa, fb)  # "undocumented" / "documented" align as an antonym
    if not minimal_closed:
        return True
    if not (len(facts_a.polarities | facts_b.polarities) < 2
            or jaccard(fa.content, fb.content) < _SUBJECT_OVERLAP
            or min(len(fa.tokens), len(fb.tokens)) <= 1
            or opposed_clauses(fa, fb, lexicon) is None):
        return True
    # what two claims choose: each asked itself, none needs the alignment
    return not (another_value(fa, fb, lexicon) is None
                and reversed_preference(fa, fb) is None
                and other_amount(fa, fb, lexicon) is None
                and stale_value(fa, fb) is None
                and denied_value(fa, fb) is None)

"""Triage before the full judgment of a pair: skip only what the judge would certainly not flag.

`find_pairs` judges every candidate pair; most pairs of a large memory share a few frequent words
and nothing else, and the judge's token alignment (`align.py`) costs most of a pair's time.
`certainly_unflagged` answers, from facts each text computes once (`TextFacts`) and a few set
operations per pair, whether the judge (`analyze._judge`) would return None. It may say False
for a pair the judge does not flag (then the pair is judged in full); it says True only when each
way to a finding is closed, by the judge's own rules:

Contradiction (`contradiction.detect_contradiction_features`) needs both claims to state rules,
both texts `_comparable`, and one of three lines of evidence:
1. a minimal pair: no `unknown` change in the alignment and not both sides adding words. A
   content word of one text that the other lacks (by stem and canonical stem) and that nothing
   in the lexicon can relate (no synonym, class, antonym, marker or two-word entry, no number,
   unit or clock time, no spelling variant of a word of the other text) can only sit in an
   `unknown` span or an `insert`, unless a negative word cancels around it or a value swap
   (`spans._value_swap`) relates the words beside it. When both texts have such a word, neither
   has a negative word and not both name a value, one of the two always holds. And a minimal
   pair needs an opposing change (a negative word; an antonym, which is a value phrase) or a
   value change (two members of a class; two numbers or amounts, so both texts state one).
2. opposed clauses: a negated clause against an affirmative one, over shared subject: closed when
   every clause of both texts has one polarity, or the content overlap is under 0.25.
3. a restated value: `values.restated_value` itself, which needs no alignment;
4. two names for one purpose (`slots.unknown_slot`): needs both texts plain (affirmed, no
   condition, no code) and, in each, a token written as a name or a stated choice; another
   value for one purpose (`slots.other_choice`) needs no alignment and is asked itself.

A new line of evidence in the detectors must be closed here too, or triage would drop its pairs.

A duplicate (`duplicates.score_duplicate_features`) needs the score at the `possible` band:
- a blocker found without the alignment (another value, another number, one side negated,
  crossed roles, another action) caps the score at 0.5, under any band above it;
- otherwise the score is the calibrated mix of signals, and an upper bound of the mix (the
  signals that need no alignment exact, the others at their most favourable) under the band
  closes it unless every change is harmless, which the inert words of (1) rule out, or the two
  texts name enough of the same concepts to be a paraphrase (`paraphrase.may_paraphrase`).

With a word oracle (`Lexicon.relate_unknown`, WordNet), any two words may relate: (1) and the
harmless case stay open. `tests/consistency/test_triage.py` compares triage on and off.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gitmem.consistency.amounts import other_amount
from gitmem.consistency.contradiction import _comparable
from gitmem.consistency.duplicates import (
    PARAPHRASE_SCORE,
    _WEIGHTS,
    _calibrated,
    _crossed_roles,
    _different_action,
    _order_similarity,
    _tag_set,
)
from gitmem.consistency.features import TextFeatures
from gitmem.consistency.lexicon import Lexicon, numeric_value
from gitmem.consistency.paraphrase import may_paraphrase
from gitmem.consistency.quantities import _clock, quantity, unit_dimension
from gitmem.consistency.slots import _choice, _name_like, other_choice
from gitmem.consistency.slots import _plain as _plain_slot
from gitmem.consistency.spans import _HEDGES
from gitmem.consistency.stances import reversed_preference
from gitmem.consistency.text import jaccard
from gitmem.consistency.values import other_numbers, other_values, restated_value

_BLOCKED_CEILING = 0.5  # duplicates.py: a blocked pair scores at most this
_SUBJECT_OVERLAP = 0.25  # contradiction.py: clause evidence needs this content overlap
_MERIDIEM = frozenset({"am", "pm", "a.m", "p.m", "a.m.", "p.m."})


@dataclass(frozen=True)
class TextFacts:
    """What triage needs of one text, computed once per text."""

    negative: bool  # a negator or a negative term anywhere
    polarities: frozenset[int]
    stems: frozenset[str]  # stems and canonical stems of every token
    joined: str  # the lowercased tokens run together, without "-" and "."
    # phrases of one to three stems that name a class member or an antonym (not a lone
    # function word: `spans._value_swap` trims those off the spans it relates)
    values: frozenset[str]
    all_values: frozenset[str]  # the same with lone function words ("on" / "off" are antonyms)
    numeric: bool  # a number, a unit, a period or a clock time: the makings of an amount
    slot: bool  # may name a tool for a purpose (`slots.unknown_slot`): plain, with a name
    inert: tuple[tuple[str, str, str], ...]  # (stem, canonical stem, lower) of inert words


@dataclass
class _Words:
    """What triage knows of a lexicon, and of each word it met, computed once."""

    lexicon: Lexicon  # held, so its id is not reused while this lives
    related: frozenset[str]
    values: frozenset[str]
    longest: int  # words in the longest value phrase
    may_relate: dict[tuple[str, str], bool]
    numeric: dict[str, bool]
    swaps: dict[tuple[frozenset[str], frozenset[str]], bool]  # `_may_swap`, once per pair of sets


_WORDS: dict[int, _Words] = {}


def _lexicon_words(lexicon: Lexicon) -> _Words:
    known = _WORDS.get(id(lexicon))
    if known is None or known.lexicon is not lexicon:
        if len(_WORDS) > 8:
            _WORDS.clear()
        values = _value_words(lexicon)
        longest = max((phrase.count(" ") + 1 for phrase in values), default=1)
        known = _WORDS[id(lexicon)] = _Words(lexicon, _related_words(lexicon), values,
                                             max(longest, 3), {}, {}, {})
    return known


def _related_words(lexicon: Lexicon) -> frozenset[str]:
    """Every word the lexicon names in a relation: synonyms, classes, antonyms, markers."""
    words: set[str] = set()
    phrases = [*lexicon.canonical, *lexicon.canonical.values(), *lexicon.classes,
               *lexicon.synonym_pairs, *(p for pair in lexicon.antonym_pairs for p in pair),
               *lexicon.time_scope, *lexicon.correction, *lexicon.marker_words]
    for phrase in phrases:
        words.update(phrase.split())
    return frozenset(words)


def _value_words(lexicon: Lexicon) -> frozenset[str]:
    """The phrases of class members and antonyms, and those the lexicon folds into one."""
    phrases = {*lexicon.classes, *(p for pair in lexicon.antonym_pairs for p in pair)}
    phrases |= {key for key, value in lexicon.canonical.items() if value in phrases}
    return frozenset(phrases)


def _value_phrases(f: TextFeatures, lexicon: Lexicon, known: frozenset[str], longest: int
                   ) -> frozenset[str]:
    stems = [t.stem for t in f.tokens]
    found = set()
    for size in range(1, longest + 1):
        for at in range(len(stems) - size + 1):
            phrase = " ".join(stems[at:at + size])
            if phrase in known or lexicon.canon(phrase) in known:
                found.add(phrase)
    return frozenset(found)


def _may_swap(values_a: frozenset[str], values_b: frozenset[str], lexicon: Lexicon) -> bool:
    """Whether a value of one text is another value, or the antonym, of one of the other's."""
    if not values_a or not values_b:
        return False
    memo = _lexicon_words(lexicon).swaps
    found = memo.get((values_a, values_b))
    if found is None:
        if len(memo) > 200_000:
            memo.clear()
        found = memo[values_a, values_b] = any(
            lexicon.relation(x, y) in ("exclusive", "antonym") for x in values_a for y in values_b)
    return found


def _plain(word: str) -> str:
    return word.replace("-", "").replace(".", "")


def _may_relate(lower: str, stem: str, lexicon: Lexicon, related: frozenset[str]) -> bool:
    """Whether a word could be anything but an unknown word to the span classifier."""
    if (stem in lexicon.non_content or stem in lexicon.function_words
            or stem in lexicon.directive_terms or lexicon.is_negative(lower, stem)
            or stem in related or lexicon.canon(stem) in related or lower in related):
        return True
    if lower in _HEDGES or lower in _MERIDIEM or numeric_value(lower) is not None:
        return True
    return (unit_dimension(lower) is not None or quantity([lower]) is not None
            or quantity(["1", lower]) is not None or _clock([lower]) is not None
            or not _plain(lower))


def _numeric(lower: str) -> bool:
    return (any(ch.isdigit() for ch in lower) or numeric_value(lower) is not None
            or unit_dimension(lower) is not None or quantity([lower]) is not None
            or quantity(["1", lower]) is not None or _clock([lower]) is not None)


def text_facts(f: TextFeatures, lexicon: Lexicon) -> TextFacts:
    words = _lexicon_words(lexicon)
    inert = []
    for t in f.tokens:
        relates = words.may_relate.get((t.lower, t.stem))
        if relates is None:
            relates = words.may_relate[t.lower, t.stem] = _may_relate(t.lower, t.stem, lexicon,
                                                                      words.related)
        if not relates:
            inert.append((t.stem, lexicon.canon(t.stem), t.lower))
    all_values = _value_phrases(f, lexicon, words.values, words.longest)
    numeric = False
    for t in f.tokens:
        amount = words.numeric.get(t.lower)
        if amount is None:
            amount = words.numeric[t.lower] = _numeric(t.lower)
        numeric = numeric or amount
    return TextFacts(
        negative=any(lexicon.is_negative(t.lower, t.stem) for t in f.tokens),
        polarities=frozenset(c.polarity for c in f.clauses),
        stems=frozenset(s for t in f.tokens for s in (t.stem, lexicon.canon(t.stem))),
        joined="".join(_plain(t.lower) for t in f.tokens),
        values=frozenset(p for p in all_values if p not in lexicon.function_words),
        all_values=all_values,
        numeric=numeric,
        slot=_plain_slot(f, lexicon) and (
            _choice(f, lexicon) is not None
            or any(_name_like(t, n == 0, lexicon) for n, t in enumerate(f.tokens))),
        inert=tuple(inert),
    )


def _alpha_starts(facts: TextFacts, f: TextFeatures) -> frozenset[str]:
    return frozenset(t.lower[:3] for t in f.tokens if t.lower.isalpha())


def _has_inert_unique(mine: TextFacts, other: TextFacts, other_f: TextFeatures) -> bool:
    """A word of `mine` that the other text lacks and that can relate to none of its words."""
    starts = None
    for stem, canonical, lower in mine.inert:
        if stem in other.stems or canonical in other.stems or _plain(lower) in other.joined:
            continue
        if lower.isalpha():  # a single-word spelling variant needs both words alphabetic
            starts = _alpha_starts(other, other_f) if starts is None else starts
            if lower[:3] in starts:
                continue
        return True
    return False


def _raw_upper(fa: TextFeatures, fb: TextFeatures, tags: tuple[Sequence[str], Sequence[str]]
               ) -> float:
    """The most the duplicate score's raw mix can be, from the signals without alignment."""
    smaller, larger = sorted((len(fa.content), len(fb.content)))
    known = {"char_jaccard": jaccard(fa.shingles, fb.shingles),
             "order": _order_similarity(fa, fb),
             "length_ratio": smaller / larger if larger else 1.0}
    raw = sum(weight * known[name] if name in known else max(weight, 0.0)
              for name, weight in _WEIGHTS.items())
    ta, tb = _tag_set(tags[0]), _tag_set(tags[1])
    if ta and tb:
        raw = 0.85 * raw + 0.15 * jaccard(ta, tb)
    return raw


def certainly_unflagged(
    fa: TextFeatures, fb: TextFeatures, facts_a: TextFacts, facts_b: TextFacts,
    states_rules: tuple[bool, bool], tags: tuple[Sequence[str], Sequence[str]],
    possible: float, lexicon: Lexicon,
) -> bool:
    """True only when `analyze._judge` would flag nothing for this pair (see the module doc)."""
    if fa.text == fb.text:
        return False
    # a word oracle relates any two words; two sides naming values may swap them around one
    oracle = lexicon.relate_unknown is not None or _may_swap(facts_a.values, facts_b.values,
                                                             lexicon)
    no_negative = not (facts_a.negative or facts_b.negative)
    inert_a = not oracle and _has_inert_unique(facts_a, facts_b, fb)
    inert_b = not oracle and _has_inert_unique(facts_b, facts_a, fa)
    # a duplicate
    blocked = possible > _BLOCKED_CEILING and (
        other_values(fa, fb, lexicon) or other_numbers(fa, fb)
        or any(c.polarity < 0 for c in fa.clauses) != any(c.polarity < 0 for c in fb.clauses)
        or _crossed_roles(fa, fb) or _different_action(fa, fb, lexicon))
    if not blocked:
        harmless_closed = no_negative and (inert_a or inert_b)
        if (not harmless_closed or _calibrated(_raw_upper(fa, fb, tags)) >= possible - 0.002
                or possible <= PARAPHRASE_SCORE and may_paraphrase(fa, fb, lexicon)):
            return False
    # a contradiction
    if not (states_rules[0] and states_rules[1]) or not _comparable(fa, fb):
        return True
    # a minimal pair needs an opposing change (a negative word, an antonym) or a value change
    # (two values of a class, two numbers), and no unknown change nor words added on both sides
    minimal_closed = fa.conditional != fb.conditional or no_negative and (
        (inert_a and inert_b) or not (
            lexicon.relate_unknown is not None or (facts_a.numeric and facts_b.numeric)
            or _may_swap(facts_a.all_values, facts_b.all_values, lexicon)))
    clauses_closed = (len(facts_a.polarities | facts_b.polarities) < 2
                      or jaccard(fa.content, fb.content) < _SUBJECT_OVERLAP
                      or min(len(fa.tokens), len(fb.tokens)) <= 1)
    restated_closed = (fa.conditional or fb.conditional
                       or restated_value(fa, fb, lexicon) is None)
    # two names for one purpose: both texts plain, and a name in each (in place, one span of
    # names each) or a stated choice in each ("Use X as the P")
    slot_closed = not (facts_a.slot and facts_b.slot) or fa.topic != fb.topic
    slot_closed = slot_closed and other_choice(fa, fb, lexicon) is None
    slot_closed = slot_closed and reversed_preference(fa, fb) is None
    slot_closed = slot_closed and other_amount(fa, fb, lexicon) is None
    return minimal_closed and clauses_closed and restated_closed and slot_closed

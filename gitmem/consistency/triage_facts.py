"""What triage (`triage.py`) knows of one text, computed once per text, and of the lexicon.

`text_facts` reads a text's features into `TextFacts`: how many negative words, clause polarities,
stems, value phrases, figures, and its inert words (words nothing in the lexicon can relate:
no synonym, class, antonym, marker, number, unit or clock time). `_may_swap` says whether two texts' value phrases can be two values of one class
or antonyms, asking the lexicon once per pair of value sets that share a class or both hold
half of an antonym pair (what each set holds is read once per set).
"""

from __future__ import annotations

from dataclasses import dataclass

from gitmem.consistency.features import TextFeatures
from gitmem.consistency.lexicon import Lexicon, numeric_value
from gitmem.consistency.per_lexicon import per_lexicon
from gitmem.consistency.per_text import forget_after_run
from gitmem.consistency.quantities import _clock, quantity, unit_dimension
from gitmem.consistency.spans import _HEDGES

_MERIDIEM = frozenset({"am", "pm", "a.m", "p.m", "a.m.", "p.m."})


@dataclass(frozen=True)
class TextFacts:
    """What triage needs of one text, computed once per text."""

    negatives: int  # negators and negative terms ("not", "never", "avoid"), as tokens
    polarities: frozenset[int]
    stems: frozenset[str]  # stems and canonical stems of every token
    joined: str  # the lowercased tokens run together, without "-" and "."
    # phrases of one to three stems that name a class member or an antonym (not a lone
    # function word: `spans._value_swap` trims those off the spans it relates)
    values: frozenset[str]
    all_values: frozenset[str]  # the same with lone function words ("on" / "off" are antonyms)
    numeric: bool  # a number, a unit, a period or a clock time: the makings of an amount
    inert: tuple[tuple[str, str, str], ...]  # (stem, canonical stem, lower) of inert words
    starts: frozenset[str]  # the first three letters of its alphabetic words
    # the letters of its words in capitals ("CDN"): each may begin a word of an expansion
    # ("content delivery network", `span_words.abbreviates`), so such words are not inert
    capitals: frozenset[str] = frozenset()


@dataclass
class _Words:
    """What triage knows of a lexicon, and of each word it met, computed once."""

    related: frozenset[str]
    values: frozenset[str]
    longest: int  # words in the longest value phrase
    may_relate: dict[tuple[str, str], bool]
    numeric: dict[str, bool]
    swaps: dict[tuple[frozenset[str], frozenset[str]], bool]  # `_may_swap`, once per pair of sets
    # of one text's value set: its values' classes, and whether one may be half of an antonym
    kinds: dict[frozenset[str], tuple[frozenset[str], bool]]


@per_lexicon
def _lexicon_words(lexicon: Lexicon) -> _Words:
    values = _value_words(lexicon)
    longest = max((phrase.count(" ") + 1 for phrase in values), default=1)
    return _Words(_related_words(lexicon), values, max(longest, 3), {}, {}, {}, {})


# texts' value sets, and pairs of them, are a run's; the words a lexicon relates are kept
def _forget(words: _Words) -> None:
    words.swaps.clear()
    words.kinds.clear()


forget_after_run(lambda: [_forget(words) for words in _lexicon_words.derived()])  # type: ignore[attr-defined]


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
    words = _lexicon_words(lexicon)
    # `relation` says "exclusive" only of two phrases with a class in common (theirs or their
    # canonical forms'), "antonym" only of two phrases of antonym pairs: most pairs of sets
    # have neither, known from each set alone
    classes_a, antonym_a = _kinds(values_a, lexicon, words)
    classes_b, antonym_b = _kinds(values_b, lexicon, words)
    if classes_a.isdisjoint(classes_b) and not (antonym_a and antonym_b):
        return False
    memo = words.swaps
    found = memo.get((values_a, values_b))
    if found is None:
        if len(memo) > 200_000:
            memo.clear()
        found = memo[values_a, values_b] = any(
            lexicon.relation(x, y) in ("exclusive", "antonym") for x in values_a for y in values_b)
    return found


def _kinds(values: frozenset[str], lexicon: Lexicon, words: _Words
           ) -> tuple[frozenset[str], bool]:
    """The classes of a set of value phrases (each phrase's and its canonical form's), and
    whether one of them, or its canonical form, is a phrase of an antonym pair."""
    found = words.kinds.get(values)
    if found is None:
        if len(words.kinds) > 200_000:
            words.kinds.clear()
        classes, antonyms = lexicon.classes, lexicon.antonym_words
        found = words.kinds[values] = (
            frozenset(name for x in values for key in (x, lexicon.canon(x))
                      for name in classes.get(key, ())),
            any(x in antonyms or lexicon.canon(x) in antonyms for x in values))
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
    capitals = frozenset(ch for t in f.tokens if _capitals(t.raw) for ch in t.lower)
    for t in f.tokens:
        if _capitals(t.raw):
            continue  # an abbreviation may stand for words of the other text
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
        negatives=sum(lexicon.negates(t) for t in f.tokens),
        polarities=frozenset(c.polarity for c in f.clauses),
        stems=frozenset(s for t in f.tokens for s in (t.stem, lexicon.canon(t.stem))),
        joined="".join(_plain(t.lower) for t in f.tokens),
        values=frozenset(p for p in all_values if p not in lexicon.function_words),
        all_values=all_values,
        numeric=numeric,
        inert=tuple(inert),
        starts=frozenset(t.lower[:3] for t in f.tokens if t.lower.isalpha()),
        capitals=capitals,
    )


def _capitals(raw: str) -> bool:
    """A word of three to six capitals: it may abbreviate words ("CDN", "UTC")."""
    return 3 <= len(raw) <= 6 and raw.isalpha() and raw.isupper()

"""Lookups over the vocabulary (`vocabulary.py`, data/*.toml): every key is a phrase of stems
("live room", "far from").

`default_lexicon()` builds one immutable `Lexicon` and caches it; detectors take a `Lexicon`
argument so tests (or an optional WordNet adapter) can pass another.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from gitmem.consistency import vocabulary
from gitmem.consistency.text import PlainToken, Token, tokenize

_ORDINAL_SUFFIX = re.compile(r"^(\d+)(?:st|nd|rd|th)$")
_VERSION = re.compile(r"^v?(\d+(?:\.\d+)*)$")
_NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]
_ORDINAL_WORDS = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth"]
_TENS = {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90, "hundred": 100, "thousand": 1000, "million": 10**6, "dozen": 12}
_TENS_ORDINAL = {"thirtieth": 30, "fortieth": 40, "fiftieth": 50, "hundredth": 100}


def phrase_key(phrase: str) -> str:
    """The lookup key of a vocabulary entry or a span of text: stems joined by spaces."""
    return " ".join(token.stem for token in tokenize(phrase.replace("~", " ").lower()))


def _trimmed(key: str, function_words: frozenset[str]) -> str:
    """A multi-word key without function words at its edges ("far away from" -> "far away")."""
    words = key.split()
    while len(words) > 1 and words[-1] in function_words:
        words.pop()
    while len(words) > 1 and words[0] in function_words:
        words.pop(0)
    return " ".join(words)


# Classes whose members are counted, not named: numbers have their own tests.
_COUNTED_CLASSES = frozenset({"number_word"})


@dataclass(frozen=True)
class Lexicon:
    function_words: frozenset[str]
    negators: frozenset[str]
    negative_terms: frozenset[str]
    directive_terms: frozenset[str]
    canonical: Mapping[str, str]
    antonym_pairs: frozenset[frozenset[str]]
    classes: Mapping[str, frozenset[str]]
    hyponyms: Mapping[str, frozenset[str]]  # "person" -> {"man", "woman", ...}
    time_scope: frozenset[str]
    correction: frozenset[str]
    non_content: frozenset[str] = frozenset()  # function, directive and negative terms
    marker_starts: frozenset[str] = frozenset()  # first stems of time-scope/correction markers
    marker_words: frozenset[str] = frozenset()  # every stem of those markers ("no longer")
    # the first words, as written, of the two-word class members ("living" of "living room")
    pair_starts: frozenset[str] = frozenset()
    # two-word synonyms, either side ("pull request", "env var"): the key of each is `canon`
    synonym_pairs: frozenset[str] = frozenset()
    synonym_pair_starts: frozenset[str] = frozenset()  # their first stems ("pull", "env")
    # synonyms read from an entry of several words cut to one ("turn" of "turn off", "check" of
    # "check in"): alone, the word may mean anything else ("turns out"): `paraphrase.py`
    trimmed: frozenset[str] = frozenset()
    # words that put two values side by side ("also", "or", "as well"): `choices.py`
    compatible: frozenset[str] = frozenset()
    # words that name no purpose ("handled", "written", "framework"): `claims.py`
    light: frozenset[str] = frozenset()
    # predicates that hold for many values at once ("likes", "supports"): `claims.py`
    inclusive: frozenset[str] = frozenset()
    # verbs that only say a thing is there ("add", "contain"): `contradiction.py`
    presence: frozenset[str] = frozenset()
    # words that only say what is measured ("limit", "lifetime"): `amounts.py`
    measure: frozenset[str] = frozenset()
    # words that name where a rule holds ("tests", "dev", "mobile"): `choices.py`
    scope: frozenset[str] = frozenset()
    # the words of class members and antonyms as written, lowercased ("site" is no "sit")
    surfaces: frozenset[str] = frozenset()
    # An optional oracle for single words the lists do not know (called with lowercased words,
    # not stems): "synonym", "antonym", "exclusive" or None. `wordnet.py` plugs in here.
    relate_unknown: Callable[[str, str], str | None] | None = field(default=None, compare=False)

    def canon(self, key: str) -> str:
        return self.canonical.get(key, key)

    def relation(self, a: str, b: str) -> str | None:
        """How two stem phrases relate: "same", "synonym", "antonym", "exclusive" or None."""
        if a == b:
            return "same"
        ca, cb = self.canon(a), self.canon(b)
        if ca == cb:
            return "synonym"
        if frozenset((ca, cb)) in self.antonym_pairs or frozenset((a, b)) in self.antonym_pairs:
            return "antonym"
        shared = (self.classes.get(a, frozenset()) | self.classes.get(ca, frozenset())) & (
            self.classes.get(b, frozenset()) | self.classes.get(cb, frozenset())
        )
        if shared and not _one_contains_other(a, b):
            return "exclusive"
        return None

    @functools.cached_property
    def antonym_words(self) -> frozenset[str]:
        """Every phrase of an antonym pair: `relation` says "antonym" only of two phrases that
        are, or whose canonical forms are, both among them."""
        return frozenset(phrase for pair in self.antonym_pairs for phrase in pair)

    def any_antonym(self, xs: Iterable[str], ys: Iterable[str]) -> bool:
        """Whether `relation(x, y)` is "antonym" for an x of `xs` and a y of `ys`, asked only
        of the phrases that may be one (`antonym_words`)."""
        words = self.antonym_words
        xs = [x for x in xs if x in words or self.canon(x) in words]
        if not xs:
            return False
        ys = [y for y in ys if y in words or self.canon(y) in words]
        return any(self.relation(x, y) == "antonym" for x in xs for y in ys)

    def named(self, stems: Sequence[str]) -> dict[str, frozenset[str]]:
        """The members of exclusive classes among `stems` (a text's, in order), one- and
        two-word, by class; counted classes (number words) left out."""
        named: dict[str, set[str]] = {}
        for i, first in enumerate(stems):
            keys = [first, f"{first} {stems[i + 1]}"] if i + 1 < len(stems) else [first]
            for key in keys:
                for name in self.classes.get(key, ()):
                    if name not in _COUNTED_CLASSES:
                        named.setdefault(name, set()).add(key)
        return {name: frozenset(keys) for name, keys in named.items()}

    def is_function_phrase(self, key: str) -> bool:
        return all(word in self.function_words for word in key.split())

    def is_negative(self, lower: str, stem: str) -> bool:
        """A negator ("not", "never") or a negative term ("avoid", "disabled")."""
        return lower in self.negators or stem in self.negative_terms

    def negates(self, token: Token) -> bool:
        """`is_negative`, for a token as its text uses it: a `PlainToken` denies nothing."""
        return not isinstance(token, PlainToken) and self.is_negative(token.lower, token.stem)

    def covered(self, word: str, others: frozenset[str]) -> bool:
        """Is `word` said by `others`, itself or through a narrower word ("person" by "man")?"""
        return word in others or bool(self.hyponyms.get(word, frozenset()) & others)


def _one_contains_other(a: str, b: str) -> bool:
    wa, wb = set(a.split()), set(b.split())
    return wa <= wb or wb <= wa


@functools.cache
def default_lexicon() -> Lexicon:
    """The lexicon of the shipped data files (`vocabulary.shipped`)."""
    return build_lexicon(vocabulary.shipped())


@functools.lru_cache(maxsize=8)
def lexicon_for(extension: vocabulary.Extension | None) -> Lexicon:
    """The shipped lexicon with a repository's `[consistency.lexicon]` entries added."""
    if not extension:
        return default_lexicon()
    return build_lexicon(vocabulary.shipped().extended(extension))


def _keys(entries: Sequence[str], function_words: frozenset[str] = frozenset()) -> list[str]:
    return [_trimmed(phrase_key(entry), function_words) for entry in entries]


def _member_keys(entries: Sequence[str], function_words: frozenset[str]) -> list[str]:
    """`_keys` of a class's members, but a name written with a hyphen keeps every word
    ("release-please" is not "release", "release-it" not "release")."""
    return [phrase_key(entry) if "-" in entry.strip("-") else key
            for entry, key in zip(entries, _keys(entries, function_words))]


def build_lexicon(vocab: vocabulary.Vocabulary) -> Lexicon:
    function_words = frozenset(_keys(vocab.word_list("function")))
    canonical: dict[str, str] = {}
    trimmed: set[str] = set()
    for group in vocab.synonyms:
        words = _keys(group, function_words)
        for word in words[1:]:
            canonical.setdefault(word, words[0])
        trimmed.update(word for entry, word in zip(group, words) if " " in entry
                       and " " not in word)
    antonyms = set()
    for pair in vocab.antonyms:
        keys = _keys(pair, function_words)
        antonyms.add(frozenset(keys))
        # and under the synonyms' main forms: "keep remove" covers "keep" / "delete"
        antonyms.add(frozenset(canonical.get(word, word) for word in keys))
    classes: dict[str, set[str]] = {}
    pair_starts: set[str] = set()
    for name, members in vocab.classes:
        for member in _member_keys(members, function_words):
            classes.setdefault(member, set()).add(name)
        pair_starts.update(m.split()[0].lower() for m in members if len(m.split()) == 2)
    members_of: dict[str, set[str]] = {}
    for member, names in classes.items():
        for name in names:
            members_of.setdefault(name, set()).add(member)
    hyponyms: dict[str, frozenset[str]] = {}
    for word, narrower in vocab.hypernyms:
        covered: set[str] = set()
        for entry in narrower:
            if entry.startswith("class:"):
                covered |= members_of.get(entry[len("class:") :], set())
            else:
                covered.add(phrase_key(entry))
        hyponyms[phrase_key(word)] = frozenset(canonical.get(c, c) for c in covered)
    synonym_pairs = {phrase for entry in canonical.items() for phrase in entry
                     if phrase.count(" ") == 1}
    directive_terms = frozenset(_keys(vocab.word_list("directive")))
    negative_terms = frozenset(_keys(vocab.word_list("negative")))
    time_scope = frozenset(_keys(vocab.word_list("time_scope")))
    correction = frozenset(_keys(vocab.word_list("correction")))
    negators = frozenset(vocab.word_list("negators"))  # matched unstemmed: "noted" is no "not"
    return Lexicon(
        function_words=function_words,
        negators=negators,
        negative_terms=negative_terms,
        directive_terms=directive_terms,
        canonical=canonical,
        antonym_pairs=frozenset(antonyms),
        classes={key: frozenset(names) for key, names in classes.items()},
        hyponyms=hyponyms,
        time_scope=time_scope,
        correction=correction,
        non_content=function_words | directive_terms | negative_terms,
        marker_starts=frozenset(phrase.split()[0] for phrase in time_scope | correction),
        marker_words=frozenset(
            word for phrase in time_scope | correction for word in phrase.split()
        ) - negators,
        pair_starts=frozenset(pair_starts),
        synonym_pairs=frozenset(synonym_pairs),
        synonym_pair_starts=frozenset(pair.split()[0] for pair in synonym_pairs),
        trimmed=frozenset(trimmed),
        compatible=frozenset(_keys(vocab.word_list("compatible"))),
        light=frozenset(_keys(vocab.word_list("light"))),
        inclusive=frozenset(_keys(vocab.word_list("inclusive"))),
        presence=frozenset(_keys(vocab.word_list("presence"))),
        measure=frozenset(_keys(vocab.word_list("measure"))),
        scope=frozenset(_keys(vocab.word_list("scope"))),
        surfaces=frozenset(t.lower for _, members in vocab.classes for m in members
                           for t in tokenize(m)) | frozenset(
            t.lower for pair in vocab.antonyms for m in pair for t in tokenize(m)),
    )


@functools.lru_cache(maxsize=1 << 16)
def numeric_value(word: str) -> tuple[str, tuple[float, ...]] | None:
    """("cardinal"|"ordinal"|"version", value) for 16, 3.11, v2.3, 40th, seven, sixteenth."""
    if word in _NUMBER_WORDS:
        return "cardinal", (float(_NUMBER_WORDS.index(word)),)
    if word in _TENS:
        return "cardinal", (float(_TENS[word]),)
    if word in _ORDINAL_WORDS:
        return "ordinal", (float(_ORDINAL_WORDS.index(word)),)
    if word in _TENS_ORDINAL:
        return "ordinal", (float(_TENS_ORDINAL[word]),)
    match = _ORDINAL_SUFFIX.match(word)
    if match:
        return "ordinal", (float(match.group(1)),)
    match = _VERSION.match(word.replace(",", ""))
    if match:
        parts = tuple(float(p) for p in match.group(1).split("."))
        kind = "version" if word.startswith("v") or len(parts) > 2 else "cardinal"
        return kind, parts
    return None

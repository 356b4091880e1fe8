"""Two texts that set the same things the other way round: a contrast reversed ("Prefer X to
Y" / "Y is preferred over X") and opposites crossed (an antonym of the lexicon, or a word and
its negative-prefixed twin, one on each side). The duplicate check's vetoes (`vetoes.py`) ask
both: such a pair reads alike word for word and says the opposite.
"""

from __future__ import annotations

import re
from itertools import pairwise

from gitmem.consistency.features import TextFeatures
from gitmem.consistency.lexicon import Lexicon, numeric_value
from gitmem.consistency.paraphrase import key_form, shipped, text_concepts
from gitmem.consistency.per_text import per_text
from gitmem.consistency.text import Token, negated_bases, tokenize

# Words that set two things against each other: which of them wins then matters ("Prefer
# f-strings to str.format" / "Use str.format in preference to f-strings").
_CONTRAST = frozenset({"over", "than", "instead", "rather", "vs", "versus"})
_PREFERENCE = frozenset({"prefer", "preferred", "prefers", "preferring", "preference", "favor",
                         "favour", "favored", "favoured", "favors", "favours", "favorite"})
_SKIPPED = frozenset({"of", "in", "is", "are", "be", "being", "was", "were", "what", "the", "a",
                      "an", "to", "using", "use", "used"})
def _side(f: TextFeatures, lexicon: Lexicon, start: int, step: int) -> frozenset[str]:
    """The run of content words from `start` in direction `step`, past the words that join a
    contrast to what it contrasts ("are preferred over", "in preference to"; after it, also
    function words and filler: "rather than going in their own repositories")."""
    tokens, out, i, filler = f.tokens, set(), start, shipped().filler
    while 0 <= i < len(tokens) and not out and (
            tokens[i].lower in _SKIPPED or tokens[i].lower in _PREFERENCE or (
                step > 0 and (  # what is set aside: "rather than going in their own repos"
                    tokens[i].lower in _CONTRAST or tokens[i].stem in lexicon.non_content
                    or key_form(tokens[i].lower, tokens[i].stem, lexicon) in filler))):
        i += step
    while 0 <= i < len(tokens):
        t = tokens[i]
        if (t.stem in lexicon.non_content or t.lower in _SKIPPED or t.lower in _PREFERENCE
                or t.lower in _CONTRAST):
            break
        out.add(key_form(t.lower, t.stem, lexicon))
        i += step
    return frozenset(out)


def _contrasts(tokens: tuple[Token, ...], i: int) -> bool:
    """Whether the word at `i` sets two things against each other: not "less than 2 minutes",
    "over 30 seconds" (amounts), only "rather than", "better than"."""
    word = tokens[i].lower
    if word not in _CONTRAST:
        return False
    if word == "than":
        return i > 0 and tokens[i - 1].lower in ("rather", "better")
    return not (i + 1 < len(tokens) and numeric_value(tokens[i + 1].lower) is not None)


@per_text
def _contrast(f: TextFeatures, lexicon: Lexicon) -> tuple[frozenset[str], frozenset[str]] | None:
    """(what wins, what loses) of a text that sets two things against each other: "X over Y",
    "X rather than Y", "X instead of Y", "prefer X to Y", "X in preference to Y", "X, not Y".
    Of one text alone, so read once per text (`reversed_contrast` asks it of every pair)."""
    tokens = f.tokens
    preferring = False
    for i, t in enumerate(tokens):
        preferring = preferring or t.lower in _PREFERENCE
        if _contrasts(tokens, i) or (t.lower == "to" and preferring):
            won, lost = _side(f, lexicon, i - 1, -1), _side(f, lexicon, i + 1, 1)
            if won and lost:
                return won - lost, lost - won
    return _denied_after(f, lexicon)


# "Update branches by merging main into them, not by rebasing": what follows ", not" (and a
# preposition) is set aside for what stands before the comma.
_COMMA_NOT = re.compile(r",\s+not\s+(?:(?:by|with|through|via|in|on|for|from)\s+)?", re.IGNORECASE)


def _denied_after(f: TextFeatures, lexicon: Lexicon) -> tuple[frozenset[str], frozenset[str]] | None:
    """(what wins, what loses) of "..., not Y": the content words nearest before the comma
    (function words between them and it skipped) against the run of them after "not"."""
    found = _COMMA_NOT.search(f.text)
    if found is None:
        return None
    before = [t for t in tokenize(f.text[:found.start()]) if t.stem not in lexicon.non_content]
    won: set[str] = set()
    for t in reversed(before):
        if t.lower in _SKIPPED or t.lower in _PREFERENCE or t.lower in _CONTRAST:
            break
        won.add(key_form(t.lower, t.stem, lexicon))
        if len(won) == 2:
            break
    lost: set[str] = set()
    for t in tokenize(re.split(r"[,;:.!?]", f.text[found.end():], maxsplit=1)[0]):
        if t.stem in lexicon.non_content or t.lower in _SKIPPED:
            break
        lost.add(key_form(t.lower, t.stem, lexicon))
    if not (won and lost):
        return None
    return frozenset(won) - lost, frozenset(lost) - won


def reversed_contrast(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> bool:
    """"Prefer dataclasses to plain dicts" / "Plain dicts are preferred over dataclasses"; or
    the other text names what one text sets aside and not what it sets first."""
    ca, cb = _contrast(fa, lexicon), _contrast(fb, lexicon)
    if ca is None and cb is None:
        return False
    if ca is None or cb is None:  # "Use gRPC over HTTP/2" / "Internal calls use HTTP/2"
        won, lost = ca or cb or (frozenset(), frozenset())
        other = frozenset(text_concepts(fb if cb is None else fa, lexicon)[0])
        return bool(other & lost and not other & won)
    if ca[0] & cb[0]:
        return False
    return bool(ca[0] & cb[1] or ca[1] & cb[0])


def crossed_opposites(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> bool:
    """An antonym of the lexicon, or a word's negative-prefixed twin, on each side; a word
    "not" turns around is no side of one ("not encrypted" / "unencrypted" say one thing)."""
    if lexicon.any_antonym(fa.content - fb.content - _turned(fa),
                           fb.content - fa.content - _turned(fb)):
        return True
    return prefixed_twins(fa, fb)


def prefixed_twins(fa: TextFeatures, fb: TextFeatures) -> bool:
    """A word of one text is a word of the other with a negative prefix, and neither text has
    both ("The flag is undocumented" / "The flag is documented")."""
    words_a, words_b = _plain_words(fa), _plain_words(fb)
    # a word of one side only, whose base (`text.negated_bases`) is a word of the other only
    return any(base in words_b and base not in words_a and word not in words_b
               for word, base in _twins(fa)) or any(
        base in words_a and base not in words_b and word not in words_a
        for word, base in _twins(fb))


@per_text
def _twins(f: TextFeatures) -> tuple[tuple[str, str], ...]:
    """(word, base) for each word of `_plain_words` written as `base` with a negating prefix."""
    return tuple((word, base) for word in _plain_words(f) for base in negated_bases(word))


def _turned(f: TextFeatures) -> frozenset[str]:
    """The stems of the words right after a "not" ("not encrypted")."""
    tokens = f.tokens
    return frozenset(t.stem for before, t in pairwise(tokens) if before.lower == "not")


@per_text
def _plain_words(f: TextFeatures) -> frozenset[str]:
    """The words of a text, less those a separate "non" / "not" / "un" turns around ("non-
    operative" is "inoperative", not its opposite)."""
    words = [t.lower for t in f.tokens]
    return frozenset(w for i, w in enumerate(words)
                     if not (i and words[i - 1].rstrip("-") in ("non", "not", "un", "in")))

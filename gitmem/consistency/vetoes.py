"""What no rewording explains: changes that make two alike texts two statements.

Read by the duplicate check on both of its paths: a pair close by its words (`duplicates.py`)
and a pair that names the same concepts in other words (`paraphrase.py`). Each veto looks at the
whole of both texts, not at the aligned spans, so it holds whatever order the words come in:

- a word of history or correction in one text only ("used to", "Correction:"), a word that
  turns one text around ("out of"), a refinement's word ("or", "only", "except") in the text that
  names more;
- an antonym of the lexicon on each side, wherever it stands ("Use mutable state in reducers" /
  "State in reducers is immutable"), or one word and its negative-prefixed twin (safe / unsafe);
- two things set against each other the other way round ("Prefer X to Y" / "Y is preferred
  over X");
- two different figures, however written ("3 times" / "five times");
- two list entries that only name topics, with two concepts or fewer in common and one naming
  more ("Bulk export" / "Bulk export and import"), or reworded with two concepts more in one:
  two features, not one statement.
"""

from __future__ import annotations

import re

from gitmem.consistency.features import TextFeatures
from gitmem.consistency.lexicon import Lexicon, numeric_value
from gitmem.consistency.paraphrase import (
    Overlap,
    key_form,
    overlap,
    phrase_key,
    shipped,
    text_concepts,
)
from gitmem.consistency.text import Token

_NO_HISTORY = re.compile(r"\b(?:(?:is|are|was|were|be|been|being|gets?|got)\s+(?:\w+\s+)?used\s+to"
                         r"|turns?\s+out\s+to)\b", re.IGNORECASE)
# The refinement words that widen or cut out ("CSV or JSON", "except on Fridays"): on a pair
# close by its words, these only ("also", "both", "but" are as often a report's connectives).
_WIDENING = frozenset({"or", "and/or", "either", "except", "unless"})
_PREPOSITIONS = frozenset({"with", "for", "in", "on", "at", "from", "across", "about",
                           "amid", "via", "within", "inside", "during", "into", "onto", "of"})
# Words of time that scope a claim rather than tell its history ("waits until the migrations
# have run"): on a pair close by its words, only the other history words veto.
_TIME_SCOPES = frozenset({"until", "since", "as of"})
# Two texts that name topics without saying anything of them (no `_states` word) and hold
# at most this many concepts in common, one naming more, are the entries of two lists.
_TOPIC_CONCEPTS = 2
# ... and, reworded (a paraphrase), with this many concepts more in one of them ("Handle
# failures gracefully" / "**Failure handling**: graceful fallback and retry hints").
_TOPIC_ADDED = 2
_SENTENCE_BREAK = re.compile(r"[.!?](?:\*\*|`)?\s+(?=[A-Z*`])")
# Words that set two things against each other: which of them wins then matters ("Prefer
# f-strings to str.format" / "Use str.format in preference to f-strings").
_CONTRAST = frozenset({"over", "than", "instead", "rather", "vs", "versus"})
_PREFERENCE = frozenset({"prefer", "preferred", "prefers", "preferring", "preference", "favor",
                         "favour", "favored", "favoured", "favors", "favours", "favorite"})
_SKIPPED = frozenset({"of", "in", "is", "are", "be", "being", "was", "were", "what", "the", "a",
                      "an", "to", "using", "use", "used"})
# "un-", "non-" make an opposite of any word; "in-", "im-", "il-", "ir-", "dis-" only of a word
# shaped like an adjective (insecure / secure, but not import / port, display / play).
_OPEN_PREFIXES = ("un", "non-", "non")
_ADJECTIVE_PREFIXES = ("in", "im", "il", "ir", "dis")
_ADJECTIVE_ENDINGS = ("able", "ible", "ive", "al", "ent", "ant", "ure", "id", "ect", "ete",
                      "ic", "ed", "ful", "ar", "ous", "ary", "ite")


def _sentences(text: str) -> int:
    return 1 + len(_SENTENCE_BREAK.findall(text.strip()))


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


def _contrast(f: TextFeatures, lexicon: Lexicon) -> tuple[frozenset[str], frozenset[str]] | None:
    """(what wins, what loses) of a text that sets two things against each other: "X over Y",
    "X rather than Y", "X instead of Y", "prefer X to Y", "X in preference to Y"."""
    tokens = f.tokens
    preferring = False
    for i, t in enumerate(tokens):
        preferring = preferring or t.lower in _PREFERENCE
        if _contrasts(tokens, i) or (t.lower == "to" and preferring):
            won, lost = _side(f, lexicon, i - 1, -1), _side(f, lexicon, i + 1, 1)
            if won and lost:
                return won - lost, lost - won
    return None


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


def _negative_twin(word: str, other: str) -> bool:
    for prefix in _OPEN_PREFIXES + _ADJECTIVE_PREFIXES:
        if word.startswith(prefix) and word[len(prefix):] == other and len(other) >= 4:
            return prefix in _OPEN_PREFIXES or other.endswith(_ADJECTIVE_ENDINGS)
    return False


def crossed_opposites(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> bool:
    """An antonym of the lexicon, or a word's negative-prefixed twin, on each side."""
    only_a, only_b = fa.content - fb.content, fb.content - fa.content
    if any(lexicon.relation(x, y) == "antonym" for x in only_a for y in only_b):
        return True
    words_a, words_b = _plain_words(fa), _plain_words(fb)
    only_a, only_b = words_a - words_b, words_b - words_a
    return any(_negative_twin(x, y) or _negative_twin(y, x) for x in only_a for y in only_b)


def _plain_words(f: TextFeatures) -> frozenset[str]:
    """The words of a text, less those a separate "non" / "not" / "un" turns around ("non-
    operative" is "inoperative", not its opposite)."""
    words = [t.lower for t in f.tokens]
    return frozenset(w for i, w in enumerate(words)
                     if not (i and words[i - 1].rstrip("-") in ("non", "not", "un", "in")))


def _keys(f: TextFeatures, lexicon: Lexicon) -> list[str]:
    """Each token's key form ("" for a word that is no content), in text order."""
    return ["" if t.stem in lexicon.non_content else key_form(t.lower, t.stem, lexicon)
            for t in f.tokens]


def _inserted_modifier(longer: TextFeatures, shorter: TextFeatures, lexicon: Lexicon) -> bool:
    """A word only the longer text holds, standing right between two words that stand side by
    side in the shorter one: it narrows what follows ("complex logic" / "complex component
    logic")."""
    short, long = _keys(shorter, lexicon), _keys(longer, lexicon)
    pairs = {(x, y) for x, y in zip(short, short[1:]) if x and y}
    known = set(short)
    return any((x, y) in pairs and z and z not in known and not y[:1].isdigit()
               for x, z, y in zip(long, long[1:], long[2:]))


def _trailing_phrase(longer: TextFeatures, shorter: TextFeatures, lexicon: Lexicon) -> bool:
    """The longer text ends with a phrase of its own ("... with custom error types", "... for
    list endpoints only", "... to main"): a refinement of the shorter one."""
    keys, filler = _keys(longer, lexicon), shipped().filler
    known = set(_keys(shorter, lexicon)) | set(text_concepts(shorter, lexicon)[0])
    for i in range(len(keys) - 1, 0, -1):
        word = longer.tokens[i].lower
        if numeric_value(word) is not None:
            return False  # "at most three times" is an amount
        if keys[i] and keys[i] not in filler and phrase_key(keys[i]) not in filler:
            if keys[i] in known:
                return False
        elif not keys[i] and word in _PREPOSITIONS:
            return any(k and k not in filler and phrase_key(k) not in filler
                       for k in keys[i + 1:])
    return False


def _history(f: TextFeatures, marks: frozenset[str]) -> frozenset[str]:
    """The marks of a text less "used to" / "turns out" where they tell no history ("is used
    to run", "turns out to be flaky")."""
    if _NO_HISTORY.search(f.text):
        marks = marks - {"use to", "turn out"}
    if "former" in marks and "formerly" not in f.text.lower():
        marks = marks - {"former"}  # "former employees" tells no history of the claim
    return marks


def _narrowing(f: TextFeatures, marks: frozenset[str]) -> frozenset[str]:
    """The marks of a text less an "or" that only begins a phrase of the paraphrase groups
    ("3.11 or newer" says "at least")."""
    if "or" not in marks:
        return marks
    canonical, words = shipped().canonical, [t.lower for t in f.tokens]
    if all(i + 1 < len(words) and phrase_key(f"or {words[i + 1]}") in canonical
           for i, word in enumerate(words) if word == "or"):
        return marks - {"or"}
    return marks


def _states(f: TextFeatures, marks: frozenset[str], lexicon: Lexicon) -> bool:
    """Whether a text says something of what it names (a verb of being, a modal, a directive,
    a negation, a verb that places a thing: `stating` of the paraphrase data), rather than
    only naming it ("Bulk export and import", "Invoice search")."""
    return bool(marks & shipped().stating) or any(
        t.lower in lexicon.negators or t.stem in lexicon.directive_terms for t in f.tokens)


def _figures(concepts: tuple[str, ...]) -> frozenset[str]:
    return frozenset(c for c in concepts if c.isdigit() and c != "1")


def reworded_apart(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon, both: Overlap,
                   swapped: bool = False, *, paraphrase: bool = True) -> str | None:
    """Why two texts are two statements however alike (see the module docstring), or None.
    For a paraphrase (`paraphrase`), a figure or a sentence only one text adds is one too; for
    a pair with a swapped word (`swapped`), a permission against an obligation."""
    data = shipped()
    (seq_a, marks_a), (seq_b, marks_b) = text_concepts(fa, lexicon), text_concepts(fb, lexicon)
    added = both.only_a or both.only_b
    if paraphrase and any(ch.isdigit() for word in both.only_a | both.only_b for ch in word):
        return "number"
    figures_a, figures_b = _figures(seq_a), _figures(seq_b)
    if (figures_a and figures_b and figures_a != figures_b
            and set(seq_a) - figures_a == set(seq_b) - figures_b):
        return "number"  # "Retry failed webhooks 3 times" / "... are retried five times"
    history = data.history
    if not paraphrase:
        history = history - {phrase_key(word) for word in _TIME_SCOPES}
    if (_history(fa, marks_a) ^ _history(fb, marks_b)) & history:
        return "history"
    if added and not _states(fa, marks_a, lexicon) and not _states(fb, marks_b, lexicon) and (
            both.shared <= _TOPIC_CONCEPTS
            or (paraphrase and len(both.only_a) + len(both.only_b) >= _TOPIC_ADDED)):
        return "topics"  # "Bulk export" / "Bulk export and import": two list entries
    more, other = ((_narrowing(fa, marks_a), marks_b) if both.only_a
                   else (_narrowing(fb, marks_b), marks_a))
    narrowing = data.narrowing if paraphrase else data.narrowing & _WIDENING
    if added and (more & narrowing) - other:
        return "narrowing"
    longer, shorter = (fa, fb) if both.only_a else (fb, fa)
    if paraphrase and added and _sentences(longer.text) > _sentences(shorter.text):
        return "sentence"  # "Health checks" / "**Never skip health checks.** Required for ..."
    if paraphrase and added and _trailing_phrase(longer, shorter, lexicon):
        return "narrowing"  # "Handle errors" / "Handle errors with custom error types"
    if paraphrase and added and _inserted_modifier(longer, shorter, lexicon):
        return "narrowing"  # "Document complex logic" / "Document complex component logic"
    if (marks_a ^ marks_b) & data.away:
        return "away"
    if reversed_contrast(fa, fb, lexicon):
        return "word_order"
    if crossed_opposites(fa, fb, lexicon):
        return "antonym"
    if swapped:
        for x, y in ((marks_a, marks_b), (marks_b, marks_a)):
            if (x & data.permission and not x & data.obligation
                    and y & data.obligation and not y & data.permission):
                return "permission"
    return None


def apart(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> str | None:
    """`reworded_apart` for a pair close by its words (figures and sentences are read there)."""
    both = overlap(frozenset(text_concepts(fa, lexicon)[0]),
                   frozenset(text_concepts(fb, lexicon)[0]))
    return reworded_apart(fa, fb, lexicon, both, paraphrase=False)

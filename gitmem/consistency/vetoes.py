"""What no rewording explains: changes that make two alike texts two statements.

Read by the duplicate check on both of its paths: a pair close by its words (`duplicates.py`)
and a pair that names the same concepts in other words (`paraphrase.py`). Each veto looks at the
whole of both texts, not at the aligned spans, so it holds whatever order the words come in:

- a word of history or correction in one text only ("used to", "Correction:"), a word that
  turns one text around ("out of"), a refinement's word ("or", "only", "except") in the text that
  names more;
- an antonym of the lexicon on each side, wherever it stands ("Use mutable state in reducers" /
  "State in reducers is immutable"), or one word and its negative-prefixed twin (safe / unsafe);
  two things set against each other the other way round ("Prefer X to Y" / "Y is preferred
  over X"): both read in `opposites.py`;
- two different figures, however written ("3 times" / "five times");
- a name written as code in one text only, two short texts naming two things with a capital,
  a scope named in one only, a switch turned in one only (`names_apart.py`);
- two list entries that only name topics, with two concepts or fewer in common and one naming
  more ("Bulk export" / "Bulk export and import"), or reworded with two concepts more in one:
  two features, not one statement.
"""

from __future__ import annotations

import functools
import re

from gitmem.consistency.features import TextFeatures
from gitmem.consistency.lexicon import Lexicon, numeric_value
from gitmem.consistency.names_apart import SHORT, code_apart, names_apart, scoping, switched
from gitmem.consistency.opposites import crossed_opposites, reversed_contrast
from gitmem.consistency.paraphrase import (
    Overlap,
    concept_overlap,
    key_form,
    phrase_key,
    shipped,
    text_concepts,
)
from gitmem.consistency.reported import statement_of
from gitmem.memory.sentences import _ABBREVIATIONS as ABBREVIATIONS

_NO_HISTORY = re.compile(r"\b(?:(?:is|are|was|were|be|been|being|gets?|got)\s+(?:\w+\s+)?used\s+to"
                         r"|turns?\s+out\s+to)\b", re.IGNORECASE)
# The refinement words that widen or cut out ("CSV or JSON", "except on Fridays"): on a pair
# close by its words, these only ("also", "both", "but" are as often a report's connectives).
_WIDENING = frozenset({"or", "and/or", "either", "except", "unless"})
_PREPOSITIONS = frozenset({"with", "for", "in", "on", "at", "from", "across", "about",
                           "amid", "via", "within", "inside", "during", "into", "onto", "of",
                           "under", "by", "through", "and", "which", "who", "whose",
                           "using", "without", "against", "per", "after", "before", "over",
                           "between", "behind", "near", "outside"})
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
_INITIALS = re.compile(r"(?:[a-z]\.)*[a-z]")  # "L." of "Brian L. Halla", "U.S."


def _sentences(text: str) -> int:
    """How many sentences a text holds: a stop before a capital, emphasis or code, unless it
    ends an abbreviation or an initial ("e.g. Prettier", "Dr. Okafor", "U.S. Airways")."""
    text = text.strip()
    count = 1
    for found in _SENTENCE_BREAK.finditer(text):
        before = text[:found.start()].split()
        word = before[-1].lower().lstrip("(\"'*`") if before else ""
        if word not in ABBREVIATIONS and not _INITIALS.fullmatch(word):
            count += 1
    return count


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


def _phrase_starts(f: TextFeatures, i: int) -> bool:
    """The word at `i` begins a phrase of the paraphrase groups ("and later", "or newer")."""
    tokens = f.tokens
    return i + 1 < len(tokens) and phrase_key(
        f"{tokens[i].lower} {tokens[i + 1].lower}") in shipped().canonical


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
        elif (not keys[i] and word in _PREPOSITIONS and not _phrase_starts(longer, i) and any(
                k and k not in filler and phrase_key(k) not in filler for k in keys[i + 1:])):
            return True
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


@functools.lru_cache(maxsize=1 << 14)  # a text's concepts, asked for each pair
def _figures(concepts: tuple[str, ...]) -> frozenset[str]:
    return frozenset(c for c in concepts if c.isdigit() and c != "1")


@functools.cache
def _time_scope_keys() -> frozenset[str]:
    """The stems of `_TIME_SCOPES`, once (they were stemmed again for every pair)."""
    return frozenset(phrase_key(word) for word in _TIME_SCOPES)


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
        history = history - _time_scope_keys()
    # On a pair close by its words, a news report tells history in passing ("Downer originally
    # said"); a statement's history word is its point ("We used to deploy on Fridays").
    statement = paraphrase or max(len(fa.tokens), len(fb.tokens)) <= SHORT
    if statement and (_history(fa, marks_a) ^ _history(fb, marks_b)) & history:
        return "history"
    if code_apart(fa, fb) or names_apart(fa, fb, lexicon, both):
        return "name"  # "Run ruff" / "Run ruff with `--fix`"; "Cloudflare's CDN" / "Fastly"
    if (both.only_a | both.only_b) & scoping(lexicon):
        return "scope"  # "Hash passwords with Argon2" / "Tests hash passwords with ..."
    if switched(fa, fb, lexicon):
        return "polarity"  # "The CLI keeps colors" / "The CLI turns off colors"
    if added and not _states(fa, marks_a, lexicon) and not _states(fb, marks_b, lexicon) and (
            both.shared <= _TOPIC_CONCEPTS
            or (paraphrase and len(both.only_a) + len(both.only_b) >= _TOPIC_ADDED)):
        return "topics"  # "Bulk export" / "Bulk export and import": two list entries
    more, other = ((_narrowing(fa, marks_a), marks_b) if both.only_a
                   else (_narrowing(fb, marks_b), marks_a))
    longer, shorter = (fa, fb) if both.only_a else (fb, fa)
    narrowing = data.narrowing if paraphrase else data.narrowing & _WIDENING
    # On a pair close by its words, a widening word of a news report is as often an apposition
    # ("the peace plan, or road map,") as a second value: a statement's only ("CSV or JSON").
    if added and (more & narrowing) - other and statement:
        return "narrowing"
    if (paraphrase and added
            and _sentences(statement_of(longer.text)) > _sentences(statement_of(shorter.text))):
        return "sentence"  # "Health checks" / "**Never skip health checks.** Required for ..."
    one_adds = not (both.only_a and both.only_b)  # else "longer" would depend on the order
    if (added and (paraphrase or (one_adds and len(longer.tokens) <= SHORT))
            and _trailing_phrase(longer, shorter, lexicon)):
        return "narrowing"  # "Handle errors" / "Handle errors with custom error types"
    if paraphrase and added and _inserted_modifier(longer, shorter, lexicon):
        return "narrowing"  # "Document complex logic" / "Document complex component logic"
    if statement and (marks_a ^ marks_b) & data.away:
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
    return reworded_apart(fa, fb, lexicon, concept_overlap(fa, fb, lexicon), paraphrase=False)

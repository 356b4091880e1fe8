"""Which negative words of a text deny something, read once per text in context.

A word of the `negative` list ("avoid", "banned", "against") flips a clause's polarity when it
states the opposite of doing something: "Avoid globals", "Force-pushing is banned", "We decided
against GraphQL". Some uses deny nothing, and `read_negatives` marks them `PlainToken`:

- "against" is a preposition unless a verb of taking a side or of warding off comes before it:
  "run the tests against staging", "validate against the schema", "a lawsuit against
  Microsoft" name what is tested, checked or sued; "decided against X", "advise against X",
  "guard against X" reject or prevent X.
- a negative participle or adjective before the noun it describes, after an article, a
  possessive, a preposition, a verb of instruction, or first: "the banned list", "Iraq's banned
  weapons", "list of banned packages", "Avoid deprecated APIs", "Skipped tests must be fixed".
  First, before a directive word and a noun, it heads a label: "Prohibited use cases" (the
  directive word is a noun there). It names a kind of thing; the clause is not denied ("Avoid deprecated APIs" is no double
  negative). Said of the subject it still denies: "Force-pushing is banned", "Keep telemetry
  disabled", "We disabled telemetry".
- "None" capitalised within a clause: Python's value ("Use `-> None` for functions that return
  nothing", "Default to None"), not the pronoun that opens "None of the tests may be skipped".
- "stop" or "cease" before anything but an -ing word: "Stop the dev server before migrating",
  "stop words" name an act or a kind of thing. Before one it denies the act: "Stop using
  Redis" says what "Do not use Redis" says, and "Keep using Redis" is its opposite.
"""

from __future__ import annotations

import re

from gitmem.consistency.lexicon import Lexicon
from gitmem.consistency.text import PlainToken, Token, stem

# Verbs after which "against" takes a side ("decided against X") or wards something off
# ("guard against X"): it says reject or prevent.
_OPPOSING = frozenset(stem(w) for w in (
    "decide advise argue recommend vote warn caution counsel opt rule speak spoke spoken "
    "campaign protest fight fought lobby testify guard protect defend safeguard secure insure "
    "hedge vaccinate inoculate immunize immunise").split())
# Words after which a participle before a noun describes that noun.
_BEFORE_ATTRIBUTE = frozenset(
    "the a an this these those any all every each some no our their its his her my your such "
    "other another of in on for with from to into by about at as via over under".split())
# Directive words that are no verbs of instruction: a participle after them is said of a subject.
_NOT_VERBS = frozenset("always never must should need needs do don't sure make".split())


def _against_plain(tokens: list[Token], at: int) -> bool:
    before = at - 1
    if before >= 1 and tokens[before].lower.endswith("ly"):
        before -= 1  # "strongly advise against"
    return before < 0 or tokens[before].stem not in _OPPOSING


def _attributive(tokens: list[Token], at: int, lexicon: Lexicon, text: str) -> bool:
    word = tokens[at].lower
    if word in lexicon.negators or not (word.endswith(("ed", "en")) or word.startswith("un")):
        return False
    if at + 1 >= len(tokens):
        return False
    after = tokens[at + 1]
    if at == 0 and after.stem in lexicon.directive_terms and after.lower not in _NOT_VERBS \
            and at + 2 < len(tokens) \
            and tokens[at + 2].lower.isalpha() and tokens[at + 2].stem not in lexicon.non_content:
        return True  # "Prohibited use cases": no verb follows the participle, a noun can
    if (not after.lower.isalpha() or after.stem in lexicon.non_content
            or after.lower in lexicon.negators):
        return False  # "disabled by default", "banned outright": said of the subject
    if at == 0:
        return True
    before = tokens[at - 1]
    return (before.lower in _BEFORE_ATTRIBUTE or _possessive(before, tokens[at], text)
            or (before.lower not in _NOT_VERBS and before.lower not in lexicon.negators
                and (before.stem in lexicon.directive_terms
                     or before.stem in lexicon.negative_terms)))


def _possessive(owner: Token, word: Token, text: str) -> bool:
    """"Iraq's banned weapons": the tokens drop the "'s", the text still has it."""
    return re.search(rf"\b{re.escape(owner.raw)}'s?\s+{re.escape(word.raw)}\b", text,
                     re.IGNORECASE) is not None


_CEASING = frozenset({stem("stop"), stem("cease")})


def _ceasing_plain(tokens: list[Token], at: int) -> bool:
    after = tokens[at + 1].lower if at + 1 < len(tokens) else ""
    return not (after.isalpha() and len(after) > 4 and after.endswith("ing"))


def read_negatives(tokens: list[Token], lexicon: Lexicon, text: str = "") -> list[Token]:
    """`tokens` (of `text`), each negative word that denies nothing in its place made a
    `PlainToken`."""
    out = list(tokens)
    for at, token in enumerate(tokens):
        if token.raw == "None" and at > 0:
            out[at] = PlainToken(*token)  # Python's value: "Use `None` as the return type"
            continue
        if token.stem not in lexicon.negative_terms or token.lower in lexicon.negators:
            continue
        if token.stem in _CEASING:
            plain = _ceasing_plain(tokens, at)
        elif token.lower == "against":
            plain = _against_plain(tokens, at)
        else:
            plain = _attributive(tokens, at, lexicon, text)
        if plain:
            out[at] = PlainToken(*token)
    return out

"""One clause read on its own: its content words, its polarity and its stance.

- `content_sequence`: the stems that carry the subject, in order (directive and function words
  removed, synonyms folded to one form, time-scope and correction markers left out);
- `clause`: a `Clause`, with a polarity (+1/-1 by the parity of negators and negative terms in
  each and/or-joined part, so "do not forget to X" and "you cannot skip X" come out positive),
  the words that set it, whether it is conditional ("if", "unless", "there") and whether it
  states a stance ("use", "prefer", "always", "enable").

`features.py` splits a claim into clauses and `phrasings.py` reads the phrasings that stand for
other clauses ("migrated from X to Y", "X, not Y"); both build their clauses here.
"""

from __future__ import annotations

from dataclasses import dataclass

from gitmem.consistency.lexicon import Lexicon, numeric_value
from gitmem.consistency.text import CodeToken, Token, stem

_CONDITIONAL = frozenset({"if", "unless", "when", "whenever", "otherwise", "except"})
# "no X needed there", "do it here": the place is named elsewhere, so the clause is scoped.
_DEICTIC = frozenset({"there", "here"})
_BE = frozenset({"is", "are", "was", "were", "be", "been", "'s", "s"})
# "not only", "no matter", and bounds: "not more than 80" agrees with "at most 80".
_NOT_A_NEGATION = frozenset(
    (negator, word)
    for negator in ("not", "no")
    for word in ("only", "just", "matter", "necessarily", "more", "less", "longer", "fewer",
                 "exceed", "over", "above", "below", "under")
) - {("no", "longer")}


# "non" (what the tokenizer leaves of "non-ASCII") negates the word it is written onto, not the
# clause: "Never use non-ASCII names" forbids non-ASCII names, and "non-ASCII names" is its
# subject, which "Do not use non-ASCII names" / "Use ASCII names" do not share.
WORD_NEGATOR = "non"


@dataclass(frozen=True)
class Clause:
    polarity: int  # +1 affirmative, -1 negated
    content: frozenset[str]
    flipped_by: tuple[str, ...]  # the negators / negative terms that set the polarity
    conditional: bool = False
    directive: bool = False  # states a stance ("use", "prefer", "always", "enable")
    item: bool = False  # one word after a comma: "Kafka" in "Don't use Redis, Kafka, or Memcached"
    # a negator set aside in an embedded clause ("state what the prompt cannot do")
    embedded: bool = False
    # in a denial's reach: an affirmative piece of a comma series that opens with a denial
    # ("They must not open sockets, call the client, or write files"), see `features.reached`
    reach: bool = False


def markers(stems: list[str], lexicon: Lexicon) -> list[tuple[str, int, int]]:
    """(phrase, start, end) of every time-scope or correction marker ("no longer", "as of")."""
    found = []
    for i, first in enumerate(stems):
        if first not in lexicon.marker_starts:
            continue
        for size in (3, 2, 1):
            phrase = " ".join(stems[i : i + size])
            if phrase in lexicon.time_scope or phrase in lexicon.correction:
                found.append((phrase, i, i + size))
                break
    return found


def content_sequence(tokens: tuple[Token, ...] | list[Token], lexicon: Lexicon) -> tuple[str, ...]:
    """Canonical stems of the words that carry the subject, in order."""
    stems = [t.stem for t in tokens]
    skip = {i for _, start, end in markers(stems, lexicon) for i in range(start, end)}
    ignored = lexicon.non_content
    negators = lexicon.negators
    canonical = lexicon.canonical
    pair_starts = lexicon.synonym_pair_starts
    out = []
    for i, t in enumerate(tokens):
        if isinstance(t, CodeToken):  # "`any`", "`this`": a name, whatever the word is in prose
            out.append(canonical.get(t.stem, t.stem))
            continue
        if t.stem in ignored or (t.lower in negators and t.lower != WORD_NEGATOR) or i in skip:
            continue
        if t.stem in pair_starts and i + 1 < len(tokens) and i + 1 not in skip:
            pair = f"{t.stem} {stems[i + 1]}"
            if pair in lexicon.synonym_pairs:
                out.append(canonical.get(pair, pair))  # "pull requests" is "PRs"
                skip.add(i + 1)
                continue
        word = canonical.get(t.stem, t.stem)
        if word not in ignored:  # "retained" is "kept", a stance word like "keep"
            out.append(word)
    return tuple(out)


def content_stems(tokens: tuple[Token, ...] | list[Token], lexicon: Lexicon) -> frozenset[str]:
    return frozenset(content_sequence(tokens, lexicon))


_RELATIVE = frozenset({"that", "which", "who", "whose"})
_AUXILIARY = frozenset({"do", "does", "did", "is", "are", "was", "were", "can", "could", "should",
                        "would", "will", "must", "may", "might", "have", "has", "had"})


# Words that open an embedded clause with a subject of its own: "state what the prompt cannot
# do", "list which files the tool does not touch".
_EMBEDDING = frozenset({"what", "which", "who", "whom", "whose", "how", "why"})
_EMBEDDED_SUBJECT = 3  # "the prompt", "this tool", "the user's agent"
# Words before a wh-word that make it open the claim itself: "that is why you must not push",
# "this is how we do not leak keys" ("that's why" is tokenized "that why").
_OPENS_CLAIM = frozenset({"is", "are", "was", "were", "be", "been", "that", "this", "here"})


def _in_relative_clause(tokens: list[Token], position: int) -> bool:
    """"names that don't describe behaviour": the negation qualifies a noun, not the claim."""
    before = position - 1
    while before >= 0 and tokens[before].lower in _AUXILIARY:
        before -= 1
    return before > 0 and tokens[before].lower in _RELATIVE


def _in_embedded_clause(tokens: list[Token], position: int) -> bool:
    """"state what the prompt cannot do": the negation says what an embedded clause is about,
    not the claim. Between the wh-word and the negator stands the embedded clause's own
    subject ("the prompt"); "that" takes none ("Ensure that the build does not fail" denies),
    and after a copula the wh-word opens the claim ("that is why you must not push" denies)."""
    before = position - 1
    while before >= 0 and tokens[before].lower in _AUXILIARY:
        before -= 1
    if before == position - 1:
        return False  # no auxiliary before the negator: "what not to do" is a heading
    for at in range(before, max(before - _EMBEDDED_SUBJECT, 0) - 1, -1):
        if tokens[at].lower in _EMBEDDING:
            return at > 0 and tokens[at - 1].lower not in _OPENS_CLAIM
        if not tokens[at].lower.isalpha() or tokens[at].lower in _AUXILIARY:
            return False
    return False


# A negator that denies going past a figure sets a limit: "Never use more than three levels"
# and "Nobody should have more than five open PRs" say "at most", as "not more than" does.
_COMPARATIVES = frozenset({"more", "longer", "larger", "bigger", "greater", "higher", "fewer",
                           "less", "shorter", "smaller", "lower"})
_PAST = frozenset({"exceed", "exceeds", "over", "above", "beyond", "under", "below"})
_TIMES = frozenset({"once", "twice"})
_LIMIT_REACH = 8  # words from the negator to the comparative: "Never let a PR sit open for more"


def _figure(token: Token) -> bool:
    return token.lower in _TIMES or (numeric_value(token.lower) or ("",))[0] == "cardinal"


def _denies_past_a_figure(tokens: list[Token], position: int, lexicon: Lexicon) -> bool:
    """The negator at `position` denies a figure's being passed ("Never use more than three",
    "Nobody should have more than five", "Do not exceed 50 lines"): a limit of how much the
    verb does, not a denial of the claim. Only the verb (and the noun after "no") may stand
    between: where more words do, the figure describes a thing the line denies ("Do not cache
    responses larger than 1 MB", "Never merge PRs with more than 2 failing checks"), and the
    denial stands."""
    own = 2 if tokens[position].lower == "no" else 1  # "No reviewer should hold more than ..."
    for at in range(position + 1, min(position + 1 + _LIMIT_REACH, len(tokens))):
        word = tokens[at].lower
        if lexicon.negates(tokens[at]):
            return False  # another negator: the figure is out of this one's reach
        after = tokens[at + 1 : at + 3]
        if word in _COMPARATIVES and len(after) == 2 and after[0].lower == "than" \
                and _figure(after[1]):
            return True
        if word in _PAST and after and _figure(after[0]):
            return True
        if word not in _AUXILIARY:
            own -= 1
            if own < 0:
                return False
    return False


def flips(tokens: list[Token], lexicon: Lexicon) -> list[str]:
    """The negators and negative terms that count in `tokens` ("not only" is none)."""
    found: list[str] = []
    for position, token in enumerate(tokens):
        following = [t.lower for t in tokens[position + 1 : position + 3] if t.lower != "be"][:1]
        if following and (token.lower, following[0]) in _NOT_A_NEGATION:
            continue
        if (token.raw.isupper() and token.raw.endswith("ED")) or (
                following == ["with"] and token.lower != "not"):
            continue  # status=REJECTED names a value; "Replace with X" asks for X, and
            # "Install with pnpm, not with npm" sets npm aside
        if token.lower == WORD_NEGATOR:
            continue
        if lexicon.negates(token) and not _in_relative_clause(tokens, position) \
                and not _in_embedded_clause(tokens, position) \
                and not _denies_past_a_figure(tokens, position, lexicon):
            found.append(token.lower)
    return found


def embedded_negation(tokens: list[Token], lexicon: Lexicon) -> bool:
    """Whether a negator stands in an embedded clause ("what the prompt cannot do"): it denies
    no instruction, yet says something other than "what the prompt does" (so the two are no
    duplicates either)."""
    return any(lexicon.negates(token) and _in_embedded_clause(tokens, position)
               for position, token in enumerate(tokens))


def _points_elsewhere(tokens: list[Token]) -> bool:
    """"there"/"here" as a place ("no TanStack Query needed there"), not "there is"."""
    following = [t.lower for t in tokens[1:]] + [""]
    return any(t.lower in _DEICTIC and after not in _BE for t, after in zip(tokens, following))


# Verbs that take an "-ing" complement (catenative verbs): "Try using Jest", "Consider using
# X", "Continue using Y" direct through the -ing word, which describes no noun there.
_TAKES_GERUND = frozenset(stem(word) for word in (
    "try", "consider", "start", "begin", "began", "begun", "continue", "keep", "stop", "quit",
    "resume", "finish", "suggest", "recommend", "propose", "advise", "prefer", "favor",
    "favour", "avoid", "encourage", "discourage", "prioritize", "prioritise", "mandate",
    "require", "need"))


def _describes_noun(before: Token | None, token: Token, lexicon: Lexicon) -> bool:
    """A directive word in its "-ing" form right after a noun describes the noun and directs
    no one: "servers requiring a key" are the servers that need one ("Use servers requiring a
    key", "Always requiring a key" still direct). After a verb that takes an -ing complement
    the -ing word is that complement and still directs ("Try using Jest", "Consider using
    X")."""
    return (before is not None and token.lower.endswith("ing")
            and before.stem not in lexicon.non_content and before.lower.isalpha()
            and before.stem not in _TAKES_GERUND)


def clause(
    tokens: list[Token], content: frozenset[str], negated_by_contrast: bool, lexicon: Lexicon
) -> Clause:
    """Polarity by parity within each and/or-joined part: "is not A and is not B" stays negated."""
    parts: list[list[Token]] = [[]]
    for token in tokens:
        if token.lower in ("and", "or", "nor") and parts[-1]:
            parts.append([])
        else:
            parts[-1].append(token)
    found: list[str] = []
    negated = False
    for part in parts:
        part_flips = flips(part, lexicon)
        found.extend(part_flips)
        negated = negated or len(part_flips) % 2 == 1
    if negated_by_contrast:
        found.append("instead")
        negated = not negated
    return Clause(
        polarity=-1 if negated else 1,
        content=content,
        flipped_by=tuple(found),
        conditional=any(t.lower in _CONDITIONAL or (p.lower, t.lower) == ("in", "case")
                        for p, t in zip(tokens[:1] + tokens, tokens)) or _points_elsewhere(tokens),
        directive=any(
            t.stem in lexicon.directive_terms and t.stem not in lexicon.negative_terms
            and not _describes_noun(before, t, lexicon)
            for before, t in zip([None, *tokens], tokens)
        ),
        embedded=embedded_negation(tokens, lexicon),
    )

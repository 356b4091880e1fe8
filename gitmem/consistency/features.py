"""Per-text features, computed once per claim and reused for every pair it takes part in.

A text is split into clauses at punctuation and contrast words ("but", "instead of"); each clause
gets a polarity (+1/-1 by the parity of negators and negative terms, so "do not forget to X" and
"you cannot skip X" come out positive) and a set of content stems (directive and function words
removed, synonyms folded to one form).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass

from typing import TYPE_CHECKING

from gitmem.consistency.lexicon import Lexicon, default_lexicon
from gitmem.consistency.phrasings import ELLIPSIS_TOKENS, elided, preferences, switched
from gitmem.consistency.quantities import ITEM_LABELS, figures
from gitmem.consistency.text import Token, char_shingles, clean, tokenize

if TYPE_CHECKING:
    from gitmem.consistency.claims import ClaimAnalysis

_CLAUSE_BREAK = re.compile(
    r"[;!?]|[:,](?=\s)|\.(?=\s|$)|\s[-–—]\s"
    r"|\b(?:but|however|whereas|although|though)\b"
    r"|\b(?=instead of\b|rather than\b|unless\b|except\b|otherwise\b)",
    re.IGNORECASE,
)
_CONTRAST_NEGATES = ("instead of", "rather than")
# Words that open a phrase a writer may put first or last: "Before pushing, run the tests".
_FRONTING = frozenset({
    "after", "at", "before", "by", "during", "for", "from", "if", "in", "inside", "on", "once",
    "outside", "until", "when", "whenever", "while", "with", "within", "without",
})
_FRONTED_TOKENS = 6
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


@dataclass(frozen=True)
class Clause:
    polarity: int  # +1 affirmative, -1 negated
    content: frozenset[str]
    flipped_by: tuple[str, ...]  # the negators / negative terms that set the polarity
    conditional: bool = False
    directive: bool = False  # states a stance ("use", "prefer", "always", "enable")


@dataclass(frozen=True)
class TextFeatures:
    text: str
    tokens: tuple[Token, ...]
    content: frozenset[str]  # canonical content stems of the whole text
    content_sequence: tuple[str, ...]  # the same stems in text order (for word-order checks)
    clauses: tuple[Clause, ...]
    time_scoped: tuple[str, ...]  # time-scope markers found ("since", "as of")
    corrections: tuple[str, ...]  # correction markers found ("actually", "no longer")
    conditional: bool
    label: bool = False  # "Synchronous flows:" introduces a list; it asserts nothing
    # "Java: Use camelCase" names what the rest is about: the stems of "Java", else "".
    topic: str = ""
    example: bool = False  # "BAD: client = Client()" shows what not to do; it is no rule
    # "On Fridays, deploy to production": the tokens of a phrase moved to the front, which
    # `align` may also try at the end ("Deploy to production on Fridays").
    fronted: int = 0
    lexicon: Lexicon | None = dataclasses.field(default=None, compare=False, repr=False)

    @functools.cached_property
    def values(self) -> dict[str, frozenset[str]]:
        """The members of exclusive classes the text names, one- and two-word, by class
        (`Lexicon.named`), computed on first use with the lexicon that made these features."""
        return (self.lexicon or default_lexicon()).named([t.stem for t in self.tokens])

    @functools.cached_property
    def analysis(self) -> ClaimAnalysis:
        """What the claim says (`claims.analyze`): stage 1, computed on first use."""
        from gitmem.consistency.claims import analyze

        return analyze(self, self.lexicon or default_lexicon())

    @functools.cached_property
    def shingles(self) -> frozenset[str]:
        """Character 3-grams, computed on first use (only duplicate scoring needs them)."""
        return char_shingles(self.text)

    @functools.cached_property
    def figures(self) -> frozenset[tuple[str, float] | tuple[float, ...]]:
        """The figures the text states (`quantities.figures`), computed on first use."""
        return frozenset(figures([t.lower for t in self.tokens]))

    @functools.cached_property
    def stated_figures(self) -> frozenset[tuple[str, float] | tuple[float, ...]]:
        """`figures`, but for numbers that name an item ("Step 1", "Phase 2")."""
        words = [t.lower for t in self.tokens]
        return frozenset(figures(["#" if i and words[i - 1] in ITEM_LABELS else word
                                  for i, word in enumerate(words)]))


def _markers(stems: list[str], lexicon: Lexicon) -> list[tuple[str, int, int]]:
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
    skip = {i for _, start, end in _markers(stems, lexicon) for i in range(start, end)}
    ignored = lexicon.non_content
    negators = lexicon.negators
    canonical = lexicon.canonical
    pair_starts = lexicon.synonym_pair_starts
    out = []
    for i, t in enumerate(tokens):
        if t.stem in ignored or t.lower in negators or i in skip:
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


def _in_relative_clause(tokens: list[Token], position: int) -> bool:
    """"names that don't describe behaviour": the negation qualifies a noun, not the claim."""
    before = position - 1
    while before >= 0 and tokens[before].lower in _AUXILIARY:
        before -= 1
    return before > 0 and tokens[before].lower in _RELATIVE


def _flips(tokens: list[Token], lexicon: Lexicon) -> list[str]:
    flips: list[str] = []
    for position, token in enumerate(tokens):
        following = [t.lower for t in tokens[position + 1 : position + 3] if t.lower != "be"][:1]
        if following and (token.lower, following[0]) in _NOT_A_NEGATION:
            continue
        if (token.raw.isupper() and token.raw.endswith("ED")) or following == ["with"]:
            continue  # status=REJECTED names a value; "Replace with X" asks for X
        if lexicon.is_negative(token.lower, token.stem) and not _in_relative_clause(
            tokens, position
        ):
            flips.append(token.lower)
    return flips


def _points_elsewhere(tokens: list[Token]) -> bool:
    """"there"/"here" as a place ("no TanStack Query needed there"), not "there is"."""
    following = [t.lower for t in tokens[1:]] + [""]
    return any(t.lower in _DEICTIC and after not in _BE for t, after in zip(tokens, following))


def _clause(
    tokens: list[Token], content: frozenset[str], negated_by_contrast: bool, lexicon: Lexicon
) -> Clause:
    """Polarity by parity within each and/or-joined part: "is not A and is not B" stays negated."""
    parts: list[list[Token]] = [[]]
    for token in tokens:
        if token.lower in ("and", "or", "nor") and parts[-1]:
            parts.append([])
        else:
            parts[-1].append(token)
    flips: list[str] = []
    negated = False
    for part in parts:
        part_flips = _flips(part, lexicon)
        flips.extend(part_flips)
        negated = negated or len(part_flips) % 2 == 1
    if negated_by_contrast:
        flips.append("instead")
        negated = not negated
    return Clause(
        polarity=-1 if negated else 1,
        content=content,
        flipped_by=tuple(flips),
        conditional=any(t.lower in _CONDITIONAL or (p.lower, t.lower) == ("in", "case")
                        for p, t in zip(tokens[:1] + tokens, tokens)) or _points_elsewhere(tokens),
        directive=any(
            t.stem in lexicon.directive_terms and t.stem not in lexicon.negative_terms
            for t in tokens
        ),
    )


def _is_label(text: str) -> bool:
    """"Synchronous flows:" or "**SDK Not Loading**": a heading or an intro, not an assertion."""
    stripped = text.strip()
    return stripped.endswith(":") or (
        stripped.startswith("**") and stripped.endswith("**") and stripped.count("**") == 2
    )


_TOPIC_WORDS = 4  # "Java:", "Svelte 4:", "Server state:"; longer is a sentence
# Labels that introduce an example of what not to do, or of how things used to be.
_EXAMPLE_LABEL = re.compile(
    r"(?:[❌✗✘] ?)?(?:bad|wrong|incorrect|avoid|don'?t|do not|never|anti-?pattern|before|old|legacy"
    r"|deprecated|not recommended|❌|✗|✘)(?: (?:example|pattern|code|approach|way|practice)s?)?",
    re.IGNORECASE,
)


# "The example below uses the hard-coded number 0.1": describes an example, states no rule.
_DESCRIBES_EXAMPLE = re.compile(
    r"^\W*(?:the|this|that|these|those) (?:\w+ )?examples? (?:below|above|here)?\b", re.IGNORECASE
)


def _titled(text: str, first_break: str) -> bool:
    """Whether the first piece is a title: "Java: ..." or "**Test names** — ..."."""
    if first_break == ":":
        return True
    return first_break.strip() in ("-", "–", "—") and text.lstrip().startswith(("**", "__"))


def features(text: str, lexicon: Lexicon | None = None) -> TextFeatures:
    lexicon = lexicon or default_lexicon()
    cleaned, preferred = preferences(clean(text))
    clauses: list[Clause] = []
    all_tokens: list[Token] = []
    start = 0
    pieces: list[str] = []
    first_break = ""
    asked_at = -1
    fronted = 0
    starts: list[int] = []
    for match in _CLAUSE_BREAK.finditer(cleaned):
        if match.group(0) != "?":  # a question asserts nothing: drop it
            pieces.append(cleaned[start : match.start()])
            starts.append(start)
        elif asked_at < 0:
            asked_at = match.end()
        first_break = first_break or match.group(0)
        start = match.end()
    pieces.append(cleaned[start:])
    starts.append(start)
    # "Used in one app? Put it in that app.": what follows a question answers it, under it.
    conditional = asked_at >= 0 and any(ch.isalnum() for ch in cleaned[asked_at:])
    sequence: list[str] = []
    topic = ""
    example = False
    for index, piece in enumerate(pieces):
        tokens = list(tokenize(piece, cleaned=True))
        if not tokens:
            continue
        piece_sequence = content_sequence(tokens, lexicon)
        sequence.extend(piece_sequence)
        if index == 0 and _titled(text, first_break) and len(pieces) > 1 and len(tokens) <= _TOPIC_WORDS:
            if _EXAMPLE_LABEL.fullmatch(piece.strip()):
                example = True
            elif not any(
                t.stem in lexicon.directive_terms or lexicon.is_negative(t.lower, t.stem)
                for t in tokens
            ):
                # "Java: Use camelCase": a name that scopes the rest and states nothing itself
                # ("Avoid globals: ..." is a rule, and stays one).
                topic = " ".join(t.stem for t in tokens)
                all_tokens.extend(tokens)
                continue
        if (index == 0 and first_break == "," and len(pieces) > 1 and (
                (tokens[0].lower in _FRONTING and len(tokens) <= _FRONTED_TOKENS)
                or (len(tokens) == 1 and tokens[0].lower.endswith("ly")))):  # "Locally, ..."
            fronted = len(tokens)
        lowered = " ".join(t.lower for t in tokens[:2])
        contrast = lowered.startswith(_CONTRAST_NEGATES)
        if contrast:
            tokens_for_clause = tokens[2:]
        else:
            tokens_for_clause = tokens
        all_tokens.extend(tokens)
        preference = contrast and starts[index] in preferred  # "over", not "instead of"
        switch = None if contrast else switched(tokens_for_clause)
        if switch is not None and _flips(tokens_for_clause, lexicon):
            switch = None  # "Do not migrate the tests from Jest to Vitest" denies no Jest
        if switch is not None:
            # "We migrated the tests from Jest to Vitest": the tests use Vitest, not Jest
            rest, old, new = switch
            was = content_stems(rest + old, lexicon)
            if was:
                clauses.append(dataclasses.replace(
                    _clause(rest + old, was, False, lexicon), polarity=-1, flipped_by=("from",)))
            tokens_for_clause = rest + new
            piece_sequence = content_sequence(tokens_for_clause, lexicon)
        clause = _clause(tokens_for_clause, frozenset(piece_sequence), contrast, lexicon)
        if preference:
            clause = dataclasses.replace(clause, flipped_by=("over",))
        if clauses and tokens[0].lower in ("or", "and", "nor") and not clause.flipped_by:
            # "Don't use X, Y, or Z": a list item keeps the negation of the clause it continues.
            clause = dataclasses.replace(
                clause, polarity=clauses[-1].polarity, flipped_by=clauses[-1].flipped_by
            )
        if clause.polarity < 0 and clauses and clauses[-1].polarity > 0 \
                and len(tokens) <= ELLIPSIS_TOKENS:
            said = elided(clauses[-1].content, clause.content, lexicon)
            if said is not None:
                clause = dataclasses.replace(clause, content=said)
        conditional = conditional or clause.conditional
        if clause.content:
            clauses.append(clause)
    markers = _markers([t.stem for t in all_tokens], lexicon)
    return TextFeatures(
        text=text,
        tokens=tuple(all_tokens),
        content=frozenset(sequence),
        content_sequence=tuple(sequence),
        clauses=tuple(clauses),
        time_scoped=tuple(sorted({p for p, _, _ in markers if p in lexicon.time_scope})),
        corrections=tuple(sorted({p for p, _, _ in markers if p in lexicon.correction
                                  and not (preferred and p == "rather than")})),
        conditional=conditional,
        label=_is_label(text),
        topic=topic,
        example=example or bool(_DESCRIBES_EXAMPLE.match(cleaned)),
        fronted=fronted,
        lexicon=lexicon,
    )

"""Per-text features, computed once per claim and reused for every pair it takes part in.

A text is split into clauses at punctuation and contrast words ("but", "instead of"); each piece
is read into its clause by `phrasings.read` (its content stems, polarity and stance from
`polarity.py`, and the phrasings that stand for other clauses: "prefer A over B", "migrated
from X to Y", "X, not Y"). The text also gets what frames it: a question it answers, a topic
("Java: ..."), a label or an example ("BAD: ..."), a phrase moved to the front, time-scope and
correction markers.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gitmem.consistency.lexicon import Lexicon, default_lexicon
from gitmem.consistency.negatives import read_negatives
from gitmem.consistency.phrasings import preferences, read
from gitmem.consistency.polarity import Clause, content_sequence, markers
from gitmem.consistency.quantities import ITEM_LABELS, figures
from gitmem.consistency.text import CodeToken, Token, char_shingles, clean, tokenize

if TYPE_CHECKING:
    from gitmem.consistency.claims import ClaimAnalysis

# Past participles not in -ed that give a reason after "(not" ("(not written by hand)").
_EN_PARTICIPLES = ("been", "broken", "chosen", "done", "driven", "forgotten", "given", "hidden",
                   "known", "made", "meant", "proven", "seen", "shown", "taken", "written")
_CLAUSE_BREAK = re.compile(
    r"[;!?]|[:,](?=\s)|(?<!(?<!\w)[A-Za-z]\.[A-Za-z])\.(?=\s|$)|\s[-–—]\s"
    r"|\b(?:but|however|whereas|although|though)\b"
    r"|\b(?=instead of\b|rather than\b|unless\b|except\b|otherwise\b)"
    # "Use pnpm (not npm)": a parenthesis that denies a thing is a clause of its own ("(not
    # needed)", "(not written by hand)" gives a reason, and stays part of the line; "(not open)",
    # "(not when offline)", "(not even ...)" end in -en without being participles)
    r"|\((?=\s*(?:not|never)\s+(?!(?:\w+ed|" + "|".join(_EN_PARTICIPLES) + r")\b))",
    re.IGNORECASE,
)
_CONTRAST_NEGATES = ("instead of", "rather than")
# Words that open a phrase a writer may put first or last: "Before pushing, run the tests".
_FRONTING = frozenset({
    "after", "at", "before", "by", "during", "for", "from", "if", "in", "inside", "on", "once",
    "outside", "until", "when", "whenever", "while", "with", "within", "without",
})
_FRONTED_TOKENS = 6


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
        if ITEM_LABELS.isdisjoint(words[:-1]):
            return self.figures  # no word names an item: the same words, the same figures
        return frozenset(figures(["#" if i and words[i - 1] in ITEM_LABELS else word
                                  for i, word in enumerate(words)]))


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


# "`db:reset` - Drops every table": an entry that names its item in code before a dash
_CODE_TITLE = re.compile(r"\s*`[^`\n]+`\s+[-–—]\s")
# a code span, its backticks paired left to right ("`a` not `b`" holds two spans, not " not ")
CODE_SPAN = re.compile(r"`([^`\n]+)`")
# a span that is one word ("`any`", "`this`", "`never`", "`any()`"), and a call written bare
# ("any()"); a single letter ("`I` prefix") is a letter, however it is written ("prefixed with 'I'")
_ONE_WORD = re.compile(r"\s*([A-Za-z_]\w+)\s*(?:\(\))?\s*")
_BARE_CALL = re.compile(r"\b([A-Za-z_]\w+)\(\)")


def code_words(text: str) -> frozenset[str]:
    """The words `text` writes as code, lowercased: "Do not use `any` in TypeScript" denies
    `any`, not TypeScript, so `any` must stay in its subject though "any" is a function word."""
    words = {match.group(1).lower() for match in _BARE_CALL.finditer(text)}
    for span in CODE_SPAN.finditer(text):
        one = _ONE_WORD.fullmatch(span.group(1))
        if one:
            words.add(one.group(1).lower())
    if not words:
        return frozenset()
    # tokens are marked by spelling, so a word the line also writes as prose stays prose
    # ("Never give it a `never` return type": the first "Never" still denies)
    prose = _BARE_CALL.sub(" ", CODE_SPAN.sub(" ", text)).lower()
    return frozenset(word for word in words if not re.search(rf"\b{re.escape(word)}\b", prose))


def _titled(text: str, first_break: str) -> bool:
    """Whether the first piece is a title: "Java: ...", "**Test names** — ..." or an entry of a
    list of named items, "`serve:dev` - Starts the server with SQLite" (each entry describes its
    own item: two entries naming two items are no two stances on one)."""
    if first_break == ":":
        return True
    return first_break.strip() in ("-", "–", "—") and (
        text.lstrip().startswith(("**", "__")) or _CODE_TITLE.match(text) is not None)


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
    commas: set[int] = set()  # the pieces that follow a comma
    joined: set[int] = set()  # the clauses read from those pieces
    ored: set[int] = set()  # the clauses whose piece opens with "or" / "nor": a series' last
    for match in _CLAUSE_BREAK.finditer(cleaned):
        if match.group(0) != "?":  # a question asserts nothing: drop it
            pieces.append(cleaned[start : match.start()])
            starts.append(start)
            if match.group(0) == ",":
                commas.add(len(pieces))
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
    as_code = code_words(text) if "`" in text or "()" in text else frozenset()
    for index, piece in enumerate(pieces):
        tokens = read_negatives(list(tokenize(piece, cleaned=True)), lexicon, piece)
        if as_code:
            tokens = [CodeToken(*t) if t.lower in as_code else t for t in tokens]
        if not tokens:
            continue
        piece_sequence = content_sequence(tokens, lexicon)
        sequence.extend(piece_sequence)
        if index == 0 and _titled(text, first_break) and len(pieces) > 1 and len(tokens) <= _TOPIC_WORDS:
            if _EXAMPLE_LABEL.fullmatch(piece.strip()):
                example = True
            elif not any(
                t.stem in lexicon.directive_terms or lexicon.negates(t)
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
        contrast = " ".join(t.lower for t in tokens[:2]).startswith(_CONTRAST_NEGATES)
        all_tokens.extend(tokens)
        preference = contrast and starts[index] in preferred  # "over", not "instead of"
        clause = read(tokens, piece_sequence, contrast, preference, clauses, lexicon,
                      joined=index in commas)
        conditional = conditional or clause.conditional
        if clause.content:
            if index in commas:
                joined.add(len(clauses))
                # "..., or write files"; "..., call the queue or write files" (no comma before
                # the "or"), unless the piece is a correction of its own ("use pnpm or yarn")
                if _OR_OPENS.match(piece) or (_OR_INSIDE.search(piece) and not clause.directive):
                    ored.add(len(clauses))
            clauses.append(clause)
    found = markers([t.stem for t in all_tokens], lexicon)
    return TextFeatures(
        text=text,
        tokens=tuple(all_tokens),
        content=frozenset(sequence),
        content_sequence=tuple(sequence),
        clauses=reached(clauses, joined, ored),
        time_scoped=tuple(sorted({p for p, _, _ in found if p in lexicon.time_scope})),
        corrections=tuple(sorted({p for p, _, _ in found if p in lexicon.correction
                                  and not (preferred and p == "rather than")})),
        conditional=conditional,
        label=_is_label(text),
        topic=topic,
        example=example or bool(_DESCRIBES_EXAMPLE.match(cleaned)),
        fronted=fronted,
        lexicon=lexicon,
    )


# a piece that closes a series: "..., or write files", "..., nor log them"
_OR_OPENS = re.compile(r"\s*(?:or|nor)\b", re.I)
_OR_INSIDE = re.compile(r"\s(?:or|nor)\s", re.I)


def reached(clauses: list[Clause], joined: set[int], ored: set[int]) -> tuple[Clause, ...]:
    """The clauses, each affirmative piece of a comma series that opens with a denial marked as
    in its reach (`Clause.reach`). "They must not open sockets, use the client, or write files"
    denies every item, though only the first carries the "not": read alone, "use the client"
    would affirm what the line forbids. A series closed by "or" / "nor" (`ored`) is one list,
    whatever its pieces say. Otherwise a piece that takes a stance of its own ends the reach:
    "Don't use Jest, use Vitest, use Playwright" and "Don't use npm, use pnpm, and pin
    versions" correct, while "Don't log secrets, tokens" lists."""
    out = list(clauses)
    at = 0
    while at < len(out):
        if out[at].polarity > 0:
            at += 1
            continue
        end = at + 1
        while end < len(out) and end in joined and out[end].polarity > 0 \
                and not out[end].flipped_by:
            end += 1
        if end - 1 not in ored:  # no closing "or": the series ends at a piece that directs
            end = next((item for item in range(at + 1, end) if out[item].directive), end)
        for item in range(at + 1, end):
            out[item] = dataclasses.replace(out[item], reach=True)
        at = max(end, at + 1)
    return tuple(out)


def directs(text: str, lexicon: Lexicon | None = None) -> bool:
    """Whether a text is a directive: a clause takes a stance ("Use pnpm", "Never push to main",
    "Always pin versions"), and no clause is turned twice ("Never merge without a review" is
    "always review", which an "always" of another subject does not oppose). A description
    ("Positive values favour trailing orders", "Barrel-exported, 3 tests") is none."""
    return directs_in(features(text, lexicon))


def directs_in(f: TextFeatures) -> bool:
    """`directs` of a text whose features are at hand (read with the default lexicon, as
    `directs` reads them, for the same answer)."""
    clauses = f.clauses
    if any(c.polarity > 0 and len(c.flipped_by) > 1 for c in clauses):
        return False
    return any(c.directive for c in clauses)

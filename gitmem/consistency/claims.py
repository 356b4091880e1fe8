"""Stage 1 of judging a pair: what one claim says, computed once per claim.

`analyze(features)` reads a claim (its `TextFeatures`) into a `ClaimAnalysis`:

- `plain`: whether it states one choice outright: affirmed, unconditional, present-tense, not
  a label or an example, no word of `compatible` ("also", "or", "both": two values side by
  side) nor of `inclusive` ("likes", "supports", "expert in": many values hold at once), no
  line of code, nothing in the past ("We used Quarry");
- `values`: the values it names, where they stand: members of exclusive classes and antonyms
  from the lexicon (`known`), and names the lexicon lacks, written as names ("MobX",
  "Tortoise", "ky.js", "nose2"), with a version that follows a name ("Node 20", "JUnit 5");
- `words`: its content words by position, without the words that name no purpose
  (`light` in `data/words.toml`: "handled", "written", "lives", "framework", "project"), so
  "Background jobs run on Sidekiq" and "Use GoodJob for background jobs" say the same of
  "background jobs";
- `preference`: what a "Prefer A over B" (or "to", "rather than", "instead of", "in
  preference to") ranks above what.

The pair stages (`align.py`, then the evidence modules under `contradiction.py`) read these
facts and never parse the text again. `TextFeatures.analysis` holds each claim's analysis.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gitmem.consistency.lexicon import Lexicon
from gitmem.consistency.per_lexicon import per_lexicon
from gitmem.consistency.per_text import forget_after_run
from gitmem.consistency.retired import Change, read_retired
from gitmem.consistency.stances import Preference, read_preference
from gitmem.consistency.text import Token

_MAX_NAME = 3  # tokens of one name: "React Hook Form", "AWS Secrets Manager"
_VERSION = re.compile(r"^v?\d+(?:\.\d+|\.x)*$")
_CODE = re.compile(r"[=(){};<>]|^\s*(?:def|const|let|var|function|class|import|from)\s")
_PAST = frozenset({"used", "was", "were", "had", "did", "previously", "formerly", "old"})
# Words after which a capital at the start of a sentence is a name: "Quarry is our scheduler".
_NAME_FIRST = frozenset({"is", "are", "runs", "run", "handles", "powers", "manages", "serves",
                         "builds", "hosts", "stores", "renders", "drives"})
_COUNTED = frozenset({"number_word"})


@dataclass(frozen=True)
class Value:
    """A value a claim names at tokens [start, end): `key` its stems (the name without its
    version), `known` when the lexicon holds it (a class member or an antonym)."""

    start: int
    end: int
    raw: str
    key: str
    known: bool
    version: str = ""
    # stands where a choice is stated: after "use", "is", a preposition ("built with X",
    # "lives in X", "handled by X"), or first before a verb ("X is our P", "X runs our builds"),
    # and qualifies no noun after it ("proper OAuth2 handling", "Svelte style guide")
    placed: bool = False


@dataclass(frozen=True)
class ClaimAnalysis:
    plain: bool
    # a predicate many values satisfy ("likes", "supports"): another value can hold too
    inclusive: bool
    side_by_side: frozenset[str]  # its words of `compatible` ("also", "too", "both")
    past: bool  # "We used Heroku", "was": history, beside which the present may differ
    values: tuple[Value, ...]
    words: tuple[tuple[int, str], ...]  # (token position, canonical stem) of purpose words
    preference: Preference | None = None
    # the changes the claim reports: "We moved from Webpack to Rspack", "We no longer use
    # Moment.js"; `retired.py` reads them against a line that still states the old value
    retired: tuple[Change, ...] = ()

    def purpose(self, value: Value) -> frozenset[str]:
        """The words of the claim other than `value`'s: what the value is for."""
        return frozenset(w for at, w in self.words if not value.start <= at < value.end)


@per_lexicon
def _phrases(lexicon: Lexicon) -> tuple[frozenset[str], frozenset[str]]:
    """(class members, antonyms) as stem phrases, once per lexicon."""
    members = frozenset(k for k, names in lexicon.classes.items() if names - _COUNTED)
    antonyms = frozenset(p for pair in lexicon.antonym_pairs for p in pair)
    return members, antonyms


def name_like(token: Token, first: bool, lexicon: Lexicon, digits: bool = True) -> bool:
    """Written as a name: a capital not at the start of the sentence ("Use Tortoise"), an inner
    capital ("MobX", "SQLAlchemy"), a package's dot or dash ("ky.js", "node-fetch") or, with
    `digits`, a digit ("nose2"). Identifiers and paths are no names of tools: `calculate_price`,
    `preferFunctional`, `release/v1`."""
    raw = token.raw
    if not raw[:1].isalpha() or token.stem in lexicon.non_content:
        return False
    if token.lower in lexicon.negators or token.stem in lexicon.marker_words:
        return False
    if any(ch in "_/\\@#=()<>{}[]`'\"" for ch in raw):
        return False
    if raw[0].islower():  # lowerCamel is an identifier unless short ("tRPC", "iOS")
        return ((len(raw) <= 5 and any(ch.isupper() for ch in raw))
                or any(ch in ".-" for ch in raw[1:-1])
                or (digits and raw.isalnum() and raw.islower() and raw[-1].isdigit()
                    and not raw[-2:].isdigit() and len(raw) > 2))
    return not first or any(ch.isupper() for ch in raw[1:])


@per_lexicon
def _value_keys(lexicon: Lexicon) -> tuple[frozenset[str], frozenset[str]]:
    """Every phrase that is, or whose canonical form is, a class member or an antonym (what
    `_known_values` looks for), and the first words of those of several words."""
    members, antonyms = _phrases(lexicon)
    known = members | antonyms
    keys = known | {key for key, canon in lexicon.canonical.items() if canon in known}
    return frozenset(keys), frozenset(key.split(" ", 1)[0] for key in keys if " " in key)


@per_lexicon
def _names_read(lexicon: Lexicon) -> dict[tuple[Token, bool], bool]:
    return {}  # (token, first) -> `name_like`: the same words recur across a repository's texts


forget_after_run(lambda: [table.clear() for table in _names_read.derived()])  # type: ignore[attr-defined]


def _name_like(token: Token, first: bool, lexicon: Lexicon) -> bool:
    """`name_like(token, first, lexicon)`, read once per token as written."""
    read = _names_read(lexicon)
    found = read.get((token, first))
    if found is None:
        if len(read) > _NAMES_KEPT:
            read.clear()
        found = read[token, first] = name_like(token, first, lexicon)
    return found


_NAMES_KEPT = 1 << 17


def _known_values(tokens: tuple[Token, ...], lexicon: Lexicon) -> list[tuple[int, int]]:
    keys, firsts = _value_keys(lexicon)
    stems = [t.stem for t in tokens]
    found: list[tuple[int, int]] = []
    at = 0
    while at < len(stems):
        # a phrase of several words can be a key only if its first word starts one
        longest = _MAX_NAME if " " in stems[at] or stems[at] in firsts else 1
        for size in range(min(longest, len(stems) - at), 0, -1):
            phrase = " ".join(stems[at:at + size])
            if phrase not in keys or lexicon.is_function_phrase(phrase) \
                    or phrase in lexicon.light:
                continue
            if all(_written(t.lower, lexicon) for t in tokens[at:at + size]):
                found.append((at, at + size))
                at += size - 1
                break
        at += 1
    return found


def _named_first(tokens: tuple[Token, ...]) -> bool:
    """"Quarry is our scheduler", "Buildkite runs our builds": a name opens the sentence
    ("Builds are run by X" and "Authentication is handled by X" open with a purpose)."""
    if len(tokens) < 3 or tokens[1].lower not in _NAME_FIRST or tokens[1].lower == "are":
        return False
    return tokens[1].lower != "is" or tokens[2].lower in _ARTICLES


def _written(lower: str, lexicon: Lexicon) -> bool:
    """A word as some entry writes it, or its plural: "site" is not "sit" (a posture)."""
    surfaces = lexicon.surfaces
    return (not surfaces or lower in surfaces or lower[:-1] in surfaces
            or lower[:-2] in surfaces or lexicon.canon(lower) != lower)


def _values(tokens: tuple[Token, ...], text: str, lexicon: Lexicon) -> tuple[Value, ...]:
    known = _known_values(tokens, lexicon)
    taken = {i for start, end in known for i in range(start, end)}
    spans = [(start, end, True) for start, end in known]
    at = 0
    while at < len(tokens):
        first = at == 0 and not _named_first(tokens)
        if at in taken or not _name_like(tokens[at], first, lexicon) \
                or f"`{tokens[at].raw}" in text:  # `Workflow.Variables` is code
            at += 1
            continue
        end = at + 1
        while end < len(tokens) and end - at < _MAX_NAME and end not in taken \
                and _name_like(tokens[end], False, lexicon):
            end += 1
        spans.append((at, end, False))
        at = end
    out = []
    for start, end, is_known in sorted(spans):
        version = ""
        if end < len(tokens) and _VERSION.match(tokens[end].lower) and (
                tokens[start].raw[:1].isupper() or _name_like(tokens[start], False, lexicon)):
            version = tokens[end].lower.lstrip("v")
            end += 1
        raw = " ".join(t.raw for t in tokens[start:end])
        key = " ".join(t.stem for t in tokens[start:end - (1 if version else 0)])
        out.append(Value(start, end, raw, lexicon.canon(key), is_known, version,
                         _placed(tokens, start, end, lexicon)))
    return tuple(out)


# Words after which a value is the choice itself: "use X", "is X", "built with X", "runs on X".
_BEFORE = frozenset({
    "use", "uses", "using", "prefer", "prefers", "choose", "chose", "adopt", "pick", "is", "are",
    "be", "with", "in", "on", "by", "through", "via", "to", "from", "under", "into", "as",
    "target", "targets", "require", "requires", "need", "needs", "call", "called", "named",
})
_ARTICLES = frozenset({"a", "an", "the", "our", "its", "their", "your"})
# Nouns that may follow a value and only say what kind of thing it is: "the ky library".
_KIND_NOUNS = frozenset({"library", "librari", "lib", "framework", "tool", "packag", "engin",
                         "platform", "provid", "solut", "servic", "runtim", "instanc", "setup",
                         "app", "applic"})


def _placed(tokens: tuple[Token, ...], start: int, end: int, lexicon: Lexicon) -> bool:
    if end < len(tokens):
        after = tokens[end]
        if after.raw[:1].isalnum() and after.stem not in lexicon.function_words \
                and after.stem not in _KIND_NOUNS and after.lower not in _NAME_FIRST \
                and after.lower not in lexicon.negators:
            return False  # "proper OAuth2 handling", "Svelte style guide": it qualifies a noun
    before = start - 1
    while before >= 0 and tokens[before].lower in _ARTICLES:
        before -= 1
    if before < 0:
        return start == 0 and _named_first(tokens)
    return tokens[before].lower in _BEFORE or tokens[before].stem in lexicon.light



def _words(tokens: tuple[Token, ...], lexicon: Lexicon) -> tuple[tuple[int, str], ...]:
    out = []
    for at, t in enumerate(tokens):
        if t.stem in lexicon.non_content or t.lower in lexicon.negators \
                or t.stem in lexicon.marker_words:  # "Correction:", "actually" name no purpose
            continue
        word = lexicon.canon(t.stem)
        if word in lexicon.non_content or word in lexicon.light or t.stem in lexicon.light:
            continue
        out.append((at, word))
    return tuple(out)


def _said(f, words: frozenset[str]) -> frozenset[str]:  # noqa: ANN001 (TextFeatures)
    said = f" {' '.join(t.stem for t in f.tokens)} "
    return frozenset(word for word in words if f" {word} " in said)


def _past(f) -> bool:  # noqa: ANN001
    return any(t.lower in _PAST for t in f.tokens)


def _plain(f, lexicon: Lexicon) -> bool:  # noqa: ANN001 (TextFeatures: import cycle)
    if f.conditional or f.time_scoped or f.label or f.example or _CODE.search(f.text):
        return False
    if any(c.polarity < 0 for c in f.clauses) or _past(f):
        return False
    if _said(f, lexicon.compatible) or _said(f, lexicon.inclusive):
        return False
    # "A man is cutting an onion" describes an event, as a caption does; it states no choice
    return not any(p.lower in ("is", "are") and t.lower.endswith("ing") and t.lower != "using"
                   for p, t in zip(f.tokens, f.tokens[1:]))


def analyze(f, lexicon: Lexicon) -> ClaimAnalysis:  # noqa: ANN001 (TextFeatures)
    """The claim analysis of one text (`TextFeatures.analysis` caches it)."""
    preference = read_preference(f.text, lexicon)
    return ClaimAnalysis(
        plain=preference is None and _plain(f, lexicon),  # a ranking states no one choice
        inclusive=bool(_said(f, lexicon.inclusive)),
        side_by_side=_said(f, lexicon.compatible),
        past=_past(f),
        values=_values(f.tokens, f.text, lexicon),
        words=_words(f.tokens, lexicon),
        preference=preference,
        retired=read_retired(f.text, lexicon),
    )

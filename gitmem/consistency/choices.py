"""Evidence (stage 3): another value for one purpose, however each claim words it.

"Use Zustand for global client state" / "Global client state lives in Redux Toolkit", "Our ORM
is Sequelize" / "Use MikroORM as the ORM", "The worker targets Node 18" / "The worker runs on
Node 22", "Use Jotai for client state" / "Use MobX for client state": two plain claims
(`claims.ClaimAnalysis.plain`: affirmed, unconditional, present, not an example or a label, no
word of `compatible` such as "also", "or", "both") that each name one value the other lacks,
where a choice stands (`claims.Value.placed`: "use X", "X is our P", "handled by X", "runs on
X"), for the same remaining words (the purpose). Two values of one exclusive class or two
antonyms give `CHOICE_CONFIDENCE` (signal `slot`), a name the lexicon lacks `SLOT_CONFIDENCE`
(`unknown_slot`: the slot rule, which needs no lexicon entry), one tool in two versions
`version`. A purpose must remain besides the values: "Use Docker." / "Use Podman." names none.

The purpose is compared as the two claims word it: an agent noun said as a verb ("linter" /
"lint") and a word one side shortens ("infra" / "infrastructure", "validation" / "validate")
are one word. Values the lexicon holds in one class may also differ by one word more on one
side, when that word names no scope (`scope` in `data/words.toml`: "tests", "dev", "mobile"):
"The Go services log with zap" / "Use zerolog in the Go services" (the logger's class says
"log"), but not "Use SQLite for tests" / "Use PostgreSQL".

Where the claim analysis places no value, the same words around one other value or figure
still are another value for one purpose (`values.restated_value`, signal `restated`, 0.75):
"Use pnpm to install packages in the web app" / "The web app installs its packages with npm",
"Node.js 20 is the minimum supported version" / "The minimum supported Node.js version is
18". `another_value` is the rule: `other_choice` first, then the restatement, unless another
value can hold beside one (`open_values`: "likes", "too", history, two scopes).
"""
from __future__ import annotations

import re

from gitmem.consistency.claims import Value
from gitmem.consistency.features import TextFeatures
from gitmem.consistency.last_pair import last_pair
from gitmem.consistency.lexicon import Lexicon
from gitmem.consistency.span_words import abbreviates
from gitmem.consistency.text import stem
from gitmem.consistency.values import RESTATED_CONFIDENCE, restated_value

SLOT_CONFIDENCE = 0.7


# Confidence when the lexicon says the two values exclude each other (one class, antonyms),
# under the 0.9 of a minimal pair: the sentences are worded differently.
CHOICE_CONFIDENCE = 0.85


def _fold(words: frozenset[str], other: frozenset[str], lexicon: Lexicon) -> frozenset[str]:
    """An agent noun the other text says as a verb: "linter" / "lint"; one of a verb that
    names no purpose says none either ("test runner" / "run the tests")."""
    out = set()
    for word in words:
        base = word[:-2] if word.endswith("er") else ""
        if base and base not in other and len(base) > 2 and base[-1] == base[-2]:
            base = base[:-1]
        if base and base in lexicon.light:
            continue
        if base and base in other:
            word = base
        elif len(word) >= 4:  # "infra" / "infrastructure", "validation" / "validate"
            word = min([word, *(w for w in other if len(w) >= 4
                                and (w.startswith(word) or word.startswith(w)))], key=len)
        out.add(word)
    return frozenset(out)


def one_purpose(fa: TextFeatures, purpose_a: frozenset[str], fb: TextFeatures,
                purpose_b: frozenset[str], lexicon: Lexicon, one_more: bool,
                values: tuple[Value | None, Value | None] = (None, None)) -> bool:
    """Whether two purposes are one, as two claims word it (`_fold`), or, with `one_more`,
    one of them is the other and one word more (`_one_more`)."""
    fold_a, fold_b = _fold(purpose_a, purpose_b, lexicon), _fold(purpose_b, purpose_a, lexicon)
    return fold_a == fold_b or one_more and (
        _one_more(fa, values[0], fold_a, fold_b, lexicon)
        or _one_more(fb, values[1], fold_b, fold_a, lexicon))


def _one_more(f: TextFeatures, value: Value | None, words: frozenset[str],
              other: frozenset[str], lexicon: Lexicon) -> bool:
    """`words` (of `f`, folded) are `other` and one word more that names no scope and
    qualifies none of the shared words ("log" in "The Go services log with zap" against "Use
    zerolog in the Go services"; not "tests", nor "class" in "Python class names", nor a
    place the other side does not name: "... for logging in billing")."""
    extra = words - other
    if not (other and other < words and len(extra) == 1) or extra & lexicon.scope:
        return False
    said = [(at, _fold(frozenset({w}), other, lexicon)) for at, w in f.analysis.words
            if value is None or not value.start <= at < value.end]
    for at, word in said:
        if word & extra and any(next_at == at + 1 and w <= other for next_at, w in said):
            return False  # "class names": it narrows what both name
        before = at - 1
        while word & extra and before >= 0 and f.tokens[before].lower in _DETERMINERS:
            before -= 1
        if word & extra and before >= 0 and f.tokens[before].lower in _WHERE:
            return False  # "... for logging in billing": a place the other does not name
    return True


_DETERMINERS = frozenset({"the", "a", "an", "all", "every", "each", "our", "its", "their",
                          "this", "these", "those", "any"})
_WHERE = frozenset({"in", "for", "on", "at", "within", "across", "inside", "under", "during",
                    "from", "per"})


@last_pair
def another_value(fa: TextFeatures, fb: TextFeatures,
                  lexicon: Lexicon) -> tuple[str, str, float] | None:
    """(signal, "X / Y", confidence): another value for one purpose, as the claim analysis
    reads the two (`other_choice`), else as one statement restated around one other value or
    figure (`values.restated_value`), unless another value can hold beside one."""
    choice = other_choice(fa, fb, lexicon)
    if choice is not None:
        return choice
    # the restatement is asked before `open_values` (both only read the texts): most pairs
    # name no value of one class, or no figure, on both sides and need neither
    restated = restated_value(fa, fb, lexicon)
    if restated is None or open_values(fa, fb, lexicon):
        return None
    return "restated", restated, RESTATED_CONFIDENCE


def other_choice(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> tuple[str, str, float] | None:
    """(signal, "X / Y", confidence) when two plain claims name one value each that the other
    lacks, for the same purpose: "Use Zustand for global client state" / "Global client state
    lives in Redux Toolkit", "The app targets Node 20" / "The app runs on Node 18"."""
    a, b = fa.analysis, fb.analysis
    if not (a.plain and b.plain) or _topic(fa, lexicon) != _topic(fb, lexicon):
        return None
    # a value that qualifies a noun ("client-side state") is a word of the purpose
    only_a = [v for v in a.values if v.placed and not any(_same(v, w) for w in b.values)]
    only_b = [w for w in b.values if w.placed and not any(_same(v, w) for v in a.values)]
    if len(only_a) != 1 or len(only_b) != 1:
        # two antonyms need not stand where a choice does: "Use mutable state in reducers" /
        # "State in reducers is immutable", "Run migrations manually" / "... automatically"
        only_a = [v for v in a.values if not any(_same(v, w) for w in b.values)]
        only_b = [w for w in b.values if not any(_same(v, w) for v in a.values)]
        if len(only_a) != 1 or len(only_b) != 1 or lexicon.relation(
                only_a[0].key, only_b[0].key) != "antonym":
            return None
    x, y = only_a[0], only_b[0]
    relation = None
    if x.key == y.key:
        if not (x.version and y.version):
            return None
        signal, confidence = "version", CHOICE_CONFIDENCE
    else:
        relation = lexicon.relation(x.key, y.key)
        if set(x.key.split()) & set(y.key.split()) and relation != "exclusive":
            return None  # "Vue Router" / "Vue Test Utils": parts of one family
        if relation in ("same", "synonym") or (
                relation != "antonym" and _spelled_alike(x.key, y.key)):  # "immutable"
            return None
        if abbreviates(x.raw, y.raw) or abbreviates(y.raw, x.raw):
            return None  # "UTC" / "Coordinated Universal Time": one value, spelled out
        if x.known and y.known:
            if relation not in ("exclusive", "antonym"):
                return None  # two kinds of thing: they may well work together
            signal, confidence = "slot", CHOICE_CONFIDENCE
        else:
            if _antonym_only(x, lexicon) or _antonym_only(y, lexicon):
                return None
            signal, confidence = "unknown_slot", SLOT_CONFIDENCE
    if _opposed_words(fa, x, fb, y, lexicon):
        return None  # "Debug logging is on in dev" / "... off in production": two scopes
    purpose_a, purpose_b = a.purpose(x), b.purpose(y)
    if signal == "version":  # "Use PostgreSQL 16" / "The database runs PostgreSQL 14"
        purpose_a, purpose_b = purpose_a - _class_words(x, lexicon), purpose_b - _class_words(
            y, lexicon)
    if not (purpose_a or signal == "version"):
        return None  # "Use Docker." / "Use Podman.": no purpose named
    if not one_purpose(fa, purpose_a, fb, purpose_b, lexicon,
                       signal == "slot" and relation == "exclusive", (x, y)):
        return None
    return signal, f"{x.raw} / {y.raw}", confidence


def _class_words(v: Value, lexicon: Lexicon) -> frozenset[str]:
    """The words of the names of the classes that hold `v`: "The database runs PostgreSQL 14"
    says of PostgreSQL only what "PostgreSQL" says."""
    names = lexicon.classes.get(v.key) or lexicon.classes.get(lexicon.canon(v.key)) or ()
    return frozenset(lexicon.canon(stem(word)) for name in names for word in name.split("_"))


def _topic(f: TextFeatures, lexicon: Lexicon) -> str:
    """The claim's topic label; "Correction:" labels none."""
    return "" if f.topic in lexicon.marker_words else f.topic


def _same(v: Value, w: Value) -> bool:
    return v.key == w.key and v.version == w.version


def _antonym_only(v: Value, lexicon: Lexicon) -> bool:
    return v.known and not lexicon.classes.get(v.key) and not lexicon.classes.get(
        lexicon.canon(v.key))


def _opposed_words(fa: TextFeatures, x: Value, fb: TextFeatures, y: Value,
                   lexicon: Lexicon) -> bool:
    """Besides the two values, the texts differ by a pair of antonyms ("on" / "off")."""
    rest_a = {t.stem for at, t in enumerate(fa.tokens) if not x.start <= at < x.end}
    rest_b = {t.stem for at, t in enumerate(fb.tokens) if not y.start <= at < y.end}
    return lexicon.any_antonym(rest_a - rest_b, rest_b - rest_a)


def _spelled_alike(x: str, y: str) -> bool:
    """One name shortens or extends the other: "Dec" / "December", "dslWorkflow" / "Workflow"."""
    x, y = (re.sub(r"[\s.\-]", "", k) for k in (x, y))
    short, long = sorted((x, y), key=len)
    return len(short) >= 3 and (long.startswith(short) or long.endswith(short))


def open_values(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> bool:
    """Another value in one claim can hold beside the other's: a claim names values side by
    side, many values satisfy it, it tells the past, or the two differ besides by an antonym
    ("Verbose logs are on in staging" / "... off in production": two scopes)."""
    if open_beside(fa, fb) or fa.analysis.past or fb.analysis.past:
        return True
    rest_a, rest_b = {t.stem for t in fa.tokens}, {t.stem for t in fb.tokens}
    return lexicon.any_antonym(rest_a - rest_b, rest_b - rest_a)


def open_beside(fa: TextFeatures, fb: TextFeatures) -> bool:
    """Another value can hold beside one: a predicate many values satisfy ("The user likes
    Svelte") or a word one side adds to put the two side by side ("Use Memcached for caching
    too"); the same word on both sides sets neither apart ("... together" / "... together")."""
    a, b = fa.analysis, fb.analysis
    return a.inclusive or b.inclusive or a.side_by_side != b.side_by_side

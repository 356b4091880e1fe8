"""The values two texts name, wherever in the sentence they stand.

The alignment (`align.py`) sees a swapped value only in place: "Use tabs" / "Use spaces". Memory
rewords around values ("Use pnpm to install packages in the web app" / "The web app installs its
packages with npm", "We run Python 3.11 in production" / "In production we run Python 3.12"),
so both detectors also compare the values each text names as a whole: members of exclusive
classes (`vocabulary.EXCLUSIVE_CLASSES`) and figures (`quantities.figures`).
"""

from __future__ import annotations

import re

from gitmem.consistency.features import TextFeatures
from gitmem.consistency.lexicon import Lexicon, numeric_value
from gitmem.consistency.spans import APPROXIMATE

# A restated claim must share at least this many words besides its values.
_RESTATED_WORDS = 2
RESTATED_CONFIDENCE = 0.75  # a possible contradiction (below the match band): for review


def named_values(fa: TextFeatures, lexicon: Lexicon) -> dict[str, frozenset[str]]:
    """The members of exclusive classes a text names, one- and two-word, by class."""
    if fa.lexicon is lexicon:
        return fa.values  # computed once per text
    return lexicon.named([t.stem for t in fa.tokens])


def _clash(named_a: dict[str, frozenset[str]], named_b: dict[str, frozenset[str]],
           lexicon: Lexicon) -> tuple[str, str] | None:
    """A value of one class each text names and the other lacks (nor a synonym of it)."""
    for name in sorted(named_a.keys() & named_b.keys()):
        only_a = [x for x in sorted(named_a[name])
                  if not any(lexicon.relation(x, y) in ("same", "synonym") for y in named_b[name])]
        only_b = [y for y in sorted(named_b[name])
                  if not any(lexicon.relation(x, y) in ("same", "synonym") for x in named_a[name])]
        for x in only_a:
            for y in only_b:
                if lexicon.relation(x, y) == "exclusive":
                    return x, y
    return None


def other_values(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> bool:
    """"Deploy to staging on Fridays" / "On Fridays, deploy to production": wherever they
    stand, each text names a value of one class (staging, production) that the other lacks,
    so they cannot be the same statement."""
    return _clash(named_values(fa, lexicon), named_values(fb, lexicon), lexicon) is not None


def other_numbers(fa: TextFeatures, fb: TextFeatures) -> bool:
    """"We run Python 3.11 in production" / "In production we run Python 3.12", "about 10
    minutes" / "around 25 minutes": each text states a number the other does not, wherever it
    stands and whatever hedges it, so merging one into the other would lose a figure. An
    amount counts in any unit ("5 minutes" is "300 seconds"). Where a text hedges ("some 55" /
    "about 57"), two figures within a tenth of each other are one figure told roughly."""
    only_a, only_b = fa.figures - fb.figures, fb.figures - fa.figures
    if only_a and only_b and any(t.lower in APPROXIMATE for t in fa.tokens + fb.tokens):
        only_a = {x for x in only_a if not any(_roughly(x, y) for y in only_b)}
        only_b = {y for y in only_b if not any(_roughly(x, y) for x in fa.figures)}
    return bool(only_a and only_b)


# a code that names one item of a numbered series: a decision, requirement or issue ("D16", "U9",
# "REQ12", "ADR7"), capitals then digits, or a range of them ("D16-D25")
_CODE = re.compile(r"[A-Z]{1,4}\d{1,5}(?:-[A-Z]{1,4}\d{1,5})?")


def _codes(f: TextFeatures) -> frozenset[str]:
    return frozenset(t.raw for t in f.tokens if _CODE.fullmatch(t.raw))


def other_codes(fa: TextFeatures, fb: TextFeatures) -> bool:
    """"Open items: D1, D2 (see the divergence list)" / "Open items: D15, U12 (see the
    divergence list)": each text names a numbered item the other does not, so the two lines
    are about other items, however alike the words around them (as `other_numbers`)."""
    only_a, only_b = _codes(fa) - _codes(fb), _codes(fb) - _codes(fa)
    return bool(only_a and only_b)


_LISTING = frozenset({"and", "or", "&"})


def listed_numbers(f: TextFeatures) -> list[str] | None:
    """The numbers of a text when they stand together as one list ("2000, 2001 and 2002", only
    "and" / "or" between them), else None."""
    words = [t.lower for t in f.tokens]
    at = [i for i, word in enumerate(words) if numeric_value(word) is not None]
    if len(at) < 2:
        return None
    between = words[at[0]:at[-1] + 1]
    if len(between) - len(at) > sum(word in _LISTING for word in between):
        return None  # a word other than "and" / "or" stands between two of the numbers
    return [words[i] for i in at]


def list_reordered(fa: TextFeatures, fb: TextFeatures) -> bool:
    """"Support Python 3.10, 3.11 and 3.12" / "Support Python 3.12, 3.11 and 3.10": each text
    lists the same numbers in one run, in another order. The alignment pairs 3.10 with 3.12,
    a number change; the figures are the same."""
    listed_a, listed_b = listed_numbers(fa), listed_numbers(fb)
    return (listed_a is not None and listed_b is not None and listed_a != listed_b
            and sorted(listed_a) == sorted(listed_b) and fa.figures == fb.figures)


_ROUGHLY = 0.1  # a hedged figure stands for those within this share of it


def _roughly(x: tuple[str, float] | tuple[float, ...], y: tuple[str, float] | tuple[float, ...]
             ) -> bool:
    """Two figures of one kind (a plain number, or an amount of one unit) within a tenth."""
    if len(x) != 1 or len(y) != 1:
        if len(x) != 2 or len(y) != 2 or not isinstance(x[0], str) or x[0] != y[0]:
            return False
        x, y = (x[1],), (y[1],)
    a, b = float(x[0]), float(y[0])
    return abs(a - b) <= _ROUGHLY * max(abs(a), abs(b))


def _one_other_figure(fa: TextFeatures, fb: TextFeatures) -> bool:
    """Each text states exactly one figure the other does not ("Limit to 2 or 3 entities" /
    "Limit to 4 properties" state several: they count other things)."""
    figures_a, figures_b = fa.stated_figures, fb.stated_figures
    return len(figures_a - figures_b) == 1 and len(figures_b - figures_a) == 1


def restated_value(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> str | None:
    """"Use pnpm as the package manager" / "The package manager is yarn": the two say the
    same about one subject, in other words, with one other value (of one class, or one
    figure: "Node.js 20 is the minimum supported version" / "The minimum supported Node.js
    version is 18"). The signal ("pnpm / yarn", "figures"), or None.

    Both texts must affirm (two denials of different values both hold), differ in no other
    value (a second one scopes the first: "Log at INFO in production" / "at DEBUG in
    development"), and hedge no figure ("about 55" / "some 57")."""
    if any(c.polarity < 0 for c in fa.clauses + fb.clauses):
        return None
    named_a, named_b = named_values(fa, lexicon), named_values(fb, lexicon)
    if named_a.keys().isdisjoint(named_b.keys()) and not (fa.stated_figures
                                                         and fb.stated_figures):
        return None  # no class both name (no clash) and no figure on each side: nothing differs
    keys_a = {(name, lexicon.canon(key)) for name, keys in named_a.items() for key in keys}
    keys_b = {(name, lexicon.canon(key)) for name, keys in named_b.items() for key in keys}
    if len({name for name, _ in keys_a ^ keys_b}) > 1:
        return None
    clash = _clash(named_a, named_b, lexicon)
    if keys_a != keys_b and clash is None:
        return None  # a value only one text names ("TypeScript files" / "Markdown files")
    approximate = any(t.lower in APPROXIMATE for t in fa.tokens + fb.tokens)
    figures_differ = not approximate and _one_other_figure(fa, fb)
    if clash is None and not figures_differ:
        return None
    if clash is not None and figures_differ:
        return None  # two things differ: which one scopes the other?
    values = {key for keys in (*named_a.values(), *named_b.values()) for key in keys}

    def rest(f: TextFeatures) -> frozenset[str]:
        return frozenset(w for w in f.content if w not in values
                         and lexicon.canon(w) not in values and numeric_value(w) is None)

    # The same words besides the values: one that adds any narrows the other ("The retry limit
    # *for webhooks* is 5" overrides "The retry limit is 3"; "Run *e2e* with ...").
    words_a, words_b = rest(fa), rest(fb)
    if len(words_a) != len(words_b) or len(words_a) < _RESTATED_WORDS:
        return None
    if not all(lexicon.covered(w, words_b) for w in words_a):
        return None
    return f"{clash[0]} / {clash[1]}" if clash else "figures"

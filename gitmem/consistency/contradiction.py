"""Do two claims contradict? Three lines of evidence, all gated on a shared subject.

1. Minimal pairs (alignment): the texts differ only in opposing spans (negation, antonym, paired
   polarity terms such as always/never, use/avoid, enable/disable) or in one exclusive value
   (PostgreSQL 16/14, tabs/spaces, kitchen/courtroom), with nothing else swapped.
2. Clause polarity: a negated clause whose whole subject appears in an affirmative clause of the
   other text. "Don't use Redis" / "Use Redis for caching" contradict; "Use the ORM for CRUD" /
   "Don't use the ORM for reports" do not (the negated clause names a scope the other lacks).
3. A restatement with another value (`values.restated_value`): "Use pnpm as the package
   manager" / "The package manager is yarn", for review.

Time-scoped evolution ("Since v2.3 the API returns JSON") is not a contradiction; correction
words ("actually", "no longer", "instead of") raise confidence.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gitmem.consistency.align import Alignment, align
from gitmem.consistency.amounts import AMOUNT_CONFIDENCE, other_amount
from gitmem.consistency.features import Clause, TextFeatures, content_stems, features
from gitmem.consistency.lexicon import Lexicon, default_lexicon
from gitmem.consistency.spans import HARMLESS, OPPOSING, VALUE_CHANGES
from gitmem.consistency.stances import REVERSED_CONFIDENCE, reversed_preference
from gitmem.consistency.slots import SLOT_CONFIDENCE, open_beside, open_values, other_choice, unknown_slot
from gitmem.consistency.text import clean, jaccard
from gitmem.consistency.values import RESTATED_CONFIDENCE, restated_value

# Clause evidence needs the two texts to be about the same thing (content Jaccard), and the
# negated clause to be a good part of the affirmative one.
_SUBJECT_OVERLAP = 0.25
_CLAUSE_OVERLAP = 0.3
# An absolute rule against an absolute one under a condition: a possible contradiction, for
# review (below the 0.86 match band), never as sure as two unconditional rules.
_UNDER_CONDITION = 0.66


@dataclass(frozen=True)
class Contradiction:
    confidence: float  # 0..1
    signals: Mapping[str, Any] = field(default_factory=dict)


def _negated_side(fa: TextFeatures, fb: TextFeatures) -> str | None:
    negative_a = any(c.polarity < 0 for c in fa.clauses)
    negative_b = any(c.polarity < 0 for c in fb.clauses)
    if negative_a == negative_b:
        return None
    return "a" if negative_a else "b"


def _denies_all(f: TextFeatures, lexicon: Lexicon) -> bool:
    """Every clause is negated by a negator ("never", "not", "no one"), not just by a negative
    word ("an upset boy")."""
    return bool(f.clauses) and all(
        c.polarity < 0 and any(word.split()[0] in lexicon.negators for word in c.flipped_by)
        for c in f.clauses
    )


def _minimal_pair(
    alignment: Alignment, negated_side: str | None, both_deny: bool = False
) -> tuple[str, float] | None:
    """(signal, confidence) when the texts differ only by opposing or value changes.

    A negated side that adds words is a scoped exception, not a contradiction: "Disable the
    cache in tests" / "Enable the cache".
    """
    kinds = alignment.kinds
    if kinds["unknown"] or kinds["case"]:
        return None
    opposing = sum(kinds[k] for k in OPPOSING)
    values = sum(kinds[k] for k in VALUE_CHANGES)
    only_a, only_b = alignment.inserted()
    if only_a and only_b:
        return None  # each side says something the other does not: a different statement
    inserts = len(only_a) + len(only_b)
    if opposing % 2 == 1 and (only_a if negated_side == "a" else only_b if negated_side else None):
        return None
    swaps = {(c.a.lower(), c.b.lower()) for c in alignment.changes if c.kind in VALUE_CHANGES}
    if len(swaps) > 1:
        return None  # "Java: use camelCase" / "Python: use snake_case": one value scopes the other
    if kinds["bound"] and (inserts or opposing or values):
        return None  # "Less than 20 instructions" after a sentence / "Less than 200": other things
    values += kinds["bound"]
    if values and _scoped(alignment):
        return None  # "The retry limit is 3" / "The retry limit for webhooks is 5": an override
    if opposing % 2 == 1 and not values:
        signal = next(c.kind for c in alignment.changes if c.kind in OPPOSING)
        if negated_side is None and opposing == kinds["negation"]:
            return None  # the clauses disagree: "names that don't ..." negates no claim
        base = 0.92
    elif values and opposing == 0:
        if both_deny:
            return None  # "Never commit to production" / "Never commit to staging": both hold
        signal = "slot"
        base = 0.9
    else:
        return None
    confidence = base - 0.03 * max(0, inserts - 1) - 0.15 * (1 - alignment.equal_ratio)
    return signal, confidence


# Words that open a phrase narrowing where a statement holds ("for webhooks", "in tests").
_SCOPE_WORDS = frozenset({
    "for", "in", "on", "during", "when", "while", "within", "inside", "under", "per", "except",
    "unless", "outside", "only",
})


# Words that widen a phrase instead of narrowing it: "in all environments", "in total".
_BROADENING = frozenset({"all", "every", "any", "total", "general", "everywhere", "overall",
                         "always", "whole", "entire"})


def _scoped(alignment: Alignment) -> bool:
    """One side adds a phrase that narrows where it holds, and says more nothing else."""
    added = [c for c in alignment.changes if c.kind == "insert" and (c.words_a or c.words_b)]
    return bool(added) and all(
        (c.a or c.b).split()[0].lower() in _SCOPE_WORDS and not (c.a and c.b)
        and not _BROADENING & set((c.a or c.b).lower().split())
        for c in added
    )


def _opposed_clauses(
    fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon
) -> tuple[Clause, Clause, float] | None:
    """The best (negated, affirmative) clause pair whose negated subject is inside the other."""
    best: tuple[Clause, Clause, float] | None = None
    for ca in fa.clauses:
        for cb in fb.clauses:
            if ca.polarity == cb.polarity:
                continue
            negated, affirmed = (ca, cb) if ca.polarity < 0 else (cb, ca)
            # "Do not add trailing commas" / "Use trailing commas": "add" only says they are there
            said = negated.content - lexicon.presence
            if not said or not all(lexicon.covered(word, affirmed.content) for word in said):
                continue
            if negated.flipped_by == ("over",) and not all(
                    lexicon.covered(word, negated.content) for word in affirmed.content):
                # "Use composition over inheritance" prefers, and forbids nothing: "Use proper
                # inheritance" (when you do) is no contradiction; "Use inheritance" is
                continue
            if len(negated.content) == 1 and not affirmed.directive:
                continue  # "No Redux." vs a heading that mentions Redux: no stance to oppose
            overlap = jaccard(negated.content, affirmed.content)
            if overlap < _CLAUSE_OVERLAP:
                continue
            if best is None or overlap > best[2]:
                best = (negated, affirmed, overlap)
    return best


def _says(f: TextFeatures, word: str) -> bool:
    return any(t.lower == word for t in f.tokens)


def _absolute_against_condition(fa: TextFeatures, fb: TextFeatures, negated: Clause) -> bool:
    """"Always squash merges when landing a PR" / "Never squash merges": the unconditional rule
    covers the condition too, and the two insist in opposite directions ("always" on the
    affirming side, "never" on the negating one). Without them the conditional is an exception
    to the rule ("Never cache" / "Cache when immutable")."""
    if fa.conditional == fb.conditional:
        return False
    denying, affirming = (fa, fb) if negated in fa.clauses else (fb, fa)
    return _says(denying, "never") and _says(affirming, "always")


def _restated(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> bool:
    """The shorter text is a prohibition that the other says again, clause for clause:
    "No SELECT *" / "SELECT explicit columns, never SELECT *" agree, whatever else differs.
    (Affirmative clauses can agree in their words and still differ: "turn on" / "turn off".)"""
    # by clauses, then by text: the verdict must not depend on which text came first
    shorter, longer = sorted((fa, fb), key=lambda f: (len(f.clauses), f.text))
    negated = any(clause.polarity < 0 for clause in shorter.clauses)
    return negated and all(
        any(
            mine.polarity == theirs.polarity
            and all(lexicon.covered(word, theirs.content) for word in mine.content)
            for theirs in longer.clauses
        )
        for mine in shorter.clauses
    )


_CLAUSE_EDGE = frozenset(":;,.!?-–—(")


def _said_within(fa: TextFeatures, fb: TextFeatures) -> bool:
    """The shorter text is a whole sentence or clause of the longer one, word for word:
    "**Avoid globals**: Limit the use of global variables." / "Limit the use of global
    variables." ("Do not use Redis" holds "use Redis", but not as a clause of its own.)"""
    short, long = sorted((_plain(fa.text), _plain(fb.text)), key=len)
    if not short or short == long:
        return False
    start = long.find(short)
    while start != -1:
        before = long[:start].rstrip()
        after = long[start + len(short) :].lstrip()
        if (not before or before[-1] in _CLAUSE_EDGE) and (not after or after[0] in _CLAUSE_EDGE):
            return True
        start = long.find(short, start + 1)
    return False


def _plain(text: str) -> str:
    return " ".join(clean(text).lower().split()).strip(" .;!")


# Words that grant a permission; "can" also states a capability ("the API can paginate").
_PERMISSION = frozenset({"may", "allowed", "permitted", "ok", "okay", "fine", "acceptable"})


def _exception(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> bool:
    """The affirming text makes an exception to the other's prohibition:

    - it grants a permission to something the rule does not name: "Don't deploy on Fridays" /
      "Hotfixes may be deployed on Fridays" (without new words, "You may deploy on Fridays",
      the permission overrules the rule);
    - the rule is an order to everyone ("Don't use default exports") and the other names whom
      it binds before saying the same: "Next.js page components must use default exports".
    """
    side = _negated_side(fa, fb)
    if side is None:
        return False
    denying, granting = (fa, fb) if side == "a" else (fb, fa)
    granted = {lexicon.canon(t.stem) for t in granting.tokens if t.lower in _PERMISSION}
    if granted and any(not lexicon.covered(word, denying.content)
                       for word in granting.content - granted):
        return True
    return _orders_everyone(denying, lexicon) and _names_its_subject(granting, denying, lexicon)


def _orders_everyone(f: TextFeatures, lexicon: Lexicon) -> bool:
    """An imperative prohibition: "Don't use X", "Never push", "Avoid globals" ("No ..." can
    state a fact: "No one is riding a bike")."""
    words = [t.lower for t in f.tokens[:2]]
    first = f.tokens[0] if f.tokens else None
    return first is not None and (  # "Nobody is riding" states a fact, and orders no one
        words == ["do", "not"] or first.lower == "never" or first.stem in lexicon.negative_terms
    )


_EVERYONE = frozenset({"all", "every", "each", "any", "everyone", "everybody", "anyone",
                       "anybody"})
# Words that join a subject to what it must or may do: "Next.js page components must use ...".
_SUBJECT_VERBS = frozenset({"must", "should", "shall", "may", "can", "will", "need", "needs",
                            "is", "are", "have", "has"})


def _names_its_subject(granting: TextFeatures, denying: TextFeatures, lexicon: Lexicon) -> bool:
    """`granting` opens with a subject the rule does not name, then a modal or auxiliary, then
    what the rule is about: "Next.js page components must use default exports"."""
    subject: list[str] = []
    for at, token in enumerate(granting.tokens):
        if token.lower in _EVERYONE:
            return False  # "Everyone must push to main", "All modules must ...": no exception
        if token.lower in _SUBJECT_VERBS:
            rest = content_stems(granting.tokens[at + 1 :], lexicon)
            return bool(subject) and any(lexicon.covered(w, denying.content) for w in rest)
        if token.stem in lexicon.non_content:
            continue
        if lexicon.covered(lexicon.canon(token.stem), denying.content):
            return False  # the rule's own words come first: no other subject
        subject.append(token.stem)
    return False


def _overrides(fa: TextFeatures, fb: TextFeatures) -> bool:
    """One text says it overrides a value: "Webhooks override the default retry limit with 5"
    ("Do not override the retry limit of 3" forbids the override: it stays a rule)."""
    return any(
        any(t.stem.startswith("overrid") for t in f.tokens)
        and not any(c.polarity < 0 for c in f.clauses)
        for f in (fa, fb)
    )


def _comparable(fa: TextFeatures, fb: TextFeatures) -> bool:
    """Whether the two texts state rules about one subject at all."""
    if fa.time_scoped != fb.time_scoped or fa.label or fb.label or fa.example or fb.example:
        return False
    if fa.topic and fb.topic and fa.topic != fb.topic:
        return False  # "Java: indent with four spaces" / "JavaScript: indent with two spaces"
    return min(len(fa.tokens), len(fb.tokens)) > 1  # a lone word asserts nothing


def detect_contradiction_features(
    fa: TextFeatures,
    fb: TextFeatures,
    lexicon: Lexicon | None = None,
    alignment: Alignment | None = None,
) -> Contradiction | None:
    """`detect_contradiction` over precomputed features (and alignment, if the caller has one)."""
    lexicon = lexicon or default_lexicon()
    if not _comparable(fa, fb) or _restated(fa, fb, lexicon) or _said_within(fa, fb):
        return None
    if _exception(fa, fb, lexicon):
        return None
    subject = jaccard(fa.content, fb.content)
    signals: dict[str, Any] = {"subject_overlap": round(subject, 2)}
    confidence = 0.0
    alignment = alignment or align(fa, fb, lexicon)
    minimal = None
    if fa.conditional == fb.conditional:  # "Never cache" / "Cache when it is immutable": scoped
        minimal = _minimal_pair(alignment, _negated_side(fa, fb), _denies_all(fa, lexicon)
                               and _denies_all(fb, lexicon))
    if minimal is not None and minimal[0] == "slot" and (
            _overrides(fa, fb) or open_beside(fa, fb)):
        # "Webhooks override the default retry limit with 5": scoped, by its word; "The user
        # likes Svelte" / "... likes SolidJS", "Use Memcached for caching too": both hold
        minimal = None
    if minimal is not None:
        signal, confidence = minimal
        changed = [c for c in alignment.changes if c.kind not in HARMLESS and c.kind != "insert"]
        signals[signal] = ", ".join(f"{c.a} / {c.b}" for c in changed)
    if alignment.changes and all(c.kind in HARMLESS for c in alignment.changes):
        return None  # the same sentence in other words ("excluded path" / "excludedPath")
    related = subject >= _SUBJECT_OVERLAP and min(len(fa.tokens), len(fb.tokens)) > 1
    opposed = _opposed_clauses(fa, fb, lexicon) if related else None
    if opposed is not None and not (fa.conditional or fb.conditional):
        negated, _, overlap = opposed
        clause_confidence = 0.7 + 0.22 * overlap
        signals["negation"] = " ".join(negated.flipped_by)
        confidence = max(confidence, clause_confidence)
    elif opposed is not None and _absolute_against_condition(fa, fb, opposed[0]):
        negated, _, overlap = opposed
        signals["negation"] = " ".join(negated.flipped_by)
        signals["unconditional"] = "always / never under a condition"
        confidence = max(confidence, _UNDER_CONDITION + 0.1 * overlap)
    if confidence <= 0.0 and (turned := reversed_preference(fa, fb)) is not None:
        signals["reversed_preference"] = turned  # "Prefer A over B" / "Prefer B to A"
        confidence = REVERSED_CONFIDENCE
    if confidence <= 0.0 and not (fa.conditional or fb.conditional or _overrides(fa, fb)):
        restated = None if open_values(fa, fb, lexicon) else restated_value(fa, fb, lexicon)
        if restated is not None:
            signals["restated"] = restated
            confidence = RESTATED_CONFIDENCE
        elif (slot := unknown_slot(fa, fb, alignment, lexicon)) is not None:
            signals["unknown_slot"] = slot  # two names the lexicon lacks, one purpose
            confidence = SLOT_CONFIDENCE
        elif (choice := other_choice(fa, fb, lexicon)) is not None:
            signals[choice[0]] = choice[1]  # one value each, for one purpose
            confidence = choice[2]
        elif (amount := other_amount(fa, fb, lexicon)) is not None:
            signals["amount"] = amount  # one amount each, for one purpose
            confidence = AMOUNT_CONFIDENCE
    if confidence <= 0.0:
        return None
    corrections = sorted(set(fa.corrections) | set(fb.corrections))
    if corrections:
        signals["correction"] = ", ".join(corrections)
        confidence += 0.05
    return Contradiction(round(min(confidence, 0.99), 3), signals)


def detect_contradiction(a: str, b: str, lexicon: Lexicon | None = None) -> Contradiction | None:
    """A `Contradiction` (confidence 0..1 and the signals that fired) or None."""
    lexicon = lexicon or default_lexicon()
    return detect_contradiction_features(features(a, lexicon), features(b, lexicon), lexicon)

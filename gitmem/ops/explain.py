"""A plan's class and confidence in words, for the person who must confirm it.

The class is the duplicate band of the two memories' claims (ops/scoring.py), the confidence
their duplicate score; the signals say what the scorer and the contradiction rules saw. Pure:
a Plan and the two thresholds in, sentences out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gitmem.model import Plan

# what the contradiction rules record, and what each means (consistency/contradiction.py)
_OPPOSED = {
    "polarity": "opposite instructions about the same thing",
    "negation": "one negates the other's directive",
    "antonym": "words of opposite meaning in the same sentence",
}
_DIFFERS = {
    "negation": "one is negated",
    "number": "a number differs",
    "exclusive": "a value differs",
    "word_order": "the roles are swapped",
    "swapped_word": "one word differs",
    "swapped_words": "the same frame holds other words",
    "action": "the action differs",
    "name": "another name is meant",
    "unread": "words in a script gitmem does not read differ",
    "synonyms": "only synonyms differ",
    "function words": "only small words differ",
}


_READ = {"high": "the claims read alike", "medium": "the claims read partly alike",
         "low": "the claims read differently"}


_SCALE = "how alike the two memories read, 0 to 1"


def _level(value: float, match: float, possible: float) -> str:
    if value >= match:
        return "high"
    return "medium" if value >= possible else "low"


def _quoted(value: object) -> str:
    return f' "{value}"' if isinstance(value, str) and value and value != "True" else ""


def _opposition(signals: Mapping[str, Any]) -> list[str]:
    """What the contradiction rules found between the two memories, in words ([] if none)."""
    if "contradiction" not in signals:
        return []
    found = [f"{meaning}{_quoted(signals[key])}" for key, meaning in _OPPOSED.items()
             if key in signals]
    if "slot" in signals:
        found.append(f"the same sentence with another value{_quoted(signals['slot'])}")
    if "unconditional" in signals:
        found.append("one rule is absolute, the other holds under a condition")
    if "restated" in signals:
        found.append(f"a value is stated differently{_quoted(signals['restated'])}")
    if "correction" in signals:
        found.append(f"one is marked as a correction{_quoted(signals['correction'])}")
    return found or ["their rules disagree"]


def explain_class(plan: Plan, match: float, possible: float) -> str:
    klass, score, signals = plan.klass, plan.confidence, plan.signals
    if signals.get("identical"):
        return (f"class {klass}: the memories are identical (the same text and the same fields "
                "but name and description)")
    if score is None:
        return (f"class {klass}: a {plan.op} of more than two memories, which no one score "
                "compares; a person confirms")
    opposed = _opposition(signals)
    if opposed:
        return (f"class {klass}: the memories contradict each other ({opposed[0]}), so they are "
                "no duplicates; a person confirms which one stands")
    if klass == "match":
        return (f"class {klass}: the claims say the same thing (duplicate score at or above "
                f"policy.match_threshold {match:.2f})")
    if score >= possible:
        return (f"class {klass}: the claims overlap, but one says something the other does not "
                f"(duplicate score from policy.possible_threshold {possible:.2f} up to "
                f"policy.match_threshold {match:.2f})")
    return (f"class {klass}: the claims are too different to be duplicates (duplicate score "
            f"below policy.possible_threshold {possible:.2f}); you named them, so a person "
            "confirms")


def explain_confidence(plan: Plan, match: float, possible: float) -> str | None:
    score, signals = plan.confidence, plan.signals
    if score is None:
        return None
    level = _level(score, match, possible)
    if signals.get("identical"):
        reasons = ["byte for byte the same body"]
    else:
        reasons = [_READ[level]]
        differs = [_DIFFERS.get(d, d) for d in str(signals.get("differs_by", "")).split(",") if d]
        if differs:
            reasons.append(", ".join(differs))
        elif isinstance(signals.get("inserted"), (int, float)) and signals["inserted"] > 0:
            reasons.append("one side says more than the other")
    opposed = _opposition(signals)
    if opposed:
        reasons.append(f"the contradiction rules matched {'; '.join(opposed)} (contradiction "
                       f"confidence {float(signals['contradiction']):.2f})")
    if signals.get("folded"):
        reasons.append(f"{signals['folded']} claim(s) the survivor already says are left out")
    if signals.get("contradicts"):
        reasons.append(f"{signals['contradicts']} claim(s) contradict the survivor: decide them "
                       "in `gitmem review` after the merge")
    return f"confidence {score:.2f}: {level} ({_SCALE}) — " + "; ".join(reasons)


def explain(plan: Plan, match: float, possible: float) -> dict[str, str | None]:
    """{"class": sentence, "confidence": sentence or None (no score)}: what `plan` prints
    and its JSON's `explanation`."""
    return {"class": explain_class(plan, match, possible),
            "confidence": explain_confidence(plan, match, possible)}

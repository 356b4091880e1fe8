"""A claim's preference (read in stage 1) and the evidence of two stances (stage 3).

`read_preference` reads what a claim ranks above what, once per claim (`claims.analyze` keeps
it as `ClaimAnalysis.preference`), in the ways a preference is written:

- an order: "Prefer / favour / choose / pick A over / to / rather than / instead of / in
  preference to B", "Use A rather than B";
- someone's preference: "The user prefers A to B", "The user would rather have A than B";
- the passive: "B is preferred / favoured over A", "Spaces are what the user prefers over tabs";
- with a scope before or after it: "In TypeScript, prefer A to B", "For new APIs, A is preferred
  over B", "When designing classes, favour A over B", "Prefer A over B for records".

`reversed_preference` compares two readings: "Prefer async/await over promise chains" /
"Prefer promise chains to async/await" rank the same two things both ways. What one puts above
shares words with what the other puts below, and the other way round, neither puts the same
thing on the same side, and both hold in the same scope ("in Makefiles" / "in YAML files" are
two preferences). A condition after the ranking ("... when the client is public") makes it an
exception, which ranks nothing against the rule.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gitmem.consistency.lexicon import Lexicon
from gitmem.consistency.text import tokenize

if TYPE_CHECKING:
    from gitmem.consistency.features import TextFeatures

REVERSED_CONFIDENCE = 0.88


@dataclass(frozen=True)
class Preference:
    """"Prefer A over B in S": the stems of A, of B and of the scope S."""

    above: frozenset[str]
    below: frozenset[str]
    scope: frozenset[str]


_BY = r"(?P<by>over|to|rather\s+than|instead\s+of|in\s+preference\s+to|versus|vs\.?|than)"
_SIDE = r"[^,;:!?]{1,60}?"
_SCOPE = r"(?:\s+(?P<scope>(?:in|for|within|inside|across|throughout)\s+[^,;:!?]{1,40}?))?[.!]?$"
_MODIFIER = r"(?:(?:always|generally|strongly|usually|clearly)\s+)?"
_WHO = r"(?:(?:the\s+)?(?:user|team|client|owner|maintainers?|we|i)\s+)"
_FORMS = tuple(re.compile(pattern, re.IGNORECASE) for pattern in (
    # "Prefer A over B", "The user prefers A to B", "The user would rather have A than B"
    rf"^{_WHO}?{_MODIFIER}(?P<verb>prefer|favou?r|choose|pick|use|write|would\s+rather)\w*"
    rf"(?:\s+(?:have|use|get|see|read|write))?\s+(?P<above>{_SIDE})\s+{_BY}\s+"
    rf"(?P<below>{_SIDE}){_SCOPE}",
    # "B is preferred over A", "Class components are favoured to function components"
    rf"^(?P<above>{_SIDE})\s+(?:is|are)\s+{_MODIFIER}(?P<verb>preferred|favou?red|chosen|picked)"
    rf"\s+{_BY}\s+(?P<below>{_SIDE}){_SCOPE}",
    # "Spaces are what the user prefers over tabs"
    rf"^(?P<above>{_SIDE})\s+(?:is|are)\s+what\s+{_WHO}?(?P<verb>prefer|favou?r|choose)\w*\s+"
    rf"{_BY}\s+(?P<below>{_SIDE}){_SCOPE}",
))
# A scope or condition written first: "In TypeScript, ...", "When designing classes, ...".
_LEAD = re.compile(r"^(?P<lead>(?:in|for|when|where|within|inside|across|on)\s[^,;:]{1,50}),\s*"
                   r"(?P<rest>.+)$", re.IGNORECASE)
# A condition after the preference scopes it: "Prefer A over B when ...".
_CONDITION = re.compile(r"\b(?:when|whenever|unless|except|only if|if you|if the|if it)\b",
                        re.IGNORECASE)


def _stems(text: str, lexicon: Lexicon) -> frozenset[str]:
    return frozenset(lexicon.canon(t.stem) for t in tokenize(text)
                     if t.stem not in lexicon.non_content and t.lower not in lexicon.negators)


def read_preference(text: str, lexicon: Lexicon) -> Preference | None:
    """What the claim ranks above what, and where. "Use X over Y" runs one on the other ("Use
    gRPC over HTTP/2") and "Use X to do Y" says what for: neither ranks; "than" ranks only
    after "rather". A word both sides share ("function components" / "class components")
    ranks neither."""
    text, lead = text.strip(), ""
    if (leading := _LEAD.match(text)) is not None:
        lead, text = leading.group("lead"), leading.group("rest")
    if _CONDITION.search(text):
        return None
    for form in _FORMS:
        match = form.match(text)
        if match is not None:
            break
    else:
        return None
    verb, by = match.group("verb").lower(), match.group("by").lower()
    if verb in ("use", "write") and by in ("over", "to", "versus", "vs", "vs.", "than"):
        return None
    if (by == "than") != verb.startswith("would"):
        return None
    above, below = _stems(match.group("above"), lexicon), _stems(match.group("below"), lexicon)
    above, below = above - below, below - above
    if not above or not below:
        return None
    scope = _stems(f"{lead} {match.group('scope') or ''}", lexicon)
    return Preference(above, below, scope)


def reversed_preference(fa: TextFeatures, fb: TextFeatures) -> str | None:
    """The signal ("A / B") when the two preferences rank the same two things both ways."""
    pa, pb = fa.analysis.preference, fb.analysis.preference
    if pa is None or pb is None or pa.scope != pb.scope:
        return None  # "... in tests" / "... in production": two places, two preferences
    if not (pa.above & pb.below and pa.below & pb.above):
        return None
    if pa.above & pb.above or pa.below & pb.below:
        return None
    return f"{' '.join(sorted(pa.above))} / {' '.join(sorted(pa.below))}"


def same_preference(fa: TextFeatures, fb: TextFeatures) -> bool:
    """Both rank the same thing above the same other, in one scope: "The user would rather see
    tables than lists" / "Use tables rather than lists" agree, whatever else each words."""
    pa, pb = fa.analysis.preference, fb.analysis.preference
    return (pa is not None and pb is not None and pa.scope == pb.scope
            and bool(pa.above & pb.above) and bool(pa.below & pb.below)
            and not (pa.above & pb.below or pa.below & pb.above))

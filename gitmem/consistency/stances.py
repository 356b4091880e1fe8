"""Evidence from two claims' stances (stage 3): a preference turned around.

"Prefer async/await over promise chains" / "Prefer promise chains to async/await": each ranks
what the other ranks below. `claims.analyze` reads each preference once ("prefer", "favour",
"choose", "pick", "use ... rather than / instead of / in preference to"); here two readings
are compared: what one puts above shares words with what the other puts below, and the other
way round, and neither puts the same thing on the same side.
"""

from __future__ import annotations

from gitmem.consistency.features import TextFeatures

REVERSED_CONFIDENCE = 0.88


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

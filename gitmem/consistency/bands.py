"""The bands a run's pairs are judged and reported at: light enough for a warm lint, which keys
its caches on them and never imports the detectors (`gitmem/lint/cached.py`)."""

from __future__ import annotations

from dataclasses import dataclass

MATCH_THRESHOLD = 0.86  # duplicate score of a duplicate (GM201)
POSSIBLE_THRESHOLD = 0.72  # duplicate score of a possible duplicate (GM202)


@dataclass(frozen=True)
class Thresholds:
    match: float = MATCH_THRESHOLD  # duplicate match band (GM201)
    possible: float = POSSIBLE_THRESHOLD  # duplicate possible band (GM202)
    contradiction: float = 0.6  # lowest contradiction confidence reported (GM211)
    contradiction_match: float = 0.86
    # which contradictions the run reports, so which a pair is judged for when nothing else of
    # it is open (`batch.Judging`): "all"; "directives", between two directives only (a strict
    # reading of memory beside code, `strict_reading.kept_strictly`); "none" (GM211 not run)
    contradictions: str = "all"

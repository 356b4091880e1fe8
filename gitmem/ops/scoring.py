"""Class, confidence and signals for a supersede or merge plan, from the consistency scorer.

The class is the duplicate band of the two memories' claims: 'match', else 'possible' (the
contract's two plan classes; a pair below the possible band is 'possible' with its low score,
since a person asked for it and must confirm it). A contradiction between them is recorded as a
signal. Only byte-identical bodies are marked `identical`: the one case that may
apply without --confirm, and only with policy.auto_apply.
"""

from __future__ import annotations

from typing import Any

from gitmem.config import Config
from gitmem.consistency.contradiction import detect_contradiction
from gitmem.consistency.duplicates import classify, score_duplicate
from gitmem.consistency.lexicon import lexicon_for
from gitmem.memory.inforce import claim_in_force
from gitmem.model import Memory


def _text(memory: Memory) -> str:
    return " ".join(c.text for c in memory.claims if claim_in_force(c))


# Fields that only name or describe a memory; any other difference is information a supersede
# or merge would drop (a user type, a tag, a confidence), so it is no byte-identical duplicate.
_LABELS = ("name", "description")


def _fields(memory: Memory) -> dict[Any, Any]:
    return {k: v for k, v in memory.meta.items() if k not in _LABELS}


def _same_fields(a: Memory, b: Memory) -> bool:
    return _fields(a) == _fields(b)


def score_pair(keep: Memory, other: Memory, config: Config) -> tuple[str, float | None, dict[str, Any]]:
    if keep.body.strip() and keep.body == other.body and _same_fields(keep, other):
        return "match", 1.0, {"identical": True}
    a, b = _text(keep), _text(other)
    if not a or not b:
        return "possible", 0.0, {}
    lexicon = lexicon_for(config.lexicon)  # with the repository's [consistency.lexicon]
    dup = score_duplicate(a, b, keep.tags, other.tags, lexicon)
    signals: dict[str, Any] = {k: v for k, v in dup.signals.items()
                               if isinstance(v, (int, float, str)) and k != "identical"}
    klass = classify(dup.score, config.match_threshold, config.possible_threshold) or "possible"
    found = detect_contradiction(a, b, lexicon)
    if found is not None:
        signals["contradiction"] = round(found.confidence, 2)
        signals.update({k: v for k, v in found.signals.items() if k != "subject_overlap"})
    return klass, round(dup.score, 3), signals

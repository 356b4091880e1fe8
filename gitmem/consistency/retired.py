"""A change a claim reports (read in stage 1), and a line that still states the old value (stage 3).

"We moved from Webpack to Rspack" / "Bundle the app with Webpack": the first says Webpack is
no longer in use, the second still says to use it. `read_retired` reads, once per claim
(`claims.ClaimAnalysis.retired`), the changes a claim reports, as (old, new) value keys:

- "switched / migrated / moved / swapped / ported / changed / converted / renamed ... from X to
  Y" ("The ORM was swapped from Sequelize to Prisma", "We switched the job queue from RabbitMQ
  to NATS last month");
- "replaced X with Y", "X was replaced by Y";
- "dropped / removed / retired / deprecated / phased out X in favour of Y";
- "no longer use X" and "We dropped X; ..." (no new value named).

Only a change that happened counts ("migrated", not "migrate" nor "migrating": an order or a
plan). `stale_value` then finds the other claim stating the old value as a choice in force:
plain (affirmed, unconditional, present, not itself a change), naming the old value where a
choice stands ("Format dates with Moment.js", "Jobs are queued in RabbitMQ", "master is the
default branch"), about what changed (a word of it, when the change names it: "The docs
site moved from Docusaurus to Starlight" says nothing of the blog), not naming the new one ("Jest matchers still work in Vitest" knows about
the change), and naming no other value the change does not name ("The app build moved from
Webpack to Vite" / "The Storybook build still uses Webpack": another thing's choice). Signal `retired`, a possible contradiction (`RETIRED_CONFIDENCE`), for review.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from gitmem.consistency.lexicon import Lexicon
from gitmem.consistency.text import tokenize

if TYPE_CHECKING:
    from gitmem.consistency.features import TextFeatures

RETIRED_CONFIDENCE = 0.75

_VALUE = r"[\w.+#-]+(?:\s+[\w.+#-]+){0,2}?"
_OLD = rf"(?:the\s+|our\s+)?(?P<old>{_VALUE})"
_NEW = rf"(?:the\s+|our\s+)?(?P<new>{_VALUE})"
# where a value ends: punctuation, the end, or a phrase that says when or where it changed
_END = (r"(?=\s*(?:[.;,!)]|$|\s(?:in|on|at|last|this|since|after|back|earlier|recently|for|"
        r"now|everywhere|across)\b))")
_CHANGES = tuple(re.compile(p, re.IGNORECASE) for p in (
    r"\b(?:switched|migrated|moved|swapped|ported|changed|transitioned|converted|renamed)"
    rf"\b(?:\s+[\w'-]+){{0,4}}?\s+from\s+{_OLD}\s+(?:over\s+)?(?:to|onto)\s+{_NEW}{_END}",
    rf"\breplaced\s+{_OLD}\s+(?:with|by)\s+{_NEW}{_END}",
    rf"^{_OLD}\s+(?:was|were|has\s+been|have\s+been|got|is|are)\s+(?:now\s+)?"
    rf"(?:replaced|superseded)\s+(?:with|by)\s+{_NEW}{_END}",
    r"\b(?:dropped|removed|abandoned|ditched|retired|deprecated|phased\s+out|moved\s+off)"
    rf"\s+{_OLD}\s+in\s+favou?r\s+of\s+{_NEW}{_END}",
    rf"\bno\s+longer\s+(?:use|uses|run|runs|rely\s+on|relies\s+on|depend\s+on|depends\s+on)\s+"
    rf"{_OLD}(?:\s+any\s*more)?\s*(?:[;.,]|$)",
    rf"^(?:we\s+)?(?:dropped|ditched|abandoned|removed)\s+{_OLD}\s*;",
))
_VERSION = re.compile(r"^v?\d+(?:\.\d+|\.x)*$")
_PEOPLE = frozenset({"we", "team", "i", "they", "you", "company", "org", "everyone"})
_VERBS = frozenset({"switch", "migrat", "move", "mov", "phas", "swap", "port", "chang", "transit", "convert",
                    "renam", "replac", "drop", "remov", "abandon", "ditch", "retir", "deprec",
                    "phase", "longer", "from", "over", "off"})


class Change(NamedTuple):
    old: str  # the value no longer in force, as `claims.Value.key`
    new: str  # what replaced it ("" when the text names nothing)
    subject: frozenset[str]  # what changed: "docs site" of "The docs site moved from X to Y"


def read_retired(text: str, lexicon: Lexicon) -> tuple[Change, ...]:
    """Each change the text reports: its old and new value keys (new "" when it names none)
    and what changed, the content stems before "from" ("the docs site moved from ...")."""
    out = []
    text = text.strip()
    for pattern in _CHANGES:
        for match in pattern.finditer(text):
            old = _key(match.group("old"), lexicon)
            new = _key(match.group("new"), lexicon) if "new" in pattern.groupindex else ""
            if old and old != new:
                before = text[:match.start("old")].rsplit(":", 1)[-1]
                out.append(Change(old, new, frozenset(
                    lexicon.canon(t.stem) for t in tokenize(before)
                    if t.stem not in lexicon.non_content and t.lower not in _PEOPLE
                    and t.stem not in _VERBS and t.stem not in lexicon.marker_words
                    and t.lower not in lexicon.negators)))
    return tuple(out)


def _key(raw: str, lexicon: Lexicon) -> str:
    """A value's key as `claims.Value.key` writes it: its stems, without a version."""
    stems = [t.stem for t in tokenize(raw) if not _VERSION.match(t.lower)]
    return lexicon.canon(" ".join(stems)) if stems else ""


def stale_value(fa: TextFeatures, fb: TextFeatures) -> str | None:
    """The signal ("Webpack -> Rspack") when one claim reports a change away from a value the
    other still states as its choice."""
    for f, g in ((fa, fb), (fb, fa)):
        stale = g.analysis
        if not f.analysis.retired or stale.retired or not stale.plain or stale.past:
            continue
        placed = {v.key for v in stale.values if v.placed}
        named = {v.key for v in stale.values}
        said = {t.stem for t in f.tokens}
        purpose = {w for _, w in stale.words}
        for old, new, subject in f.analysis.retired:
            if any(v.key != old and not set(v.key.split()) <= said for v in stale.values):
                continue  # "The Storybook build still uses Webpack": another thing's choice
            if subject and not subject & purpose:
                continue  # "The docs site moved ..." / "The blog is built with ...": another
            if old in placed and not (new and new in named):
                raw = next(v.raw for v in stale.values if v.key == old)
                return f"{raw} -> {new}" if new else f"{raw} -> no longer"
    return None

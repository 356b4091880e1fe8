"""Phrasings that say more than their words in order: read as the clauses they stand for.

`features.py` splits a claim into pieces; `read` turns each piece into its clause
(`polarity.clause`) and reads these phrasings on the way:

- "Prefer composition over inheritance": "over" ranks one thing below another, as "rather than"
  does (`preferences`).
- "We migrated the tests from Jest to Vitest": the tests use Vitest, and no longer Jest
  (`switched`).
- "Feature flags are managed in LaunchDarkly, not Unleash": the short denial is about feature
  flags too (`elided`).
"""

from __future__ import annotations

import dataclasses
import re

from gitmem.consistency.lexicon import Lexicon
from gitmem.consistency.polarity import Clause, clause, content_sequence, content_stems, flips
from gitmem.consistency.text import Token

# "Prefer composition over inheritance" ranks one thing above another as "rather than" does
# ("over 80 lines" stays as it is; so does "use": "Use gRPC over HTTP/2" runs one on the other).
_PREFERS_OVER = re.compile(
    r"(\b(?:prefer|favou?r|choose|pick)\w*\b[^.;:,!?]{1,60}?)\s+over\s+(?![\d$])",
    re.IGNORECASE,
)


def preferences(cleaned: str) -> tuple[str, frozenset[int]]:
    """`cleaned` with each preference "over" read as "rather than", and where each of those
    clauses starts (so the clause can say it only prefers, see `contradiction.py`)."""
    out, starts, last = [], set(), 0
    for match in _PREFERS_OVER.finditer(cleaned):
        out.append(cleaned[last : match.end(1)] + " ")
        starts.add(sum(map(len, out)))
        out.append("rather than ")
        last = match.end()
    out.append(cleaned[last:])
    return "".join(out), frozenset(starts)


_SWITCHING = frozenset({"switch", "migrat", "mov", "chang", "transition"})
_SWITCH_VALUE = 3  # words of the old value at most: "from GitHub Actions to CircleCI"


def switched(tokens: list[Token]) -> tuple[list[Token], list[Token], list[Token]] | None:
    """(the subject, the old value, the new value and what follows) of "CI moved from Travis
    to GitHub Actions last year", or None. What follows the new value ("last year") says when
    it changed, so the old value is denied without it. Only a switch that happened counts
    ("migrated", "has moved"): "Moving a release from staging to production requires
    approval" describes a path, and "We are migrating" is not done yet."""
    for at, token in enumerate(tokens):
        if token.stem not in _SWITCHING or not token.lower.endswith("ed"):
            continue
        starts = [i for i in range(at + 1, min(at + 5, len(tokens))) if tokens[i].lower == "from"]
        if not starts:
            continue
        start = starts[0]
        ends = [i for i in range(start + 2, min(start + 2 + _SWITCH_VALUE, len(tokens)))
                if tokens[i].lower == "to"]
        if not ends:
            continue
        end = ends[0]
        if end + 1 >= len(tokens):
            continue
        subject = tokens[:at] + tokens[at + 1 : start]
        return subject, tokens[start + 1 : end], tokens[end + 1 :]
    return None


ELLIPSIS_TOKENS = 4  # "not Unleash", "never Jest", "not the staging one"
_OR = frozenset({"or", "nor"})


def elided(before: frozenset[str], values: frozenset[str], lexicon: Lexicon) -> frozenset[str] | None:
    """"Feature flags are managed in LaunchDarkly, not Unleash": the short negated clause denies
    the clause before it with its value swapped, so it is about feature flags too. The content
    it stands for, when each of its words replaces a value of the same class before it."""
    if not values:
        return None
    replaced = set()
    for value in values:
        swapped = {word for word in before if lexicon.relation(word, value) == "exclusive"}
        if not swapped:
            return None
        replaced |= swapped
    return (before - replaced) | values


def _listed(item: Clause, head: Clause, lexicon: Lexicon) -> Clause:
    """A list item as the clause it continues says it: its polarity, and its content with the
    item in place of the value of the same class ("Don't cache sessions in Redis, or
    Memcached": nor in Memcached)."""
    stands_for = elided(head.content, item.content, lexicon)
    return dataclasses.replace(item, polarity=head.polarity, flipped_by=head.flipped_by,
                               content=item.content if stands_for is None else stands_for)


def read(tokens: list[Token], sequence: tuple[str, ...], contrast: bool, preference: bool,
         clauses: list[Clause], lexicon: Lexicon, joined: bool = False) -> Clause:
    """The clause one piece of a claim stands for. `tokens` are the piece's, `sequence` their
    content stems, `contrast` when it opens with "instead of" or "rather than" (`preference`
    when that stands for a preference's "over"), `clauses` the claim's clauses before it: a
    switch adds the one it denies there ("We migrated the tests from Jest to Vitest": the tests
    use Vitest, not Jest)."""
    said = tokens[2:] if contrast else tokens
    switch = None if contrast else switched(said)
    if switch is not None and flips(said, lexicon):
        switch = None  # "Do not migrate the tests from Jest to Vitest" denies no Jest
    if switch is not None:
        rest, old, new = switch
        was = content_stems(rest + old, lexicon)
        if was:
            clauses.append(dataclasses.replace(
                clause(rest + old, was, False, lexicon), polarity=-1, flipped_by=("from",)))
        said = rest + new
        sequence = content_sequence(said, lexicon)
    out = dataclasses.replace(clause(said, frozenset(sequence), contrast, lexicon),
                              item=joined and len(tokens) == 1)
    if preference:
        out = dataclasses.replace(out, flipped_by=("over",))
    last_item = len(tokens) == 3 and tokens[1].lower in _OR  # "tokens or passwords"
    if clauses and not out.flipped_by and joined and (tokens[0].lower in _OR or last_item):
        # "Don't use X, Y, or Z", "Never log keys, tokens or passwords": after a comma, "or"
        # and "nor" close a list of what the negation denies, one word an item. A phrase
        # between them may be an order of its own ("Don't guess the API, check the docs, or
        # ask the team"), and "and" may add one ("Never push to main, open a PR, and wait")
        head = len(clauses) - 1
        while head > 0 and not clauses[head].flipped_by and clauses[head].item:
            head -= 1
        for at in range(head + 1, len(clauses)):
            clauses[at] = _listed(clauses[at], clauses[head], lexicon)
        out = _listed(out, clauses[head], lexicon)
    elif clauses and tokens[0].lower in ("or", "and", "nor") and not out.flipped_by:
        # "Don't use X or Y": an item keeps the negation of the clause it continues
        out = dataclasses.replace(
            out, polarity=clauses[-1].polarity, flipped_by=clauses[-1].flipped_by
        )
    if out.polarity < 0 and clauses and clauses[-1].polarity > 0 \
            and len(tokens) <= ELLIPSIS_TOKENS:
        stands_for = elided(clauses[-1].content, out.content, lexicon)
        if stands_for is not None:
            out = dataclasses.replace(out, content=stands_for)
    return out

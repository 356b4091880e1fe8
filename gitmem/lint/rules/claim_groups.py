"""A repeated claim is one finding: the judged pairs folded by text, every copy named once.

A text held by k claims (the same bullet in AGENTS.md, CLAUDE.md and two rule files) is one
claim in k places. The pairs `find_pairs` judged are folded by the texts of their two sides:
all copies of one text are one duplicate group (one GM201 naming its k locations, not
k(k - 1) / 2 pairs), and all pairs between two texts are one group whose sides are every copy of
each text (one GM211 naming k + m locations, not k x m). The copies come from the claim set that
was compared, never from the pairs, so the groups are the same whether the candidate generator
pairs every two copies or each copy with the first only. A group carries the strongest verdict
among its pairs (a contradiction over a duplicate, the match band over the possible one, then
the higher confidence), so one text pair is one finding whatever its copies' tags or sections.
A heading's verbless entry ("No offline sync") takes its subject from its heading, so only its
copies under the same heading of the same file are copies of it (`gitmem.memory.fragments`). A
copy is named only when its file is compared with a file of the other side at all (scopes that
overlap, no cooldown): the same words in a rule scoped elsewhere are not part of the conflict.

Copied files are found on the groups too: a text whose first copy is in file A counts once
towards (A, B) for each other file B holding a copy, when A and B are compared at all (their
scopes overlap, no `do_not_reopen` cooldown between them).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Container, Iterable, Sequence
from dataclasses import dataclass

from gitmem.config import Config
from gitmem.consistency.analyze import PairFinding
from gitmem.consistency.corpus import memory_scope
from gitmem.consistency.scope import scopes_disjoint
from gitmem.memory.fragments import is_fragment
from gitmem.memory.inforce import pair_dismissed
from gitmem.model import Claim, Location, Memory

COPIED_FILE_MIN = 5  # verbatim repeats between two files that make them one copied file


@dataclass(frozen=True)
class ClaimGroup:
    """The pairs between two texts (or among the copies of one), as one finding.

    `first` holds the copies of the side whose first copy comes first in (path, line) order, in
    that order: `first[0]` is where the finding points. `second` holds the other text's copies;
    it is empty for a claim repeated verbatim."""

    pair: PairFinding  # the strongest verdict among the group's pairs
    first: tuple[Claim, ...]
    second: tuple[Claim, ...] = ()
    family: bool = False  # `second` are one value away from `first` (families.py)

    @property
    def identical(self) -> bool:
        return not self.second

    @property
    def primary(self) -> Claim:
        return self.first[0]

    def related(self) -> list[Location]:
        """Every other location once: the other side's copies first (`related[0]` is the
        partner of the finding's own line, as for a single pair), then this side's copies."""
        return [Location(c.path, c.line) for c in (*self.second, *self.first[1:])]


def _strength(pair: PairFinding) -> tuple[object, ...]:
    """Sort key, strongest first; ties go to the pair earliest in file order."""
    return (pair.kind != "contradiction", pair.klass != "match", -pair.confidence,
            pair.a.path, pair.a.line, pair.b.path, pair.b.line)


Subject = tuple[str, ...]


def _subject(claim: Claim, fragments: dict[str, bool]) -> Subject:
    """What makes two claims copies of one: their text, and for a heading's verbless entry
    (`is_fragment`: "No offline sync", "Mobile app for field workers") also its file and
    heading, whose subject it takes: under "Free tier" and "Team tier" it says two things."""
    headed = fragments.get(claim.text)
    if headed is None:
        headed = fragments[claim.text] = is_fragment(claim.text)
    return (claim.text, claim.path, claim.section) if headed else (claim.text,)


def _copies(claims: Iterable[Claim], wanted: set[Subject], fragments: dict[str, bool]
            ) -> dict[Subject, tuple[Claim, ...]]:
    """The claims of each `wanted` subject, in (path, line) order, each place once."""
    texts = {subject[0] for subject in wanted}
    held: dict[Subject, list[Claim]] = {}
    for claim in claims:
        if claim.text in texts:
            subject = _subject(claim, fragments)
            if subject in wanted:
                held.setdefault(subject, []).append(claim)
    out = {}
    for subject, found in held.items():
        if len(found) > 1:
            places = {(c.path, c.line): c for c in reversed(found)}  # the first claim per place
            found = [places[k] for k in sorted(places)]
        out[subject] = tuple(found)
    return out


def _order(group: ClaimGroup) -> tuple[str, int, str, int, int, str]:
    other = group.second[0] if group.second else group.first[1]
    return (group.primary.path, group.primary.line, other.path, other.line,
            len(group.first) + len(group.second), group.pair.kind)


def _of(claims: Iterable[Claim], subject: Subject, fragments: dict[str, bool]
        ) -> tuple[Claim, ...]:
    """Those of `claims` (a pair's two) that are `subject`, in (path, line) order."""
    own = {(c.path, c.line): c for c in claims if _subject(c, fragments) == subject}
    return tuple(own[k] for k in sorted(own))


def _meeting(side: tuple[Claim, ...], others: tuple[Claim, ...],
             compared: Callable[[str, str], bool]) -> tuple[Claim, ...]:
    """The copies of `side` whose file is compared with the file of some claim of `others`
    (some other claim of `side` when `others` is `side`)."""
    met: dict[str, bool] = {}
    kept = []
    for claim in side:
        if claim.path not in met:
            met[claim.path] = any(other is not claim and compared(claim.path, other.path)
                                  for other in others)
        if met[claim.path]:
            kept.append(claim)
    return tuple(kept)


def group_pairs(pairs: Iterable[PairFinding], claims: Iterable[Claim],
                compared: Callable[[str, str], bool] | None = None) -> list[ClaimGroup]:
    """One group per pair of subjects met in `pairs` (a subject with itself: its verbatim
    copies), its sides every copy of each among `claims`; sorted by where the findings point.
    With `compared` (whether two files are compared at all), a copy is named only when its
    file meets the file of a claim of the other side (of another copy): a Cursor rule scoped
    to src/web/** is not named in a contradiction with a rule scoped to src/api/**."""
    fragments: dict[str, bool] = {}
    best: dict[tuple[Subject, Subject], PairFinding] = {}
    pairs, groups = _family_groups(list(pairs))
    for pair in pairs:
        s, t = _subject(pair.a, fragments), _subject(pair.b, fragments)
        key = (s, t) if s <= t else (t, s)
        held = best.get(key)
        if held is None or _strength(pair) < _strength(held):
            best[key] = pair
    copies = _copies(claims, {subject for key in best for subject in key}, fragments)

    def copies_of(subject: Subject, pair: PairFinding) -> tuple[Claim, ...]:
        return copies.get(subject) or _of((pair.a, pair.b), subject, fragments)

    for (s, t), pair in best.items():
        side_s = copies_of(s, pair)
        if s == t:
            if compared is not None:
                side_s = _meeting(side_s, side_s, compared)
            if len(side_s) > 1:
                groups.append(ClaimGroup(pair, side_s))
            continue
        side_t = copies_of(t, pair)
        if compared is not None:
            own = (pair.a, pair.b)  # compared, as every reported pair: a side is never empty
            side_s, side_t = (_meeting(side_s, side_t, compared) or _of(own, s, fragments),
                              _meeting(side_t, side_s, compared) or _of(own, t, fragments))
        if (side_t[0].path, side_t[0].line) < (side_s[0].path, side_s[0].line):
            side_s, side_t = side_t, side_s
        groups.append(ClaimGroup(pair, side_s, side_t))
    return sorted(groups, key=_order)


def _family_groups(pairs: list[PairFinding]) -> tuple[list[PairFinding], list[ClaimGroup]]:
    """The pairs within one family (families.py: texts one value apart, each judged against the
    family's first) folded into one group per family and verdict, naming every claim flagged;
    and the other pairs. A family group of two texts is an ordinary pair. Only texts flagged
    with FAMILY_MIN - 1 others or more (a family's first member), and their partners, are read
    for families: a large repository's findings are not keyed twice."""
    from gitmem.consistency.families import FAMILY_MIN, family_of_texts

    partners: dict[str, set[str]] = {}
    for pair in pairs:
        partners.setdefault(pair.a.text, set()).add(pair.b.text)
        partners.setdefault(pair.b.text, set()).add(pair.a.text)
    hubs = {text for text, others in partners.items() if len(others) >= FAMILY_MIN - 1}
    if not hubs:
        return pairs, []
    near = hubs.union(*(partners[text] for text in hubs))
    ordered = sorted((c for pair in pairs for c in (pair.a, pair.b) if c.text in near),
                     key=lambda c: (c.path, c.line))
    first_of = family_of_texts([c.text for c in ordered])
    if not first_of:
        return pairs, []
    within: dict[tuple[str, str, str], list[PairFinding]] = {}
    rest = []
    for pair in pairs:
        family = first_of.get(pair.a.text)
        if family is None or family != first_of.get(pair.b.text) or pair.a.text == pair.b.text:
            rest.append(pair)
        else:
            within.setdefault((family, pair.kind, pair.klass), []).append(pair)
    groups = []
    for found in within.values():
        if len({c.text for pair in found for c in (pair.a, pair.b)}) < 3:
            rest += found
            continue
        places = {(c.path, c.line): c for pair in found for c in (pair.a, pair.b)}
        members = [places[k] for k in sorted(places)]
        groups.append(ClaimGroup(min(found, key=_strength), (members[0],), tuple(members[1:]),
                                 family=True))
    return rest, groups


def compared_files(memories: Sequence[Memory], config: Config,
                   today: dt.date | None = None) -> Callable[[str, str], bool]:
    """Whether two memories' claims are compared at all (as `corpus_pairs` decides)."""
    today = today or dt.date.today()
    by_path = {m.path: m for m in memories}
    scopes = {m.path: memory_scope(m, config) for m in memories}

    def compared(a: str, b: str) -> bool:
        if a == b:
            return True
        if a not in by_path or b not in by_path:
            return False
        return (not scopes_disjoint(scopes[a], scopes[b])
                and not pair_dismissed(by_path[a], by_path[b], today))
    return compared


def copied_files(groups: Iterable[ClaimGroup], compared: Callable[[str, str], bool]
                 ) -> dict[tuple[str, str], list[ClaimGroup]]:
    """(file of the first copies, file repeating them) -> the verbatim groups they share, for
    file pairs sharing at least COPIED_FILE_MIN texts; the groups in order of the first file.
    A file that repeats its own lines (a rules file written out twice) is paired with itself."""
    shared: dict[tuple[str, str], list[ClaimGroup]] = {}
    for group in groups:
        if not group.identical:
            continue
        home = group.primary.path
        if any(c.path == home for c in group.first[1:]):
            shared.setdefault((home, home), []).append(group)
        for other in sorted({c.path for c in group.first} - {home}):
            if compared(home, other):
                shared.setdefault((home, other), []).append(group)
    return {paths: sorted(found, key=lambda g: g.primary.line)
            for paths, found in sorted(shared.items()) if len(found) >= COPIED_FILE_MIN}


def folded(group: ClaimGroup, copied: dict[tuple[str, str], list[ClaimGroup]],
           near: Container[str] = ()) -> bool:
    """Whether copied-file findings stand for every copy of this verbatim group: each copy but
    the first lies in a file that copies the first copy's file (itself, when that file repeats
    its own lines), and the text is not in
    `near` (`near_texts`: a near-duplicate or a contradiction names the copy only in "also at",
    its partner being the other text, so the verbatim copy stays a finding of its own)."""
    home = group.primary.path
    return group.identical and group.primary.text not in near and all(
        (home, claim.path) in copied for claim in group.first[1:])


def near_texts(groups: Iterable[ClaimGroup]) -> frozenset[str]:
    """The texts that are a side of a group between two texts (not verbatim copies)."""
    return frozenset(claim.text for group in groups if not group.identical
                     for claim in (group.primary, group.second[0]))


PLACES_NAMED = 10  # places a message names per side; `related` holds every one


def places(claims: Sequence[Claim]) -> str:
    """`a.md:3`, `a.md:3 and b.md:4`, `a.md:3, b.md:4 and c.md:5`; past PLACES_NAMED,
    `a.md:3, ... and 412 more` (a line copied into every file of a large repository)."""
    spots = [f"{c.path}:{c.line}" for c in claims[:PLACES_NAMED]]
    if len(claims) > PLACES_NAMED:
        return f"{', '.join(spots)} and {len(claims) - PLACES_NAMED:,} more"
    return spots[0] if len(spots) == 1 else f"{', '.join(spots[:-1])} and {spots[-1]}"

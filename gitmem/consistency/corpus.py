"""The consistency pass over a whole corpus of memories, as lint, review, sweep and save see it.

It feeds `find_pairs` only the standing claims still in force (active memories, claims no
resolution has annotated, no records of events: `gitmem.memory.statements.is_record`), with each memory's tags and scope, and drops pairs under a `do_not_reopen` cooldown.
A near-duplicate (the possible band) is kept only between claims of one role
(`gitmem.memory.claim_roles`: a to-do is not a rule, a checklist step is not the rule it applies),
and a contradiction only between claims that are no record of what went wrong once. An agent's
entry file and a memory it points to for the details are not compared for duplicates
(`gitmem.memory.summaries`: the summary restates on purpose), only for contradictions; nor
are the copies of a template's note, the banner or footer three files or more carry in the
same place (`gitmem.consistency.banners`), nor one line in the same slot of two entries of one
pattern, each about its own subject (`gitmem.consistency.templates`), nor an inventory entry
two folders' own agent files each list (`gitmem.consistency.inventories`).
Type and category never gate a comparison.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Container, Sequence

from gitmem.config import Config
from gitmem.consistency.analyze import PairFinding, Thresholds, find_pairs
from gitmem.consistency.banners import copied_files, template_note_claims
from gitmem.consistency.budget import PairBudget
from gitmem.consistency.duplicates import PARAPHRASE_SCORE, score_duplicate
from gitmem.consistency.inventories import own_listings
from gitmem.consistency.lexicon import Lexicon, lexicon_for
from gitmem.consistency.scope import mode_scope
from gitmem.consistency.templates import TemplateSlots
from gitmem.consistency.verdicts import PairVerdicts
from gitmem.memory.claim_roles import (
    contradiction_set_aside,
    duplicate_set_aside,
    possible_set_aside,
)
from gitmem.memory.copies import derived_copies
from gitmem.memory.fragments import is_pointer
from gitmem.memory.inforce import claim_in_force, claims_in_force, pair_dismissed
from gitmem.memory.layouts import is_prompt
from gitmem.memory.statements import is_bare_value, is_question, is_record
from gitmem.memory.subjects import set_aside
from gitmem.memory.summaries import summarised_pairs
from gitmem.model import Claim, Memory

# The frontmatter field each agent reads a rule's files from: Cursor, Windsurf and Antigravity
# `globs`, Copilot's `applyTo` (`.github/instructions/*.instructions.md`), Claude Code's `paths`
# (`.claude/rules/`), Kiro's `fileMatchPattern` (steering with `inclusion: fileMatch`).
_SCOPE_FIELDS = ("globs", "applyTo", "paths", "fileMatchPattern")
# Roo Code's mode rules: a folder `.roo/rules-<mode>/`, or the fallback file `.roorules-<mode>`
_ROO_MODE = re.compile(r"(?:^|/)\.roo/rules-([^/]+)/|(?:^|/)\.roorules-([^/]+)$")


def memory_scope(memory: Memory, config: Config) -> tuple[str, ...]:
    """The files a rule applies to, by its agent's own field (`_SCOPE_FIELDS`), else the
    configured scope folder the memory lives in; () for everywhere (a glob for every file, `**`,
    overlaps every scope as well). A rule with `alwaysApply: true` (Cursor) or `trigger:
    always_on` (Windsurf, Antigravity) applies everywhere, whatever its globs say, and so does a
    Kiro steering file not included by file match. A Roo Code mode's rules (`.roo/rules-code/`,
    `.roorules-code`) apply in that mode only (`scope.mode_scope`), to the files they would
    otherwise (the scope folder they live in, or everywhere)."""
    mode = _ROO_MODE.search(memory.path)
    files = _files_scope(memory, config)
    return (mode_scope(mode.group(1) or mode.group(2)), *files) if mode else files


def _files_scope(memory: Memory, config: Config) -> tuple[str, ...]:
    """`memory_scope` without the agent's mode: the files a rule applies to."""
    meta = memory.meta
    if meta.get("alwaysApply") is True or meta.get("trigger") == "always_on":
        return ()
    for field in _SCOPE_FIELDS:
        if field == "fileMatchPattern" and meta.get("inclusion") != "fileMatch":
            continue
        globs = _globs(meta.get(field))
        if globs:
            return globs
    for folder in config.scope_folders:
        prefix = folder.rstrip("/") + "/"
        if memory.path.startswith(prefix):
            return (prefix + "**",)
    return ()


def _globs(value: object) -> tuple[str, ...]:
    """A scope field's globs: a comma-separated string or a list of strings. A comma inside
    braces separates alternatives of one glob (`src/**/*.{ts,tsx}`), not two globs."""
    if isinstance(value, str):
        return tuple(g.strip() for g in _outside_braces(value) if g.strip())
    if isinstance(value, list):
        return tuple(str(g).strip() for g in value if str(g).strip())
    return ()


def _outside_braces(value: str) -> list[str]:
    """`value` cut at each comma outside braces."""
    parts, start, depth = [], 0, 0
    for index, char in enumerate(value):
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(depth - 1, 0)
        elif char == "," and depth == 0:
            parts.append(value[start:index])
            start = index + 1
    return [*parts, value[start:]]


def compared_claims(memories: Sequence[Memory], texts: Container[str] | None = None
                    ) -> list[Claim]:
    """The claims `corpus_pairs` compares: those in force of the active memories, records of
    events (dated entries, task logs, progress notes) left out: they are not standing claims;
    pointers to other files (index entries, "See [x.md] for ..."), one word or one amount
    alone ("**Rejected.**", "B.", "24 hours") and questions ("Is the output format specified?")
    say nothing of their own;
    files that are copies by design (`gitmem.memory.copies`: a nested snapshot of a layout, a
    file generated from another memory) are checked in their source; a layout's prompts and
    references (`layouts.is_prompt`: Gemini's and Claude Code's skills, commands, agents) are
    not memory to compare.
    With `texts`, only the claims holding one of them (what lint's grouping needs, cheaply)."""
    copies = {m.path for m in memories if is_prompt(m.path)}  # a skill, a command
    copies |= derived_copies(m for m in memories if m.active).keys()  # snapshots, generated
    if texts is None:
        return [claim for claim in claims_in_force(memories)
                if claim.path not in copies and _stands(claim)]
    return [claim for memory in memories if memory.active and memory.path not in copies
            for claim in memory.claims
            if claim.text in texts and claim_in_force(claim) and _stands(claim)]


def _stands(claim: Claim) -> bool:
    """A statement of its own that stays true: not a record of an event, a pointer to another
    file, a bare value or a question."""
    text = claim.text
    return not (is_record(claim) or is_pointer(text) or is_bare_value(text) or is_question(text))


def _reworded(pair: PairFinding) -> bool:
    """Alike only in the concepts they name, in other words (`paraphrase.py`'s floor)."""
    return "concepts" in pair.signals and pair.score <= PARAPHRASE_SCORE


# a list entry that finishes the sentence of the line it stands under ("**Workers** MUST NOT:"
# then "- read the clock;"): it starts in lower case or with a code span, or ends as a clause
# of a running sentence does, and the line above is a clause (a modal or an auxiliary verb),
# not a label ("**Files created**:")
_ENDS_A_CLAUSE = (";", ",", " or", " and")
_LEAD_IN_VERBS = frozenset(
    "must should shall may might can cannot will would never always do does is are need needs"
    .split())


def _finishes_lead_in(claim: Claim) -> bool:
    text = claim.text.strip().rstrip("*_ ")
    first = next((ch for ch in text if ch.isalpha() or ch == "`"), "")
    lead_in = {word.strip("*_`:,.").lower() for word in claim.parent.split()}
    return bool(lead_in & _LEAD_IN_VERBS) and (
        first == "`" or first.islower() or text.endswith(_ENDS_A_CLAUSE))


def _other_lead_ins(pair: PairFinding, lexicon: Lexicon, floor: float) -> bool:
    """A list entry finishing the sentence of the line it stands under, read with that line,
    is no duplicate of the other side: "**Workers** MUST NOT:" / "- read the clock;" and
    "**Reporters** MUST NOT:" / "- read the clock;" are two rules about two subjects, not one
    rule kept twice; "When a helper is large, it SHOULD:" / "- accept a context," is no copy of
    a sentence elsewhere that says "they do not accept a context". Each side that finishes its
    lead-in is read as its whole sentence (lead-in and entry), the other as it stands. Under
    lead-ins that say one thing ("Each agent MUST:" / "Every agent MUST:"), or when the whole
    sentence still says the other's line, the pair is still a duplicate; so is an entry whose
    own words are the other line's, word for word ("When you change the API, you MUST:" / "-
    never commit generated files;" and "Never commit generated files." elsewhere)."""
    a, b = pair.a, pair.b
    if a.parent.strip() == b.parent.strip():
        return False
    finishes_a, finishes_b = _finishes_lead_in(a), _finishes_lead_in(b)
    if not (finishes_a or finishes_b):
        return False
    if finishes_a != finishes_b and _words(a.text) == _words(b.text):
        return False  # the other line stands alone and the entry says just that
    whole = score_duplicate(_with_lead_in(a) if finishes_a else a.text,
                            _with_lead_in(b) if finishes_b else b.text, lexicon=lexicon)
    return whole.score < floor


def _with_lead_in(claim: Claim) -> str:
    return f"{claim.parent.rstrip(': ')}: {claim.text}"


def _words(text: str) -> list[str]:
    """The words of `text` in order, whatever their case and markup."""
    return re.findall(r"[^\W_]+", text.casefold())


def corpus_pairs(
    memories: Sequence[Memory], config: Config, today: dt.date | None = None,
    focus: frozenset[str] | None = None, verdicts: PairVerdicts | None = None,
    thresholds: Thresholds | None = None, budget: PairBudget | None = None,
) -> list[PairFinding]:
    """Duplicate and contradiction pairs among claims in force; with `focus`, only pairs with
    at least one side in those paths; with `verdicts`, earlier verdicts are recalled (see
    `find_pairs`); `thresholds` replace the configured bands (`lint --judge` widens them)."""
    today = today or dt.date.today()
    active = [m for m in memories if m.active]
    by_path = {m.path: m for m in active}
    claims = compared_claims(active)
    summarised = summarised_pairs(active)  # an entry file and a memory it points to
    framed = template_note_claims(active)  # a template's banner or footer in 3+ files
    lexicon = lexicon_for(config.lexicon)  # with the repository's [consistency.lexicon]
    pairs = find_pairs(
        claims,
        tags={m.path: m.tags for m in active},
        scopes={m.path: memory_scope(m, config) for m in active},
        match_threshold=config.match_threshold,
        possible_threshold=config.possible_threshold,
        lexicon=lexicon,
        verdicts=verdicts,
        thresholds=thresholds,
        budget=budget,
    )
    # entries of one pattern, read when a duplicate asks; a line paired with one of the other
    # entry's counts as shared when the check asks whether each entry says mostly its own
    slots = TemplateSlots(active, (((p.a.path, p.a.line), (p.b.path, p.b.line))
                                   for p in pairs if p.kind == "duplicate"))
    out = []
    for pair in pairs:
        if focus is not None and pair.a.path not in focus and pair.b.path not in focus:
            continue
        if set_aside(pair.a, pair.b, pair.kind, _reworded(pair)):
            continue  # entries of two headings, two sentences of one paragraph
        if pair.kind == "duplicate" and pair.klass == "possible" \
                and possible_set_aside(pair.a, pair.b):
            continue  # a to-do and a rule, a checklist step and a rule, a claim and its parent
        if pair.kind == "duplicate" and duplicate_set_aside(pair.a, pair.b):
            continue  # a worked example, a file's own summary, an activeContext recap
        if pair.kind == "duplicate" and _other_lead_ins(pair, lexicon, config.possible_threshold):
            continue  # one entry finishing the sentences of two lead-ins about two subjects
        if pair.kind == "duplicate" and pair.a.text == pair.b.text \
                and (pair.a.path, pair.a.line) in framed and (pair.b.path, pair.b.line) in framed \
                and not copied_files(by_path[pair.a.path], by_path[pair.b.path]):
            continue  # the note a template puts above (or below) each of its files
        if pair.kind == "duplicate" and (pair.a.path, pair.b.path) in summarised:
            continue  # CLAUDE.md restating a line of the memory it points to for the details
        if pair.kind == "duplicate" and slots.same_slot(pair.a, pair.b):
            continue  # each limitation's own "**Workarounds:**", each helper page's own rule
        if pair.kind == "duplicate" and own_listings(pair.a, pair.b):
            continue  # the root's dependency overview and a package's own list
        if pair.kind == "contradiction" and contradiction_set_aside(pair.a, pair.b):
            continue  # what went wrong once ("**Problem**: users could no longer upload")
        a, b = by_path[pair.a.path], by_path[pair.b.path]
        if a.path != b.path and pair_dismissed(a, b, today):
            continue
        out.append(pair)
    return out

"""Whose subject a claim is about, and so which pairs of claims are no finding.

`set_aside(a, b, kind, reworded)` says why a pair found by the detector is no finding (or None):
a line of two words and no verb ("No dashboards.", "Same limits", `statements.is_terse`: a
status whose subject is its heading) against a line under another heading that states no rule
("No semicolons." / "Always use semicolons." stays compared, and so do "No offline sync" /
"Offline sync" under one heading), a heading's entry that lacks or counts something ("No payroll", "5 boards, 2 seats") against a
fragment of another heading (for contradictions; a side with a verb of its own is compared),
one fragment copied word for word under two headings, or reworded under two headings of one
file (for duplicates; an entry that starts
with an instruction verb, "Indent Python code with tabs", is a rule and stays compared), and two
sentences of one line (a paragraph does not contradict itself: a quotation, "This does not
need X, unlike Y. Never switch to Y"), and two files of one template (`template_siblings`: a
memory bank's `chatProductContext.md` and `driveProductContext.md` fill the same headings with
the same wording, each about its own module), and `two_subjects`: entries that name their own
endpoint or function first in code, or one template field ("**Owner**:", "Region:") filled in
under two headings; and `own_subjects`: one section every file of a bank repeats, each file's
line naming its own file's subject (for duplicates).
Also, for duplicates, two bare feature names ("Approval workflows") under two headings, two
heading entries alike only through rewording (`reworded`: a paraphrase), one copy (or fragment,
or one label's value) under each of two parallel headings of one file ("Database rollback" /
"Application rollback", "Rule 2" / "Rule 3", "C4. sec-api.io" / "I3. CBonds", two modules of
a brainstorm and their "**Purpose**:": two instances of one kind), two lines alike only in other words in two files each about a subject of its own
(`file_subject`), and a feature's labelled attribute against a rule for all code in another
file (`attribute_and_rule`); for contradictions, a hypothetical ("Without X, ...") and one
label under two headings; for duplicates, also one entry copied under two parent entries or
bold labels of one section (`Claim.parent`: two price tiers, two endpoints' "**Response:**");
for both, an open checklist box against a statement (a step to take,
not a claim: "[ ] Add accessibility" against the feature it builds) and two files that each
record a numbered phase (`two_phases`). For contradictions, entries that name two subjects of
their own first (`gitmem.memory.titles`: two titles, two numbered classes, one field of two
entries of a list), and lines of one file under two headings that name two cases of one kind
(`two_cases`: "PHP specific" / "TypeScript specific", "`install.sh`" / "`install.ps1`").
"""

from __future__ import annotations

import re

from gitmem.memory.fragments import (
    INSTRUCTION_VERBS,
    core_text,
    file_subject,
    is_attribute_entry,
    is_bare_name,
    is_fragment,
    is_heading_entry,
    is_instruction,
    same_words,
    states,
)
from gitmem.memory.statements import is_terse, states_rule
from gitmem.memory.titles import apart, negative_head
from gitmem.model import Claim

# "Without AI context, modules are invisible": what would happen, not what is
_HYPOTHETICAL = re.compile(r"^[*_]*(?:without|otherwise|else)\b", re.I)


def _stem_parts(path: str) -> tuple[str, str, str]:
    folder, _, name = path.rpartition("/")
    return folder, name.rsplit(".", 1)[0], name.rsplit(".", 1)[-1]


_SUFFIX_START = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|[-_](?=\w)")


def template_siblings(path_a: str, path_b: str) -> bool:
    """Two files of one template, each about its own subject: `driveProductContext.md` and
    `chatProductContext.md` (one folder, one name but for the subject in front), or
    `services/cancel/CLAUDE.md` and `services/clear/CLAUDE.md` (one name, sibling folders)."""
    folder_a, stem_a, ext_a = _stem_parts(path_a)
    folder_b, stem_b, ext_b = _stem_parts(path_b)
    if path_a == path_b or ext_a != ext_b:
        return False
    if stem_a == stem_b:
        return (folder_a != folder_b and folder_a.count("/") == folder_b.count("/")
                and folder_a.rpartition("/")[0] == folder_b.rpartition("/")[0])
    if folder_a != folder_b:
        return False
    for cut in _SUFFIX_START.finditer(stem_a):
        # a name of two words or more ("ProductContext", not Cline's "activeContext" and
        # "techContext", which are one project's aspects, not subjects)
        suffix = stem_a[cut.end():].lstrip("-_")
        if _SUFFIX_START.search(suffix[1:]) and stem_b.endswith(suffix) \
                and len(stem_b) > len(suffix):
            return stem_b.lower() != suffix.lower()
    return False


# a template's field, filled in under each heading it repeats under ("**Owner**: ...",
# "Region: `eu-west-2`", Claude memory's "**How to apply:**"): what it says is its heading's
_FIELD = re.compile(r"^[*_]*([A-Za-z][A-Za-z ]{1,30}?)[*_]*\s*[:：]")
_FIELDS = frozenset(
    "author authors owner owners region zone location code response request returns problem "
    "issue solution fix cause impact benefit benefits maintainability priority date version "
    "type example note notes reason why effort risk scope timeline estimate cost".split()
) | {"root cause", "how to apply", "error handling"}
# an entry that names its subject first in code: "`GET /api/boards` — list the boards"
_LEADING_CODE = re.compile(r"^[*_]*`([^`]+)`")


def _field(text: str) -> str | None:
    match = _FIELD.match(core_text(text))
    name = match.group(1).strip().lower() if match else None
    return name if name in _FIELDS else None


def _named_first(text: str) -> str | None:
    match = _LEADING_CODE.match(core_text(text))
    return match.group(1) if match else None


def two_subjects(a: Claim, b: Claim, kind: str = "duplicate") -> bool:
    """Two entries that each name their own subject first, in code (two endpoints, two
    functions, two files: "`load_tokens()`: reads ..." / "`save_tokens()`: writes ..."; for
    duplicates: "`pnpm` installs ..." / "`npm` installs ..." may well conflict), or the same
    template field under two headings (each heading's owner, region, response)."""
    first_a, first_b = _named_first(a.text), _named_first(b.text)
    if (kind == "duplicate" and first_a is not None and first_b is not None
            and first_a != first_b):
        return True
    field = _field(a.text) if kind == "duplicate" else _label(a.text)
    return field is not None and a.section != b.section and field == (
        _field(b.text) if kind == "duplicate" else _label(b.text))


def _label(text: str) -> str | None:
    """Any label in front ("**TypeScript**: ..."): under two headings, two aspects of it."""
    match = _FIELD.match(core_text(text))
    return match.group(1).strip().lower() if match else None


_NAME_WORD = re.compile(r"[A-Z]?[a-z]{3,}|[A-Z]{3,}(?![a-z])")
_WORD = re.compile(r"[A-Za-z]+")


def _name_words(path: str) -> tuple[str, ...]:
    """The words of a file's name, as 4-letter prefixes (`databaseContext.md`: data, cont);
    none for a name in capitals (`CLAUDE.md`, `AGENTS.md`: a kind of file, not a subject)."""
    stem = path.rpartition("/")[2].rsplit(".", 1)[0]
    if stem.upper() == stem:
        return ()
    return tuple(word[:4].lower() for word in _NAME_WORD.findall(stem))


def own_subjects(a: Claim, b: Claim) -> bool:
    """One section every file of a memory bank repeats, each filling in its own subject: under
    the same heading, "... its own *compliance* notes" in compliance.md and "... its own
    *database context* notes" in databaseContext.md differ in words of their own file names."""
    if a.path == b.path or not a.section or a.section != b.section:
        return False
    words_a, words_b = set(_WORD.findall(a.text.lower())), set(_WORD.findall(b.text.lower()))
    names_a, names_b = _name_words(a.path), _name_words(b.path)
    return (any(word.startswith(names_a) for word in words_a - words_b) if names_a else False) \
        and (any(word.startswith(names_b) for word in words_b - words_a) if names_b else False)


def two_files_subjects(a: Claim, b: Claim) -> bool:
    """Two lines of two files each about a subject of its own (the dashboard's and the org
    chart's "accessibility for keyboard users"): a line that does not name its subject takes
    it from its file, so two such lines alike only in other words are about two things. A
    sentence ("Write commit messages using Conventional Commits.") names its own subject: two
    of them are compared wherever they stand."""
    if a.path == b.path or not (is_heading_entry(a.text) or is_heading_entry(b.text)):
        return False
    subject_a, subject_b = file_subject(a.path), file_subject(b.path)
    return bool(subject_a and subject_b) and not subject_a & subject_b


def attribute_and_rule(a: Claim, b: Claim) -> bool:
    """A feature's labelled attribute in one file ("**Error Handling**: graceful fallback"
    under the storage layer) and a rule for all code in another ("Handle errors gracefully"):
    the rule applies to the feature; the attribute does not say it again. A label that is
    itself an instruction ("**Remove**: ...") is a rule."""
    if a.path == b.path or a.section == b.section or same_words(a.text, b.text):
        return False
    for labelled, rule in ((a, b), (b, a)):
        label = _label(labelled.text)
        if label and label.split()[0] not in INSTRUCTION_VERBS and is_instruction(rule.text):
            return True
    return False


_NUMBERED_PHASE = re.compile(r"(?:phase|sprint|milestone|stage)[-_ ]?(\d+)", re.I)


def two_phases(a: Claim, b: Claim) -> bool:
    """Two files, each the record of its own numbered phase (`phase2-summary.md`,
    `ORG_CHART_PHASE1_SUMMARY.md`): what one phase achieved is not said again by the other."""
    phase_a = _NUMBERED_PHASE.search(a.path.rpartition("/")[2])
    phase_b = _NUMBERED_PHASE.search(b.path.rpartition("/")[2])
    return phase_a is not None and phase_b is not None and phase_a.group(1) != phase_b.group(1)


def set_aside(a: Claim, b: Claim, kind: str, reworded: bool = False) -> str | None:
    """Why the pair (a, b) the detector found is no finding, or None (module docstring).
    `reworded`: the pair is alike only in what it names, in other words (a paraphrase)."""
    if (a.kind == "task") != (b.kind == "task") and not same_words(a.text, b.text):
        return "a checklist step and a statement"  # ("[ ] Add accessibility" / the feature)
    if (a.path, a.section) != (b.path, b.section) and any(
            is_terse(c.text) and not states_rule(o.text) for c, o in ((a, b), (b, a))):
        return "a two-word status and no rule"  # ("No dashboards." / "The dashboard shows ...")
    if kind == "duplicate" and reworded and two_files_subjects(a, b):
        return "two files' subjects"
    if kind == "duplicate" and attribute_and_rule(a, b):
        return "a feature's attribute and a rule"
    if kind == "contradiction" and a.path == b.path and a.line == b.line:
        return "one paragraph"
    if kind == "contradiction" and (_HYPOTHETICAL.match(core_text(a.text))
                                    or _HYPOTHETICAL.match(core_text(b.text))):
        return "what would happen"
    if kind == "contradiction":
        why = apart(a, b)
        if why:
            return why
    if template_siblings(a.path, b.path):
        return "two files of one template"
    if two_phases(a, b):
        return "records of two phases"
    if two_subjects(a, b, kind):
        return "two subjects"
    if kind == "duplicate" and own_subjects(a, b):
        return "each file's own subject"
    if (a.path, a.section) == (b.path, b.section):
        if (kind == "duplicate" and a.parent and b.parent and a.parent != b.parent
                and (same_words(a.text, b.text) or (is_fragment(a.text) and is_fragment(b.text)))):
            return "entries of two parents"  # "10 seats" under two plans of one list
        return None
    if kind == "contradiction":
        if (is_attribute_entry(a.text) or is_attribute_entry(b.text)) \
                and not (states(a.text) or states(b.text)):
            return "entries of two headings"
        if two_cases(a, b):
            return "two cases of one kind"  # ("### PHP specific" / "### TypeScript specific")
        return None
    if not (a.section and b.section):
        return None
    if (same_words(a.text, b.text) or a.path == b.path) and is_fragment(a.text) \
            and is_fragment(b.text):
        return "entries of two headings"
    if is_bare_name(a.text) and is_bare_name(b.text):
        return "names of two headings' features"
    if reworded and is_heading_entry(a.text) and is_heading_entry(b.text) and (
            _label(a.text) is None or _label(a.text) != _label(b.text)):
        return "entries of two headings, reworded"  # (one label names one subject)
    if a.path == b.path and parallel_sections(a.section, b.section) and (
            same_words(a.text, b.text) or (is_fragment(a.text) and is_fragment(b.text))
            or (_label(a.text) is not None and _label(a.text) == _label(b.text))):
        return "two instances of one kind"  # (or one template field: "**Purpose**: ...")
    if a.path == b.path and numbered_items(a.section, b.section) \
            and _same_wording(a.text, b.text):
        return "two numbered items of one kind"  # ("Access: REST API, paid" / "... API. Paid")
    return None


# a heading that is one name in code: "### `install.sh`", "## `Connection:block()`"
_CODE_HEADING = re.compile(r"[^\w`]*`[^`\n]+`[^\w`]*")


def two_cases(a: Claim, b: Claim) -> bool:
    """Two lines of one file under two headings that name two things of one kind: two
    instances (`parallel_sections`: "PHP specific" / "TypeScript specific", "Path A: New minor"
    / "Path B: Patch") or two names in code ("`install.sh`" / "`install.ps1`"). Each line holds
    for its own heading's case. A heading of what not to do ("Allowed patterns" / "Forbidden
    patterns") is no case of its own: its entries are denials (`titles.heading_agrees`); nor
    is a word for a part of the document ("Testing rules" / "Code review rules", "Section 2" /
    "Section 3": `_DOCUMENT_PARTS`), whose sections all bind the same reader."""
    if a.path != b.path or not a.section or not b.section or a.section == b.section \
            or negative_head(a.section) or negative_head(b.section):
        return False
    return bool(_CODE_HEADING.fullmatch(a.section) and _CODE_HEADING.fullmatch(b.section)) \
        or (parallel_sections(a.section, b.section)
            and _shared_kind(a.section, b.section) not in _DOCUMENT_PARTS)


# words that name a part of the document, not a kind of thing: "## Testing rules" / "## Code
# review rules" are two parts of one rule book, whose rules all bind the same reader; "Section
# 2" / "Section 3" number its parts
_DOCUMENT_PARTS = frozenset(
    "rule rules guideline guidelines guidance note notes convention conventions standard "
    "standards practice practices requirement requirements instruction instructions tip tips "
    "policy policies section sections part parts chapter chapters principle principles "
    "checklist checklists reminder reminders guide guides".split())


def _shared_kind(a: str, b: str) -> str | None:
    """The word two parallel headings share as their kind: a numbered item's word ("Rule" of
    "Rule 2" / "Rule 3") or the last word ("rules" of "Testing rules" / "Code review rules")."""
    item_a, item_b = _NUMBERED_ITEM.match(a), _NUMBERED_ITEM.match(b)
    if item_a and item_b and item_a.group(1).lower() == item_b.group(1).lower():
        return item_a.group(1).lower()
    words_a, words_b = _HEADING_WORD.findall(a), _HEADING_WORD.findall(b)
    if words_a and words_b and words_a[-1].lower() == words_b[-1].lower():
        return words_a[-1].lower()
    return None


_HEADING_WORD = re.compile(r"[^\W\d_]+")
_TEXT_WORD = re.compile(r"[^\W_]+")


def _same_wording(a: str, b: str) -> bool:
    """The same words in the same order, whatever their punctuation ("REST API, paid plan." /
    "REST API. Paid plan.")."""
    return same_words(a, b) or _TEXT_WORD.findall(a.casefold()) == _TEXT_WORD.findall(
        b.casefold())


# a heading that numbers an item of its kind: "Rule 2 — New issue", "Mode 3: PLAN"
_NUMBERED_ITEM = re.compile(r"[\W_]*([^\W\d_]+)\s+(\d+[a-z]?)\b")
# a heading that opens with an item's code: "C4. sec-api.io", "ADR-12 Storage", "P0 bugs";
# (its letters, its number, and a "." / ":" / dash after it: "C4. ", "I3: ", "D2 — ")
_ITEM_CODE = re.compile(r"[\W_]*(([A-Z]{1,4})-?(\d+)[a-z]?)(?!\w)(\s*(?:[.:](?!\w)|[-–—]))?")


def numbered_items(a: str, b: str) -> bool:
    """Two headings that number two items of one kind: one word and two numbers ("Rule 2 —
    New issue" / "Rule 3 — Payment errors", "Mode 1: RESEARCH" / "Mode 3: PLAN"), or two item
    codes, each set off by a "." / ":" / dash ("C4. sec-api.io" / "I3. CBonds") or both of one
    series ("P0 bugs" / "P1 bugs"); "S3 buckets" / "EC2 instances" name two products. A bare outline number ("2. Problem Space" / "8.
    Components") numbers the document's parts, not items of one kind."""
    item_a, item_b = _NUMBERED_ITEM.match(a), _NUMBERED_ITEM.match(b)
    if item_a and item_b:
        return (item_a.group(1).lower() == item_b.group(1).lower()
                and item_a.group(2) != item_b.group(2))
    code_a, code_b = _ITEM_CODE.match(a), _ITEM_CODE.match(b)
    if not (code_a and code_b) or code_a.group(1) == code_b.group(1):
        return False
    # set off as a code ("C4. " / "I3. "), or one series ("P0" / "P1", "ADR-12" / "ADR-13");
    # not product names that read as codes ("S3 buckets" / "EC2 instances")
    return bool(code_a.group(4) and code_b.group(4)) or (
        code_a.group(2) == code_b.group(2) and int(code_a.group(3)) != int(code_b.group(3)))


def parallel_sections(a: str, b: str) -> bool:
    """Two headings naming two things of one kind: the same last word, the rest mostly other
    words ("Database Rollback" / "Application Rollback", "12. Expense Module" / "30. Leave
    Module"), or two numbered items of one kind (`numbered_items`: "Rule 2" / "Rule 3", "C4.
    sec-api.io" / "I3. CBonds"); "Immediate Priorities" / "Immediate" is one list named
    twice."""
    if numbered_items(a, b):
        return True
    words_a = [w.lower() for w in _HEADING_WORD.findall(a)]
    words_b = [w.lower() for w in _HEADING_WORD.findall(b)]
    if not words_a or not words_b or words_a[-1] != words_b[-1]:
        return False
    rest_a, rest_b = set(words_a[:-1]), set(words_b[:-1])
    if not rest_a or not rest_b:
        return False
    return len(rest_a & rest_b) < 0.5 * len(rest_a | rest_b)

"""Which lines that look like claims are statements a person would stand behind.

Two decisions, made here once for every rule that compares claims:

- `is_label`: a line that names what follows rather than saying something: "Example:",
  "**Usage:**", a bold title as a list item, a changelog's version line, a display-math block,
  a code fence written escaped (backslash, backtick, three times, then "xml"), a template's
  placeholders alone ("[Command 1] [Result]"), a line of a formula written in TeX
  ("\\frac{a}{b} \\]", "\\mathrm{EMA}(x_t)": a design document restates its formulas where it
  sums up, and a formula is no sentence to merge), a file's own header of bold labels each with a
  date or a version, in any language ("**Updated**: 25/06/2025 **Version**: v1.0": every file
  of a bank has one, with its own values), or of a record: a date with one-word fields
  ("**Date:** 2026-04-22 **Status:** ✅ Active **Replaces:** —", atop every record of a log).
  Such lines are not claims at all (a memory bank repeats "**Examples**:" before every block, and
  those repeats are not duplicates anyone would remove).
- `is_record`: a claim that records an event (a dated entry, a task log, a changelog-like or
  progress section, "Fixed the login loop", a status field "**Status**: READY", a verbless
  line ending in what was done "Legacy exporter deleted"). It is a claim (recall finds it,
  citations in it are checked) but not a standing claim: two task records with different dates do not contradict, and
  "Removed hardcoded IDs" is history, not a rule that could conflict with "Never hardcode IDs".
  The duplicate and contradiction pass leaves records out.
"""

from __future__ import annotations

import re

from gitmem.memory.fragments import UNSPACED_SCRIPT, is_instruction, states
from gitmem.model import Claim

_EMPHASIS = re.compile(r"\*\*|__")
# words that make even a short bold line a rule ("**Always use pnpm**")
_RULE_WORDS = re.compile(
    r"\b(?:never|always|must|should|shall|don'?t|do not|avoid|prefer|use|only|required?)\b", re.I
)
_VERSION_LINE = re.compile(
    r"\[?v?\d+(?:\.\d+){1,3}[\w.+-]*\]?"
    r"(?:\s*[-–—:(]*\s*(?:\d{4}-\d{2}-\d{2}|[A-Z][a-z]+ \d{1,2},? \d{4}|unreleased)\)?)?",
    re.I,
)
_MAX_LABEL_WORDS = 8
_ESCAPED_FENCE = re.compile(r"(?:\\`){3,}[\w+.-]*")
# a short list entry ending in a noun of action ("Work order management", "Risk identification"):
# an entry of a feature list, repeated under every module it applies to
_NOUN_ENDING = re.compile(r"(?:tions?|sions?|ments?|ings?|ances?|ences?|ity|ities|ness|ics|ysis)$",
                          re.I)
# only code spans and links, no words of its own: a reference list, not a statement
_REFERENCES_ONLY = re.compile(r"(?:\s*(?:`[^`]*`|\[[^\]]*\](?:\([^)]*\))?)[\s,;]*)+")


def is_list_label(text: str) -> bool:
    """A list entry that names rather than says: two or three words ending in a noun of action
    and no rule word ("Budget recommendations"), or nothing but code spans and links."""
    if _REFERENCES_ONLY.fullmatch(text):
        return True
    words = text.split()
    return (2 <= len(words) <= 3 and _NOUN_ENDING.search(words[-1]) is not None
            and not any(ch.isdigit() or ch in "`.!?:" for ch in text)
            and _RULE_WORDS.search(text) is None)


# a template's placeholders and nothing else: "[Command 1] [Result]", "[Name]: [Role]"
_PLACEHOLDERS = re.compile(r"(?:\[[^\[\]\n]{1,40}\][\s:;,.|/=>-]*)+")
_STAMP_VALUE = (r"(?:\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}|[^\W\d_]+\.? \d{1,2},? \d{4}"
                r"|\d{1,2} [^\W\d_]+\.? \d{4}|v?\d+(?:\.\d+){0,3}[\w.+-]*)")
# beside a date, a field of one word or none: a record's status or what it replaces ("**Status:**
# ✅ Active **Supersedes:** —"), the same in each record of a decision log
_STAMP_WORD = (r"(?:(?:[✅❌✔✓✗✘☑☐⚠🔄🚧⏳🟢🔴🟡]\ufe0f?\s*)?[^\W\d_]+(?:[-'][^\W\d_]+)*"
               r"|[✅❌✔✓✗✘☑☐⚠🔄🚧⏳🟢🔴🟡—–-])")
# a file's own header: bold labels in any language, each with a date or a version ("**Updated**:
# 2025-06-25 **Version**: v1.0"); every file of a bank has one, each with its own values
_FILE_STAMP = re.compile(
    r"(?:(?:\*\*|__)[^*_\n]{1,40}?(?:\*\*|__)\s*[:：]?\s*|(?:\*\*|__)[^*_\n]{1,40}?[:：]"
    r"(?:\*\*|__)\s*)(?:" + _STAMP_VALUE + "|" + _STAMP_WORD + r")[\s|,;·•-]*")

_FILE_STAMPS = re.compile(f"(?:{_FILE_STAMP.pattern})+")
_DATE_VALUE = re.compile(r"\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}|[^\W\d_]+\.? \d{1,2},? \d{4}"
                         r"|\d{1,2} [^\W\d_]+\.? \d{4}")


def is_placeholder(text: str) -> bool:
    """Only bracketed placeholders, a template's slots to fill in: no claim."""
    return text[:1] == "[" and _PLACEHOLDERS.fullmatch(text) is not None


def is_file_stamp(text: str) -> bool:
    """Bold labels each followed by a date, a version or one word only, one at least a date:
    the file's or a record's own header ("**Date:** 2026-04-22 **Status:** ✅ Active"; but
    "**Python**: 3.11" alone is a fact of the project, and stays a claim)."""
    return (text[:1] in "*_" and _DATE_VALUE.search(text) is not None
            and _FILE_STAMPS.fullmatch(text) is not None)


# a TeX command ("\\frac", "\\mathrm"), and a line that opens or closes display math ("\\[", "\\]")
_TEX_COMMAND = re.compile(r"\\[A-Za-z]+")
_TEX_START = frozenset("\\{}^_=&")
# two plain words in a row: prose around a formula ("Reward-based \\(n\\)" is one word, kept)
_PROSE = re.compile(r"[^\W\d_]{3,}[,;:]?\s+[^\W\d_]{3,}")


def is_formula(text: str) -> bool:
    """A line of a TeX formula: it opens with TeX (a command, a brace, an operator) or closes a
    display block ("\\]"), uses TeX, and holds no two plain words in a row once the commands and
    their braced arguments are dropped ("\\mathrm{EMA}\\left( \\lambda_M \\right)")."""
    stripped = text.strip()
    if not (stripped[:1] in _TEX_START or stripped.endswith("\\]")):
        return False
    if not (_TEX_COMMAND.search(stripped) or stripped.endswith("\\]")):
        return False
    bare = re.sub(r"\{[^{}]*\}", " ", _TEX_COMMAND.sub(" ", stripped))
    return _PROSE.search(bare) is None


# one word and its emphasis or punctuation: "**Rejected.**", "B.", "comment", "Done!"
_ONE_WORD = re.compile(r"[*_\s]*[^\W\d_]+(?:[-'][^\W\d_]+)*[.!?:;,)]*[*_\s]*")


def is_one_word(text: str) -> bool:
    """One word and its emphasis or punctuation ("**Rejected.**", "B.", "comment"): an
    alternative's verdict, an option's letter, a field's value. It stays a claim (a list's
    entry, counted when a memory shrinks) but says nothing to compare: two copies of it are no
    duplicate."""
    return _ONE_WORD.fullmatch(text) is not None


# an amount alone, a number and at most one word of unit: "24 hours", "~5 min", "$1,200"
_BARE_AMOUNT = re.compile(r"[*_\s]*[~≈<>≤≥]?\s*[$€£]?\d[\d.,]*\s*%?\s*(?:[^\W\d_]{1,12})?"
                          r"[.!?:;,)]*[*_\s]*")


_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
_UNSPACED = re.compile(UNSPACED_SCRIPT)


# an identifier written out: a digit and two separators ("media-store-4721", "eu-west-2", "18.2.0")
_IDENTIFIER = re.compile(r"(?=[\w.-]*\d)\w+[-_./]\w+[-_./]\w+")


def is_terse(text: str) -> bool:
    """At most two words, no verb, no instruction, no code, no identifier: "No gaps.", "Feedback
    welcome.", "**Platform:** YouTube" (but "Use pnpm", "Bucket: `media-store`", "Bucket:
    media-store-4721", "Node 18.2.0", a line in Chinese). Such
    a line is a status or a field's value whose subject is the heading above it ("## Starter
    plan", then "No dashboards."): `subjects.set_aside` compares it only with a rule."""
    if "`" in text or _UNSPACED.search(text) or _IDENTIFIER.search(text):
        return False
    return len(_WORD.findall(text)) <= 2 and not states(text) and not is_instruction(text)


def states_rule(text: str) -> bool:
    """A rule word in it: "always", "never", "must", "use", "avoid" (`_RULE_WORDS`)."""
    return _RULE_WORDS.search(text) is not None


def is_bare_value(text: str) -> bool:
    """One word (`is_one_word`) or one amount alone ("24 hours", "~5 min"): the value of a field
    whose name is the heading above it ("### Deadline", then "24 hours"). It stays a claim, but
    it names no subject of its own, so it is not compared: "24 hours" under one brief's deadline
    does not contradict "we are 1 hour from launch" elsewhere, nor duplicate another brief's."""
    return is_one_word(text) or _BARE_AMOUNT.fullmatch(text) is not None


def is_question(text: str) -> bool:
    """A question ("Does the output contain harmful content?", "**Which cache do we use?**"): a
    checklist's item or an open point, not a statement anyone stands behind. It stays a claim
    (recall finds it, a path in it is checked) but asserts nothing to compare: two checklist
    questions sharing their words are no duplicate ("Does the output contain misinformation?"),
    and a question contradicts nothing."""
    return text.rstrip("*_ ").endswith(("?", "\uff1f"))


def is_label(text: str) -> bool:
    """A heading in disguise, a bare label, a version line or display math: not a statement."""
    first = text[:1]
    if is_formula(text):
        return True
    if first == "[" and is_placeholder(text):
        return True
    if first in "*_" and is_file_stamp(text):
        return True
    if first == "$" and text.startswith("$$"):
        return True
    if first == "\\" and _ESCAPED_FENCE.fullmatch(text):
        return True  # a code fence written escaped ("\\`" three times), so it shows as text
    if first in "v[" or first.isdigit():
        if _VERSION_LINE.fullmatch(text.strip("*_ ")):
            return True
    last = text[-1:]
    if last not in ":*_" and not (last == ")" and first == "*"):
        return False
    core = _EMPHASIS.sub("", text).strip("*_ ")
    if len(core.split()) > _MAX_LABEL_WORDS:
        return False
    if core.endswith(":"):
        return True  # "Example:", "**Usage:**", "Solutions:"
    # all of it emphasised, no sentence end, no rule word: a title ("**Trading Strategy**")
    return (first in "*_" and core[-1:] not in ".!?" and "`" not in core
            and _RULE_WORDS.search(core) is None)


_DATE = r"(?:19|20)\d{2}[-/._]\d{1,2}[-/._]\d{1,2}"
_DATED = re.compile(_DATE)
# a line that starts with a date, or with a field of one ("**Date Completed:**", "Started on:"),
# or lists dates ("Dates: 2026-03-02 to 2026-03-06"); "Dates: ISO 8601." is a standing rule
_STARTS_DATED = re.compile(r"[\W_]*" + _DATE + r"|[\W_]*(?:date|completed|started|finished)\b"
                           r"[\w ]{0,20}?[*_]*:|[\W_]*dates[*_]*:[*_\s]*(?:" + _DATE_VALUE.pattern
                           + ")", re.I)
_RECORD_SECTION = re.compile(
    r"\b(?:change ?log|changes|history|journal|sessions?(?: notes?| log)?|log|completed|done|"
    r"progress|timeline|milestones?|status|updates?|accomplishments|release notes)\b"
    r"|^\[?v?\d+(?:\.\d+){1,3}\b",
    re.I,
)
# a date written without separators, as a timestamp names a file a program wrote
# (`20260402-0100-brief.md`, `scan_20251130.md`): a real month and day, no digit either side
_COMPACT_DATE = r"(?<!\d)(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?!\d)"
# a log-like file or folder (a date may follow: `sessions/`, `progress.md`, `journal-2025.md`),
# or a file named with a date (`session_2026-03-15.md`, `20260402-010029-brief.md`);
# `history-policy.md` is not one
_RECORD_PATH = re.compile(
    r"(?:^|/)[_.]?(?:change ?log|history|journal|logs?|progress|sessions?|tasks?|archives?|"
    r"archived|worklog|devlog)(?:[-_ ]?\d[\w-]*)?(?:/|\.mdc?$)"
    r"|(?:" + _DATE + "|" + _COMPACT_DATE + r")[^/]*$",
    re.I,
)
# the past tense a log entry starts with ("Fixed the redirect loop", "Migrated to Vite"); not
# "set", whose past tense is its imperative: "Set the HTTP client timeout to 10s." is a rule
# (a log's "Set up CI" is still a record under a log heading or in a log file)
_EVENT_VERBS = frozenset(
    "added removed fixed implemented updated changed migrated refactored created deleted "
    "renamed moved replaced upgraded downgraded resolved completed finished merged switched "
    "introduced dropped deprecated reverted released deployed shipped converted integrated "
    "enhanced improved optimized optimised cleaned extracted consolidated configured "
    "installed wrote rewrote built tested verified documented".split()
)
_FIRST_WORD = re.compile(r"[^A-Za-z]*([A-Za-z]+)")


def leading_event_verb(text: str) -> str | None:
    """The first word of `text` as written, when it is a verb of what was done ("Migrated to
    Vite" -> "Migrated"); None otherwise."""
    first = _FIRST_WORD.match(text)
    return first.group(1) if first and first.group(1).lower() in _EVENT_VERBS else None


def opens_with_event(text: str) -> bool:
    """Whether `text` opens with a verb of what was done and has no verb of its own besides:
    "Added 5 tests to `x`" does; "Installed packages are pinned in `x`" (a participle as an
    adjective) and "最新の Released ビルドは ..." (the verb does not open it) do not."""
    first = _FIRST_WORD.match(text)
    if first is None or any(char.isalpha() for char in text[:first.start(1)]):
        return False
    # the participle's own phrase, up to a code span or a clause break: "Installed packages are
    # pinned" has a verb of its own there; "Moved the parser into `x` because it was big" not
    phrase = re.split(r"[`,;:(]", text[first.start(1):], maxsplit=1)[0].split()[:4]
    words = {word.strip("*_.!").lower() for word in phrase}
    return first.group(1).lower() in _EVENT_VERBS and not words & _AUXILIARIES


# a status mark: a feature matrix or checklist entry ("❌ No payroll" under one pricing tier,
# "✅ Clock in/out tracking" under another), a state at a time, not a standing claim
_STATUS_MARKS = ("✅", "❌", "✔", "✓", "✗", "✘", "☑", "☐", "⚠", "🔄", "🚧", "⏳", "🟢", "🔴", "🟡")


# a status field ("**Status**: PRODUCTION READY", "Result: ..."): a state at a time; memory banks
# fill one in under every feature, and two features' statuses are not one claim
_STATUS_FIELD = re.compile(r"[*_]*(?:status|statut|estado|stato|state|result|results|outcome"
                           r"|impact)[*_]*\s*[:：]", re.I)
# words that make a line a sentence with a verb of its own ("Temporary files are removed")
_AUXILIARIES = frozenset(
    "is are was were be been being am has have had do does did can could will would shall "
    "should may might must need needs never always".split()
)


# "get updated" is a passive that holds; "once merged", "when deployed", "until released" end a
# condition ("Remove feature branches once merged" is a rule, not a note of what was done)
_STANDING_PARTICIPLE = frozenset(
    "get gets getting once when whenever after before until unless if".split())


def _ends_done(text: str) -> bool:
    """A verbless line that ends in what was done: "Legacy exporter and its flags deleted",
    "**No Queue Server**: needless moving parts removed" (a note of a change, not a rule)."""
    words = [w.strip("*_,.()!:;").lower() for w in text.split()]
    words = [w for w in words if w]
    return (len(words) > 1 and words[-1] in _EVENT_VERBS
            and not any(w in _AUXILIARIES or w in _STANDING_PARTICIPLE for w in words))


def is_record(claim: Claim) -> bool:
    """A claim that records an event or a status rather than stating something that stays true."""
    text = claim.text
    if text.startswith(_STATUS_MARKS) or _STARTS_DATED.match(text):
        return True
    verb = leading_event_verb(text)
    if verb and verb[:1].isupper():
        return True
    if _STATUS_FIELD.match(text) or _ends_done(text):
        return True
    section = claim.section
    if section and (_DATED.search(section) or _RECORD_SECTION.search(section)):
        return True
    return is_record_path(claim.path)


def is_record_path(path: str) -> bool:
    """A log-like memory file: a journal, a changelog, progress or session notes, a dated file."""
    return _RECORD_PATH.search(path) is not None

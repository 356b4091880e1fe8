"""Claims whose subject is somewhere else: a heading's list entries and pointers to other files.

Two shapes that public memory banks are full of, decided here once for the pair rules:

- `is_fragment`: a short list entry without a verb, label or code ("Mobile app for field
  workers", "5 org tiers, 7 departments", "❌ No payroll"). It takes its subject from the
  heading above it: under "Free tier" and "Team tier", or under two modules of a brainstorm,
  the same entry (or the same entry with another number) says something of two subjects.
  `is_heading_entry` also counts a label with a fragment for its value ("**Audit Trail**:
  Complete tracking of all changes").
- `is_pointer`: a line that points to another document instead of saying something: "See
  [db.md](./db.md) for the schema", an index entry "[Deploy notes](deploy.md) — how we ship",
  "[[data-layout]] — where the tables live", "`deploy.md` - how we ship". An index repeats,
  in short, what its targets say; those repeats are navigation, not duplicates, and they
  state nothing that could conflict.

Which pairs of claims are therefore no finding is decided in `gitmem.memory.subjects`.
"""

from __future__ import annotations

import re

_LEAD = re.compile(r"^[\s\-*+>#\W_]*?(?=[\w\[`(])", re.UNICODE)
_LABEL = re.compile(r"^[*_]*[^:*_`]{1,40}?[*_]*\s*[:：]")
_MAX_FRAGMENT_WORDS = 8
# words that make a line a sentence or a rule: auxiliaries, modals, copulas and stance verbs
_VERBS = frozenset(
    "is are was were be been being am has have had do does did can could will would shall "
    "should may might must need needs use uses using prefer avoid never always don't dont "
    "doesn't isn't aren't keep run runs make ensure only required require requires".split()
)
# verbs a list entry starts with when it is an instruction ("Mock HTTP requests", "Track ...")
_IMPERATIVES = frozenset(
    "add annotate apply await build bump cache call catch check commit configure create declare "
    "define delete deploy develop document export fetch follow format group handle import indent "
    "implement install lint load log mark merge migrate mock move name pass pin prefix print "
    "publish push put read rebase release remove rename replace return review save send set "
    "sort split squash store tag test throw track type update validate verify wrap write".split()
)
# an entry that can only be a heading's attribute: "No payroll", "5 boards, 2 seats"
_ENTRY_START = re.compile(r"(?i:no\s)|\d")
# Kana, CJK ideographs and Hangul: scripts written without spaces between words, where a run
# of letters is no one word (the one definition; statements and consistency.text use it too)
UNSPACED_SCRIPT = "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]"
_NO_SPACES = re.compile(UNSPACED_SCRIPT)
_SENTENCE_INSIDE = re.compile(r"[.!?;]\s")
# "See [x.md](...) ...", "Refer to `x.md` ...", with an optional bold label before it
_SEE = re.compile(
    r"^(?:[*_]*[^:*_`\[]{1,40}?[*_]*\s*:\s*)?[*_]*(?:see(?: also)?|refer to|details in|more in)\b"
    r"[*_:]*\s+(?:\[|`)", re.I)
# an index entry: a link or wiki link, then what it holds ("— ...", ": ...", "(...)")
_INDEX_ENTRY = re.compile(
    r"^[*_]*(?:\[\[[^\]]+\]\]|\[[^\]]+\](?:\([^)]*\))?)[*_]*\s*(?:[-–—:(|]|$)")


def core_text(text: str) -> str:
    """The text without list marks, status marks and emphasis in front."""
    match = _LEAD.match(text)
    return text[match.end():] if match else text


# "Related: [[plan-mode]].", "**See also**: [a.md](a.md), [b.md](b.md)": a label, then links only
# (a code span after a label is a fact: "Entry point: `src/main.py`")
_LINKS_AFTER_LABEL = re.compile(
    r"^[*_]*[^:*_`\[]{1,30}?[*_]*\s*:[*_]*\s*"
    r"(?:(?:\[\[[^\]]+\]\]|\[[^\]]+\](?:\([^)]*\))?)[\s,;.]*(?:and\s+)?)+$")


# an index of memory files written with code spans: "`permissionsModel.md` - access control",
# "**Database Context**: `memory-bank/databaseContext.md`" (a glob, `docs/*.md`, is a layout)
_FILE_ENTRY = re.compile(
    r"^(?:[*_]*[^:*_`\[]{1,40}?[*_]*\s*[:：]\s*)?[*_]*`[^`\s*?]+\.mdc?`[*_]*\s*(?:[-–—:(]|$)")


def is_pointer(text: str) -> bool:
    """A cross-reference or an index entry (see the module docstring)."""
    core = core_text(text)
    return bool(_SEE.match(core) or _INDEX_ENTRY.match(core) or _LINKS_AFTER_LABEL.match(core)
                or _FILE_ENTRY.match(core))


def is_fragment(text: str) -> bool:
    """A short verbless list entry that names a feature or an attribute of its heading (one
    that ends with a full stop is a sentence: "Ask before adding a dependency.")."""
    core = core_text(text).rstrip(" *_")
    if core.endswith(".") and not core.endswith(".."):
        return False
    core = core.rstrip(" .")
    if not core or "`" in core or "://" in core or _LABEL.match(core) or _NO_SPACES.search(core):
        return False  # (a script written without spaces has no words to count)
    words = core.split()
    if len(words) > _MAX_FRAGMENT_WORDS or _SENTENCE_INSIDE.search(core):
        return False
    if words[0].strip("*_,()").lower() in _IMPERATIVES:
        return False
    return not any(w.strip("*_,()").lower() in _VERBS for w in words)


def is_attribute_entry(text: str) -> bool:
    """A fragment that lacks something or counts something: it only describes its heading."""
    return is_fragment(text) and _ENTRY_START.match(core_text(text)) is not None


def states(text: str) -> bool:
    """A sentence or a rule: it has a verb of its own, so its subject is not its heading."""
    return any(w.strip("*_,.()!:").lower() in _VERBS for w in text.split())


def same_words(a: str, b: str) -> bool:
    """One entry copied under two headings (a reworded one is a restatement, kept)."""
    return core_text(a).rstrip(" .").lower().split() == core_text(b).rstrip(" .").lower().split()


# a label in front of an entry's value: "**Audit Trail**: ...", "**Tailwind** - ...", "Region: ..."
_ENTRY_LABEL = re.compile(
    r"^[*_]*[^:*_`]{1,40}?[*_]*\s*[:：]\s*|^[*_]{2}[^*_]{1,40}[*_]{2}\s*[-–—]\s*")
_SHORT_ENTRY_WORDS = 5


def _value(text: str) -> tuple[str, bool]:
    """An entry's value without its label, and whether it had one."""
    core = core_text(text)
    match = _ENTRY_LABEL.match(core)
    return (core[match.end():], True) if match else (core, False)


def is_heading_entry(text: str) -> bool:
    """A fragment, or a label with a fragment for its value ("**Audit Trail**: Complete
    tracking of all changes"): a feature or attribute of the heading it stands under."""
    value, _ = _value(text)
    return bool(value) and is_fragment(value)


def is_bare_name(text: str) -> bool:
    """A feature's bare name ("Approval workflows", "Real-time widget updates"): a fragment of
    at most five words with no label; it says nothing but through its heading."""
    value, labelled = _value(text)
    return not labelled and len(value.split()) <= _SHORT_ENTRY_WORDS and is_fragment(value)


_FIRST_WORD = re.compile(r"[*_]*([A-Za-z]+)")
INSTRUCTION_VERBS = _IMPERATIVES
# words that make a line a statement or a rule rather than a name or a short description
STATEMENT_VERBS = _VERBS


def is_instruction(text: str) -> bool:
    """An unlabelled line that starts with an instruction verb ("Handle errors gracefully")."""
    first = _FIRST_WORD.match(core_text(text))
    return (first is not None and first.group(1).lower() in _IMPERATIVES
            and not _ENTRY_LABEL.match(core_text(text)))


# words of a file name that say what kind of document it is, not what it is about
# ("chatProductContext.md" is about chat; "projectbrief.md", "systemPatterns.md" about no one
# subject of their own)
_DOCUMENT_WORDS = frozenset(
    "active agents ai api architecture bank brief claude context copilot core doc docs "
    "documentation gemini guide guidelines implementation index instructions memory notes "
    "overview patterns plan plans product progress project projectbrief readme reference "
    "rules standards strategy summary system tech design coding the of and for "
    # ... or a concern of the whole project rather than one part of it
    "deploy deployment development testing tests troubleshooting security performance "
    "setup operations conventions style workflow database".split())
_FILE_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def file_subject(path: str) -> frozenset[str]:
    """What a memory file is about, from its name: `dashboardProductContext.md` -> {dash},
    `org-chart-permission-system.md` -> {org, char, perm}; none for `projectbrief.md`,
    `techContext.md`, `CLAUDE.md` (a kind of document, not a subject). Words are cut to four
    letters (`notifications` and `notification` are one subject)."""
    stem = path.rpartition("/")[2].rsplit(".", 1)[0]
    return frozenset(word.lower()[:4] for word in _FILE_WORD.findall(stem)
                     if len(word) > 1 and word.lower() not in _DOCUMENT_WORDS)

"""Claims whose subject is somewhere else: a heading's list entries and pointers to other files.

Two shapes that public memory banks are full of, decided here once for the pair rules:

- `is_fragment`: a short list entry without a verb, label or code ("Mobile app for field
  workers", "5 org tiers, 7 departments", "❌ No payroll"). It takes its subject from the
  heading above it: under "Free tier" and "Team tier", or under two modules of a brainstorm,
  the same entry (or the same entry with another number) says something of two subjects.
- `is_pointer`: a line that points to another document instead of saying something: "See
  [db.md](./db.md) for the schema", an index entry "[Deploy notes](deploy.md) — how we ship",
  "[[data-layout]] — where the tables live". An index repeats, in short, what its targets say;
  those repeats are navigation, not duplicates, and they state nothing that could conflict.

`set_aside(a, b, kind)` says why a pair found by the detector is no finding (or None):
a heading's entry that lacks or counts something ("No payroll", "5 boards, 2 seats") against a
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
"""

from __future__ import annotations

import re

from gitmem.model import Claim

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
_NO_SPACES = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_SENTENCE_INSIDE = re.compile(r"[.!?;]\s")
# "See [x.md](...) ...", "Refer to `x.md` ...", with an optional bold label before it
_SEE = re.compile(
    r"^(?:[*_]*[^:*_`\[]{1,40}?[*_]*\s*:\s*)?[*_]*(?:see(?: also)?|refer to|details in|more in)\b"
    r"[*_:]*\s+(?:\[|`)", re.I)
# an index entry: a link or wiki link, then what it holds ("— ...", ": ...", "(...)")
_INDEX_ENTRY = re.compile(
    r"^[*_]*(?:\[\[[^\]]+\]\]|\[[^\]]+\](?:\([^)]*\))?)[*_]*\s*(?:[-–—:(|]|$)")


def _core(text: str) -> str:
    """The text without list marks, status marks and emphasis in front."""
    match = _LEAD.match(text)
    return text[match.end():] if match else text


# "Related: [[plan-mode]].", "**See also**: [a.md](a.md), [b.md](b.md)": a label, then links only
# (a code span after a label is a fact: "Entry point: `src/main.py`")
_LINKS_AFTER_LABEL = re.compile(
    r"^[*_]*[^:*_`\[]{1,30}?[*_]*\s*:[*_]*\s*"
    r"(?:(?:\[\[[^\]]+\]\]|\[[^\]]+\](?:\([^)]*\))?)[\s,;.]*(?:and\s+)?)+$")


def is_pointer(text: str) -> bool:
    """A cross-reference or an index entry (see the module docstring)."""
    core = _core(text)
    return bool(_SEE.match(core) or _INDEX_ENTRY.match(core) or _LINKS_AFTER_LABEL.match(core))


def is_fragment(text: str) -> bool:
    """A short verbless list entry that names a feature or an attribute of its heading (one
    that ends with a full stop is a sentence: "Ask before adding a dependency.")."""
    core = _core(text).rstrip(" *_")
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


def _is_entry(text: str) -> bool:
    """A fragment that lacks something or counts something: it only describes its heading."""
    return is_fragment(text) and _ENTRY_START.match(_core(text)) is not None


def _states(text: str) -> bool:
    """A sentence or a rule: it has a verb of its own, so its subject is not its heading."""
    return any(w.strip("*_,.()!:").lower() in _VERBS for w in text.split())


def _same_words(a: str, b: str) -> bool:
    """One entry copied under two headings (a reworded one is a restatement, kept)."""
    return _core(a).rstrip(" .").lower().split() == _core(b).rstrip(" .").lower().split()


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
    match = _FIELD.match(_core(text))
    name = match.group(1).strip().lower() if match else None
    return name if name in _FIELDS else None


def _named_first(text: str) -> str | None:
    match = _LEADING_CODE.match(_core(text))
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
    match = _FIELD.match(_core(text))
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


# a label in front of an entry's value: "**Audit Trail**: ...", "**Tailwind** - ...", "Region: ..."
_ENTRY_LABEL = re.compile(r"^[*_]*[^:*_`]{1,40}?[*_]*\s*[:：]\s*|^[*_]{2}[^*_]{1,40}[*_]{2}\s*[-–—]\s*")
_SHORT_ENTRY_WORDS = 5
# "Without AI context, modules are invisible": what would happen, not what is
_HYPOTHETICAL = re.compile(r"^[*_]*(?:without|otherwise|else)\b", re.I)


def _value(text: str) -> tuple[str, bool]:
    """An entry's value without its label, and whether it had one."""
    core = _core(text)
    match = _ENTRY_LABEL.match(core)
    return (core[match.end():], True) if match else (core, False)


def is_heading_entry(text: str) -> bool:
    """A fragment, or a label with a fragment for its value ("**Audit Trail**: Complete
    tracking of all changes"): a feature or attribute of the heading it stands under."""
    value, _ = _value(text)
    return bool(value) and is_fragment(value)


def _short_entry(text: str) -> bool:
    """A feature's bare name ("Approval workflows", "Real-time widget updates"): a fragment of
    at most five words with no label; it says nothing but through its heading."""
    value, labelled = _value(text)
    return not labelled and len(value.split()) <= _SHORT_ENTRY_WORDS and is_fragment(value)


def set_aside(a: Claim, b: Claim, kind: str, reworded: bool = False) -> str | None:
    """Why the pair (a, b) the detector found is no finding, or None (module docstring).
    `reworded`: the pair is alike only in what it names, in other words (a paraphrase)."""
    if kind == "contradiction" and a.path == b.path and a.line == b.line:
        return "one paragraph"
    if kind == "contradiction" and (_HYPOTHETICAL.match(_core(a.text))
                                    or _HYPOTHETICAL.match(_core(b.text))):
        return "what would happen"
    if template_siblings(a.path, b.path):
        return "two files of one template"
    if two_subjects(a, b, kind):
        return "two subjects"
    if kind == "duplicate" and own_subjects(a, b):
        return "each file's own subject"
    if (a.path, a.section) == (b.path, b.section):
        return None
    if kind == "contradiction":
        if (_is_entry(a.text) or _is_entry(b.text)) and not (_states(a.text) or _states(b.text)):
            return "entries of two headings"
        return None
    if not (a.section and b.section):
        return None
    if (_same_words(a.text, b.text) or a.path == b.path) and is_fragment(a.text) \
            and is_fragment(b.text):
        return "entries of two headings"
    if _short_entry(a.text) and _short_entry(b.text):
        return "names of two headings' features"
    if reworded and is_heading_entry(a.text) and is_heading_entry(b.text):
        return "entries of two headings, reworded"
    return None

"""What part a claim plays in its memory, and which near-duplicates that rules out.

A memory bank says one thing several times on purpose, each time in another part: a standing
rule, then the step of a checklist that applies it ("Use Redoc annotations for the API pages"
under "API design", "Add the API pages with Redoc annotations" under "Adding a new
endpoint:"); a feature, then the to-do that builds it (under "Next Steps"); a practice, then
the record of the one incident it came from (under "**Problem**: ..."); a fact, then its entry
in a references list.
Those pairs read alike but nobody would merge them. `claim_role` names the part, from the
headings a claim stands under (its section and the label of its list) and a few forms of its
own text:

- "pointer": an entry of a references or resources list ("📚 References", "See also");
- "example": an entry under "Examples:", a sample;
- "plan": something still to do: an open checklist box, "TODO: ...", an entry under "Next
  Steps", "Roadmap", "Planned", "Future ...", "Short-term goals", "⏳", "Current challenges";
- "record": what went wrong or what was done once: under "Problem", "Issues", "Root cause",
  "Fix", "Verification"; a line labelled "**Error**:" or "**Root Cause**:" (an error message
  quoting a URL is not the list of URLs);
- "step": a step of a procedure or checklist: under "Steps", "Checklist", "Sequence",
  "Process", "Troubleshooting", "Solutions", "Adding a new ...:", "Before creating ...";
- "statement": everything else, a standing rule or fact.

`possible_set_aside(a, b)` is why a pair in the possible band (GM202: alike, not the same) is
no finding: two claims of different roles, a pointer or an example on either side, a claim and
its own parent entry (a rule and the detail nested under it), two entries next to each other
in one list of which one names an item (a list names different things), or a heading's
verbless entry that names nothing of its own (no name, code, number or path: "Role-based
access control and permission inheritance" under one module's constraints) against a line of
another file: the same generic quality said of another subject. Verbatim and match-band
duplicates (GM201) are reported whatever the roles: a copied line is a copy wherever it stands.

`duplicate_set_aside(a, b)` is why a duplicate of any band, a verbatim copy too, is no finding,
because one side restates the other on purpose in a part made for that:

- a worked example under the rule it illustrates, in one file (the rule says to ask "What is
  the goal?", and the "Examples" section shows the agent asking it);
- a summary of its own file: a line under "Summary", "TL;DR", "Recap", "At a glance", "Key
  takeaways", a heading that is "Remember" or "Reminders" whole, or one that opens with "Quick
  reference" or "Cheat sheet" (not "Overview", which opens a document; nor "Remember me
  login") restating a line of the same file's body (a design document sums up its formulas
  and choices where it ends);
- an active-context recap: Cline's `activeContext.md` holds the current state of the work and
  sums up, as short verbless entries ("**Auth**: token-based sessions"), what the core files of
  its bank say; such an entry restated in another file of the same bank is that recap. A whole
  sentence, a record ("**Error**: ..."), a note of a change or an entry under one ("Created
  separate schema files", under "Updated the search route to cover:"), or a line of any other
  file stays a copy;
- two pointers in two files: the entries of two files' references or key-files lists that
  name a path or a link with a short gloss are two maps of one place (a rule under such a
  heading, "Never write to `src/generated/` by hand", stays compared);
- two signposts in two files: a short line that only sends the reader to a file it names
  ("See the shared retry rules in `retry-common.mdc`.", "See ../AGENTS.md for the process."),
  which each file needs its own of.

A copy of a line into a summary of *another* file (a `RULES_SUMMARY.md`) stays reported: the
other file has no body of its own that the summary stands for.

`contradiction_set_aside(a, b)` is why a contradiction pair is no finding: a record on either
side ("After the bucket was recreated, users could no longer upload", under "**Problem**:" of a
fix) says what went wrong once; it cannot conflict with what the product does now, nor with the
record of another bug. Nor can two ticked checklist boxes of one file ("- [x] Add entries",
"- [x] Delete entries", a test plan's coverage): each says a step was taken, and both were. Two
files' ticked boxes still can: a memory bank keeps its conventions as ticked lists.
"""

from __future__ import annotations

import re

from gitmem.memory.fragments import core_text, is_fragment, is_heading_entry
from gitmem.memory.statements import leading_event_verb, states_rule
from gitmem.model import Claim

ROLES = ("statement", "plan", "step", "record", "pointer", "example")

# (not "API Reference", "Kubernetes resources" or "Deep links": topics, not lists of pointers)
_POINTER = re.compile(
    r"\b(?:references|see also|further reading|where to look|& resources"
    r"|(?:additional|available|useful|external|related|learning|support|other|more|quick)"
    r" (?:resources|links|reading|docs|documents|files|notes))\b"
    r"|\bfiles to (?:reference|read|look at)\b|\b(?:key|reference) files\b"
    r"|^\W*(?:resources|links)\W*$", re.I)
_EXAMPLE = re.compile(r"\b(?:examples?|samples?|illustrations?)\b|\be\.g\.", re.I)
_PLAN = re.compile(
    r"\b(?:next steps?|next (?:phases?|sprints?|releases?|milestones?)|to-?dos?|roadmap"
    r"|planned|upcoming|backlog|future|ideas|wish ?list|short[- ]term|long[- ]term|immediate"
    r"|open questions|challenges|blockers)\b|⏳", re.I)
_RECORD = re.compile(
    r"\b(?:problems?|issues?|bugs?|root causes?|symptoms?|fix|fixes|fixed|resolved"
    r"|verification|post-?mortem|lessons? learned)\b", re.I)
_STEP = re.compile(
    r"\b(?:steps?|sequence|checklists?|procedures?|how to|quick ?start|getting started"
    r"|instructions|runbook|process(?:es)?|solutions?|troubleshooting|for [\w ]{1,30} issues"
    r"|(?:adding|creating|setting up) an?|before (?:\w+ing|each|every|you)"
    r"|after (?:each|every))\b", re.I)
# heading cues in the order they win: a references list of plans is still a references list
_HEADING_ROLES = (("pointer", _POINTER), ("example", _EXAMPLE), ("plan", _PLAN),
                  ("record", _RECORD), ("step", _STEP))

# the claim's own words
_PLAN_TEXT = re.compile(r"^[*_]*(?:todo|to-do|next step)\b", re.I)
# a leading label, "**Error**:", "Root cause -", and what follows it
_LEAD_LABEL = re.compile(r"^[*_]*([^:*_`\n]{1,40}?)[*_]*\s*(?:[:：]|\s[-–—]\s)")
_RECORD_LABELS = frozenset(
    "error errors root cause cause symptom symptoms problem issue bug incident".split())


def _heads(claim: Claim) -> tuple[str, ...]:
    """The headings a claim stands under: its section, and its list's label or parent entry
    when that ends in a colon ("**Cleanup Sequence**:", "Open an issue with:")."""
    parent = claim.parent.rstrip(" *_")
    return (claim.section, claim.parent) if parent.endswith((":", "：")) or (
        claim.parent[:1] in "*_" and claim.parent.rstrip()[-1:] in "*_") else (claim.section,)


def claim_role(claim: Claim) -> str:
    """The part `claim` plays: one of ROLES (module docstring)."""
    text = claim.text
    if claim.kind == "task" or _PLAN_TEXT.search(text):
        return "plan"
    label = _LEAD_LABEL.match(text)
    if label and label.group(1).strip().lower() in _RECORD_LABELS:
        return "record"
    heads = _heads(claim)
    for role, pattern in _HEADING_ROLES:
        if any(pattern.search(head) for head in heads):
            return role
    return "statement"


def _family(a: Claim, b: Claim) -> bool:
    """One claim is the list entry (or bold label line) the other is nested under."""
    if a.path != b.path or a.line == b.line:
        return False
    parent, child = (a, b) if a.line < b.line else (b, a)
    return bool(child.parent) and parent.text.startswith(child.parent)


_LIST_KINDS = frozenset({"bullet", "item", "task", "done"})


def _neighbours(a: Claim, b: Claim) -> bool:
    """Two entries of one list on consecutive lines, one of which names an item (a label and
    its value, or a verbless entry): a list names different things ("**ga(k)**: ..." /
    "**gb(k)**: ...", a rule and the "**Fallback order**: ..." that spells it out). Two
    sentences in a row that say one thing ("Use pnpm ..." / "... install them with pnpm.") are
    still compared."""
    return (a.path == b.path and abs(a.line - b.line) == 1 and a.section == b.section
            and a.parent == b.parent and a.kind in _LIST_KINDS and b.kind in _LIST_KINDS
            and any(_LEAD_LABEL.match(c.text) or is_fragment(c.text) for c in (a, b)))


_WORD = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*")
_DETERMINERS = frozenset("the a an our their its this that these those all each every".split())


def names_nothing(text: str) -> bool:
    """No name, code, number or path of its own: "Role-based access control and permission
    inheritance", "Comprehensive error handling" (not "Use selective subscriptions in Zustand",
    "`milestones/` folder", "Tailwind CSS", "WebSocket service")."""
    core = core_text(text)
    if "`" in core or "/" in core or any(ch.isdigit() for ch in core):
        return False
    words = _WORD.findall(core.replace("*", " ").replace("_", " "))
    if words and words[0].lower() in _DETERMINERS:
        return False  # "The build pipeline automates deployments": a sentence about its subject
    return not any(any(ch.isupper() for ch in word[1:]) or (at and word[:1].isupper())
                   for at, word in enumerate(words))


def _generic_entry(a: Claim, b: Claim) -> bool:
    """A heading's verbless entry that names nothing of its own (a quality of the module or
    feature it stands under: "Role-based access control and permission inheritance" under the
    chat module's constraints) against a line of another file: the same generic words about
    another subject."""
    return a.path != b.path and any(is_fragment(c.text) and names_nothing(c.text)
                                    for c in (a, b))


def possible_set_aside(a: Claim, b: Claim) -> str | None:
    """Why a possible-band duplicate pair (a, b) is no finding, or None (module docstring)."""
    role_a, role_b = claim_role(a), claim_role(b)
    if role_a != role_b:
        return f"a {role_a} and a {role_b}"
    if role_a in ("pointer", "example"):
        return f"two {role_a}s"
    if _family(a, b):
        return "a claim and its own parent entry"
    if _neighbours(a, b):
        return "neighbouring entries of one list"
    if _generic_entry(a, b):
        return "a heading's generic entry and another file's line"
    return None


def contradiction_set_aside(a: Claim, b: Claim) -> str | None:
    """Why a contradiction pair (a, b) is no finding, or None (module docstring)."""
    if "record" in (claim_role(a), claim_role(b)):
        return "a record of what went wrong once"
    if a.kind == b.kind == "done" and a.path == b.path:
        # two steps of one checklist taken: both were done, neither a rule. Not across files:
        # a memory bank ticks its conventions ("- [x] Use tabs"), and two files' ticked rules
        # can still be at odds
        return "two ticked boxes of one checklist"
    return None


# a section that sums up its own file
# (not "Overview": it opens a document, and lists what the body then defines, so an item of it
# repeated in the body is one list kept twice)
# ("Remember", "Reminders", "Quick reference", "Cheat sheet" only as the heading's whole title,
# or, for the last two, its start: "## Remember me login" is a feature's section)
_RECAP = re.compile(r"\b(?:summary|summari[sz]ed|tl;?\s?dr|recap|at a glance"
                    r"|key takeaways|in short|in brief)\b"
                    r"|^[\W\d_]*(?:(?:(?:things to )?remember|reminders?)[\W_]*$"
                    r"|quick reference|cheat ?sheet)", re.I)
_ACTIVE_CONTEXT = re.compile(r"(?:^|/)active[-_ ]?context\.md$", re.I)
# a label in front of an entry's value: "**Auth**: ...", "Region: ..."
_ENTRY_LABEL = re.compile(r"^[*_]*[^:*_`]{1,40}?[*_]*\s*[:：][*_]*\s*")


def _folder(path: str) -> str:
    return path.rpartition("/")[0]


def _done(text: str) -> bool:
    """A note of a change, its label aside: "Created separate schema files ...", "**Auth**:
    Implemented a token check:"."""
    core = core_text(text)
    value = _ENTRY_LABEL.sub("", core, count=1).strip() or core  # (a lead-in is all label)
    return leading_event_verb(value) is not None


def _recap(claim: Claim) -> bool:
    """A verbless entry of activeContext.md that states the current state: a fragment or a
    label with a fragment for its value, a standing statement (no "**Error**:" record), not a
    note of a change nor an entry under one ("Updated the search route to cover:")."""
    return (_ACTIVE_CONTEXT.search(claim.path) is not None and is_heading_entry(claim.text)
            and claim_role(claim) == "statement" and not _done(claim.text)
            and not (claim.parent and _done(claim.parent)))


def _recap_entry(a: Claim, b: Claim) -> bool:
    """A recap entry of a memory bank's activeContext.md (`_recap`) against a line of another
    file of the same bank: the summary of the current state that file is for."""
    if a.path == b.path or _folder(a.path) != _folder(b.path):
        return False
    return any(_recap(c) and not _ACTIVE_CONTEXT.search(o.path) for c, o in ((a, b), (b, a)))


# a heading of worked examples ("Examples", "Example:"), not a "sample size" or a "sample app"
_WORKED = re.compile(r"\bexamples?\b", re.I)


def _worked_example(claim: Claim) -> bool:
    """A line of a worked example: an example (`claim_role`) under a heading that says so."""
    return claim_role(claim) == "example" and any(_WORKED.search(h) for h in _heads(claim))


# a line that only sends the reader elsewhere: "See the error rules in `errors.md`.", "For the
# shared conventions see the root [AGENTS.md](../AGENTS.md)."
_SIGNPOST = re.compile(r"^[\W_]*(?:see|refer to|for\b[^.;:!?]{0,60}?\bsee)\b",
                       re.IGNORECASE)
_NAMED_FILE = re.compile(r"`[^`\s]*[./][^`\s]*`|\]\([^)\s]+\)")
# a relative path written out bare, to a file: "../AGENTS.md", "docs/process.md"
_BARE_PATH = re.compile(r"(?<![\w/`])(?:\.{1,2}/|[\w-]+/)[\w./-]*\.[A-Za-z]{1,8}\b")
_SIGNPOST_WORDS = 20


def _signpost(text: str) -> bool:
    """A line that only points to another file, which it names (a code span holding a path or
    a file name, a link, or a relative path written out bare: "See ../AGENTS.md for the
    process."): the way to a text, not the text."""
    return (_SIGNPOST.match(text) is not None
            and (_NAMED_FILE.search(text) is not None or _BARE_PATH.search(text) is not None)
            and len(_WORD.findall(text)) <= _SIGNPOST_WORDS)


def _map_entry(text: str) -> bool:
    """An entry of a map of where to look: a path or a link (`_NAMED_FILE`) with a gloss no
    longer than a signpost's and no rule of its own ("Never write to `src/generated/` by hand"
    is a rule, compared)."""
    return (_NAMED_FILE.search(text) is not None and not states_rule(text)
            and len(_WORD.findall(_NAMED_FILE.sub(" ", text))) <= _SIGNPOST_WORDS)


def duplicate_set_aside(a: Claim, b: Claim) -> str | None:
    """Why a duplicate pair (a, b) of any band is no finding, or None (module docstring)."""
    if (a.path != b.path and claim_role(a) == claim_role(b) == "pointer"
            and all(_map_entry(c.text) for c in (a, b))):
        return "two lists of where to look"
    if a.path != b.path and _signpost(a.text) and _signpost(b.text):
        return "a signpost to another file, in each file that needs it"
    if a.path == b.path:
        examples = [_worked_example(c) for c in (a, b)]
        if examples[0] != examples[1]:
            return "a rule and its worked example"
        recaps = [bool(_RECAP.search(c.section)) for c in (a, b)]
        if recaps[0] != recaps[1]:
            return "a summary of its own file"
    elif _recap_entry(a, b):
        return "an active-context recap of its bank"
    return None

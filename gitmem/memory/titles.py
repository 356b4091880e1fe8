"""Entries that name their own subject first, so two of them are two things, not two stances.

Decided here once for the contradiction rule (`gitmem.memory.subjects.set_aside` asks):

- `entry_title`: an entry that opens with its own title, then says something of it: a bold
  label ("**Art 12** (scope) — not yet cited", "**Keep**: ..."), a name in code before a dash or
  a colon ("`db:reset` - drops every table"), or a plain label holding an identifier (a code
  span or a number: "Lines marked `+`: added"). Two entries of one file titled by two
  different titles describe two items of a list: two articles of a law, two outcomes of a
  decision, the two marks of a legend. A title that is itself a directive or a warning
  ("**Never**: ...", "**Note**: ...") names no subject.
- `enumerated`: a verbless entry naming one member of a numbered classification, "Gases
  under pressure (2.5)": two such entries with two numbers are two classes.
- `field_of_two_entries`: one template field ("Tests: 80% coverage") filled in under two
  entries of one list (each component's own coverage): the value is the entry's.
- `heading_agrees`: an entry of a list whose heading or lead-in says what not to do ("Avoid:",
  "Do not:", "Helpers MUST NOT do any of the following:", "## Anti-patterns", "Reject the
  change if:") carries that polarity: "copied
  pages" there says "no copied pages", and agrees with "Never copy a page." (read alone, the
  bare entry looked like the positive side of the rule); "Skip the summary" there says to
  write it, and agrees with "Write a summary of each meeting". A list of risks or limitations
  ("**MEV attacks**: ...") is such a list too. Two entries of one such list are two things
  not to do, and agree with each other.
- `heading_and_named_subject` (`gitmem.memory.elided_subjects`): a line with no subject of its
  own under a heading that names one ("## Core" / "- Must not reference Api") against a line
  that names another subject first ("Api references Core"): two cases, not a conflict.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gitmem.memory.elided_subjects import heading_and_named_subject
from gitmem.memory.fragments import core_text, is_fragment, states
from gitmem.model import Claim

_MARKS = re.compile(r"^[^\w*_`]+")
# "**Title**", "**Title:**", then an optional "(...)", then ":" or a dash (or the colon inside)
_BOLD_TITLE = re.compile(
    r"^(?:\*\*|__)(?P<title>[^*_\n]{1,60}?)(?P<inner>[:：]?)(?:\*\*|__)"
    r"\s*(?:\([^()\n]{0,80}\)\s*)?(?P<sep>[:：]|[-–—](?=\s)|)")
_CODE_TITLE = re.compile(r"^`(?P<title>[^`\n]{1,60})`\s*(?:\([^()\n]{0,80}\)\s*)?(?:[:：]|[-–—]\s)")
_PLAIN_TITLE = re.compile(r"^(?P<title>[^:：*_\n]{1,50}?)\s*[:：]\s")
# a title that is a directive or a note's kind says how to read the rest, not what it is about
_NOT_SUBJECTS = frozenset(
    "never always must avoid don't dont do not prefer should shall only required important "
    "note notes warning caution critical tip rule rules remember nb please bad good wrong "
    "right correct incorrect yes no".split())


def entry_title(text: str) -> str | None:
    """The title an entry opens with (module docstring), lower-cased, or None."""
    core = _MARKS.sub("", text, count=1)
    title = None
    bold = _BOLD_TITLE.match(core)
    if bold and (bold.group("inner") or bold.group("sep")):
        title = bold.group("title")
    else:
        code = _CODE_TITLE.match(core)
        if code:
            title = code.group("title")
        else:
            plain = _PLAIN_TITLE.match(core)
            if plain and ("`" in plain.group("title")
                          or any(ch.isdigit() for ch in plain.group("title"))):
                title = plain.group("title")
    if title is None:
        return None
    words = title.strip().lower().split()
    if not words or words[0].strip("!.,") in _NOT_SUBJECTS:
        return None
    return " ".join(words)


def _keyed_apart(key: Callable[[str], str | None], a: Claim, b: Claim) -> bool:
    """Both claims have a `key` (a title, a class number) and the two differ."""
    key_a = key(a.text)
    if key_a is None:
        return False
    key_b = key(b.text)
    return key_b is not None and key_a != key_b


def titled_apart(a: Claim, b: Claim) -> bool:
    """Two entries of one file, each opening with its own, different title."""
    return a.path == b.path and _keyed_apart(entry_title, a, b)


# "Gases under pressure (2.5)": a name, then a number that classifies it
_ENUMERATED = re.compile(r"^(?P<name>[^()\n]{1,60}?)\s*\((?P<id>[^()\n]{0,14}\d[^()\n]{0,14})\)$")


def enumerated(text: str) -> str | None:
    """The number of a verbless classification entry (module docstring), or None."""
    core = core_text(text).rstrip(" .*_")
    match = _ENUMERATED.match(core)
    if match is None or not is_fragment(match.group("name")):
        return None
    return match.group("id").strip()


def two_classes(a: Claim, b: Claim) -> bool:
    """Two entries naming two numbered classes of one classification."""
    return _keyed_apart(enumerated, a, b)


# "Tests: 88% coverage", "**Owner**: ...": a field's name before its value
_FIELD = re.compile(r"^[*_]*([^\W\d_][^:：*_`\n]{0,30}?)[*_]*\s*[:：]")


def field_name(text: str) -> str | None:
    match = _FIELD.match(core_text(text))
    return match.group(1).strip().lower() if match else None


def field_of_two_entries(a: Claim, b: Claim) -> bool:
    """One field filled in under two entries (or bold labels) of one list: each entry's value."""
    if a.path != b.path or a.section != b.section or not a.parent or not b.parent \
            or a.parent == b.parent:
        return False
    name = field_name(a.text)
    return name is not None and name == field_name(b.text) and not (
        states(name))


# a heading or a list's lead-in that lists what not to do
_NEGATIVE_HEAD = re.compile(
    r"\b(?:don'?t|do not|never|(?:must|should|shall|may) not|mustn'?t|shouldn'?t|cannot|can'?t"
    r"|avoid(?:ed)?|anti-?patterns?|pitfalls?|mistakes?|forbidden"
    r"|prohibited|not allowed|bad practices?|(?:release )?block(?:ers?|ing)|reject\w*|red flags?"
    r"|(?:code )?smells?|what not to|limitations?|risks?|threats?|weakness(?:es)?"
    r"|vulnerabilit(?:y|ies))\b", re.I)
# an entry that itself says to leave something out: under "Don't:", "Skip the summary" says to
# write the summary, and agrees with "Write a summary of each meeting"
_LEAVE_OUT = frozenset("skip skipping ignore ignoring omit omitting forget forgetting neglect "
                       "neglecting bypass bypassing leave".split())
# a line that itself says no: "Never ...", "Do not ...", "no copied pages"
_NEGATION = re.compile(
    r"\b(?:never|not|no|don'?t|doesn'?t|mustn'?t|shouldn'?t|can'?t|cannot|avoid\w*|without"
    r"|forbid\w*|prohibit\w*|nor)\b|n't\b", re.I)


def _under_negative_head(claim: Claim) -> bool:
    return bool(claim.kind in ("bullet", "item", "done") and (
        (claim.parent and negative_head(claim.parent))
        or (claim.section and negative_head(claim.section))))


# a lead-in that sets a condition ("If the tests cannot reach the database:", "## When the build
# can't find the cache"): its entries are what to do then, not a list of what not to do; only
# what follows the condition's comma can still deny ("When writing tests, never do these:")
_CONDITION_LEAD = re.compile(r"[\s#*_>-]*(?:if|when|whenever|unless|in case)\b", re.I)


def negative_head(head: str) -> bool:
    if _CONDITION_LEAD.match(head) is not None:
        head = head.partition(",")[2]
    return _NEGATIVE_HEAD.search(head) is not None


def _one_list_of_nos(a: Claim, b: Claim) -> bool:
    """Two entries of one list of what not to do ("Forbidden in one handler:" / "- main on
    pattern 3, status on pattern 1" / "- main on pattern 2, status on pattern 3"): each is one
    thing not to do, and two denials of two things both hold."""
    return (a.path == b.path and bool(a.parent) and a.parent == b.parent
            and a.section == b.section and _under_negative_head(a)
            and not any(_NEGATION.search(c.text) or _leaves_out(c.text) for c in (a, b)))


def _leaves_out(text: str) -> bool:
    words = core_text(text).split()
    return bool(words) and words[0].strip("*_,.:").lower() in _LEAVE_OUT


def heading_agrees(a: Claim, b: Claim) -> bool:
    """An entry listed under a heading of what not to do, itself not negated, against a line
    that says no: both say the same no (module docstring)."""
    for listed, other in ((a, b), (b, a)):
        if not _under_negative_head(listed) or _NEGATION.search(listed.text):
            continue
        if bool(_NEGATION.search(other.text)) != _leaves_out(listed.text):
            return True
    return False


def apart(a: Claim, b: Claim) -> str | None:
    """Why two claims are about two subjects for the contradiction rule, or None."""
    if heading_agrees(a, b):
        return "an entry of a list of what not to do, and a rule that says no"
    if _one_list_of_nos(a, b):
        return "two entries of one list of what not to do"
    if titled_apart(a, b):
        return "entries titled by two subjects"
    if a.path == b.path and two_classes(a, b):
        return "two classes of one classification"
    if field_of_two_entries(a, b):
        return "one field of two entries"
    if a.section and b.section and a.section != b.section \
            and field_name(a.text) is not None and field_name(a.text) == field_name(b.text):
        return "one field under two headings"  # ("**Gap after phase 2**: ..." per industry)
    if heading_and_named_subject(a, b):
        return "a heading's subject and another named subject"  # ("## Core" / "Api ...")
    return None

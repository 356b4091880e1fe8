"""A line whose subject is its heading, against a line that names a subject of its own.

Under a heading that names a project or a component, the entries often leave the subject out
and open with the modal: "## Core" / "- Must not reference Api or Cli". What must not reference
them is the Core project, the heading. Another file's line that names its own subject first,
"Api and Cli reference Application", "`UnitTests` references Core only", speaks of another
project, and the two are two cases of one layering, not a conflict; the same as an order and
an obligation of a named subject in one line ("Don't use default exports" / "Next.js page
components must use default exports", `consistency.clauses.exception`).

`heading_and_named_subject(a, b)` holds when one claim opens with a modal and no subject
(`must`, `should`, `may`, `can`, `will`, with or without `not`) and stands under a heading or a
lead-in, and the other opens with a subject before its own modal, or before the first claim's
verb ("reference" / "references"): a subject that names something (a name in code, a word with
a capital inside it or after the first word: "Api", "UnitTests", "`flow.Outcome`"), is not
everyone ("All projects must ..."), and shares no word with the first claim's heading or
lead-in (words compared by their first four letters, each part of a CamelCase name on its own).
"## API" / "- Must not call the database directly" against "The `API` gateway calls the
database directly" share "API" and stay compared; so does a subject that is the memory's
reader (`READERS`: "The AI agent must ...", "Claude Code must ...": the agent the heading's
rule speaks to as well), and a clause in front of the subject ("After `make test` passes, you
must ...": a subject ends at a comma and does not open with "after", "if", "once" ...); so
does any pair whose subject-less side is not under a heading, or whose other side is an
instruction ("Use `Foo` ...") or names no subject ("It must ...", "Python code must ...": one
capital, the sentence's first).
"""

from __future__ import annotations

import re

from gitmem.memory.fragments import core_text, is_instruction
from gitmem.model import Claim

_MODALS = r"must|mustn't|should|shouldn't|shall|may|can|cannot|can't|will|won't"
# a subject-less line: the modal first, then (after an optional "not") the verb
_MODAL_FIRST = re.compile(rf"(?:{_MODALS})(?:\s+not)?\s+([A-Za-z]+)\b", re.IGNORECASE)
_MODAL = re.compile(rf"(?:{_MODALS})", re.IGNORECASE)
# words of a line, a code span as one word
_WORD = re.compile(r"`[^`\n]*`|[^\W\d_][\w.'-]*")
_ASIDE = re.compile(r"\([^()]*\)")  # a gloss in parentheses names no subject
_BREAK = re.compile(r"[,;:.!?—–]\s")  # a subject is one phrase, not a clause before it
# a clause in front ("After `make test` passes, you must ..."), not a subject
_SUBORDINATORS = frozenset(
    "after before when whenever once if unless until while whilst since because as though "
    "although where wherever whether".split())
# the reader of the memory, never "another named subject": the agent by any of its names, and
# the people it works for ("The AI agent must ...", "Claude Code must ...", "You must ...");
# the one list of them (lowercased words; "Claude Code" is "claude")
READERS = frozenset(
    "agent agents subagent subagents ai assistant assistants llm llms gpt chatgpt claude "
    "copilot cursor codex gemini windsurf cline roo aider junie kiro devin "
    "you your yours we us our i me my "
    "contributor contributors developer developers devs engineer engineers maintainer "
    "maintainers reviewer reviewers".split())
_READER_PHRASES = ("the model", "language model", "the bot")
_POSSESSIVE = re.compile(r"['’]s?$")  # "Claude's", "agents'"
_MAX_SUBJECT_WORDS = 6
_EVERYONE = frozenset("all every each any everyone everything anyone anything both".split())
_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_SMALL = frozenset("and the for with from into our its their this that these those".split())


def _names_something(words: list[str]) -> bool:
    """A name in code, a word with a capital inside it, or a capital after the first word."""
    return any(word.startswith("`") or any(ch.isupper() for ch in word[1:])
               or (at > 0 and word[:1].isupper()) for at, word in enumerate(words))


def _stems(text: str) -> set[str]:
    """The words of `text` by their first four letters, a CamelCase name's parts apart."""
    return {part.lower()[:4] for part in _PART.findall(text)
            if len(part) >= 3 and part.lower() not in _SMALL}


def names_reader(subject: list[str]) -> bool:
    """The subject is (or names) the memory's reader: the agent or its people (`READERS`)."""
    words = [_POSSESSIVE.sub("", w.lower()) for w in subject if not w.startswith("`")]
    joined = f" {' '.join(words)} "
    return any(w in READERS for w in words) or any(
        f" {phrase} " in joined for phrase in _READER_PHRASES)


def own_subject(text: str, verb: str) -> list[str] | None:
    """The words before the line's own modal or `verb` (in any of its forms), when they name
    a subject (module docstring); None otherwise."""
    if is_instruction(text):
        return None
    core = _ASIDE.sub(" ", core_text(text))
    verb = verb.lower()
    forms = {verb, verb + "s", verb + "es", verb + "d", verb + "ed", verb + "ing"}
    words = list(_WORD.finditer(core))
    for at, word in enumerate(words[1:_MAX_SUBJECT_WORDS + 1], start=1):
        lower = word.group().lower()
        if _MODAL.fullmatch(lower) or lower in forms or (
                len(verb) > 4 and lower.startswith(verb[:-1])):
            subject = [w.group() for w in words[:at]]
            if _BREAK.search(core[:word.start()]) or any(
                    w.lower() in _EVERYONE for w in subject) \
                    or subject[0].lower() in _SUBORDINATORS or names_reader(subject):
                return None
            return subject if _names_something(subject) else None
    return None


def heading_and_named_subject(a: Claim, b: Claim) -> bool:
    """One claim takes its subject from its heading, the other names another (module
    docstring)."""
    for elided, named in ((a, b), (b, a)):
        opening = _MODAL_FIRST.match(core_text(elided.text))
        scope = " ".join(part for part in (elided.section, elided.parent) if part)
        if opening is None or not scope:
            continue
        subject = own_subject(named.text, opening.group(1))
        if subject is not None and not _stems(" ".join(subject)) & _stems(scope):
            return True
    return False

"""Each folder's own inventory: one item listed by two per-folder files, each for its folder.

A monorepo may keep an agent file in each folder (`AGENTS.md`, `CLAUDE.md`, `GEMINI.md`): the
agent reads the one of the folder it works in and those above it. Each lists what its own
folder holds or uses, one entry a line: an item in a code span, a separator and a few words
("`zod` - Schema validation", "`GET /api/items` - List items", "`Items.tsx`: Item list page").
The root file names the packages and dependencies of the whole project, a package's file the
dependencies that package really has, a parent folder's file what its child folders hold. The
same entry in two such files (the root's dependency overview and the backend's own list, a
`src/` index and the `src/pages/` file it sums up) says something of each folder: when one
folder drops the dependency, the other's line stays true. So the pair is no duplicate to merge
(`own_listings`).

The evidence is where the two files stand and the shape of both lines, never their words:

- both files are per-folder agent files, in two different folders (one inside the other, or
  two siblings). Two files of one folder (`AGENTS.md` and `CLAUDE.md` side by side), two files
  of a memory bank or of one rules folder describe one scope, and an entry both list is kept
  twice: still reported, as is the same entry twice in one file;
- both lines are inventory entries: a code span first (bold or not), then a dash or a colon,
  then a description of at most `DESCRIPTION_WORDS` words; or a bold label for the item
  ("**Framework**: NestJS 11", "**Clean**: `bun run clean`", "**Database**: Postgres via
  Prisma"), a separator and as short a description that says what the folder has, not what to
  do: no instruction verb first, no "no" or "not" first, no modal, auxiliary or stance verb
  ("must", "is", "use", "never", code spans aside), under a label that is no rule itself
  ("**Avoid**: default exports", "**Never edit**: `migrations/`": `_rule_label`). A rule
  repeated in two nested files ("**TDD**: Write the component tests first", "**Note:** No login
  is needed, all pages are public", "Always run the linter before pushing") is no entry of an
  inventory and is still reported.

Only duplicates (GM201, GM202) read this; contradictions are compared as before.
"""

from __future__ import annotations

import posixpath
import re

from gitmem.consistency.lexicon import default_lexicon, phrase_key
from gitmem.memory.fragments import INSTRUCTION_VERBS, STATEMENT_VERBS
from gitmem.model import Claim

DESCRIPTION_WORDS = 12  # an entry's description is a few words, not a paragraph

# The agent files read per folder: the one of the working folder and those above it.
PER_FOLDER_FILES = frozenset({"AGENTS.md", "AGENT.md", "CLAUDE.md", "CLAUDE.local.md",
                              "GEMINI.md"})

# "`item` - description", "**`item`** — description", "`item`: description"
_ENTRY = re.compile(r"(\*\*)?`[^`\n]+`(?(1)\*\*)(?:\s+[-–—]\s+|\s*:\s+)(?P<what>\S.*)")


# "**Framework**: NestJS 11", "**Build:** `make`", "**Search** - Full-text index"
_LABELLED = re.compile(r"\*\*(?P<label>[^*`\n:：]{1,40})(?:\*\*\s*[:：]|[:：]\*\*|\*\*\s+[-–—])\s+(?P<what>\S.*)")
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_WORD = re.compile(r"[\w']+")
_NOT_FIRST = frozenset({"no", "not"})


def inventory_entry(text: str) -> bool:
    """Whether `text` is one entry of an inventory: a code span naming the item, a separator
    and a short description, or a bold label and a short description that says what the
    folder has, not what to do (module docstring)."""
    text = text.strip()
    match = _ENTRY.fullmatch(text)
    if match is not None:
        return len(match.group("what").split()) <= DESCRIPTION_WORDS
    match = _LABELLED.fullmatch(text)
    if match is None or len(match.group("what").split()) > DESCRIPTION_WORDS:
        return False
    if _rule_label(match.group("label"), match.group("what")):
        return False
    words = [word.lower() for word in _WORD.findall(_CODE_SPAN.sub(" ", match.group("what")))]
    return not (words and words[0] in INSTRUCTION_VERBS | _NOT_FIRST) and not any(
        word in STATEMENT_VERBS for word in words)


def _rule_label(label: str, what: str) -> bool:
    """Whether a bold label is itself a rule, its description what the rule is about:
    "**Avoid**: default exports", "**Forbidden**: direct pushes", "**Never edit**:
    `migrations/`", "**Must**: full coverage", "**Do not**: ...", "**Banned**: ...". Its words
    hold a modal, auxiliary or stance verb, a negator, or a directive or negative term of the
    lexicon. An instruction verb alone names a command when a code span follows ("**Build:**
    `make`", "**Lint:** `ruff check`"); before words it is an instruction ("**Write**: tests
    first")."""
    lexicon = default_lexicon()
    words = [word.lower() for word in _WORD.findall(label)]
    stems = phrase_key(label).split()
    if (any(word in STATEMENT_VERBS or word in lexicon.negators for word in words)
            or any(stem in lexicon.directive_terms or stem in lexicon.negative_terms
                   for stem in stems)):
        return True
    return any(word in INSTRUCTION_VERBS for word in words) and not what.startswith("`")


def folder_of(path: str) -> str | None:
    """The folder a per-folder agent file speaks for ("" at the root), None for any other
    memory (a rules folder, a memory bank: they speak for the project)."""
    folder, name = posixpath.split(path)
    return folder if name in PER_FOLDER_FILES else None


def own_listings(a: Claim, b: Claim) -> bool:
    """Whether `a` and `b` are inventory entries of two per-folder files of two different
    folders, each listing what its own folder holds (module docstring)."""
    folder_a, folder_b = folder_of(a.path), folder_of(b.path)
    return (folder_a is not None and folder_b is not None and folder_a != folder_b
            and inventory_entry(a.text) and inventory_entry(b.text))

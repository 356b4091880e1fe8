"""GM31x: do the files and folders a memory cites exist in the code tree?

A path that git ignores or that lies in a build-output folder is not "missing" (it is produced by
a build); a path outside the repository cannot be checked here and is only noted (info).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache

from gitmem.lint.evidence import (
    EXISTS,
    IGNORED,
    MISSING,
    OUTSIDE,
    PathVerdict,
    best_path_verdict,
    describe_repo,
)
from gitmem.lint.path_citations import PathCitation, is_placeholder
from gitmem.lint.path_places import Places, versions_named
from gitmem.lint.rule import LintContext, MemoryRule
from gitmem.lint.scan import LIST_MARKER, code_spans
from gitmem.memory.layouts import is_prompt
from gitmem.memory.statements import is_record_path, opens_with_event
from gitmem.model import Finding, Memory

# Words that make a line state where things go rather than point at a file that is there.
_CONVENTION_WORDS = re.compile(
    r"\b(?:put|place[sd]?|goes|go|live|lives|belongs?|should|must|create[sd]?|add|save[sd]?|"
    r"store[sd]?|keep|write|new|will|convention|conventions|organi[sz]ed|structure|layout|"
    r"planned|pending|todo|tbd|proposed|future|"
    # the same in German ("Pattern wird ... einziehen"): will, should, must, planned, create
    r"wird|werden|soll|sollen|muss|geplant|anlegen|erstellen)\b"
    # a path named on condition that it is there: "(if it exists)", "if present", "存在する場合"
    r"|\bif (?:it |one |they |that )?(?:exists?|present|any)\b|\bwhen present\b"
    r"|\bfalls vorhanden\b|存在する場合|存在すれば|如果存在|若存在",
    re.I,
)
# A file a tool or a step makes, named after the verb that makes it: "Generate `x.md`", "emits a
# module (path hint `x.ts`)"; not the tool itself ("`src/release.py` writes the changelog").
_GENERATES = re.compile(r"\b(?:generate[sd]?|generating|emits?|emitted|writes)\b", re.I)
# A file the line tells the agent to keep a record in ("Track when each check ran in `x.json`",
# "append each decision to `y.md`", "When a deploy ends, log its outcome to `z.log`"): where the
# record goes, which the agent makes on first use. The verb opens its clause as a command: at
# the line's start (after a list marker), after ". ; : , (" or "then"/"and". Not a noun ("The
# track list is in `x`", "The audit log format is in `y`"); `_NOUN_SUBJECT` then drops a
# statement whose subject the word starts ("Record types are declared in `z`").
# Read on the last `_KEEPS_REACH` characters before the path only: searched on a whole long line
# the pattern scans from each "log" to the path, and a line of thousands of them takes seconds.
_KEEPS_IN = re.compile(
    r"(?:^|[.;:!?,(]|\b(?:then|and)\b)\s*(?:" + LIST_MARKER + r"\s+)?[*_\[\s]*"
    r"(?:(?:always|also|please|then)\s+)?"
    r"(?:track|log|record|append|jot(?:\s+down)?|note\s+down)\b"
    r"(?P<rest>[^`.;:!?,]*)\b(?:in|to|into)\s*(?:the\s+)?[*_\[(`]*$", re.IGNORECASE)
_NOUN_SUBJECT = re.compile(
    r"\s+(?:(?!(?:the|an?|each|every|all|any|which|what|when|where|why|how|whether|who|that|"
    r"this|these|those|it|them|its|their|your|our|my)\b)[\w-]+\s+){0,2}"
    r"(?:is|are|was|were|has|have|had)\b", re.IGNORECASE)
_KEEPS_REACH = 200
# "a path like `x`", "a name like `y`", "file names like `z`": a name offered as an instance,
# as "e.g." offers it; only after a noun for a name or a path, not "Format dates like
# `src/utils/dates.py` does" (a model file cited). ("such as" needs no reading here:
# `_ACKNOWLEDGED` sets a line that says it aside before.)
_LIKE = re.compile(
    r"(?:\b(?:an?|some|any)\s+(?:[\w-]+\s+){0,2}(?:path|name|file ?name|location)"
    r"|\b(?:paths|names|file ?names|locations))\s+like\s*[*_\[(`]*$", re.IGNORECASE)
# A label over a block of files alone on their lines that says they are made or still to come
# ("**Generated commands:**"); not any label ("Keep these files in sync:").
_MADE_LABEL = re.compile(r"\b(?:generated|generates|created by|emitted|planned|pending|todo|"
                         r"proposed|future|new files?|will be|create|"
                         r"to (?:be )?(?:create|add|write|created|added|written))\b", re.I)
# A line that already says the path is gone (struck through, "deleted", "renamed", "A → B"),
# or names it as an example: nothing left to report.
_ACKNOWLEDGED = re.compile(
    r"~~|→|->|\b(?:deleted|removed|retired|decommissioned|dangling|renamed|obsolete|deprecated|"
    r"no longer|example|examples|e\.g\.|for instance|such as|gelöscht|entfernt)\b|"
    r"已删除|删除|退役|过时|废弃|삭제",
    re.I,
)
# A path offered as one of two places ("in `tests/` or `src/x/__tests__`", "in README.md or
# docs/settings.md"), or with a hedge ("`src/scene/Badge.tsx` (or equivalent)"): a choice or
# a guess at a name, not a pointer to a file. (Only when the other place is a path the tree has.)
_PATHLIKE = r"`?(?P<other>[\w./-]+\.\w+|[\w.-]+/[\w./-]*)`?"
_OR_BEFORE = re.compile(_PATHLIKE + r"[*_)\]]*\s*,?\s+or\s+(?:in\s+|under\s+|the\s+)?[*_\[(`]*$",
                        re.IGNORECASE)
_OR_AFTER = re.compile(r"[`*_)\]]*\s*,?\s+or\s+(?:in\s+|under\s+|the\s+)?[*_\[(]*"
                       + _PATHLIKE, re.IGNORECASE)
_BARE_FILE = re.compile(r"[\w-]+(?:\.[\w-]+)*\.[A-Za-z]\w*")
# A bare name (no backticks, no link) is a file only with a usual file's extension: not a
# product ("Next.js", "Node.js") or a version ("3.x") joined to the path by "or".
_KNOWN_FILE = re.compile(
    r"(?![A-Z][A-Za-z0-9]*\.js$).+\.(?:md|mdx|txt|rst|adoc|json|jsonc|ya?ml|toml|ini|cfg|conf|env|"
    r"lock|py|pyi|ts|tsx|js|jsx|mjs|cjs|go|rs|rb|java|kt|swift|c|h|cc|cpp|hpp|cs|php|sh|sql|"
    r"html|css|scss|vue|svelte|xml|gradle|properties)")
# "Never edit `package.json` or `src/x.ts`": two files of one denial, not two places
_DENIED_PAIR = re.compile(r"\b(?:never|do not|don't|must not|should not)\s+(?:edit|touch|modify|"
                          r"change|delete|remove|rename|overwrite)(?:\s+(?:the|a|any))?"
                          r"\s*[*_\[(`]*$", re.IGNORECASE)
_HEDGE_AFTER = re.compile(r"[`*_)\]]*\s*\(?\s*or\s+(?:equivalent|similar|wherever)\b",
                          re.IGNORECASE)
# "e.g." ends in a dot, so the word boundary above never follows it: "(e.g., `Core/x.mdc`)"
# names real files, reported when missing. An instance of a pattern the line gives
# ("`group/toolName` (e.g., `web/fetch`)") is an example and no file; so is an example file no
# path of its line names from the tree (`is_convention`).
_FOR_EXAMPLE = re.compile(r"\be\.g\.|\bz\.\s?B\.|例えば|例如", re.IGNORECASE)
# a list entry that opens with a date or a time stamp ("* [2025-04-01 20:43:55] Added ...",
# "- 2025-04-01: moved ..."): a record of that moment
_DATED_ENTRY = re.compile(r"\s*" + LIST_MARKER + r"?\s*[\[(*_]*(?:19|20)\d{2}-\d{1,2}-\d{1,2}\b")
# a pattern's last part that stands for a name: `toolReferenceName`, `moduleName`
_NAME_PART = re.compile(r"/[a-z]+(?:[A-Z][a-z0-9]*)*Name$")
# "The `exchanges/` subdirectory": a folder named as the subfolder of one named just above
_SUBFOLDER = re.compile(r"\bsub-?(?:directory|directories|folders?|dirs?)\b", re.IGNORECASE)
# A note that a folder is not there yet: "the `docs/shots/` folder does not exist yet; the images
# below are placeholders". What the memory cites under that folder is announced, not broken.
_NOT_THERE = re.compile(
    r"\b(?:does not|doesn't|do not|don't) (?:yet )?exist|\bnot (?:yet )?(?:exist|created)\b|"
    r"\bplaceholders?\b|\bto be (?:created|added)\b", re.I)
# "There is no `x`", "and no `y`", "without `z`": the sentence says the path is not there. So
# does one that names a path to say it is not the place: "in `internal/utils/`, not `utils/`",
# "not in `lib/`", "instead of `x/`", "rather than `y.py`", "avoid `z/`", "never under `tmp/`",
# "do not read `docs/old.md`" (the wrong file, named so the agent reads another), "do not
# reintroduce the top-level `css/`" (a removed path, named so it stays removed).
# Read on the text before the citation, which may start on the line above (wrapped Markdown).
_SAID_ABSENT = re.compile(
    r"(?:\bno|\bwithout|\bnot even|\bnor|\bnot(?:\s+(?:in|under|inside|into|at|from|to|the))*|"
    r"\binstead of|\brather than|\bavoid(?:ing)?|"
    r"\b(?:do not|don't|never)\s+(?:read|open|load)(?:\s+the)?|"
    r"\b(?:do not|don't|never)\s+(?:reintroduce|re-?add|re-?create|restore|bring back|revive)"
    r"(?:\s+(?:the|a|any|top-level|old|legacy))*|"
    r"\bnever(?:\s+(?:in|under|inside|into|at|to|use|put|create|add|the))*|"
    # "未发现 `x`", "没有 `x`": none found, there is none (Chinese)
    r"未(?:发现|找到)|没有)\s*[*_\[(`]*$", re.IGNORECASE)
# The citation before this one, joined to it by "or" / "nor" ("`css/` or the old "), a comma
# ("no `a/`, `b/` or `c/`"), or their Chinese forms ("`a/`、`b/` 或 `c/`"): a series.
# (only a describing word may stand between: "or the old `images/`", never a verb of its own,
# as in "never use `tmp/` or modify `x`")
_OR_JOINED = re.compile(r"`[^`]+`[*_)\]]*\s*(?:,?\s*\b(?:or|nor)\s+|(?P<comma>,\s*)|[、或]\s*)"
                        r"(?:(?:the|a|any)\s+)?"
                        r"(?:(?:old|legacy|top-level|copied|mirrored|former|other)\s+)?"
                        r"[*_\[(`]*$", re.I)
# What may follow a path a bare comma joins to a denied series: the series going on (", `c/`",
# "or `c/`") or the clause ending ("no `a/`, `b/`."). Anything else opens a clause whose subject
# is the path ("no `x.json`, `config/app.yaml` holds every setting"): not denied.
_SERIES_GOES_ON = re.compile(
    r"[`*_)\]]*\s*(?:$|[.;:!?)]|,\s*[*_\[(]*`|,?\s*\b(?:or|nor|and)\b|[、或。；]|"
    r"\b(?:yet|either|here|anymore)\b)", re.IGNORECASE)
# at most this many earlier items are peeled back (a line of hundreds of "or"s stays linear)
_OR_PEELS = 8
# The words that deny a path, and the earlier items of its series (at most `_OR_PEELS`), stand
# right before it: only this many characters before it are read (a line of thousands of paths
# is not searched from its start for each of them).
_DENIAL_REACH = 1000
# Notes on what changed in a release (`CHANGELOG.md`, `.changelogs/Kit-25H1.md`,
# `release-notes/`): a path there with no history here is a file of the product described.
_RELEASE_NOTES = re.compile(r"(?:^|/)\.?(?:change ?logs?|changes|release[-_ ]?notes|releases)"
                            r"(?:/|[-_. ][^/]*$)", re.I)
# A memory whose file name says it is retired (`systemPatterns-deprecated.md`,
# `obsolete/setup.md`): kept for the record, its paths are no pointers.
_RETIRED_FILE = re.compile(r"(?:^|/)(?:deprecated|obsolete|superseded)(?:/|\.\w+$)"
                           r"|[-_.](?:deprecated|obsolete|superseded)\.\w+$", re.I)
# A line that says the path is kept out of git: "the untracked `lib/x/`" right before it, or
# "don't stage those", "never commit them" after it in its own clause. A path the memory says is
# not committed is not expected in the tree. The words must be about the path: "untracked files"
# or "never commit the `.env` file" in another clause of the line say nothing of it.
_UNTRACKED = re.compile(r"\buntracked(?:\s+[\w-]+){0,2}\s*[:(]?\s*[*_\[(`]*$", re.IGNORECASE)
_NOT_COMMITTED = re.compile(r"\b(?:never|do not|don't|must not|should not)\s+(?:be\s+)?"
                            r"(?:commit(?:ted)?|stage[d]?|check(?:ed)? in)\b"
                            r"(?!\s+(?:the|a|an|any|your|our|their|other)\b)", re.IGNORECASE)
# an earlier item of a series the path ends ("`a/`, `", "`a/` and `"), and a later one it opens
_SERIES_BEFORE = re.compile(r"`[^`]+`[*_)\]]*\s*(?:,\s*(?:(?:and|or)\s+)?|\s(?:and|or)\s+)"
                            r"[*_\[(`]*$", re.IGNORECASE)
_SERIES_AFTER = re.compile(r"[`*_)\]]*\s*(?:,\s*(?:(?:and|or)\s+)?|\s(?:and|or)\s+)[*_\[(]*"
                           r"`[^`]+`", re.IGNORECASE)
# only a joining word before the path on its line: the series goes on from the line above
_JOINER_ONLY = re.compile(r"[\s*_\[(`>-]*(?:(?:and|or|,)\s*[*_\[(`]*)?", re.IGNORECASE)
# where the path's clause ends: a semicolon, a sentence's end
_CLAUSE_END = re.compile(r";|[.!?](?:\s|$)")
# Data and build artefacts (never in git, made by a run or a build) named with no history, and
# what a program writes as it runs: the records a hook appends to (`memory/metrics.jsonl`), the
# state an agent keeps between runs (`memory/heartbeat-state.json`).
_ARTEFACT = re.compile(r"\.(?:so|dylib|dll|npy|npz|pkl|pickle|parquet|h5|hdf5|db|sqlite3?|log|"
                       r"bin|pt|pth|onnx|ckpt|feather|arrow|jsonl|ndjson)$"
                       r"|(?:^|[-_./])state\.json$", re.IGNORECASE)


# a list marker, then a bold label ("*   **Implementation:** Added ...")
_ENTRY_LEAD = re.compile(r"\s*" + LIST_MARKER
                         + r"?\s*(?:[*_]{1,2}[^*_]{1,40}[*_]{1,2}\s*[:：]?\s*)?")


def reports_what_was_done(line: str) -> bool:
    """A line (or list entry, after its bold label) that opens with a verb of what was done:
    "Added 5 tests to `tests/test_cmd.py`", "**Implementation:** Moved the parser": a record of
    an event, right when written."""
    return opens_with_event(line[_ENTRY_LEAD.match(line).end():])


def _line(memory: Memory, number: int) -> str:
    lines = _raw_lines(memory.raw)
    return lines[number - 1].decode("utf-8", "replace") if 0 < number <= len(lines) else ""


@lru_cache(maxsize=8)
def _raw_lines(raw: bytes) -> tuple[bytes, ...]:
    """A memory's lines, split once: each of its citations reads its own line and the ones
    around it (a memory of hundreds of citations is not split hundreds of times)."""
    return tuple(raw.split(b"\n"))


def is_convention(memory: Memory, citation: PathCitation, verdict: PathVerdict,
                  places: Places, found_on: frozenset[int] = frozenset(),
                  found: frozenset[str] = frozenset()) -> bool:
    """A missing path that never existed (no deleting or renaming commit) named as where things
    go: a folder (`tests/`), a line that says "put", "live in", "should", "create",
    "planned", "generates", "track ... in", "if it exists"... ("Put integration tests in
    `tests/`"), or a line under a heading that says its section lists conventions ("## Conventions": "Shared
    fixtures in `conftest.py`"), or an entry of a list of work to do ("**Backlog (deferred):**",
    "## Next steps": a script still to write), or a file alone on its line in a block under a
    label line that says so ("**Generated commands:**"), or an example ("e.g. `x.yaml`", "like
    `x.sh`") on a line that names no path the tree has (`found_on`: the lines with one): an invented
    illustration, where "e.g. `Core/a.mdc`, `Core/b.mdc`" beside real files is a list of them.
    So is any such path a log file names (a journal, progress notes, a task file: a plan, or
    work of that day never committed), one offered as one of two places beside a path the tree
    has ("under `tests/` or `src/x/__tests__`") or hedged ("(or equivalent)"), and the entries
    of a list under an "Examples:" label when none of the list is in the tree (branch names).
    A path that existed and is gone is never one."""
    if verdict.fate is not None:
        return False
    # a log's path that never was in the tree: a plan, or work not kept (a prompt's paths with
    # no history never get here: `nothing_to_report` sets them aside first)
    if citation.text.endswith("/") or is_record_path(memory.path):
        return True
    line = _line(memory, citation.line)
    if _CONVENTION_WORDS.search(line) is not None:
        return True
    starts = _standing_at(line, citation.text)
    at = starts[0] if starts else -1
    before = line[:at] if at >= 0 else line
    if _GENERATES.search(before) is not None or _keeps_record_in(before):
        return True  # "Generate `docs/api.md`", "track it in `x.json`": what the step makes
    label = places.block_label(citation.line)
    if label is not None and _MADE_LABEL.search(label) is not None:
        return True  # "**Generated commands:**", then each file alone on its line
    after = line[at + len(citation.text):] if at >= 0 else ""
    if at >= 0 and _HEDGE_AFTER.match(after):
        return True  # "in `src/scene/Badge.tsx` (or equivalent)": a guess at the name
    if at >= 0 and _other_place_found(before, after, found):
        return True  # "in `tests/` or `src/x/__tests__`": one of two places, the other there
    if at >= 0 and _given_as_example(before) and _below_folder_named(citation.text, before):
        return True  # "under `src/types/` (e.g., `src/types/users.ts`)": the folder's rule
    if ((_given_as_example(before) or _FOR_EXAMPLE.search(after) is not None
         or _LIKE.search(before) is not None) and citation.line not in found_on):
        return True  # "(e.g. `x.yaml`)", or "`tasks/TASKID-name.md` (e.g., `TASK001-login.md`)"
    listed = places.example_list(citation.line)
    if (listed is not None and found_on.isdisjoint(listed)
            and not places.list_names_any(listed, found)):
        return True  # "Examples:", then `feat/login-form`, `docs/install-guide`: invented names
    return (places.in_convention_section(citation.line)
            or places.in_plan_list(citation.line))


def _keeps_record_in(before: str) -> bool:
    """Whether the words before a path tell the agent to keep a record in it ("Track ... in",
    "then append ... to"), the verb opening its clause as a command, read on the last
    `_KEEPS_REACH` characters."""
    window = before[-_KEEPS_REACH:]
    if len(before) > _KEEPS_REACH:
        # from a clause's start, never from the middle of a word ("catalog") or of a clause
        cut = re.search(r"[.;:!?,(]", window)
        if cut is None:
            return False
        window = window[cut.start():]
    match = _KEEPS_IN.search(window)
    return match is not None and _NOUN_SUBJECT.match(match.group("rest")) is None


def _other_place_found(before: str, after: str, found: frozenset[str]) -> bool:
    """Whether the path is joined by "or" to another path (right before it or right after it)
    that the tree has, or to a bare file name (which is never reported missing either): "`tests/`
    or `src/app/__tests__`", "README.md or docs/config.md". Not to a product's name or a version
    ("or Next.js middleware", "or 3.x"), nor in a denial that lists files ("Never edit
    `package.json` or `src/x.ts`")."""
    earlier, later = _OR_BEFORE.search(before), _OR_AFTER.match(after)
    if earlier is not None and _DENIED_PAIR.search(before[:earlier.start("other")]) is None \
            and _names_a_place(before, earlier, found):
        return True
    return (later is not None and _DENIED_PAIR.search(before) is None
            and _names_a_place(after, later, found))


def _names_a_place(text: str, match: re.Match[str], found: frozenset[str]) -> bool:
    """Whether the other side of an "or" is a path the tree has, or a file name: in backticks
    or a link, or a bare name with a usual file's extension."""
    other = match.group("other")
    if other in found:
        return True
    if _BARE_FILE.fullmatch(other) is None:
        return False
    at = match.start("other")
    return (text[at - 1:at] in ("`", "[") or text[max(at - 2, 0):at] == "]("
            or _KNOWN_FILE.fullmatch(other) is not None)


def _standing_at(line: str, text: str) -> list[int]:
    """Where `text` stands in `line` as a name of its own: `utils/` in "[internal/utils/](...)
    — NOT `utils/`" is the second one, not the end of the link's path."""
    return [match.start() for match in re.finditer(r"(?<![\w./-])" + re.escape(text), line)]


def _below_folder_named(path: str, before: str) -> bool:
    """Whether the text before an example path names a folder the path lies below: "Keep
    one file per domain under `src/types/` (e.g., `src/types/users.ts`)" shows how a file
    under that folder would be named, a convention and no file."""
    return any(path.startswith(folder) and path != folder
               for folder in re.findall(r"`([^`\s]+/)`", before))


def _given_as_example(before: str) -> bool:
    """Whether an "e.g." opens the clause the citation stands in: "(e.g. `x.yaml`)", not "(e.g.
    staging) are loaded by `src/loader.py`", whose example closed before the path. (An "e.g."
    after the path gives an instance of it: the path is a pattern, `is_convention`.)"""
    opened = None
    for opened in _FOR_EXAMPLE.finditer(before):
        pass
    return opened is not None and not re.search(r"[);.]\s", before[opened.end():] + " ")


def said_absent(memory: Memory, citation: PathCitation) -> bool:
    """Whether the words right before the citation say it is not there ("There is no
    `src/db.rs`"), reading on from the line above when the citation opens its line."""
    line = _line(memory, citation.line)
    for at in _standing_at(line, citation.text):
        before = line[max(at - _DENIAL_REACH, 0):at]
        if not before.strip(" \t*_[(`>-") and citation.line > 1:
            before = _line(memory, citation.line - 1)[-_DENIAL_REACH:] + " " + before
        if _SAID_ABSENT.search(before) is not None:
            return True
        # a later item of a denied series: "no `a/` or `b/`", "do not reintroduce `css/` or the
        # old `images/`" (peeled back to the words that deny the first)
        # (a bare comma joins this path only while the series goes on past it or ends with it:
        # not "no `x.json`, `config/app.yaml` holds every setting")
        after = line[at + len(citation.text):]
        for peel in range(_OR_PEELS):
            joined = _OR_JOINED.search(before)
            if joined is None or (peel == 0 and joined.group("comma") is not None
                                  and _SERIES_GOES_ON.match(after) is None):
                break
            before = before[:joined.start()]
            if _SAID_ABSENT.search(before) is not None:
                return True
    return False


def kept_out_of_git(memory: Memory, citation: PathCitation) -> bool:
    """Whether the line says the path is not committed: "the untracked `lib/x/`" (or a later
    item of that series, "the untracked `lib/x/`\n and `lib/y/`"), "`a.rda`, `b.lock` - don't
    stage those": a leftover of a working copy, not a file of the tree. Not "keep untracked
    files aside; routing is in `src/x.py`" or "`src/x.py`; never commit the `.env` file"."""
    line = _line(memory, citation.line)
    for at in _standing_at(line, citation.text):
        before = line[:at]
        if _JOINER_ONLY.fullmatch(before) and citation.line > 1:
            before = _line(memory, citation.line - 1) + " " + before
        for _ in range(_OR_PEELS):
            if _UNTRACKED.search(before) is not None:
                return True
            joined = _SERIES_BEFORE.search(before)
            if joined is None:
                break
            before = before[:joined.start()]
        if _NOT_COMMITTED.search(_own_clause(line[at + len(citation.text):])) is not None:
            return True
    return False


def _own_clause(after: str) -> str:
    """The rest of the clause a path stands in, past the series it opens ("`a.rda`, `b.lock` -
    don't stage those"): up to a semicolon, a sentence's end or another code span."""
    while (joined := _SERIES_AFTER.match(after)) is not None:
        after = after[joined.end():]
    after = after.lstrip("`*_)]")
    end = _CLAUSE_END.search(after)
    return (after[:end.start()] if end else after).split("`", 1)[0]


def below_folder_named_above(memory: Memory, citation: PathCitation,
                             verdict: PathVerdict) -> bool:
    """A folder the line calls a subfolder ("the `exchanges/` subdirectory holds the
    adapters") that was moved below a folder the lines just above name (`src/`, the item
    before): the memory describes it where it is, as a subfolder of that one."""
    fate = verdict.fate
    if fate is None or fate.kind != "renamed" or not fate.new_path:
        return False
    line = _line(memory, citation.line)
    tail = "/" + citation.text.strip("/")
    if not _SUBFOLDER.search(line) or not fate.new_path.rstrip("/").endswith(tail):
        return False
    parent = fate.new_path.rstrip("/")[:-len(tail)]
    for number in range(citation.line, max(citation.line - 6, 0), -1):
        above = _line(memory, number)
        if number != citation.line and not above.strip():
            break  # the block of lines the folder is listed in
        if re.search(r"(?<![\w./-])\.?/?" + re.escape(parent) + r"/", above):
            return True
    return False


# a version label right before a path: "v1 (`src/`)", "the v1 `src/` monolith", "v1.8 (`src/`"
_VERSION_BEFORE = re.compile(r"(?<![\w./-])v(\d+)(?:\.\d+)*\s*\(?\s*[`*_\[]*$")
# words before the label that set the version in the past: "moved from v1 (`src/`)", "a v2
# part, not the v1 `src/` monolith", "the legacy v1 (`src/`)"
_FROM_BEFORE = re.compile(r"\bfrom\s+(?:the\s+)?$", re.IGNORECASE)
_NOT_BEFORE = re.compile(r"\bnot\s+(?:the\s+|an?\s+)?$", re.IGNORECASE)
_OLD_BEFORE = re.compile(r"\b(?:old|older|legacy|previous|former|original|earlier|retired|"
                         r"replaced|superseded)\s+$", re.IGNORECASE)
# "... into v2": where the version the path came from went
_TO_LATER = re.compile(r"\b(?:to|into)\b", re.IGNORECASE)
# the clause after the path says it in the past: "v1 (`src/`) was replaced by v2"
_PAST_AFTER = re.compile(r"^[^.;|]*?\b(?:was|were|used to|had|retired|replaced|superseded)\b",
                         re.IGNORECASE)


def _of_an_older_version(line: str, path: str) -> bool:
    """Whether the line ties a deleted path to an older version, in words that set that
    version in the past, while it names a later one: "Reused from v1 (`src/`) into v2", "a v2
    module, not the v1 `src/` monolith", "the legacy v1 (`src/`), before v2", "v1 (`src/`) was
    replaced by v2". The line describes the old version's layout; the path is history. Two
    versions named side by side say nothing of the past ("Both are served: v1 (`src/v1/`) and
    v2"); a table whose header sets versions side by side is `Places.in_older_version_column`."""
    for at in _standing_at(line, path):
        label = _VERSION_BEFORE.search(line[max(at - 12, 0):at])
        if label is None:
            continue
        old = int(label.group(1))
        start = max(at - 12, 0) + label.start()
        before, after = line[:start], line[at + len(path):]
        to = _TO_LATER.search(after)
        if _FROM_BEFORE.search(before) and to is not None and any(
                version > old for version in versions_named(after[to.end():])):
            return True
        if _NOT_BEFORE.search(before) and any(version > old
                                              for version in versions_named(before)):
            return True
        if (_OLD_BEFORE.search(before) or _PAST_AFTER.search(after)) and any(
                version > old for version in versions_named(line)):
            return True
    return False


def nothing_to_report(memory: Memory, citation: PathCitation, verdict: PathVerdict,
                      places: Places) -> bool:
    """The line already says the path is gone, names it as an example or says it is kept out
    of git ("the untracked `lib/x/`", "never commit them"), or the heading it
    stands under does ("### Removed Old Files"); the path is the old name in a table of
    renames (`| Old name | New name |`); a data or build artefact, or a path in a prompt
    (`layouts.is_prompt`: a skill, a command), with no history; or a record of an event (a
    journal entry, a dated session note, a dated entry of a change log kept inside a memory)
    citing a path that was right when it was written and was renamed or deleted since."""
    line = _line(memory, citation.line)
    if _ACKNOWLEDGED.search(line) or _NOT_THERE.search(line) or said_absent(memory, citation):
        return True
    if verdict.fate is not None and (_of_an_older_version(line, citation.text)
                                     or places.in_older_version_column(citation.line,
                                                                       citation.text)):
        return True  # "| v1 (`src/`) | v2 (`web/`) |", "from v1 (`src/`) into v2": history
    if kept_out_of_git(memory, citation):
        return True
    if _RETIRED_FILE.search(memory.path):
        return True  # the whole memory says it is retired: `patterns-deprecated.md`
    if places.in_old_name_column(citation.line, citation.text) or places.in_removal_section(
            citation.line):
        return True
    if _FOR_EXAMPLE.search(line) and any(
            "/" in span.content and (is_placeholder(span.content)
                                     or _NAME_PART.search(span.content) is not None)
            for span in code_spans(line)):
        return True  # an instance of the path pattern the line gives
    if below_folder_named_above(memory, citation, verdict):
        return True
    if places.under_outside_folder(citation.line):
        return True  # an entry of a tree of a folder outside the repository (`~/.config/x/`)
    if verdict.fate is None:
        # a prompt (a skill, a command) names the files its steps will write, or those of the
        # framework it was copied from: only a path this repository held and lost is stale
        return (_ARTEFACT.search(citation.text.rstrip("/")) is not None
                or _RELEASE_NOTES.search(memory.path) is not None or is_prompt(memory.path))
    return (is_record_path(memory.path) or places.in_record_section(citation.line)
            or _DATED_ENTRY.match(line) is not None or reports_what_was_done(line))


def judged_paths(
    memory: Memory, context: LintContext
) -> Iterator[tuple[PathCitation, PathVerdict | None]]:
    """Each path citation with the most favourable verdict over its readings (None: unchecked)."""
    for citation in context.citations_of(memory).paths:
        verdicts = [context.evidence.paths[q] for q in citation.queries if q in context.evidence.paths]
        yield citation, best_path_verdict(verdicts)


def announced_folders(memory: Memory, citations: Iterable[PathCitation]) -> tuple[str, ...]:
    """The folders this memory says do not exist yet (`_NOT_THERE`), as `folder/` readings."""
    return tuple(query.value.rstrip("/") + "/" for citation in citations
                 if citation.text.endswith("/") and _NOT_THERE.search(_line(memory, citation.line))
                 for query in citation.queries)


# the fewest files, none of them ever in the tree, that tell another code base from a slip
_OTHER_TREE_PATHS = 3


def describes_another_tree(judged: list[tuple[PathCitation, PathVerdict | None]],
                           reported: list[tuple[PathCitation, PathVerdict]]) -> bool:
    """Whether the memory cites at least three files as being there (`reported`, the GM311
    candidates, told apart by their text) while not one path it names is here, kept out of git
    here, or was ever here (`judged`, every citation): it describes another code base (a tool's
    or a framework's own architecture copied in as a rule: `src/core/task/index.ts`,
    `src/core/webview/index.ts`, ...), whose files cannot be checked against this tree. Any
    path found here counts, even a bare file name found somewhere in the tree (`package.json`),
    and so does a path one slip from a path here (`PathVerdict.near`);
    paths named as conventions or plans do not count towards the three. One or two such files
    in a memory that names nothing else are still reported: a slip or a stale pointer is the
    likelier reading."""
    for _, verdict in judged:
        if verdict is None:
            continue
        if verdict.status in (EXISTS, IGNORED):
            return False
        if verdict.status == MISSING and (verdict.fate is not None or verdict.near):
            return False  # a path this repository held, or one slip from one: about this tree
    return len({citation.text for citation, _ in reported}) >= _OTHER_TREE_PATHS


def missing_paths(
    memory: Memory, context: LintContext
) -> list[tuple[PathCitation, PathVerdict, bool]]:
    """Each cited path that is missing and worth a word, with whether it is named as a
    convention (GM313) rather than cited as a file (GM311, GM314)."""
    return _readings(memory, context)[1]


def _readings(memory: Memory, context: LintContext
              ) -> tuple[list[tuple[PathCitation, PathVerdict | None]],
                         list[tuple[PathCitation, PathVerdict, bool]]]:
    """(`judged_paths`, `missing_paths`) of `memory`, read once for the three rules that ask
    (GM311, GM313, GM314): each reading runs the line tests of `nothing_to_report` and
    `is_convention` on every missing citation."""
    key = f"path-readings:{memory.path}"  # as `LintContext.span_ids_of` keys its memo
    found = context.memo.get(key)
    if found is None:
        judged = list(judged_paths(memory, context))
        found = context.memo[key] = (judged, list(_missing(memory, context, judged)))
    return found


def _missing(memory: Memory, context: LintContext,
             judged: list[tuple[PathCitation, PathVerdict | None]]
             ) -> Iterator[tuple[PathCitation, PathVerdict, bool]]:
    announced = announced_folders(memory, context.citations_of(memory).paths)
    places: Places | None = None  # read only when some path is missing
    existing = [citation for citation, verdict in judged
                if verdict is not None and verdict.status == EXISTS]
    found_on = frozenset(citation.line for citation in existing)
    found = frozenset(citation.text for citation in existing)
    for citation, verdict in judged:
        if verdict is None or verdict.status != MISSING:
            continue
        if announced and any(query.value.startswith(announced) for query in citation.queries):
            continue  # under a folder the memory says is not there yet
        places = places or Places(memory.raw)
        if not nothing_to_report(memory, citation, verdict, places):
            yield citation, verdict, is_convention(memory, citation, verdict, places, found_on,
                                                   found)


def is_copy(memory: Memory, context: LintContext) -> bool:
    """A copy of another memory of the corpus kept below a folder (`docs/ref/.cursor/rules/a.mdc`
    beside `.cursor/rules/a.mdc`): a snapshot, whose missing paths are the original's to fix."""
    paths = context.memo.get("memory paths")
    if paths is None:
        paths = context.memo["memory paths"] = context.memory_paths()
    parts = memory.path.split("/")
    return any(part.startswith(".") and "/".join(parts[at:]) in paths
               for at, part in enumerate(parts[1:-1], 1))


class MissingPath(MemoryRule):
    """A cited path that does not exist in the code tree; the message names the commit that
    deleted or renamed it when history shows one.

    Memory that points at moved or deleted code sends the next session to the wrong place.
    Ignored and build-output paths are not missing.
    """

    code = "GM311"
    name = "missing-path"
    severity = "warning"
    summary = "A cited path that does not exist in the code tree"
    citations_only = True  # reads nothing but the memory's citations

    def check(self, memory: Memory, context: LintContext) -> Iterable[Finding]:
        for citation, verdict in cited_as_files(memory, context):
            if never_held(verdict):
                continue  # GM314
            where = _where(verdict)
            if verdict.fate is not None:
                yield self.finding(
                    memory.path, citation.line,
                    f"{citation.text} does not exist{where} ({verdict.fate.describe()})",
                    signals={"fate": verdict.fate.kind})
            else:
                yield self.finding(
                    memory.path, citation.line,
                    f"{citation.text} does not exist{where} and never did; "
                    f"{verdict.near} does",
                    signals={"near": verdict.near})


def cited_as_files(memory: Memory, context: LintContext
                   ) -> list[tuple[PathCitation, PathVerdict]]:
    """The missing paths `memory` cites as files (its conventions are GM313), none for a copy of
    another memory or a memory that describes another code base (not checked against this
    tree): what GM311 and GM314 split between them."""
    if is_copy(memory, context):
        return []
    judged, missing = _readings(memory, context)
    reported = [(citation, verdict) for citation, verdict, convention in missing
                if not convention]
    if describes_another_tree(judged, reported):
        return []
    return reported


def never_held(verdict: PathVerdict) -> bool:
    """A missing path no commit deleted or renamed, with no tracked path one slip from it
    (`near_paths.py`): not stale, and most often no pointer at all (GM314)."""
    return verdict.fate is None and not verdict.near


def _where(verdict: PathVerdict) -> str:
    where = verdict.reason or (describe_repo(verdict.repo) if verdict.repo else "")
    return f" in {where}" if where else ""


class NeverHeldPath(MemoryRule):
    """A cited path the repository never held, with nothing in its tree one slip from it.

    Such a path is not stale: no commit removed it. Judges of public projects found most of
    them were no pointers (a file a plan will create, an example name, a file the agent writes
    at run time, another project's path) and the rest wrong paths. A wrong path one slip from
    a real one (another folder, one letter, a relative link one folder short) is GM311, naming
    the real path. Off by default; `--select GM314` lists them.
    """

    code = "GM314"
    name = "never-held-path"
    severity = "info"
    summary = "A cited path the repository never held, with nothing named like it"
    citations_only = True  # reads nothing but the memory's citations

    def check(self, memory: Memory, context: LintContext) -> Iterable[Finding]:
        for citation, verdict in cited_as_files(memory, context):
            if never_held(verdict):
                yield self.finding(
                    memory.path, citation.line,
                    f"{citation.text} is not{_where(verdict)} and never was, nor is anything "
                    "named like it; fix it if it is meant as a file of this project")


class ConventionPath(MemoryRule):
    """A path named as a convention ("put integration tests in `tests/`", "components live in
    `src/components/`") that does not exist and never did.

    The memory says where things go, not that they are there: only noted. A path that existed
    and was deleted or renamed is GM311, with the commit that did it.
    """

    code = "GM313"
    name = "convention-path"
    severity = "info"
    summary = "A path named as a convention that does not exist yet"
    citations_only = True  # reads nothing but the memory's citations

    def check(self, memory: Memory, context: LintContext) -> Iterable[Finding]:
        for citation, _, convention in missing_paths(memory, context):
            if convention:
                yield self.finding(
                    memory.path, citation.line,
                    f"{citation.text} is named as a convention but does not exist (yet); "
                    "nothing to fix unless the convention changed",
                )


class OutsidePath(MemoryRule):
    """A cited path outside the repository root (an absolute path, `~/...`, `../...`, or a
    symlink leading out).

    It cannot be checked here, so it is only noted, never an error.
    """

    code = "GM312"
    name = "outside-path"
    severity = "info"
    summary = "A cited path outside the repository root (not checked)"
    citations_only = True  # reads nothing but the memory's citations

    def check(self, memory: Memory, context: LintContext) -> Iterable[Finding]:
        for citation, verdict in judged_paths(memory, context):
            if verdict is not None and verdict.status == OUTSIDE:
                yield self.finding(
                    memory.path, citation.line,
                    f"{citation.text} is outside the repository; it is not checked",
                )

"""Which hex tokens in a memory are claims that a commit exists (GM301-GM304).

Most hex-looking strings in notes are not commit claims: dates and counters (`20260517`), words
(`deadbeef`, `facade`), request and trace ids, file digests, ids inside URLs, commits of other
projects. A token of 7..40 hex characters is a claim only when its context anchors it:

- a commit keyword right before it (`commit`, `sha`, `rev`, `revision`, `fixed in`, `reverted`,
  `cherry-picked`, `git show` ...), with only filler words or other hashes in between
  ("commits a1b2c3d and e4f5a6b");
- or it is the whole content of an inline code span (`` `a1b2c3d` ``) with no id/digest word
  (`request id`, `trace`, `uuid`, `md5`, `sha256`, `docker image` ...) just before it;
- or it is the value of a `commit:` / `sha:` / `rev:` frontmatter field (see extract.py).

Never a claim: a token of digits only; a token without any digit unless it sits in a code span or
a field (a bare `deadbeef` is a word, even after "commit"); a token touching `-`, `_`, `/`, `#`,
`.ext`, `=` or `key:` (uuids, paths, colours, file names, `sha256:` digests); anything in a URL.
A token written as `owner/repo@a1b2c3d`, or in a sentence that names another repository
("in the upstream repo", "in repo acme/tools"), is kept but marked as another repository's:
it is reported as unverifiable (GM303), never as unknown. A full 40-character hash written as
`owner/repo@<hash>` is a dependency's version pin (`uses: actions/checkout@<hash> # v4`), not
a claim at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import islice

from gitmem.lint.scan import CodeSpan, code_spans, inside, mask_urls_and_link_targets

HEX_TOKEN = re.compile(r"(?<![0-9A-Za-z_])[0-9A-Fa-f]{7,40}(?![0-9A-Za-z_])")
FULL_HEX = re.compile(r"[0-9A-Fa-f]{7,40}")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*|[0-9A-Fa-f]{7,40}|--?[\w-]+")
_REPO_AT = re.compile(r"([\w.-]+/[\w.-]+)@$")
_OTHER_REPO = re.compile(
    r"\b(?:in|of|from|on|at)\s+(?:the\s+|an?\s+)?(?:(?P<kind>upstream|vendored|third[- ]party|"
    r"other|another|external|sibling|forked)\b(?:\s+(?:repo|repository|project))?"
    r"(?:\s+`?(?P<after>[\w.-]+/[\w.-]+)`?)?"
    r"|(?:repo|repository)\s+`?(?P<named>[\w.-]+(?:/[\w.-]+)?)`?"
    r"|`?(?P<before>[\w.-]+/[\w.-]+)`?\s+(?:repo|repository)\b)",
    re.IGNORECASE,
)
# "f4f55b5 (tools repo)", "`f4f55b5` (in the acme/tools repository)": a parenthesis right after
# the token that names the repository it belongs to
_PAREN_REPO = re.compile(
    r"`?\s*\(\s*(?:in\s+)?(?:the\s+)?`?(?P<name>[\w.-]+(?:/[\w.-]+)?)`?\s+(?:repo|repository)\s*\)",
    re.IGNORECASE,
)
_ANCHOR_HINT = re.compile(r"commit|sha|rev|fixed|cherry|landed|introduced|merged|git|@",
                          re.IGNORECASE)
_OTHER_REPO_HINT = re.compile(
    r"repo|upstream|vendored|third|other|external|sibling|fork", re.IGNORECASE
)
_NOT_A_NAME = {
    "this", "our", "the", "same", "code", "memory", "main", "current", "local", "it", "and",
    "or", "but", "that", "which", "so", "where", "when", "then", "too", "as", "for", "to",
}

KEYWORDS = {
    "commit", "commits", "committed", "sha", "sha1", "shas", "rev", "revs", "revision",
    "revisions", "fixed", "reverted", "reverts", "revert", "cherry-picked", "cherry-pick",
    "landed", "introduced", "merged",
}
GIT_SUBCOMMANDS = {"show", "checkout", "switch", "revert", "cherry-pick", "reset", "log", "diff",
                   "rebase", "bisect", "blame", "describe", "tag", "branch"}
FILLERS = {
    "in", "at", "is", "was", "as", "the", "a", "an", "id", "and", "or", "to", "from", "of", "on",
    "by", "with", "via", "into", "see", "number", "no", "head", "hash",
}
NOT_A_COMMIT = {
    "request", "req", "trace", "traceid", "span", "uuid", "guid", "md5", "sha256", "sha512",
    "sha384", "sha224", "sha1sum", "sha256sum", "md5sum", "checksum", "checksums", "digest",
    "digests", "docker", "image", "images", "container", "containers", "etag", "token", "tokens",
    "key", "secret", "session", "correlation", "nonce", "salt", "objectid", "mongo", "mongodb",
    "color", "colour", "build", "job", "run", "execution", "transaction", "tx", "txn", "address",
    "wallet", "block", "uid", "file", "files", "blob", "tree", "layer", "integrity", "fingerprint",
    "event", "events", "zone", "migration", "migrations", "alembic", "action", "actions",
    "pre-commit", "sentry", "cluster", "clusters", "order", "orders",
}
# "in this order: `a1b2c3d`, ..." is a sequence, not an order id
_ORDER_IDIOM = {"in", "this", "that", "same", "reverse", "chronological", "following", "merge"}
# Keywords that name a hash of anything, not only a commit: "image sha", "Alembic revision",
# "the ruff pre-commit rev" are ids of other things when an id word comes right before them.
_WEAK_KEYWORDS = {"sha", "sha1", "shas", "rev", "revs", "revision", "revisions"}
# Hex ids of exactly this length are MD5-sized (event, zone and request ids); git abbreviates
# commits to 7-12 characters or writes all 40.
_DIGEST_LENGTH = 32
# A full-length hash after `owner/repo@` is how a dependency is pinned (a GitHub Actions `uses:`,
# a package manager's git source): the version the memory's example uses, no claim of work.
_FULL_LENGTH = 40
_MAX_FILLERS = 4
_LOOKBACK = 200  # characters before a token that can hold its anchor
MAX_CANDIDATES_PER_LINE = 500


@dataclass(frozen=True)
class CommitCitation:
    """A hex token the memory claims is a commit."""

    token: str
    line: int
    anchor: str  # "keyword" | "backticks" | "field"
    other_repo: str | None = None

    @property
    def key(self) -> str:
        return self.token.lower()


# The stand-in hashes people type for "some commit" in an example (a table's sample value,
# a template's `sha: a1b2c3d`): a token that starts one of these runs names no commit.
_PLACEHOLDER_RUNS = ("a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0", "abc1234567890",
                     "abcdef1234567890", "1234567890abcdef", "0123456789abcdef")


def is_placeholder_hash(token: str) -> bool:
    """Whether a hex token is a stand-in typed as an example (`a1b2c3d`, `abc1234`,
    `1234567890abcd`), not a hash git printed."""
    low = token.lower()
    return any(run.startswith(low) for run in _PLACEHOLDER_RUNS)


def has_digit_and_letter(token: str) -> bool:
    return any(c.isdigit() for c in token) and any(c.isalpha() for c in token)


def _preceding_words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text[-_LOOKBACK:].replace("`", " "))]


def _is_id_word(word: str, previous: str = "") -> bool:
    if word in ("order", "orders") and previous in _ORDER_IDIOM:
        return False
    return word in NOT_A_COMMIT or any(part in NOT_A_COMMIT for part in word.split("-"))


def _keyword_anchor(before: str) -> str | None:
    """'keyword' when a commit keyword leads to the token, 'negative' when an id word does."""
    words = _preceding_words(before)
    skipped = 0
    for index in range(len(words) - 1, -1, -1):
        word = words[index]
        if word in GIT_SUBCOMMANDS and index > 0 and words[index - 1] == "git":
            return "keyword"
        if word in KEYWORDS:
            if word in _WEAK_KEYWORDS and (_negative_nearby(words[:index], window=2)
                                           or (index > 0 and words[index - 1] == "down")):
                return "negative"  # an id's "sha", or Alembic's "down revision" / down_revision
            return "keyword"
        if _is_id_word(word, words[index - 1] if index > 0 else ""):
            return "negative"
        if word in FILLERS or word.startswith("-") or FULL_HEX.fullmatch(word):
            skipped += 1
            if skipped > _MAX_FILLERS:
                return None
            continue
        return None
    return None


# Words that say a code span names a change, so an id word further back does not make it an id:
# "The file upload fix is `4f3c2b2a`".
CHANGE_WORDS = {"fix", "fixes", "bugfix", "hotfix", "change", "changes", "patch", "patches"}


def _negative_nearby(words: list[str], window: int = 3) -> bool:
    """An id word among the few meaningful words before ("The request id of the failing call
    was `a1b2`"), unless a word naming a change comes first ("The file upload fix is `a1b2`")."""
    # a single letter is a label ("Stage 2.C"), not a meaningful word
    meaningful = [i for i, word in enumerate(words) if word not in FILLERS and len(word) > 1]
    for index in reversed(meaningful[-window:]):
        if words[index] in CHANGE_WORDS:
            return False
        if _is_id_word(words[index], words[index - 1] if index > 0 else ""):
            return True
    return False


def _touches_non_token(line: str, start: int, end: int) -> bool:
    """True when the token is glued to something that makes it part of another string."""
    prev = line[start - 1] if start > 0 else " "
    after = line[end:end + 2] or " "
    if prev in "-/#%&$+~@\\" or after[0] in "-/@+%&$=\\":
        return True
    if prev == "." and line[start - 2:start] != "..":
        return True
    if after[:1] == "." and after[1:2].isalnum():
        return True
    if prev in ":=":
        word = re.search(r"([A-Za-z][\w-]*)[:=]$", line[max(0, start - 40):start])
        return word is None or word.group(1).lower() not in KEYWORDS
    return False


def _other_repo(line: str, start: int, end: int) -> str | None:
    at = start > 0 and line[start - 1] == "@" and _REPO_AT.search(line[max(0, start - 100):start])
    if at:
        return at.group(1)
    paren = _PAREN_REPO.match(line, end)
    if paren and paren.group("name").lower() not in _NOT_A_NAME:
        return paren.group("name")
    low, high = max(0, start - _LOOKBACK), start + _LOOKBACK
    if not _OTHER_REPO_HINT.search(line, low, high):
        return None
    sentence_start = max(line.rfind(". ", low, start), line.rfind("; ", low, start), low - 1) + 1
    ends = [i for i in (line.find(". ", start, high), line.find("; ", start, high)) if i >= 0]
    for match in _OTHER_REPO.finditer(line[sentence_start:min(ends, default=high)]):
        name = (match.group("after") or match.group("named") or match.group("before") or "")
        name = name.rstrip(".-")
        if match.group("kind"):
            return name if name and name.lower() not in _NOT_A_NAME else match.group("kind").lower()
        if name and name.lower() not in _NOT_A_NAME:
            return name
    return None


def _claim_kind(masked: str, token: str, start: int, end: int, span: CodeSpan | None) -> str | None:
    """"keyword" | "backticks" when the token at [start, end) is a commit claim, else None."""
    at_repo = start > 0 and masked[start - 1] == "@" and _REPO_AT.search(
        masked[max(0, start - _LOOKBACK):start]
    )
    if at_repo:
        if len(token) == _FULL_LENGTH:
            return None  # `actions/checkout@<40 hex> # v4`: a dependency's version pin
        return "keyword" if has_digit_and_letter(token) else None
    if _touches_non_token(masked, start, end):
        return None
    if span is None and not _ANCHOR_HINT.search(masked, max(0, start - _LOOKBACK), start):
        return None  # cheap exit for the common case: a hex-looking word in plain prose
    whole_span = span is not None and span.content.strip() == token
    before = masked[max(0, start - _LOOKBACK):start]
    anchor = _keyword_anchor(before)
    if anchor == "keyword" and (has_digit_and_letter(token) or whole_span):
        return "keyword"
    if anchor is None and whole_span and has_digit_and_letter(token):
        if len(token) == _DIGEST_LENGTH:
            return None
        return None if _negative_nearby(_preceding_words(before)) else "backticks"
    return None


def commit_claims_in_line(
    line: str, line_number: int, limit: int = MAX_CANDIDATES_PER_LINE
) -> list[CommitCitation]:
    """The commit claims of one prose line (fenced code already excluded); at most `limit`
    hex tokens of the line are looked at, so a pathological line costs bounded time."""
    if not HEX_TOKEN.search(line):
        return []
    masked = mask_urls_and_link_targets(line)
    spans = code_spans(masked)
    starts = [span.start for span in spans]
    claims: list[tuple[int, CommitCitation]] = []
    ids = -1  # where a code-span hex token an id word names stands ("Order `bc63d013`")
    for match in islice(HEX_TOKEN.finditer(masked), limit):
        token, start, end = match.group(), match.start(), match.end()
        if token.isdigit():
            continue
        span = inside(spans, start, end, starts)
        kind = _claim_kind(masked, token, start, end, span)
        if kind is not None:
            claims.append((start, CommitCitation(token, line_number, kind,
                                                 _other_repo(masked, start, end))))
        elif ids < 0 and span is not None and span.content.strip() == token:
            ids = start if _names_an_id(masked[max(0, start - _LOOKBACK):start]) else -1
    # the code spans that follow it in its sentence are ids of the same kind ("Orders `bc63d013`,
    # `4d6e8f0a`"), not commits; one before it, or after a ";" or a ".", keeps its reading
    return [claim for start, claim in claims
            if not (0 <= ids < start and claim.anchor == "backticks"
                    and not _SENTENCE_BREAK.search(masked, ids, start))]


# what ends the sentence an id word opened: the spans after it are no longer its siblings
# ("vs.", "etc.", "e.g." end no sentence: a "." must be followed by a capital or the line's end)
_SENTENCE_BREAK = re.compile(r"[;!?](?:\s|$)|\.(?:\s+[A-Z]|$)")


def _names_an_id(before: str) -> bool:
    """Whether the words right before a code span say it is an id of something else."""
    words = _preceding_words(before)
    return _keyword_anchor(before) == "negative" or (
        bool(words) and _is_id_word(words[-1], words[-2] if len(words) > 1 else ""))

"""GM30x: do the commits a memory claims exist in the configured code repositories?

The lookups were made beforehand (gitmem.lint.grounding); these rules only read the verdicts.
"No repository to check" and "the object may lie beyond a shallow clone's boundary" are
GM303 unverifiable, never GM301 unknown: absence of evidence is not evidence of fabrication.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from gitmem.lint.commit_claims import CommitCitation, is_placeholder_hash
from gitmem.lint.evidence import (
    AMBIGUOUS,
    UNKNOWN,
    UNVERIFIABLE,
    VERIFIED,
    CommitVerdict,
    describe_repo,
    set_aside,
)
from gitmem.lint.rule import LintContext, MemoryRule
from gitmem.memory.layouts import is_prompt
from gitmem.model import Finding, Memory


def judged_claims(
    memory: Memory, context: LintContext
) -> Iterator[tuple[CommitCitation, CommitVerdict | None]]:
    """Each commit claim of this repository's history with its verdict (None: not looked up);
    claims about other repositories come with None too and carry `other_repo`, and so do the
    code-span ids a memory cites of something else (`span_ids_not_commits`)."""
    aside = context.span_ids_of(memory)
    for claim in context.citations_of(memory).commits:
        if claim.other_repo or set_aside(claim, aside):
            yield claim, None
        else:
            yield claim, context.evidence.commits.get(claim.key)


def _searched(context: LintContext) -> str:
    return " or ".join(describe_repo(label) for label in context.evidence.repos) or "any repository"


def _in(verdict: CommitVerdict) -> str:
    return f" in {verdict.reason}" if verdict.reason else ""


class UnknownCommit(MemoryRule):
    """A claimed commit hash that no configured code repository has.

    Agents invent plausible hashes ("fixed in commit 4f3c2b1a9e"); a later session trusts the
    note and goes looking for a fix that never happened. Only context-anchored hex tokens are
    claims, and "no repository to check" is GM303, never this rule. A stand-in typed as an
    example (`a1b2c3d`, `abc1234`) that git does not know is the example's, not reported; so is
    a hash in a prompt (a skill, a command: `layouts.is_prompt`), which shows what a step's
    output looks like and claims no commit of this history.
    """

    code = "GM301"
    name = "unknown-commit"
    severity = "error"
    summary = "A claimed commit hash that no configured code repository has"
    citations_only = True  # reads nothing but the memory's citations

    def check(self, memory: Memory, context: LintContext) -> Iterable[Finding]:
        if is_prompt(memory.path):
            return
        for claim, verdict in judged_claims(memory, context):
            if verdict is not None and verdict.status == UNKNOWN and not is_placeholder_hash(
                claim.token
            ):
                yield self.finding(
                    memory.path, claim.line,
                    f"commit {claim.token} does not exist{_in(verdict)}; the hash may be "
                    "invented or mistyped",
                )


class AmbiguousCommit(MemoryRule):
    """A short commit hash that matches more than one object in a code repository.

    The note cannot be followed: `git show` refuses the prefix and a reader cannot know which
    object was meant.
    """

    code = "GM302"
    name = "ambiguous-commit"
    severity = "warning"
    summary = "A short commit hash that matches more than one object"
    citations_only = True  # reads nothing but the memory's citations

    def check(self, memory: Memory, context: LintContext) -> Iterable[Finding]:
        for claim, verdict in judged_claims(memory, context):
            if verdict is not None and verdict.status == AMBIGUOUS:
                yield self.finding(
                    memory.path, claim.line,
                    f"commit {claim.token} is ambiguous: several objects{_in(verdict)} start "
                    "with it; write more characters of the hash",
                )


class UnverifiableCommit(MemoryRule):
    """A commit claim that cannot be checked.

    No code repository is configured, a configured one is not available, the clone is shallow
    and the object may be older than its history, or the hash belongs to another repository
    (`owner/repo@abc1234`, "in the upstream repo"). Informational: absence of evidence is not
    evidence of fabrication. A memory whose many code-span hex ids git almost never knows
    (`span_ids_not_commits`: ids of sessions, records) gets one note for all of them.
    """

    code = "GM303"
    name = "unverifiable-commit"
    severity = "info"
    summary = "A commit claim that cannot be checked (no repository, shallow clone, other repo)"
    citations_only = True  # reads nothing but the memory's citations

    def check(self, memory: Memory, context: LintContext) -> Iterable[Finding]:
        aside = context.span_ids_of(memory)
        if aside:
            first = min(c.line for c in context.citations_of(memory).commits
                        if set_aside(c, aside))
            shown = ", ".join(aside[:3]) + (", ..." if len(aside) > 3 else "")
            yield self.finding(
                memory.path, first,
                f"{len(aside)} hex ids in code spans ({shown}) name no commit of "
                f"{_searched(context)}; read as ids of something else, not checked (write "
                "`commit <hash>` where one is a commit)",
            )
        for claim, verdict in judged_claims(memory, context):
            if claim.other_repo:
                yield self.finding(
                    memory.path, claim.line,
                    f"commit {claim.token} belongs to another repository ({claim.other_repo}); "
                    "not checked",
                )
            elif verdict is not None and verdict.status == UNVERIFIABLE:
                yield self.finding(
                    memory.path, claim.line,
                    f"commit {claim.token} cannot be checked: {verdict.reason}",
                )


# "All work on branch `v2-dev`", "committed on the `feature/retry` branch": a branch named in a
# code span beside the word "branch", as where things are ("on", "in", "from" it). A memory
# that names the branch its work is on says its commits are not on the default branch yet;
# "never push to the `release` branch" says nothing of where its commits are.
_NAMED_BRANCH = re.compile(
    r"\b(?:on|in|from)\s+(?:(?:the|a)\s+)?(?:[\w-]+\s+)?(?:branch(?:es)?\s+(?:named\s+|called\s+)?"
    r"`(?P<after>[^`\s]+)`|`(?P<before>[^`\s]+)`\s+branch\b)",
    re.IGNORECASE,
)
# a rule about a branch ("Never commit directly on the `release` branch"), not where work is
_RULE_OPENS = re.compile(r"\b(?:never|not|don'?t|avoid|must not|no)\b[^.;:\n]*$", re.IGNORECASE)
# names of a default branch (as `git` and the hosts call it), never a side branch
_DEFAULT_BRANCH_NAMES = {"main", "master", "trunk", "head", "default"}


def names_a_side_branch(memory: Memory) -> bool:
    """Whether the memory names, in a code span beside the word "branch", a branch that is not
    a default branch (`origin/main` counts as `main`)."""
    for match in _NAMED_BRANCH.finditer(memory.body):
        name = (match.group("after") or match.group("before")).strip("'\".,;:")
        if _RULE_OPENS.search(memory.body, max(0, match.start() - 80), match.start()):
            continue
        if name and name.rsplit("/", 1)[-1].lower() not in _DEFAULT_BRANCH_NAMES:
            return True
    return False


class UnmergedCommit(MemoryRule):
    """A claimed commit that exists but is not reachable from the default branch.

    The work may sit on an unmerged, rebased or deleted branch, so "fixed in X" may not be true
    of what ships. Informational. A commit whose patch landed there under another hash (a squash
    or rebase merge of a kept branch) counts as on it (gitrepo.CodeRepo). A memory that names
    the side branch its work is on ("all work on branch `v2-dev`") already says its commits are
    not on the default branch: nothing to note.
    """

    code = "GM304"
    name = "unmerged-commit"
    severity = "info"
    summary = "A claimed commit that exists but is not reachable from the default branch"
    citations_only = True  # reads nothing but the memory's citations

    def check(self, memory: Memory, context: LintContext) -> Iterable[Finding]:
        side_branch: bool | None = None  # read only when a commit is off the default branch
        for claim, verdict in judged_claims(memory, context):
            if verdict is not None and verdict.status == VERIFIED and (
                verdict.on_default_branch is False
            ):
                if side_branch is None:
                    side_branch = names_a_side_branch(memory)
                if side_branch:
                    return
                yield self.finding(
                    memory.path, claim.line,
                    f"commit {claim.token} exists in {describe_repo(verdict.repo or '.')} but is not on its default "
                    "branch (an unmerged, rebased or deleted branch?)",
                )

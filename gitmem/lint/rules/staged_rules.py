"""GM401-GM403: guards on a staged change to a memory (what `git commit` is about to record).

gitmem never deletes memory and never rewrites a pinned one, so a commit that empties, deletes or
edits a protected memory is almost always an agent's mistake. These rules compare one memory's
HEAD version with its staged version; like every rule they are pure (the pre-commit hook and
`gitmem lint --staged` read the two versions through gitrepo and hand them in).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass

from gitmem.lint.rule import LintContext, Rule
from gitmem.lint.rules.conflict_rules import has_conflict_markers
from gitmem.model import Finding, Memory


@dataclass(frozen=True)
class StagedChange:
    """One staged memory path: `before` is HEAD's version, `after` the index's (None: absent)."""

    path: str  # the staged path (for a deletion: the deleted path)
    status: str  # "added" | "modified" | "deleted" | "renamed"
    before: Memory | None
    after: Memory | None
    old_path: str | None = None  # a rename's previous path


class StagedRule(Rule):
    """A rule that judges one staged change of a memory file."""

    def check_change(self, change: StagedChange, context: LintContext) -> Iterable[Finding]:
        raise NotImplementedError


def _claim_key(text: str) -> str:
    return " ".join(text.split()).casefold()


def lost_claims(before: Memory, after: Memory | None) -> int:
    """How many of `before`'s claims have no claim of the same text in `after`."""
    remaining: dict[str, int] = {}
    for claim in after.claims if after else ():
        key = _claim_key(claim.text)
        remaining[key] = remaining.get(key, 0) + 1
    lost = 0
    for claim in before.claims:
        key = _claim_key(claim.text)
        if remaining.get(key, 0) > 0:
            remaining[key] -= 1
        else:
            lost += 1
    return lost


class MemoryShrunk(StagedRule):
    code = "GM401"
    name = "memory-shrunk"
    severity = "error"
    summary = "A staged change removes most of a memory's claims."

    def check_change(self, change: StagedChange, context: LintContext) -> Iterable[Finding]:
        before, after = change.before, change.after
        if before is None or after is None or not before.claims or has_conflict_markers(after):
            return  # conflict markers garble the claims: GM105 reports them, not a lost memory
        lost = lost_claims(before, after)
        ratio = context.config.shrink_ratio
        if len(after.claims) < len(before.claims) and lost / len(before.claims) > ratio:
            yield self.finding(
                change.path, 1,
                f"{change.path} loses {lost} of its {len(before.claims)} claims "
                f"(more than hooks.shrink_ratio = {ratio:.0%}); gitmem never drops memory: "
                f"supersede it (`gitmem supersede {change.old_path or change.path} --by NEW`) "
                "or restore the lost claims",
                signals={"lost": lost, "before": len(before.claims), "after": len(after.claims)},
            )


class MemoryDeleted(StagedRule):
    code = "GM402"
    name = "memory-deleted"
    severity = "error"
    summary = "A staged change deletes a memory file."

    def check_change(self, change: StagedChange, context: LintContext) -> Iterable[Finding]:
        if change.status == "deleted":
            yield self.finding(
                change.path, 1,
                f"{change.path} is deleted; gitmem never deletes memory: restore it "
                f"(`git restore --staged --worktree {change.path}`) and mark it superseded "
                f"instead (`gitmem supersede {change.path} --by NEW`)",
            )


def first_changed_body_line(before: Memory, after: Memory) -> int:
    """The file line in `after` of the first body line that differs from `before`."""
    old, new = before.body.split("\n"), after.body.split("\n")
    for tag, _, _, j1, _ in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag != "equal":
            return after.body_line + min(j1, max(len(new) - 1, 0))
    return after.body_line


class ProtectedEdited(StagedRule):
    code = "GM403"
    name = "protected-edited"
    severity = "error"
    summary = "A staged change edits the body of a protected memory."

    def check_change(self, change: StagedChange, context: LintContext) -> Iterable[Finding]:
        before, after = change.before, change.after
        if before is None or after is None or not before.protected:
            return
        if before.body == after.body:
            return
        yield self.finding(
            change.path, first_changed_body_line(before, after),
            f"{change.path} is protected and its body is edited; undo the edit, or unprotect it "
            f"first in a commit of its own (`gitmem unprotect {change.old_path or change.path}`)",
        )


STAGED_RULES: tuple[StagedRule, ...] = (MemoryShrunk(), MemoryDeleted(), ProtectedEdited())

"""GM2xx: duplicate and contradicting claims across the corpus, found by gitmem.consistency.

These rules are thin: `corpus_pairs` compares the claims in force (active memories, claims no
resolution has annotated, pairs outside a `do_not_reopen` cooldown) and the rules only turn its
pairs into findings, folded by text first (claim_groups.py): a claim repeated in k places is one
finding naming its k locations, and a contradiction with a repeated side names every copy. The
comparison runs once per lint run and is shared by the three rules.
The review file's own `## Pending review` queue is not compared: it quotes the claims it lists.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING

from gitmem.config import Config
from gitmem.lint.rule import CorpusRule, LintContext
from gitmem.lint.rules.strict_reading import (
    across_agents,
    kept_strictly,
    strict_pairs,
    two_directives,
)
from gitmem.lint.scan import PENDING_REVIEW
from gitmem.model import Claim, Finding, Location, Memory

if TYPE_CHECKING:
    from gitmem.consistency.analyze import PairFinding
    from gitmem.consistency.bands import Thresholds
    from gitmem.consistency.budget import PairBudget
    from gitmem.consistency.verdicts import PairVerdicts
    from gitmem.lint.rules.claim_groups import ClaimGroup

# gitmem.consistency (the detectors: a fifth of lint's start-up) and the grouping are imported
# when pairs are judged or grouped: a warm lint reads the findings back and needs neither.


def _grouping() -> ModuleType:
    from gitmem.lint.rules import claim_groups

    return claim_groups


def places(claims: Sequence[Claim]) -> str:
    return str(_grouping().places(claims))

MEMO_KEY = "consistency_pairs"
# The run's pairs are read back lazily (gitmem/lint/cached.py): a callable giving them.
LOAD_KEY = MEMO_KEY + ":load"
# code -> the findings a pair rule gives on this corpus, read back from the cache (cached.py)
FINDINGS_KEY = MEMO_KEY + ":findings"
# code -> the findings each pair rule computed this run, for cached.py to keep
RECORD_KEY = MEMO_KEY + ":record"
# a PairBudget bounding the pairs judged (the hooks, `lint --staged` / `--diff`: budget.py)
BUDGET_KEY = MEMO_KEY + ":budget"
# the Thresholds the run's pairs are judged at (`reported_bands`; None: the configured ones)
BANDS_KEY = MEMO_KEY + ":bands"
# the codes of the run's rules (`reported_bands`): the groupings read only what they report
CODES_KEY = MEMO_KEY + ":codes"
_QUOTE_LENGTH = 80


def _without_review_queue(memories: Sequence[Memory], review_file: str) -> list[Memory]:
    def queued(claim: Claim) -> bool:
        return claim.path == review_file and claim.section.strip() == PENDING_REVIEW

    return [dataclasses.replace(m, claims=tuple(c for c in m.claims if not queued(c)))
            if m.path == review_file else m for m in memories]


def lint_pairs(
    memories: Sequence[Memory], config: Config, verdicts: PairVerdicts | None = None,
    thresholds: Thresholds | None = None, budget: PairBudget | None = None,
) -> list[PairFinding]:
    """The pairs lint reports on `memories`, the review file's queue left out (with `verdicts`,
    earlier verdicts are recalled: see `find_pairs`; `thresholds` replace the configured)."""
    from gitmem.consistency.corpus import corpus_pairs

    return corpus_pairs(_without_review_queue(memories, config.review_file), config,
                        verdicts=verdicts, thresholds=thresholds, budget=budget)


def corpus_pair_findings(context: LintContext) -> list[PairFinding]:
    """The pairs of this lint run, computed on first use and kept in the run's memo."""
    if MEMO_KEY not in context.memo:
        load = context.memo.pop(LOAD_KEY, None)
        context.memo[MEMO_KEY] = load() if load else lint_pairs(
            context.corpus, context.config, thresholds=context.memo.get(BANDS_KEY),
            budget=context.memo.get(BUDGET_KEY))
    pairs: list[PairFinding] = context.memo[MEMO_KEY]
    return pairs


def reported_bands(context: LintContext, rules: Iterable[object]) -> Thresholds:
    """The bands this run's pairs are judged at, and the codes its rules report, kept in the
    run's memo for the pair rules. A pair is judged only for what a rule of the run reports:
    - without GM202 (off by default, so a plain lint, the hooks, `--select GM201,GM211`) the
      possible band is raised to the match band: judging a pair there costs the full duplicate
      score, and triage (`triage.open_sides`) closes the duplicate side of every pair whose
      bound stays under the band asked for;
    - a contradiction GM211 would not report (GM211 not run; read strictly, beside code, two
      texts not both directives: `strict_reading.kept_strictly`) is not sought in a pair whose
      duplicate side triage closed (`Thresholds.contradictions`, `batch.Judging`). Where the
      duplicate side is open the contradiction is still sought: it decides that the pair is no
      duplicate.
    What is reported does not change: a pair's match-band verdict and its contradiction do not
    depend on the possible band (`analyze._judge`), and the groupings read only the pairs a
    rule reports (`claim_groups`)."""
    from gitmem.consistency.bands import Thresholds

    codes = record_codes(context, rules)
    config = context.config
    possible = (config.possible_threshold if PossibleDuplicate.code in codes
                else config.match_threshold)
    bands = Thresholds(match=config.match_threshold, possible=possible)
    if Contradiction.code not in codes:
        bands = dataclasses.replace(bands, contradictions="none")
    elif strict_pairs(config):
        bands = dataclasses.replace(bands, contradictions="directives")
    context.memo[BANDS_KEY] = bands
    return bands


def record_codes(context: LintContext, rules: Iterable[object]) -> frozenset[str]:
    """Keep the codes of the run's rules in its memo, and give them: the groupings read only
    the pairs they report (`_reported`). `reported_bands` does it; `lint --judge`, which judges
    at bands of its own, calls it alone."""
    codes = frozenset(str(getattr(rule, "code", "")) for rule in rules)
    context.memo[CODES_KEY] = codes
    return codes


def _reported(context: LintContext) -> Callable[[PairFinding], bool]:
    """Whether a rule of this run can report a pair, by the pair alone: its code is run and,
    read strictly, a contradiction is two directives or the judge's (`kept_strictly`; the rest
    of a strict reading, two agents' files, is the group's). Without the run's codes in the
    memo (a rule called on its own), every code is run."""
    codes = context.memo.get(CODES_KEY)
    strict = strict_pairs(context.config)

    def reported(pair: PairFinding) -> bool:
        if pair.kind == "contradiction":
            if codes is not None and Contradiction.code not in codes:
                return False
            return not strict or "judge" in pair.signals or two_directives(pair)
        code = Duplicate.code if pair.klass == "match" else PossibleDuplicate.code
        return codes is None or code in codes
    return reported


def files_compared(context: LintContext) -> Callable[[str, str], bool]:
    """Whether two memories' claims are compared at all (scopes, cooldowns), memoised."""
    key = MEMO_KEY + ":compared"
    if key not in context.memo:
        compared = _grouping().compared_files([m for m in context.corpus if m.active],
                                              context.config)
        context.memo[key] = functools.lru_cache(maxsize=1 << 16)(compared)
    found: Callable[[str, str], bool] = context.memo[key]
    return found


def claim_groups(context: LintContext) -> list[ClaimGroup]:
    """The pairs of this run folded by text (claim_groups.py): a claim repeated in k places is
    one group naming its k copies; kept in the run's memo."""
    key = MEMO_KEY + ":groups"
    if key not in context.memo:
        memories = _without_review_queue(context.corpus, context.config.review_file)
        reported = _reported(context)
        pairs = [pair for pair in corpus_pair_findings(context) if reported(pair)]
        texts = {claim.text for pair in pairs for claim in (pair.a, pair.b)}
        from gitmem.consistency.corpus import compared_claims

        context.memo[key] = _grouping().group_pairs(pairs, compared_claims(memories, texts),
                                                    files_compared(context))
    groups: list[ClaimGroup] = context.memo[key]
    return groups


def copied_files(context: LintContext) -> dict[tuple[str, str], list[ClaimGroup]]:
    """(earlier path, later path) -> the verbatim groups they share, for file pairs sharing at
    least COPIED_FILE_MIN claims (kept in the run's memo)."""
    key = MEMO_KEY + ":copied"
    if key not in context.memo:
        context.memo[key] = _grouping().copied_files(claim_groups(context),
                                                     files_compared(context))
    copied: dict[tuple[str, str], list[ClaimGroup]] = context.memo[key]
    return copied


def reported_copies(context: LintContext) -> list[tuple[tuple[str, str], list[ClaimGroup]]]:
    """The copied file pairs GM201 reports: read strictly (`strict_pairs`), not one file kept
    for two tools."""
    strict = strict_pairs(context.config)
    return [(files, groups) for files, groups in copied_files(context).items()
            if not (strict and across_agents(files))]


def near_texts(context: LintContext) -> frozenset[str]:
    """The texts that are a side of a near-duplicate or contradiction group a rule of this run
    reports (memoised): their verbatim copies stay findings of their own
    (`claim_groups.folded`), since that finding names them only in "also at"."""
    key = MEMO_KEY + ":near"
    if key not in context.memo:
        strict = strict_pairs(context.config)
        context.memo[key] = _grouping().near_texts(
            group for group in claim_groups(context)
            if not strict or kept_strictly(group, group.pair.kind == "contradiction"))
    near: frozenset[str] = context.memo[key]
    return near


def quote(claim: Claim) -> str:
    text = " ".join(claim.text.split())
    return f'"{text[:_QUOTE_LENGTH - 1]}…"' if len(text) > _QUOTE_LENGTH else f'"{text}"'


def _also(group: ClaimGroup) -> str:
    """ (also at X, Y) when the finding's own claim is repeated."""
    return f" (also at {places(group.first[1:])})" if len(group.first) > 1 else ""


class PairRule(CorpusRule):
    """Shared shape of the GM2xx rules: select groups of pairs, describe one. Each location is
    named once in the message, the finding's own never: formatters add none of them again."""

    def folded(self, group: ClaimGroup, context: LintContext) -> bool:
        """Whether a file-level finding already stands for this group (GM201: a copied file)."""
        return False

    family_verb = ""  # what a family's members do to its first claim (`_family`)

    def wanted(self, pair: PairFinding) -> bool:
        raise NotImplementedError

    def describe(self, group: ClaimGroup) -> str:
        raise NotImplementedError

    def check_corpus(self, context: LintContext) -> Iterable[Finding]:
        """The findings on this corpus: read back when the cache holds them (they depend on
        nothing but the corpus, the configuration and this code), else computed and offered
        to the cache."""
        known = context.memo.get(FINDINGS_KEY)
        if known is not None and self.code in known:
            return list(known[self.code])
        found = list(self.corpus_findings(context))
        record = context.memo.get(RECORD_KEY)
        if record is not None:
            record[self.code] = found
        return found

    strict_directives = False  # read strictly, both sides must be directives (`kept_strictly`)

    def corpus_findings(self, context: LintContext) -> Iterable[Finding]:
        strict = strict_pairs(context.config)
        for group in claim_groups(context):
            pair = group.pair
            if strict and not kept_strictly(group, self.strict_directives):
                continue
            if self.wanted(pair) and not self.folded(group, context):
                copies = ({"copies": len(group.first)} if group.identical else
                          {"copies": len(group.first), "other_copies": len(group.second)})
                if group.family:
                    copies["family"] = 1 + len(group.second)
                signals = {"class": pair.klass, "score": round(pair.score, 3), **pair.signals,
                           **copies}
                message = _family(group, self.family_verb) if group.family else \
                    self.describe(group)
                yield self.finding(group.primary.path, group.primary.line,
                                   message + _judged(pair),
                                   related=group.related(),
                                   confidence=round(pair.confidence, 3), signals=signals)


def _family(group: ClaimGroup, verb: str) -> str:
    """A family (gitmem.consistency.families) as one finding: each member was judged against
    the first, the others named by place."""
    return (f"{quote(group.primary)} and {len(group.second):,} claims that differ from it in "
            f"one word only (such as {quote(group.second[0])}) {verb} it: "
            f"{places(group.second)}; judged as one family: keep the claim that holds")


def _judged(pair: PairFinding) -> str:
    """ (decided by the judge: its reason) when `lint --judge` decided the pair."""
    if "judge" not in pair.signals:
        return ""
    reason = str(pair.signals.get("judge_reason") or "")
    return f" (decided by the judge: {reason})" if reason else " (decided by the judge)"


def _where(claim: Claim) -> str:
    return f"{claim.path}:{claim.line}"


def _copied_file(groups: Sequence[ClaimGroup], second: Claim) -> str:
    """The message of one copied file: `groups` shared, `second` where the copy starts (in the
    same file when a file repeats its own lines)."""
    first = groups[0].primary
    where, fix = ((f"further down {second.path}", "keep one copy") if second.path == first.path
                  else (f"in {second.path}", "keep one copy, or have one file point to the other"))
    return (f"{len(groups)} claims of {first.path} are repeated verbatim {where}, from "
            f"{quote(first)} at {_where(second)} on: {fix}")


class Duplicate(PairRule):
    """Two claims that say the same thing (the match band of the duplicate score).

    Duplicates drift apart: one copy gets corrected, the other keeps the old fact, and recall
    returns both. Merge them (`gitmem merge A B`) or supersede one.
    """

    code = "GM201"
    family_verb = "duplicate"
    name = "duplicate"
    severity = "warning"
    summary = "Two claims or memories in the duplicate match band"

    def wanted(self, pair: PairFinding) -> bool:
        return pair.kind == "duplicate" and pair.klass == "match"

    def describe(self, group: ClaimGroup) -> str:
        if group.identical:
            return f"{quote(group.primary)} is repeated verbatim at {places(group.first[1:])}"
        return (f"{quote(group.primary)}{_also(group)} duplicates {quote(group.second[0])} at "
                f"{places(group.second)}")

    def folded(self, group: ClaimGroup, context: LintContext) -> bool:
        return bool(_grouping().folded(group, copied_files(context), near_texts(context)))

    def corpus_findings(self, context: LintContext) -> Iterable[Finding]:
        """One finding per copied file (AGENTS.md copied into GEMINI.md repeats dozens of
        claims, a rules file written out twice repeats its own: one thing to act on), then the
        other groups one by one."""
        for (path_a, path_b), groups in reported_copies(context):
            first = groups[0].primary
            second = next(c for c in groups[0].first[1:] if c.path == path_b)
            yield self.finding(
                path_a, first.line, _copied_file(groups, second),
                related=[Location(second.path, second.line)], confidence=1.0,
                signals={"class": "match", "identical": True, "copied_claims": len(groups)},
            )
        yield from super().corpus_findings(context)


class PossibleDuplicate(PairRule):
    """Two claims that probably say the same thing (the possible band of the duplicate score).

    Worth a look: near-duplicates are where one copy was edited and the other was not.
    """

    code = "GM202"
    family_verb = "may duplicate"
    name = "possible-duplicate"
    severity = "warning"
    summary = "Two claims in the possible-duplicate band"

    def wanted(self, pair: PairFinding) -> bool:
        return pair.kind == "duplicate" and pair.klass == "possible"

    def describe(self, group: ClaimGroup) -> str:
        return (f"{quote(group.primary)}{_also(group)} may duplicate {quote(group.second[0])} at "
                f"{places(group.second)}")


class Contradiction(PairRule):
    """Two active claims that cannot both hold ("use tabs" / "use spaces").

    An agent that recalls both follows whichever it reads last. Resolve it: supersede the
    wrong one, or record `do_not_reopen` when both are right in different scopes.
    """

    code = "GM211"
    family_verb = "contradict"
    name = "contradiction"
    severity = "warning"
    summary = "Two active claims that cannot both hold"
    strict_directives = True

    def wanted(self, pair: PairFinding) -> bool:
        return pair.kind == "contradiction" and pair.klass in ("match", "possible")

    def describe(self, group: ClaimGroup) -> str:
        return (f"{quote(group.primary)}{_also(group)} contradicts {quote(group.second[0])} at "
                f"{places(group.second)}")

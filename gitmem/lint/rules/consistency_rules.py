"""GM2xx: duplicate and contradicting claims across the corpus, found by gitmem.consistency.

These rules are thin: `corpus_pairs` compares the claims in force (active memories, claims no
resolution has annotated, pairs outside a `do_not_reopen` cooldown) and the rules only turn its
pairs into findings. The comparison runs once per lint run and is shared by the three rules.
The review file's own `## Pending review` queue is not compared: it quotes the claims it lists.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from gitmem.config import Config
from gitmem.consistency.analyze import PairFinding
from gitmem.consistency.corpus import corpus_pairs
from gitmem.consistency.verdicts import PairVerdicts
from gitmem.lint.rule import CorpusRule, LintContext
from gitmem.lint.scan import PENDING_REVIEW
from gitmem.model import Claim, Finding, Location, Memory

MEMO_KEY = "consistency_pairs"
_QUOTE_LENGTH = 80


def _without_review_queue(memories: Sequence[Memory], review_file: str) -> list[Memory]:
    def queued(claim: Claim) -> bool:
        return claim.path == review_file and claim.section.strip() == PENDING_REVIEW

    return [dataclasses.replace(m, claims=tuple(c for c in m.claims if not queued(c)))
            if m.path == review_file else m for m in memories]


def lint_pairs(
    memories: Sequence[Memory], config: Config, verdicts: PairVerdicts | None = None
) -> list[PairFinding]:
    """The pairs lint reports on `memories`, the review file's queue left out (with `verdicts`,
    earlier verdicts are recalled: see `find_pairs`)."""
    return corpus_pairs(_without_review_queue(memories, config.review_file), config,
                        verdicts=verdicts)


def corpus_pair_findings(context: LintContext) -> list[PairFinding]:
    """The pairs of this lint run, computed on first use and kept in the run's memo."""
    if MEMO_KEY not in context.memo:
        context.memo[MEMO_KEY] = lint_pairs(context.corpus, context.config)
    pairs: list[PairFinding] = context.memo[MEMO_KEY]
    return pairs


COPIED_FILE_MIN = 5  # verbatim repeats between two files that make them one copied file


def copied_files(context: LintContext) -> dict[tuple[str, str], list[PairFinding]]:
    """(earlier path, later path) -> their verbatim duplicate pairs, for file pairs sharing at
    least COPIED_FILE_MIN identical claims (kept in the run's memo)."""
    key = MEMO_KEY + ":copied"
    if key not in context.memo:
        groups: dict[tuple[str, str], list[PairFinding]] = {}
        for pair in corpus_pair_findings(context):
            first, second = ordered(pair)
            if pair.kind == "duplicate" and pair.identical and first.path != second.path:
                groups.setdefault((first.path, second.path), []).append(pair)
        context.memo[key] = {paths: sorted(pairs, key=lambda p: ordered(p)[0].line)
                             for paths, pairs in sorted(groups.items())
                             if len(pairs) >= COPIED_FILE_MIN}
    copied: dict[tuple[str, str], list[PairFinding]] = context.memo[key]
    return copied


def quote(claim: Claim) -> str:
    text = " ".join(claim.text.split())
    return f'"{text[:_QUOTE_LENGTH - 1]}…"' if len(text) > _QUOTE_LENGTH else f'"{text}"'


def ordered(pair: PairFinding) -> tuple[Claim, Claim]:
    """The pair's two claims, the one earlier in (path, line) order first."""
    a, b = pair.a, pair.b
    return (a, b) if (a.path, a.line) <= (b.path, b.line) else (b, a)


class PairRule(CorpusRule):
    """Shared shape of the GM2xx rules: select pairs, describe one."""

    def folded(self, pair: PairFinding, context: LintContext) -> bool:
        """Whether a file-level finding already stands for this pair (GM201: a copied file)."""
        return False

    def wanted(self, pair: PairFinding) -> bool:
        raise NotImplementedError

    def describe(self, first: Claim, second: Claim, pair: PairFinding) -> str:
        raise NotImplementedError

    def check_corpus(self, context: LintContext) -> Iterable[Finding]:
        for pair in corpus_pair_findings(context):
            if self.wanted(pair) and not self.folded(pair, context):
                first, second = ordered(pair)
                signals = {"class": pair.klass, "score": round(pair.score, 3), **pair.signals}
                yield self.finding(first.path, first.line, self.describe(first, second, pair),
                                   related=[Location(second.path, second.line)],
                                   confidence=round(pair.confidence, 3), signals=signals)


def _where(claim: Claim) -> str:
    return f"{claim.path}:{claim.line}"


class Duplicate(PairRule):
    """Two claims that say the same thing (the match band of the duplicate score).

    Duplicates drift apart: one copy gets corrected, the other keeps the old fact, and recall
    returns both. Merge them (`gitmem merge A B`) or supersede one.
    """

    code = "GM201"
    name = "duplicate"
    severity = "warning"
    summary = "Two claims or memories in the duplicate match band"

    def wanted(self, pair: PairFinding) -> bool:
        return pair.kind == "duplicate" and pair.klass == "match"

    def describe(self, first: Claim, second: Claim, pair: PairFinding) -> str:
        if pair.identical:
            return f"{quote(first)} is repeated verbatim at {_where(second)}"
        return f"{quote(first)} duplicates {quote(second)} at {_where(second)}"

    def folded(self, pair: PairFinding, context: LintContext) -> bool:
        first, second = ordered(pair)
        return pair.identical and (first.path, second.path) in copied_files(context)

    def check_corpus(self, context: LintContext) -> Iterable[Finding]:
        """One finding per copied file (AGENTS.md copied into GEMINI.md repeats dozens of
        claims; that is one thing to act on), then the other pairs one by one."""
        for (path_a, path_b), pairs in copied_files(context).items():
            first, second = ordered(pairs[0])
            yield self.finding(
                path_a, first.line,
                f"{len(pairs)} claims of {path_a} are repeated verbatim in {path_b}, from "
                f"{quote(first)} at {_where(second)} on: keep one copy, or have one file "
                "point to the other",
                related=[Location(second.path, second.line)], confidence=1.0,
                signals={"class": "match", "identical": True, "copied_claims": len(pairs)},
            )
        yield from super().check_corpus(context)


class PossibleDuplicate(PairRule):
    """Two claims that probably say the same thing (the possible band of the duplicate score).

    Worth a look: near-duplicates are where one copy was edited and the other was not.
    """

    code = "GM202"
    name = "possible-duplicate"
    severity = "warning"
    summary = "Two claims in the possible-duplicate band"

    def wanted(self, pair: PairFinding) -> bool:
        return pair.kind == "duplicate" and pair.klass == "possible"

    def describe(self, first: Claim, second: Claim, pair: PairFinding) -> str:
        return f"{quote(first)} may duplicate {quote(second)} at {_where(second)}"


class Contradiction(PairRule):
    """Two active claims that cannot both hold ("use tabs" / "use spaces").

    An agent that recalls both follows whichever it reads last. Resolve it: supersede the
    wrong one, or record `do_not_reopen` when both are right in different scopes.
    """

    code = "GM211"
    name = "contradiction"
    severity = "warning"
    summary = "Two active claims that cannot both hold"

    def wanted(self, pair: PairFinding) -> bool:
        return pair.kind == "contradiction" and pair.klass in ("match", "possible")

    def describe(self, first: Claim, second: Claim, pair: PairFinding) -> str:
        return f"{quote(first)} contradicts {quote(second)} at {_where(second)}"

"""`gitmem lint --judge`: the configured judge rules on the pairs the rules leave undecided.

The run's pairs are found at widened bands (`judged.widened`: the near misses too), the judge
answers for the undecided ones (`judged.judge_undecided`, its accepted verdicts cached in
.git/gitmem/cache/judge-verdicts.json) and what remains replaces the run's pairs, which the
GM201/GM202/GM211 rules then report as usual. Only `lint --judge` calls this: plain lint and
the hooks never run a program.
"""

from __future__ import annotations

from collections.abc import Collection

from gitmem.config import Config
from gitmem.consistency.analyze import Thresholds
from gitmem.consistency.judge_cache import JudgeCache
from gitmem.consistency.judged import judge_undecided, reported_by_rules, undecided, widened
from gitmem.errors import InvalidInputError
from gitmem.lint.cached import prime_corpus_pairs
from gitmem.lint.rule import LintContext
from gitmem.lint.rules import consistency_rules
from gitmem.workspace import Workspace

NO_JUDGE = (
    "--judge: no judge is configured. Name the program with `git config gitmem.judge.command "
    "\"python3 /path/to/llm-judge.py -- llm\"` (or GITMEM_JUDGE_COMMAND; never .gitmem.toml), "
    "see docs/consistency.md#the-judge-plug-in, then run again"
)


def require_judge(config: Config) -> None:
    """Refuse `--judge` before any work when no judge is configured (exit 3)."""
    if not config.judge_command:
        raise InvalidInputError(NO_JUDGE)


def lint_thresholds(config: Config) -> Thresholds:
    """The bands lint's rules report at (as `corpus_pairs` sets them)."""
    return Thresholds(match=config.match_threshold, possible=config.possible_threshold)


def judge_run_pairs(ws: Workspace, context: LintContext, limit: int,
                    targets: Collection[str]) -> list[str]:
    """Replace the run's pairs by the judged ones; the summary lines for stderr. Only pairs
    with a side in `targets` (the files reported: PATHS, --since) are asked about; the others
    are reported as the rules alone report them, and only where they touch a target."""
    thresholds = lint_thresholds(context.config)
    prime_corpus_pairs(ws, context, widened(thresholds))
    pairs = consistency_rules.corpus_pair_findings(context)
    wanted = frozenset(targets)
    inside = [p for p in pairs if p.a.path in wanted or p.b.path in wanted]
    outside = [p for p in pairs if not (p.a.path in wanted or p.b.path in wanted)]
    texts = {m.path: m.raw.decode("utf-8", "replace") for m in context.corpus}
    cache = JudgeCache.open(ws.repo.state_dir)
    judged, outcome = judge_undecided(inside, thresholds, context.config, texts, cache, limit)
    context.memo[consistency_rules.MEMO_KEY] = judged + [
        p for p in outside if not undecided(p) or reported_by_rules(p, thresholds)]
    return outcome.lines()

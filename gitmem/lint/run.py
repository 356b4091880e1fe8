"""`gitmem lint` against a workspace: choose the corpus and the files to report, ground, run.

The corpus is every memory of the working tree; the targets are what is reported: all
memories, the ones under PATHS or the ones changed since a revision (--since). Corpus rules
still compare against everything. --staged and --diff REV report what a change adds instead
(`diff_run.py`, the hooks' path).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from gitmem.config import Config
from gitmem.errors import UsageError
from gitmem.lint.cached import cached_citations, keep_pair_findings, prime_corpus_pairs
from gitmem.lint.cached_output import keep_output
from gitmem.lint.engine import LintReport, lint_corpus
from gitmem.lint.evidence import Evidence
from gitmem.lint.extract import MAX_CITATIONS, citations_in_force
from gitmem.lint.fingerprint import with_fingerprints
from gitmem.lint.grounding import gather_evidence
from gitmem.lint.registry import enabled_rules, unknown_selectors
from gitmem.lint.rule import LintContext, Rule
from gitmem.lint.rules import consistency_rules
from gitmem.lint.summary import grounding_summary
from gitmem.model import Memory
from gitmem.workspace import Workspace


@dataclass(frozen=True)
class LintRequest:
    paths: tuple[str, ...] = ()  # repo-relative files or folders; empty: everything
    staged: bool = False
    since: str | None = None
    diff: str | None = None  # --diff REV: what the working tree adds since merge-base(REV, HEAD)
    select: tuple[str, ...] = ()  # from the command line; empty: lint.select of the config
    ignore: tuple[str, ...] = ()
    grounding: bool = True  # the per-memory summary even when no GM3xx rule is selected
    judge: bool = False  # the configured judge rules on undecided pairs (lint_cmd --judge)
    judge_limit: int = 100  # judge calls at most, a run


def under(path: str, prefixes: Sequence[str]) -> bool:
    return any(p in ("", ".") or path == p or path.startswith(p.rstrip("/") + "/")
               for p in prefixes)


# Rules run only when asked for (`--select`, lint.select, `--judge`), in every repository: a
# possible duplicate (alike, not the same) was no problem a person would act on in most of the
# hand-judged real repositories, layouts beside code or all memory alike (docs/rules/GM202.md).
OFF_UNLESS_ASKED = ("GM202",)
OFF_BY_DEFAULT = ("GM312", "GM313", "GM314")


def default_off(request: LintRequest) -> tuple[str, ...]:
    """The codes the default rule set leaves out: the info notes, and GM202 unless --judge
    decides the possible-band pairs. The same in every repository, whatever its configuration
    (only lint.select and lint.ignore, read in `_selectors`, change the rules that run)."""
    return (() if request.judge else OFF_UNLESS_ASKED) + OFF_BY_DEFAULT


def _selectors(ws: Workspace, request: LintRequest
               ) -> tuple[tuple[str, ...], tuple[str, ...], list[str]]:
    """(select, ignore, notices): command-line selectors replace the configured ones; unknown
    configured ones are warned about (the file may be written for a newer gitmem), not fatal."""
    notices = []
    select = request.select or ws.config.select
    ignore = request.ignore or ws.config.ignore
    for option, configured, given in (("select", ws.config.select, request.select),
                                      ("ignore", ws.config.ignore, request.ignore)):
        bad = [] if given else unknown_selectors(configured)
        if bad:
            notices.append(f"lint.{option}: ignoring unknown rule {', '.join(bad)}")
    select = tuple(s for s in select if s not in unknown_selectors([s]))
    ignore = tuple(s for s in ignore if s not in unknown_selectors([s]))
    return select, ignore, notices


def choose_rules(ws: Workspace, request: LintRequest) -> tuple[tuple[Rule, ...], list[str]]:
    """The rules to run (what the hooks, --staged, --diff and a full lint run alike)."""
    rules, notices, _ = rules_and_left_out(ws, request)
    return rules, notices


def rules_and_left_out(ws: Workspace, request: LintRequest
                       ) -> tuple[tuple[Rule, ...], list[str], tuple[str, ...]]:
    """(rules, notices, left out): `choose_rules`, and the codes the default left out that the
    user neither selected nor ignored (what the summary names, with how to ask for them)."""
    select, ignore, notices = _selectors(ws, request)
    off = default_off(request)
    rules = enabled_rules(select, ignore, off)
    if select or not off:
        return rules, notices, ()
    return rules, notices, tuple(r.code for r in enabled_rules((), ignore) if r.code in off)


def choose_targets(ws: Workspace, corpus: Sequence[Memory], request: LintRequest) -> set[str]:
    targets = {memory.path for memory in corpus}
    if request.since:
        targets &= ws.repo.changed_paths(request.since)
    if request.paths:
        for path in request.paths:
            if not any(under(m.path, [path]) for m in corpus) and not (
                ws.repo.root / path
            ).exists():
                raise UsageError(f"{path}: no such file or folder")
        targets = {t for t in targets if under(t, request.paths)}
    return targets


def lint_workspace(ws: Workspace, request: LintRequest) -> LintReport:
    start = time.perf_counter()
    chosen = [name for name, given in (("--staged", request.staged), ("--since", request.since),
                                       ("--diff", request.diff)) if given]
    if len(chosen) > 1:
        raise UsageError(f"{' and '.join(chosen)} cannot be combined; pick one")
    if request.judge and (request.staged or request.diff):
        raise UsageError(f"--judge and {chosen[0]} cannot be combined: a change is checked "
                         "without running a program, as the hooks do; run `gitmem lint --judge` "
                         "(whole memory, PATHS or --since)")
    if request.judge:
        from gitmem.lint.judge_step import require_judge

        require_judge(ws.config)
    rules, notices, left_out = rules_and_left_out(ws, request)
    if request.staged or request.diff:
        from gitmem.lint.diff_run import lint_change

        changed = lint_change(ws, rules, notices, request.staged, request.diff, request.paths,
                              wide_when_selected(ws, request))
        return replace(changed, left_out=left_out)
    corpus = ws.memories("worktree", save=False)  # saved below
    targets = choose_targets(ws, corpus, request)
    review_file = ws.config.review_file
    linted = [memory for memory in corpus if memory.path in targets]
    grounded = request.grounding or any(rule.code.startswith("GM3") for rule in rules)
    extracted = cached_citations(ws, linted, review_file) if grounded else {}
    notices += [f"{path}: more than {MAX_CITATIONS} commit or path citations; only the first "
                f"{MAX_CITATIONS} of each kind are checked" for path, found in extracted.items()
                if found.truncated]
    by_path = {memory.path: memory for memory in linted}
    citations = {path: citations_in_force(by_path[path], found)
                 for path, found in extracted.items()}
    evidence = gather_evidence(citations, ws.code_repos()) if grounded else Evidence()
    context = LintContext(tuple(corpus), wide_when_selected(ws, request), evidence, citations)
    if any(rule.code.startswith("GM2") for rule in rules):
        if request.judge:
            from gitmem.lint.judge_step import judge_run_pairs

            consistency_rules.record_codes(context, rules)
            notices += judge_run_pairs(ws, context, request.judge_limit, targets)
        else:
            prime_corpus_pairs(ws, context, consistency_rules.reported_bands(context, rules),
                               lazy=True,
                               whole=len(targets) == len(context.memory_paths()))
    elif request.judge:
        notices.append("judge: no GM2xx rule is selected, so no pair was asked about")
    summary = grounding_summary(linted, evidence, citations, review_file) if grounded else []
    report = lint_corpus(corpus, rules, context, targets, summary)
    keep_pair_findings(ws, context)
    findings = with_fingerprints(report.findings, corpus)  # sorted by sort_key
    texts = keep_output(ws, context, findings)
    ws.cache.save()
    return LintReport(
        findings=tuple(findings), texts=texts,
        rules=report.rules, files=report.files, claims=report.claims,
        seconds=time.perf_counter() - start, memories=report.memories,
        notices=tuple(notices) + report.notices, layouts=ws.config.layouts,
        left_out=left_out, strict_pairs=_strict_pairs_ran(context.config, rules),
    )


def wide_when_selected(ws: Workspace, request: LintRequest) -> Config:
    """The configuration the rules read: a run that selects its rules (`--select`, lint.select)
    asked for them by name and reads every pair (lint.pairs_beside_code "all"); the default
    rule set keeps the strict reading of memory beside code."""
    select, _, _ = _selectors(ws, request)
    if select and ws.config.pairs_beside_code != "all":
        return replace(ws.config, pairs_beside_code="all")
    return ws.config


def _strict_pairs_ran(config: Config, rules: Sequence[Rule]) -> tuple[str, ...]:
    """The pair rules this run read strictly (memory beside code, lint.pairs_beside_code
    "strict"): what the summary names, with how to read every pair."""
    from gitmem.lint.rules.strict_reading import STRICT_CODES, strict_pairs

    if not strict_pairs(config):
        return ()
    return tuple(rule.code for rule in rules if rule.code in STRICT_CODES)

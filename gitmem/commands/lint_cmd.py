"""`gitmem lint`: parse options, run `lint_workspace`, render, return 0 or 1 (by lint.fail_on)."""

from __future__ import annotations

import dataclasses
import gc
import sys
from pathlib import Path

import click

from gitmem import safe_write
from gitmem.commands.common import short, wants_color, workspace
from gitmem.errors import InvalidInputError, UsageError
from gitmem.lint.annotate import annotate_plan, review_file_problem
from gitmem.lint.baseline import (
    apply_baseline,
    entry,
    not_run,
    read_baseline,
    write_baseline,
)
from gitmem.lint.engine import LintReport
from gitmem.lint.formats import FORMATS, json_format, render
from gitmem.lint.formats.printable import printable
from gitmem.lint.registry import split_selectors, validate_selectors
from gitmem.lint.run import LintRequest, lint_workspace
from gitmem.progress import Progress
from gitmem.workspace import Workspace


def _annotate(ws: Workspace, report: LintReport, quiet: bool) -> None:
    review_file = ws.config.review_file
    before = ws.repo.read_at("HEAD", review_file) if ws.repo.head_id() else None
    plan = annotate_plan(review_file, before, report.findings, ws.config.max_mutations)
    if plan is None:
        if not quiet:
            click.echo("gitmem: annotate: every finding is already queued for review", err=True)
        return
    from gitmem.ops.apply import commit_changes

    sha = commit_changes(ws, plan)
    if not quiet:
        click.echo(f"gitmem: {plan.summary.removeprefix('gitmem: ')} ({short(sha)}; "
                   f"undo with `gitmem undo {short(sha)}`)", err=True)


def _check_review_file(ws: Workspace) -> None:
    problem = review_file_problem(ws.config.review_file, ws.matcher.matches)
    if problem:
        raise InvalidInputError(
            f"lint.review_file = {ws.config.review_file!r}: {problem}; --annotate writes its "
            "review queue only into a memory file. Set lint.review_file to one (such as "
            "MEMORY.md, matched by memory.include), then run again"
        )


def _baselined(report: LintReport, baseline: str | None, write_to: str | None,
               *, whole: bool, root: Path) -> LintReport:
    """The report less what the baseline knows; with `write_to`, the baseline written first
    from this run (so nothing is new) and what the previous one held that is gone, fixed."""
    if write_to:
        try:
            previous = read_baseline(Path(baseline or write_to), missing_ok=True)
        except InvalidInputError:  # an unreadable old file is what the new one replaces
            previous = {}
        kept = not_run(report, previous)  # rules not run this time: not known to be fixed
        write_baseline(Path(write_to), report.findings, root, kept=kept)
        current = {f.fingerprint: entry(f) for f in report.findings}
        done = apply_baseline(report, {**previous, **current}, whole=True)
        return dataclasses.replace(done, notices=(
            *report.notices, f"wrote {len(current)} findings to {write_to}" + (
                f"; kept {len(kept)} of rules not run" if kept else "") + (
                f"; dropped {len(done.baseline['fixed'])} fixed" if done.baseline and
                done.baseline["fixed"] else "")))
    if baseline:
        return apply_baseline(report, read_baseline(Path(baseline)), whole=whole,
                              source=baseline)
    return report


_PIECES = 2048  # of a JSON report written to stdout at a time: about a megabyte


def _write(text: str, output: str | None, color: bool, root: Path) -> None:
    if output and output != "-":  # `-o -` is stdout, as everywhere
        try:
            safe_write.write_named_file(output, text.encode("utf-8"), root)
        except OSError as error:
            raise UsageError(f"--output {output}: cannot write it ({error.strerror})") from None
    else:
        click.echo(text, nl=False, color=color)


@click.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="text for people; json, github (Actions annotations) or sarif for tools.")
@click.option("--json", "as_json", is_flag=True,
              help="Same as --format json (the flag the other commands take).")
@click.option("--select", multiple=True, metavar="CODES",
              help="Only these rules: codes, code prefixes (GM3) or names, comma-separated.")
@click.option("--ignore", multiple=True, metavar="CODES", help="Skip these rules (same forms).")
@click.option("--staged", is_flag=True,
              help="Report only what the index adds, as the pre-commit hook does: findings on "
                   "staged added or changed lines, pairs with a new side, GM401-GM403.")
@click.option("--since", metavar="REV", help="Lint only the memories changed since REV.")
@click.option("--diff", "diff", metavar="REV",
              help="Report only what the working tree adds since REV (its merge base with "
                   "HEAD), as git's diff shows it: findings on added or changed lines, pairs "
                   "with a new side.")
@click.option("--baseline", type=click.Path(dir_okay=False), metavar="FILE",
              help="Report only findings not recorded in FILE (see --write-baseline); a full "
                   "run also lists the recorded ones that are fixed.")
@click.option("--write-baseline", type=click.Path(dir_okay=False), metavar="FILE",
              help="Record every finding of this run in FILE (sorted, one per line) and report "
                   "none; entries no longer found are dropped.")
@click.option("--output", "-o", type=click.Path(dir_okay=False), help="Write the report to this file ('-': stdout).")
@click.option("--quiet", "-q", is_flag=True, help="Findings only: no summary, no notices.")
@click.option("--annotate", is_flag=True,
              help="Queue warnings and errors in the review file's '## Pending review' section "
                   "(one annotate commit, at most policy.max_mutations new lines).")
@click.option("--judge", is_flag=True,
              help="Ask the configured judge (git config gitmem.judge.command) about the pairs "
                   "the rules leave undecided: possible-band GM202/GM211 and near misses. "
                   "Answers are cached; never in hooks.")
@click.option("--judge-limit", type=click.IntRange(min=0), default=100, show_default=True,
              metavar="N", help="With --judge: ask about at most N pairs this run (0: use "
                                "cached answers only); the rest keep the rules' verdict.")
@click.pass_context
def lint(
    ctx: click.Context, paths: tuple[str, ...], fmt: str, as_json: bool, select: tuple[str, ...],
    ignore: tuple[str, ...], staged: bool, since: str | None, diff: str | None,
    baseline: str | None, write_baseline: str | None, output: str | None, quiet: bool,
    annotate: bool, judge: bool, judge_limit: int,
) -> int:
    """Check memory files: frontmatter, references, claimed commits and cited paths.

    Exit 1 when a finding reaches lint.fail_on (error by default), 0 otherwise.
    """
    if as_json:
        if fmt not in ("text", "json"):
            raise UsageError(f"--json and --format {fmt} ask for two formats; give one")
        fmt = "json"
    if annotate and staged:
        raise UsageError("--annotate queues findings of the committed memories; it cannot be "
                         "combined with --staged")
    scoped = bool(staged or since or diff or paths)
    if write_baseline and scoped:
        raise UsageError("--write-baseline records the findings of the whole memory; run it "
                         "without --staged, --diff, --since or PATHS")
    selected, ignored = split_selectors(select), split_selectors(ignore)
    validate_selectors("--select", selected)
    validate_selectors("--ignore", ignored)
    ws = workspace(ctx)
    if annotate:
        _check_review_file(ws)
    # a bar on stderr for long runs in a terminal; never for --quiet or a format tools read
    ws.progress = Progress(quiet=quiet or fmt != "text", stream=sys.stderr)
    for rev in (since, diff):
        if rev:
            ws.repo.resolve_commit(rev)  # a UsageError naming the bad revision, before any work
    request = LintRequest(tuple(ws.relpath(p) for p in paths), staged, since, diff, selected,
                          ignored, grounding=fmt == "json", judge=judge,
                          judge_limit=judge_limit)
    # What a run builds (memories, claims, findings) holds no reference cycles, and reference
    # counting frees it; the cycle collector only walked the live objects again and again,
    # a fifth of a warm lint of 10,000 files.
    gc.disable()
    try:
        return _run(ws, request, fmt, output, quiet, annotate, baseline, write_baseline, scoped)
    finally:
        gc.enable()


def _run(ws: Workspace, request: LintRequest, fmt: str, output: str | None, quiet: bool,
         annotate: bool, baseline: str | None, write_baseline: str | None, scoped: bool) -> int:
    report = _baselined(lint_workspace(ws, request), baseline, write_baseline,
                        whole=not scoped, root=ws.repo.root)
    if not quiet:
        for notice in report.notices:
            click.echo(f"gitmem: notice: {printable(notice)}", err=True)
    if not report.files and request.paths and not quiet:
        click.echo("gitmem: notice: no memory files among the given paths", err=True)
    color = fmt == "text" and output in (None, "-") and wants_color(sys.stdout)
    if fmt == "json" and output in (None, "-"):  # tens of megabytes: never one string
        parts = json_format.render_parts(report)
        for start in range(0, len(parts), _PIECES):
            # color=True, as `log --json` does: JSON escapes every control character, so
            # there is nothing for echo to search the megabytes for and strip
            click.echo("".join(parts[start:start + _PIECES]), nl=False, color=True)
    else:
        _write(render(report, fmt, color=color, quiet=quiet), output, color, ws.repo.root)
    if annotate:
        _annotate(ws, report, quiet)
    return report.exit_code(ws.config.fail_on)

"""How `gitmem review` prints the queue: every item for a short queue (or with --all), else a
summary a person can read on one screen: the counts by kind, the most confident pairs, and how
to see everything."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import click

from gitmem.lint.formats.printable import printable
from gitmem.review_queue import ReviewItem

SUMMARY_OVER = 20  # a queue longer than this is summarised unless --all
TOP = 10  # how many pairs the summary shows


def by_kind(items: Sequence[ReviewItem]) -> dict[str, int]:
    """How many items of each kind, the commonest first (then by name)."""
    counts = Counter(i.kind for i in items)
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def most_confident(items: Sequence[ReviewItem], n: int = TOP) -> list[ReviewItem]:
    """The n most confident items; ties (and items queued without a confidence, last) keep the
    queue's own order (oldest first, then by path), so the list is the same run after run."""
    return sorted(items, key=lambda i: -1.0 if i.confidence is None else -i.confidence)[:n]


def _echo(item: ReviewItem, confidence: bool = False) -> None:
    shown = f"confidence {item.confidence:.2f}  " if confidence and item.confidence is not None \
        else ""
    click.echo(f"{item.id}  {item.kind}  {shown}(since {item.detected_at}, {item.source})")
    # names and claims come from committed files: escaped, so none can drive the terminal
    click.echo(f"    {printable(item.a_path)}:{item.a_line}: {printable(item.a_text)}")
    click.echo(f"    {printable(item.b_path)}:{item.b_line}: {printable(item.b_text)}")


def echo_queue(items: Sequence[ReviewItem], everything: bool) -> None:
    if everything or len(items) <= SUMMARY_OVER:
        for item in items:
            _echo(item)
        return
    counts = ", ".join(f"{count} {kind}" for kind, count in by_kind(items).items())
    click.echo(f"{len(items)} items wait for review: {counts}")
    click.echo(f"the {TOP} most confident:")
    for item in most_confident(items):
        _echo(item, confidence=True)
    click.echo(f"{len(items) - TOP} more: `gitmem review --all` lists every item "
               "(`--json` always does)")

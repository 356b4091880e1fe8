"""A progress bar for long runs, on stderr, only where a person is watching.

`Progress(quiet=..., stream=sys.stderr)` is passed in (no global state) and wraps the loops that
grow with the repository:

    with progress.track(paths, "Reading memories") as items:
        for path in items:
            ...

It draws click's progress bar only when all of these hold: not `quiet` (the command's --quiet,
or a machine-readable format such as --format json), the stream is a terminal, and the loop has
at least `threshold` items (short runs finish before a bar would help). Otherwise `track`
yields the items untouched and writes nothing. It never writes to stdout: results and JSON go
there, and a bar in a pipe would corrupt them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TextIO, TypeVar

T = TypeVar("T")
THRESHOLD = 500  # items; about a second of work at the slowest step


def is_terminal(stream: object) -> bool:
    """Whether `stream` is a terminal; False for a stream without isatty or a closed one."""
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError):
        return False


class Progress:
    def __init__(self, *, quiet: bool = False, stream: TextIO | None = None,
                 threshold: int = THRESHOLD) -> None:
        self.quiet = quiet
        self.stream = stream
        self.threshold = threshold

    @property
    def enabled(self) -> bool:
        return not self.quiet and self.stream is not None and is_terminal(self.stream)

    @contextmanager
    def track(self, items: Sequence[T], label: str) -> Iterator[Iterable[T]]:
        """The items, drawn as a bar while they are consumed when that is wanted (see module)."""
        if not self.enabled or len(items) < self.threshold:
            yield items
            return
        import click

        with click.progressbar(items, label=label, file=self.stream, show_pos=True,
                               show_eta=True, width=30) as bar:
            yield bar


NO_PROGRESS = Progress(quiet=True)

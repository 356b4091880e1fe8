"""The progress bar shows only on a terminal, only for long loops, never when quiet."""

from __future__ import annotations

import io
from pathlib import Path

from perfutil import small_repo

from gitmem.progress import Progress
from gitmem.workspace import open_workspace


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def consume(progress: Progress, items: list[int]) -> list[int]:
    with progress.track(items, "Counting") as tracked:
        return list(tracked)


def test_a_bar_on_a_terminal_for_a_long_loop() -> None:
    stream = Terminal()
    assert consume(Progress(stream=stream, threshold=10), list(range(50))) == list(range(50))
    assert "Counting" in stream.getvalue() and "50/50" in stream.getvalue()


def test_silent_when_quiet_short_or_not_a_terminal() -> None:
    items = list(range(50))
    for progress, stream in [
        (Progress(quiet=True, stream=(t := Terminal()), threshold=10), t),
        (Progress(stream=(t := Terminal()), threshold=100), t),
        (Progress(stream=(s := io.StringIO()), threshold=10), s),
    ]:
        assert consume(progress, items) == items
        assert stream.getvalue() == ""
    assert consume(Progress(stream=None, threshold=0), items) == items


def test_reading_memories_reports_progress_and_reads_the_same(tmp_path: Path) -> None:
    repo = small_repo(tmp_path / "repo", files=60)
    plain = open_workspace(repo).memories()
    ws = open_workspace(repo)
    stream = Terminal()
    ws.progress = Progress(stream=stream, threshold=10)
    assert ws.memories() == plain
    assert ws.memories("HEAD") == open_workspace(repo).memories("HEAD")
    assert stream.getvalue().count("Reading memories") >= 2

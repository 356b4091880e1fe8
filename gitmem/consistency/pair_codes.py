"""Pairs of claim indexes held as one array of ints, not one tuple per pair.

At 10,000 files `find_pairs` holds about 600,000 candidate pairs, and the count grows faster
than the claims (docs/performance.md, "Where the memory goes"). A pair as a tuple of two ints in
a list costs 60-90 bytes; as the code `i * width + j` in an `array('q')` it costs 8, and the
array is one object, so the judging processes forked from the main one read it without touching
(and so copying) a page of it. `PairCodes` is that array read as a sequence of (i, j) tuples,
built as they are asked for, so the judge's code reads it as it read a list of pairs.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import overload


class PairCodes(Sequence[tuple[int, int]]):
    """(i, j) pairs with 0 <= i, j < width, as `i * width + j` in one array('q')."""

    __slots__ = ("codes", "width")

    def __init__(self, width: int, codes: array | None = None) -> None:
        self.width = max(width, 1)
        self.codes = codes if codes is not None else array("q")

    @classmethod
    def of(cls, width: int, pairs: Iterable[tuple[int, int]]) -> PairCodes:
        width = max(width, 1)
        return cls(width, array("q", (i * width + j for i, j in pairs)))

    def append(self, i: int, j: int) -> None:
        self.codes.append(i * self.width + j)

    def __len__(self) -> int:
        return len(self.codes)

    @overload
    def __getitem__(self, n: int) -> tuple[int, int]: ...

    @overload
    def __getitem__(self, n: slice) -> list[tuple[int, int]]: ...

    def __getitem__(self, n: int | slice) -> tuple[int, int] | list[tuple[int, int]]:
        if isinstance(n, slice):
            return [divmod(code, self.width) for code in self.codes[n]]
        return divmod(self.codes[n], self.width)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        width = self.width
        return (divmod(code, width) for code in self.codes)

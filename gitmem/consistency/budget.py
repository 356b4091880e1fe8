"""A budget of judged pairs: what bounds the hooks whatever a repository holds.

Families (families.py) keep a pasted list of near-identical claims linear, but any memory can be
written so that thousands of its claims share enough keys to be candidates of one another (two
numbers that vary, a word drawn from a dictionary): n(n - 1) / 2 pairs, minutes of judging. A
commit or a pull must not wait for that. `find_pairs` given a budget judges at most
`PairBudget.pairs` pairs and records how many more it did not judge and in which files; the
hooks say so and point to `gitmem lint`, which has no budget. The pairs judged first are those
of the least crowded claims (a claim's candidates counted), so a flood of look-alike claims in
one file spends the budget last and an ordinary contradiction beside it is still judged; ties
go in claim order, the same on every run.
"""

from __future__ import annotations

from array import array
from collections import Counter
from dataclasses import dataclass, field

from gitmem.consistency.pair_codes import PairCodes

HOOK_PAIR_BUDGET = 10_000  # 2-4 s of judging; a one-file commit on 10,000 files needs far fewer
_FILES_NAMED = 5


@dataclass
class PairBudget:
    pairs: int  # at most this many pairs judged
    skipped: int = 0  # candidate pairs left unjudged
    files: set[str] = field(default_factory=set)  # the files of their claims

    def order(self, pairs: PairCodes) -> None:
        """Sort `pairs` (claim indexes) in place, least crowded first (module docstring)."""
        degree: Counter[int] = Counter()
        for i, j in pairs:
            degree[i] += 1
            degree[j] += 1
        width = max(degree, default=0) + 1
        pairs.codes = array("q", (i * pairs.width + j for i, j in sorted(
            pairs, key=lambda p: (max(degree[p[0]], degree[p[1]]) * width + p[0]) * width + p[1])))

    def notice(self) -> str:
        """What a hook says when the budget ran out ("" when it did not)."""
        if not self.skipped:
            return ""
        from gitmem.lint.formats.printable import printable

        names = sorted(self.files)
        where = ", ".join(printable(name) for name in names[:_FILES_NAMED])
        if len(names) > _FILES_NAMED:
            where += f" and {len(names) - _FILES_NAMED:,} more"
        return (f"the duplicate and contradiction check stopped after {self.pairs:,} pairs, its "
                f"budget in the hooks: {self.skipped:,} more candidate pairs were not judged "
                f"(claims of {where}), so none of them is reported or blocks here; run "
                "`gitmem lint` for the full check")

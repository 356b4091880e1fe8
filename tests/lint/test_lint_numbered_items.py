"""GM201/GM202: two lines alike but for the numbered items they name are about other items.

Judged samples of public projects (docs/real-repositories.md, "All judged batches, in-sample
round (stop 33)") called such pairs false: per-folder guides that each open with the same
sentence frame, "**Related decisions:** D1, D2 — see `docs/DECISIONS.md` for the full record", each
naming its own decisions. A figure that differs already keeps two lines apart
(`values.other_numbers`); a code of a numbered series (capitals then digits: "D8", "U12",
"REQ4", a range "D16-D25") does the same.
"""

from __future__ import annotations

from pathlib import Path

from gitutil import make_repo
from lintutil import cli

TAIL = " — see `docs/DECISIONS.md` for the full record.\n"


def duplicates(repo: Path) -> list[tuple[str, str]]:
    run = cli(repo, "lint", "--json", "--select", "GM201,GM202")
    assert run.code in (0, 1), run.out + run.err
    return sorted((f["path"], f["related"][0]["path"]) for f in run.json()["findings"]
                  if f["code"] in ("GM201", "GM202"))


def guide(items: str) -> str:
    return f"# Service guide\n\n## Scope\n\n- **Related decisions:** {items}{TAIL}"


def test_lines_naming_other_numbered_items_are_no_duplicate(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "memory/billing-guide.md": guide("D1, D2"),
        "memory/ledger-guide.md": guide("D9, D12, D16-D25"),
    })
    assert duplicates(repo) == []


def test_lines_naming_the_same_items_are_still_a_duplicate(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "memory/billing-guide.md": guide("D1, D2"),
        "memory/ledger-guide.md": guide("D1 and D2"),
    })
    assert duplicates(repo) == [("memory/billing-guide.md", "memory/ledger-guide.md")]

"""Fingerprints: one per finding, never shared, and unmoved by moved lines or unrelated edits."""

from __future__ import annotations

import dataclasses
import json
import tempfile
from pathlib import Path

from gitutil import make_repo, write
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lintutil import cli

FLAGGED = ["Fixed in commit 4f2a9c81be.", "Helper in `src/gone.py`.",
           "Released in commit 0badc0ffee1.", "Fixed in commit 4f2a9c81be."]  # a repeat
PLAIN = ["Use tabs.", "Run the tests first.", "Deploy on Fridays.", "Keep it short."]


def fingerprints(repo: Path, body: list[str]) -> list[tuple[str, str]]:
    write(repo, {"memory/a.md": "---\nname: a\n---\n" + "".join(f"- {x}\n" for x in body)})
    run = cli(repo, "lint", "--format", "json", "--select", "GM3")
    return [(f["code"], f["fingerprint"]) for f in json.loads(run.out)["findings"]]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plain=st.lists(st.sampled_from(PLAIN), max_size=5), data=st.data())
def test_moving_lines_and_editing_others_keeps_every_fingerprint(plain: list[str],
                                                                 data: st.DataObject) -> None:
    body = data.draw(st.permutations(FLAGGED + plain))
    moved = data.draw(st.permutations(body))  # every line may move
    edited = [line if line in FLAGGED else data.draw(st.sampled_from(PLAIN + ["Edited."]))
              for line in moved]
    extra = data.draw(st.lists(st.sampled_from(PLAIN), max_size=3))  # lines added elsewhere
    with tempfile.TemporaryDirectory() as tmp:
        repo = make_repo(Path(tmp) / "r", {"README.md": "x\n"})
        before = fingerprints(repo, body)
        after = fingerprints(repo, extra + edited)
    assert len(before) == len(FLAGGED)
    assert len({fp for _, fp in before}) == len(before)  # the repeat has its own
    assert sorted(before) == sorted(after)


def test_the_same_hash_on_two_lines_gets_two_fingerprints_and_a_pair_is_order_free(
    tmp_path: Path,
) -> None:
    repo = make_repo(tmp_path / "r", {"README.md": "x\n"})
    prints = fingerprints(repo, ["Fixed in commit 4f2a9c81be.", "Fixed in commit 4f2a9c81be."])
    assert len(prints) == 2 and prints[0][1] != prints[1][1]
    write(repo, {"memory/x.md": "- Indent Python code with tabs.\n",
                 "memory/y.md": "- Indent Python code with spaces.\n"})
    first = [f["fingerprint"] for f in cli(repo, "lint", "--format", "json").json()["findings"]
             if f["code"] == "GM211"]
    write(repo, {"memory/x.md": "- Indent Python code with spaces.\n",
                 "memory/y.md": "- Indent Python code with tabs.\n"})
    swapped = [f["fingerprint"] for f in cli(repo, "lint", "--format", "json").json()["findings"]
               if f["code"] == "GM211"]
    assert len(first) == 1 and first != swapped  # the texts moved between files: a new pair
    write(repo, {"memory/x.md": "\n\n- Indent Python code with tabs.\n",
                 "memory/y.md": "# Style\n\n- Indent Python code with spaces.\n"})
    shifted = [f["fingerprint"] for f in cli(repo, "lint", "--format", "json").json()["findings"]
               if f["code"] == "GM211"]
    assert shifted == first


def test_findings_alike_but_for_their_other_side_are_told_apart() -> None:
    from gitmem.lint.fingerprint import with_fingerprints
    from gitmem.model import Finding, Location

    pair = Finding("GM201", "duplicate", "warning", "m/a.md", 1, "same", (Location("m/b.md", 2),))
    other = dataclasses.replace(pair, related=(Location("m/c.md", 2),))
    prints = {f.related[0].path: f.fingerprint for f in with_fingerprints([other, pair], [])}
    assert len(set(prints.values())) == 2
    assert with_fingerprints([pair], [])[0].fingerprint == prints["m/b.md"]


def test_a_fingerprinted_finding_keeps_every_other_field() -> None:
    from gitmem.lint.fingerprint import with_fingerprints
    from gitmem.model import Finding, Location

    finding = Finding("GM211", "contradiction", "warning", "m/a.md", 3, "says otherwise",
                      (Location("m/b.md", 4),), 0.75, {"class": "match"}, "")
    (marked,) = with_fingerprints([finding], [])
    assert marked == dataclasses.replace(finding, fingerprint=marked.fingerprint)
    assert len(marked.fingerprint) == 32 and finding.fingerprint == ""  # a copy, not an edit
    assert vars(marked) == {**vars(finding), "fingerprint": marked.fingerprint}

    @dataclasses.dataclass(frozen=True)
    class Special(Finding):
        extra: str = "kept"

    (special,) = with_fingerprints([Special(**vars(finding))], [])
    assert type(special) is Special and special.extra == "kept"
    assert special.fingerprint == marked.fingerprint

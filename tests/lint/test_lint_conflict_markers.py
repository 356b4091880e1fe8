"""GM105 conflict-marker on parsed memories (pure); through real git merges in
tests/hooks/test_conflict_markers_hook.py."""

from __future__ import annotations

import pytest
from lintutil import found, lint, memory

from gitmem.lint.rules.conflict_rules import conflict_regions

FRONT = "---\nname: deploy\n---\n"


def gm105(text: str) -> list[tuple[int, str]]:
    return [(f.line, f.message) for f in found(lint(memory("memory/a.md", text)), "GM105")]


def test_a_conflict_region_is_one_error_at_its_opening_line() -> None:
    text = FRONT + "<<<<<<< HEAD\n- Deploy on Tuesdays.\n=======\n- Deploy on Mondays.\n" \
                   ">>>>>>> side\n- Tag releases.\n"
    [(line, message)] = gm105(text)
    assert line == 4 and "lines 4-8" in message and "`<<<<<<< HEAD`" in message
    [finding] = found(lint(memory("memory/a.md", text)), "GM105")
    assert finding.severity == "error" and finding.name == "conflict-marker"


def test_a_diff3_region_says_it_holds_the_base() -> None:
    text = FRONT + "<<<<<<< HEAD\n- A.\n||||||| 1a2b3c4\n- O.\n=======\n- B.\n>>>>>>> side\n"
    [(_, message)] = gm105(text)
    assert "ours, base and theirs" in message


def test_markers_in_the_frontmatter_are_reported_beside_gm101() -> None:
    text = "---\n<<<<<<< HEAD\nname: shipping\n=======\nname: releases\n>>>>>>> side\n---\n- x.\n"
    report = lint(memory("memory/a.md", text))
    assert [f.line for f in found(report, "GM105")] == [2]
    assert found(report, "GM101")


@pytest.mark.parametrize("text", [
    FRONT + "Deploys\n=======\n\n- On Tuesdays.\n",  # a setext heading underline
    FRONT + "How a conflict looks:\n\n```text\n<<<<<<< HEAD\nours\n=======\ntheirs\n"
            ">>>>>>> side\n```\n",  # quoted on purpose in a code block
    FRONT + "~~~~\n>>>>>>> side\n~~~~\n- Arrows <<<<<<< in a sentence.\n",
    FRONT + "| a | b |\n|---|---|\n|||||||\n",  # an empty table row is not a named base marker
])
def test_text_that_only_looks_like_markers_is_not_reported(text: str) -> None:
    assert gm105(text) == []


def test_unclosed_stray_and_long_markers() -> None:
    assert [r.end for r in conflict_regions("<<<<<<< HEAD\n- a\n=======\n- b\n")] == [None]
    assert [(r.start, r.end) for r in conflict_regions("- a\n>>>>>>> side\n")] == [(2, 2)]
    long = "<" * 12 + " HEAD\n- a\n" + "=" * 12 + "\n- b\n" + ">" * 12 + " side\n"
    assert [(r.start, r.end) for r in conflict_regions(long)] == [(1, 5)]
    [(_, message)] = gm105(FRONT + "- a\n>>>>>>> side\n")
    assert "leftover conflict marker" in message


def test_markers_beside_bytes_that_are_not_utf8_are_still_reported() -> None:
    # a file that holds no run of seven marker characters is not split into lines at all; the
    # runs are looked for in the bytes, where a broken UTF-8 sequence must not hide them
    raw = (FRONT + "- caf").encode() + b"\xe9\xff\n<<<<<<< HEAD\r\n- a\r\n=======\r\n- b\r\n" \
        + b">>>>>>> side\r\n<<<<<<< again\n"
    assert [(line, message.split(" (")[0]) for line, message in gm105(raw)] == [
        (5, "lines 5-9 are an unresolved merge conflict"),
        (10, "`<<<<<<< again` opens a conflict that never closes; keep the text that holds, "
             "delete the marker lines, then stage the file again")]
    assert gm105(FRONT + "- a <<<<<< b >>>>>> c |||||| d\n") == []

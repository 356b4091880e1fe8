"""Which strings are commit claims and path citations: data-driven from tests/cases/lint/*.tsv.

Each case is one prose line and what must be extracted from it; the traps (dates, hex words,
URL ids, digests, request ids, routes, MIME types, globs ...) expect nothing.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from lintutil import memory

from gitmem.lint.commit_claims import commit_claims_in_line
from gitmem.lint.extract import extract_citations
from gitmem.lint.path_citations import path_citations_in_line

CASES = Path(__file__).resolve().parents[1] / "cases" / "lint"


def load(name: str) -> list[tuple[str, str]]:
    rows = []
    for raw in (CASES / name).read_text(encoding="utf-8").splitlines():
        if raw.strip() and not raw.startswith("#"):
            expected, _, line = raw.partition("\t")
            rows.append((expected, line))
    return rows


@pytest.mark.parametrize(("expected", "line"), load("commit_claims.tsv"))
def test_commit_claims(expected: str, line: str) -> None:
    claims = commit_claims_in_line(line, 1)
    got = [c.token + (f"@{c.other_repo}" if c.other_repo else "") for c in claims]
    assert got == ([] if expected == "-" else expected.split(","))


@pytest.mark.parametrize(("expected", "line"), load("path_citations.tsv"))
def test_path_citations(expected: str, line: str) -> None:
    got = [c.text for c in path_citations_in_line(line, 1, "memory/a.md")]
    assert got == ([] if expected == "-" else expected.split("|"))


def test_link_targets_are_read_relative_to_the_memory_and_to_the_root() -> None:
    [citation] = path_citations_in_line("[x](../src/app.py)", 3, "memory/notes/a.md")
    assert [q.value for q in citation.queries] == ["memory/src/app.py", "../src/app.py"]
    [bare] = path_citations_in_line("`package.json`", 3, "memory/a.md")
    assert bare.bare and bare.queries[0].kind == "basename"


def test_fenced_code_and_the_pending_review_queue_are_not_claims() -> None:
    text = (
        "---\nname: n\n---\n# Notes\n\n```sh\ngit revert abc1234 # src/gone.py\n```\n\n"
        "- fixed in commit 1a2b3c4\n\n## Pending review\n\n"
        "- [GM301] memory/a.md:4: commit 9f9f9f9 does not exist; see `src/x.py`\n\n"
        "## Later\n\n- commit 5e5e5e5 landed\n"
    )
    review = extract_citations(memory("MEMORY.md", text), review_file="MEMORY.md")
    assert [(c.token, c.line) for c in review.commits] == [("1a2b3c4", 10), ("5e5e5e5", 18)]
    assert review.paths == ()
    other = extract_citations(memory("memory/x.md", text), review_file="MEMORY.md")
    assert [c.token for c in other.commits] == ["1a2b3c4", "9f9f9f9", "5e5e5e5"]


def test_headings_are_checked_like_any_prose_line() -> None:
    text = "---\nname: n\n---\n# Fixed in commit 4f3c2b1a\n\n## `src/api/client.py`\n\nText.\n"
    found = extract_citations(memory("memory/h.md", text))
    assert [(c.token, c.line) for c in found.commits] == [("4f3c2b1a", 4)]
    assert [(p.text, p.line) for p in found.paths] == [("src/api/client.py", 6)]


def test_frontmatter_commit_fields_are_claims_even_when_yaml_made_them_numbers() -> None:
    text = "---\ncommit: 0123456\nsha: 'deadbeef'\nrev: 1e10\ncommits: [a1b2c3d, e4f5a6b]\n---\nbody\n"
    claims = extract_citations(memory("memory/a.md", text)).commits
    assert [(c.token, c.line, c.anchor) for c in claims] == [
        ("0123456", 2, "field"), ("a1b2c3d", 5, "field"), ("e4f5a6b", 5, "field"),
        ("deadbeef", 3, "field"),
    ]


def test_crlf_and_bom_keep_line_numbers() -> None:
    text = "\ufeff---\r\nname: n\r\n---\r\n\r\n- fixed in commit 1a2b3c4 in `src/a.py`\r\n"
    found = extract_citations(memory("memory/a.md", text))
    assert [(c.token, c.line) for c in found.commits] == [("1a2b3c4", 5)]
    assert [(p.text, p.line) for p in found.paths] == [("src/a.py", 5)]


@pytest.mark.parametrize("line", ["+" * 40_000 + " a/b", "c++" * 20_000 + " src/x.py",
                                  "a-" * 20_000 + "://x", "/+" * 20_000])
def test_long_runs_of_path_characters_cost_linear_time(line: str) -> None:
    started = time.monotonic()
    path_citations_in_line(line, 1, "memory/a.md")
    commit_claims_in_line(line, 1)
    assert time.monotonic() - started < 2  # the quadratic scans took 8 to 35 s

"""Claim segmentation: which lines of a memory are statements, and where each one starts."""

from __future__ import annotations

import time

import pytest

from gitmem.memory.claims import segment_claims
from gitmem.memory.sentences import split_sentences

# (case id, body, expected [(line, kind, text)]) with the body starting on line 1.
CASES: list[tuple[str, str, list[tuple[int, str, str]]]] = [
    ("bullets", "- a claim\n* another\n+ third\n", [
        (1, "bullet", "a claim"), (2, "bullet", "another"), (3, "bullet", "third")]),
    ("task items", "- [ ] open task\n- [x] done task\n- [X] Done too\n", [
        (1, "task", "open task"), (2, "done", "done task"), (3, "done", "Done too")]),
    ("numbered", "1. first\n2) second\n10. tenth\n", [
        (1, "item", "first"), (2, "item", "second"), (3, "item", "tenth")]),
    ("continuation", "- Use tabs\n  for indentation.\n- Next\n", [
        (1, "bullet", "Use tabs for indentation."), (3, "bullet", "Next")]),
    ("nested", "- parent\n  - child\n    - grandchild\n- sibling\n", [
        (1, "bullet", "parent"), (2, "bullet", "child"), (3, "bullet", "grandchild"),
        (4, "bullet", "sibling")]),
    ("nested numbered", "1. step\n   - detail\n2. next step\n", [
        (1, "item", "step"), (2, "bullet", "detail"), (3, "item", "next step")]),
    ("paragraph in list item", "- item\n\n  More about it. Even more.\n", [
        (1, "bullet", "item"), (3, "sentence", "More about it."), (3, "sentence", "Even more.")]),
    ("multi-sentence bullet stays one claim", "- First. Second.\n", [
        (1, "bullet", "First. Second.")]),
    ("sentences across lines", "One sentence spans\ntwo lines. Next one\nstarts here.\n", [
        (1, "sentence", "One sentence spans two lines."), (2, "sentence", "Next one starts here.")]),
    ("split traps", "Use e.g. Python and i.e. this. Version v2.3 works. Edit file.py now.\n", [
        (1, "sentence", "Use e.g. Python and i.e. this."), (1, "sentence", "Version v2.3 works."),
        (1, "sentence", "Edit file.py now.")]),
    ("decimals and urls", "Pi is 3.14 today. See https://x.org/a.b. Then stop.\n", [
        (1, "sentence", "Pi is 3.14 today."), (1, "sentence", "See https://x.org/a.b."),
        (1, "sentence", "Then stop.")]),
    ("lowercase after dot does not split", "Call foo. then bar. Done!\n", [
        (1, "sentence", "Call foo. then bar."), (1, "sentence", "Done!")]),
    ("question and exclamation", "Why? Because! \"Quoted.\" Then (done.) End\n", [
        (1, "sentence", "Why?"), (1, "sentence", "Because!"), (1, "sentence", "\"Quoted.\""),
        (1, "sentence", "Then (done.)"), (1, "sentence", "End")]),
    ("inline code is not split", "Run `make. Test` now. Done.\n", [
        (1, "sentence", "Run `make. Test` now."), (1, "sentence", "Done.")]),
    ("backtick fence", "Before.\n```python\n- not a claim\nx = 1. Y\n```\nAfter.\n", [
        (1, "sentence", "Before."), (6, "sentence", "After.")]),
    ("tilde fence, longer close", "~~~~\n- no\n~~~\n- still code\n~~~~~\n- yes\n", [
        (6, "bullet", "yes")]),
    ("unterminated fence runs to end", "- yes\n```\n- no\n- no\n", [(1, "bullet", "yes")]),
    ("fence with backticks in info is not a fence", "``` a`b\n- yes\n", [
        (1, "sentence", "``` a`b"), (2, "bullet", "yes")]),
    ("indented code", "Para.\n\n    code line. Not a claim.\n    more code\n\nAfter.\n", [
        (1, "sentence", "Para."), (6, "sentence", "After.")]),
    ("indented line continues a paragraph", "Para starts\n    and continues.\n", [
        (1, "sentence", "Para starts and continues.")]),
    ("atx headings and sections", "# Title\nIntro.\n## Sub ##\n- item\n", [
        (2, "sentence", "Intro."), (4, "bullet", "item")]),
    ("setext headings", "Heading One\n===========\nText.\n\nHeading Two\n---\n- item\n", [
        (3, "sentence", "Text."), (7, "bullet", "item")]),
    ("setext takes the whole paragraph", "Text.\nTitle\n---\n- item\n", [(4, "bullet", "item")]),
    ("hashtag is not a heading", "#hashtag stays\n", [(1, "sentence", "#hashtag stays")]),
    ("pipe table", "Intro.\n| a | b |\n|---|---|\n| 1 | 2 |\nAfter.\n", [
        (1, "sentence", "Intro."), (5, "sentence", "After.")]),  # a line without `|` ends it
    ("pipe table then blank", "| a | b |\n|---|---|\n| 1 | 2 |\n\nAfter.\n", [
        (5, "sentence", "After.")]),
    ("table without leading pipes", "Intro.\n\nh1 | h2\n--|--\nc | d\n\nAfter.\n", [
        (1, "sentence", "Intro."), (7, "sentence", "After.")]),
    ("aligned separator", "a | b\n:--|--:\n1 | 2\n", []),
    ("pipe in prose is kept", "Use a | b in shells.\n", [(1, "sentence", "Use a | b in shells.")]),
    ("html comment one line", "<!-- hidden -->\n- shown\n", [(2, "bullet", "shown")]),
    ("html comment multi line", "- a\n<!--\n- hidden\nstill hidden -->\n- b\n", [
        (1, "bullet", "a"), (5, "bullet", "b")]),
    ("inline comment removed", "Keep this <!-- not this --> text.\n", [
        (1, "sentence", "Keep this text.")]),
    ("blockquote content counts", "> Quoted claim. Second.\n> - quoted bullet\n", [
        (1, "sentence", "Quoted claim."), (1, "sentence", "Second."),
        (2, "bullet", "quoted bullet")]),
    ("horizontal rules", "Before.\n\n***\n- - -\n___\nAfter.\n", [
        (1, "sentence", "Before."), (6, "sentence", "After.")]),
    ("link reference definitions", "[docs]: https://example.com\n[x]: /p \"T\"\nText.\n", [
        (3, "sentence", "Text.")]),
    ("html tags only", "<details>\n<summary>Open</summary>\n</details>\n", [
        (2, "sentence", "<summary>Open</summary>")]),
    ("punctuation only dropped", "- ...\n- ---x\n* * *\n- !!\n", [(2, "bullet", "---x")]),
    ("empty bullet dropped", "-\n- real\n", [(2, "bullet", "real")]),
    ("emphasis is not a bullet", "*Note:* this matters.\n**Bold** start.\n", [
        (1, "sentence", "*Note:* this matters."), (2, "sentence", "**Bold** start.")]),
    ("lazy continuation joins the bullet", "- Use X\nnot Y.\n", [(1, "bullet", "Use X not Y.")]),
    ("dash word is not a bullet", "--flag enables it.\n", [(1, "sentence", "--flag enables it.")]),
    ("markdown kept, whitespace collapsed", "-   Use   `ruff`  **always**\n", [
        (1, "bullet", "Use `ruff` **always**")]),
    ("tabs", "-\tTabbed bullet\n\tcontinued\n", [(1, "bullet", "Tabbed bullet continued")]),
    ("crlf", "- one\r\n- two\r\n\r\nSentence.\r\n", [
        (1, "bullet", "one"), (2, "bullet", "two"), (4, "sentence", "Sentence.")]),
    ("blank lines only", "\n\n   \n", []),
]


@pytest.mark.parametrize(("body", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_segment_claims(body: str, expected: list[tuple[int, str, str]]) -> None:
    claims = segment_claims("m.md", body, 1)
    assert [(c.line, c.kind, c.text) for c in claims] == expected
    assert all(c.path == "m.md" for c in claims)


def test_sections_follow_the_nearest_heading() -> None:
    body = "Preamble.\n# Setup\n- a\n## Deploy `prod` ##\n- b\n\nPlain Title\n---\n- c\n"
    sections = [(c.text, c.section) for c in segment_claims("m.md", body, 1)]
    assert sections == [
        ("Preamble.", ""), ("a", "Setup"), ("b", "Deploy `prod`"), ("c", "Plain Title")
    ]


def test_body_line_offsets_every_claim() -> None:
    claims = segment_claims("m.md", "\n- a\n\nText.\n", 7)
    assert [c.line for c in claims] == [8, 10]


def test_split_sentences_offsets_point_into_the_text() -> None:
    text = "First one. Second one! Third?"
    for start, sentence in split_sentences(text):
        assert text[start:].startswith(sentence)


def test_ten_thousand_memories_segment_quickly() -> None:
    body = "\n".join(
        ["# Notes", "", *[f"- Bullet number {i} says use the cache." for i in range(12)], "",
         *[f"Sentence {i} is prose. It has two parts." for i in range(10)], "", "## More",
         "1. Item one", "2. Item two"]
    )
    started = time.process_time()
    total = sum(len(segment_claims("m.md", body, 5)) for _ in range(10_000))
    elapsed = time.process_time() - started
    assert total == 10_000 * (12 + 20 + 2)
    assert elapsed < 6.0  # about 1 s on a laptop; generous for loaded CI machines



def test_a_nested_entry_knows_the_entry_or_bold_label_it_stands_under() -> None:
    body = ("## Plans\n1. **Team**: $20\n   - 5 seats\n2. **Company**: $60\n   - 5 seats\n\n"
            "**Home use**:\n- Offline notes\n\nA sentence.\n\n- Desks for everyone\n\n## Next\n- Top\n")
    found = [(c.line, c.text, c.parent) for c in segment_claims("m.md", body, 1)]
    assert found == [
        (2, "**Team**: $20", ""), (3, "5 seats", "**Team**: $20"),
        (4, "**Company**: $60", ""), (5, "5 seats", "**Company**: $60"),
        (8, "Offline notes", "**Home use**:"), (10, "A sentence.", ""),
        (12, "Desks for everyone", ""), (15, "Top", "")]

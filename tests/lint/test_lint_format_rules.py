"""GM101-GM104 on parsed memories (pure: no git), and the bad inputs none of which may crash."""

from __future__ import annotations

import pytest
from lintutil import found, lint, memory

from gitmem.lint.registry import enabled_rules


def test_gm101_reports_frontmatter_that_does_not_parse_and_still_checks_the_body() -> None:
    bad = memory("memory/a.md", "---\nname: [unclosed\n---\n- fixed in commit 1a2b3c4\n")
    report = lint(bad)
    [finding] = found(report, "GM101")
    assert finding.severity == "error" and finding.path == "memory/a.md"
    assert "not valid YAML" in finding.message
    assert bad.claims, "the body is still read"


@pytest.mark.parametrize(
    ("text", "kind"),
    [("---\n- a\n- b\n---\nbody\n", "list"), ("---\njust a scalar\n---\nbody\n", "scalar"),
     ("---\nname: n\nbody without a closing line\n", "never closed")],
)
def test_gm101_non_mapping_and_unclosed_frontmatter(text: str, kind: str) -> None:
    [finding] = found(lint(memory("memory/a.md", text)), "GM101")
    assert kind.split()[0] in finding.message


@pytest.mark.parametrize("extra", ["", "tags:\n  - release\n  - freeze\n"])  # simple, full YAML
def test_an_impossible_date_is_a_gm102_on_its_line_and_the_rest_is_kept(extra: str) -> None:
    text = f"---\nname: release freeze\ntype: project\n{extra}valid_until: 2026-02-30\n---\n- x\n"
    parsed = memory("memory/a.md", text)
    report = lint(parsed, select=("GM1",))
    assert not found(report, "GM101")
    [finding] = found(report, "GM102")
    assert "valid_until" in finding.message and "2026-02-30" in finding.message
    assert finding.line == text.split("\n").index("valid_until: 2026-02-30") + 1
    assert parsed.name == "release freeze" and parsed.type == "project"


def test_gm101_negatives_plain_markdown_and_valid_frontmatter() -> None:
    report = lint(memory("a.md", "# Title\n\nText.\n"),
                  memory("b.md", "---\nname: b\ntags: [x]\nconfidence: 0.5\n---\nText.\n"),
                  select=("GM1",))
    assert report.findings == ()


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("confidence: 1.5", "between 0 and 1"),
        ("confidence: -0.1", "between 0 and 1"),
        ("confidence: high", "must be a number"),
        ("confidence: true", "must be a number"),
        ("protected: yes please", "true or false"),
        ("protected: 1", "true or false"),
        ("tags: {a: 1}", "tags must be"),
        ("tags: [a, {b: 1}]", "plain strings"),
        ("valid_until: next week", "ISO date"),
        ("valid_from: '2026-13-45'", "ISO date"),
        ("resolved_at: [2026-01-01]", "ISO date"),
        ("superseded_by: [a.md]", "superseded_by must be"),
        ("do_not_reopen: memory/b.md", "do_not_reopen must be"),
        ("do_not_reopen: [{partner: memory/b.md}]", "before"),
        ("do_not_reopen: [{before: 2026-01-01}]", "partner"),
        ("name: [a, b]", "name must be a string"),
        ("commit: 0123456", "quote it"),
        ("sha: 1e10", "quote it"),
        ("commit: 42", "must be a commit hash"),
    ],
)
def test_gm102_wrong_type_or_range_points_at_the_key(field: str, message: str) -> None:
    text = f"---\nname: n\n{field}\ntype: note\n---\nbody\n"
    if field.startswith("name:"):
        text = f"---\n{field}\ntype: note\n---\nbody\n"
    [finding] = found(lint(memory("memory/a.md", text)), "GM102")
    assert message in finding.message
    assert finding.line == (2 if field.startswith("name:") else 3)


def test_gm102_negatives() -> None:
    text = (
        "---\nname: n\nconfidence: 1\nprotected: false\ntags: note\nvalid_from: 2026-05-17\n"
        "valid_until: '2026-06-01'\nresolved_at: 2026-05-17T10:00:00Z\nsuperseded_by:\n"
        "description:\ncommit: '0123456'\nsha: a1b2c3d\ndo_not_reopen:\n"
        "  - partner: memory/a.md\n    before: 2026-09-01\nunknown_field: {anything: [1]}\n"
        "alwaysApply: true\nglobs: *.ts\n---\nbody\n"
    )
    report = lint(memory("memory/a.md", text), select=("GM102",))
    assert report.findings == ()


def test_gm103_broken_references_in_superseded_by_and_do_not_reopen() -> None:
    a = memory("memory/a.md", "---\nsuperseded_by: memory/gone.md\ndo_not_reopen:\n"
                              "  - partner: memory/b.md\n    before: 2026-01-01\n"
                              "  - partner: nowhere.md\n    before: 2026-01-01\n---\nA.\n")
    b = memory("memory/b.md", "---\nsuperseded_by: c.md\n---\nB.\n")  # folder-relative: ok
    c = memory("memory/c.md", "C.\n")
    report = lint(a, b, c)
    assert [(f.path, f.line) for f in found(report, "GM103")] == [
        ("memory/a.md", 2), ("memory/a.md", 3)]
    assert "memory/gone.md" in found(report, "GM103")[0].message


def test_gm104_reports_each_cycle_once() -> None:
    a = memory("memory/a.md", "---\nsuperseded_by: memory/b.md\n---\nA.\n")
    b = memory("memory/b.md", "---\nname: b\nsuperseded_by: memory/c.md\n---\nB.\n")
    c = memory("memory/c.md", "---\nsuperseded_by: memory/a.md\n---\nC.\n")
    d = memory("memory/d.md", "---\nsuperseded_by: memory/d.md\n---\nD.\n")
    e = memory("memory/e.md", "---\nsuperseded_by: memory/a.md\n---\nE leads into the loop.\n")
    cycles = found(lint(a, b, c, d, e), "GM104")
    assert [(f.path, f.line) for f in cycles] == [("memory/a.md", 2), ("memory/d.md", 2)]
    assert "memory/a.md -> memory/b.md -> memory/c.md -> memory/a.md" in cycles[0].message
    assert [(r.path, r.line) for r in cycles[0].related] == [("memory/b.md", 3),
                                                             ("memory/c.md", 2)]


def test_gm104_negative_a_chain_that_ends() -> None:
    a = memory("memory/a.md", "---\nsuperseded_by: memory/b.md\n---\nA.\n")
    b = memory("memory/b.md", "---\nsuperseded_by: memory/c.md\n---\nB.\n")
    c = memory("memory/c.md", "C.\n")
    assert lint(a, b, c).findings == ()


BAD_INPUTS = {
    "non-utf8": b"---\nname: caf\xe9\n---\n- fixed in commit 1a2b3c4 \xff\n",
    "binary": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)),
    "empty": b"",
    "dashes-alone": b"---",
    "dashes-newline": b"---\n",
    "crlf": b"---\r\nname: n\r\nconfidence: 7\r\n---\r\n- a\r\n",
    "bom": b"\xef\xbb\xbf---\nname: n\nconfidence: 7\n---\nbody\n",
    "list": b"---\n- a\n---\nbody\n",
    "scalar": b"---\n42\n---\nbody\n",
    "anchor-bomb": b"---\na: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n"
                   b"c: &c [*b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c]\n"
                   b"e: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n---\nbody\n",
    "deep": b"---\na: " + b"[" * 500 + b"]" * 500 + b"\n---\nbody\n",
    "huge": b"---\nname: big\n---\n" + b"- fixed in commit 1a2b3c4 and `src/a.py`\n" * 80_000,
    "one-huge-line": b"commit a1b2c3d " * 200_000,
    "nul-in-frontmatter": b"---\nname: \x00\n---\nbody\n",
    "impossible-date": b"---\nvalid_from: 2026-13-45\n---\nbody\n",
}


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_bad_inputs_give_a_finding_or_a_notice_never_a_crash(name: str) -> None:
    bad = memory(f"memory/{name}.md", BAD_INPUTS[name])
    good = memory("memory/ok.md", "---\nname: ok\n---\nStill linted.\n")
    report = lint(bad, good)
    assert not any("internal error in" in notice for notice in report.notices), report.notices
    assert report.files == 2
    if name in ("binary", "non-utf8", "huge", "one-huge-line", "nul-in-frontmatter"):
        assert any(n.startswith(f"memory/{name}.md:") for n in report.notices)
    if name in ("crlf", "bom"):
        assert [f.line for f in found(report, "GM102")] == [3]
    if name in ("list", "scalar", "anchor-bomb", "deep"):
        assert found(report, "GM101")
    if name == "impossible-date":
        assert found(report, "GM101") or found(report, "GM102") or report.notices


def test_rules_can_be_chosen_by_code_prefix_and_name() -> None:
    assert [r.code for r in enabled_rules(("GM1",), ("broken-reference",))] == [
        "GM101", "GM102", "GM104", "GM105"]
    assert [r.code for r in enabled_rules(("GM3",), ("GM30",))] == [
        "GM311", "GM312", "GM313", "GM314"]
    assert [r.code for r in enabled_rules((), ("GM2", "GM3", "GM4"))] == [
        "GM101", "GM102", "GM103", "GM104", "GM105"]
    assert [r.code for r in enabled_rules(("GM311",), ("GM3",))] == ["GM311"]

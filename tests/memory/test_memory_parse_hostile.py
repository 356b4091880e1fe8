"""Memory files arrive from pulls and agents: hostile or broken input must never crash or hang."""

from __future__ import annotations

import time

import pytest

from gitmem.memory.parse import MAX_TEXT_BYTES, parse_memory
from gitmem.memory.problems import FileNotice, FrontmatterProblem


def _messages(raw: bytes) -> list[tuple[str, int, str]]:
    memory = parse_memory("memory/x.md", raw)
    return [(type(p).__name__, p.line, p.message) for p in memory.problems]


def test_invalid_utf8_is_read_with_replacement_and_reported() -> None:
    raw = b"---\nname: ok\n---\nGood line.\nBad \xff\xfe byte here.\n"
    memory = parse_memory("m.md", raw)
    assert memory.meta == {"name": "ok"}
    assert [(type(p), p.line) for p in memory.problems] == [(FileNotice, 5)]
    assert "UTF-8" in memory.problems[0].message
    assert [c.line for c in memory.claims] == [4, 5]
    assert "\ufffd" in memory.claims[1].text


def test_binary_file_gives_a_notice_and_no_claims() -> None:
    memory = parse_memory("m.md", b"PNG\r\n\x1a\n\x00\x00\x00IHDR. Looks like text.")
    assert memory.claims == ()
    assert memory.meta == {}
    assert [(type(p), p.line) for p in memory.problems] == [(FileNotice, 3)]
    assert "binary" in memory.problems[0].message


@pytest.mark.parametrize("raw", [b"---", b"---\n", b"---\r\n", b"---\nname: x\nBody text.\n"])
def test_unterminated_frontmatter_is_a_problem_and_the_file_is_body(raw: bytes) -> None:
    memory = parse_memory("m.md", raw)
    assert not memory.has_frontmatter
    assert memory.meta == {}
    assert memory.body_line == 1
    assert [(type(p), p.line) for p in memory.problems] == [(FrontmatterProblem, 1)]
    assert "never closed" in memory.problems[0].message


@pytest.mark.parametrize(
    ("frontmatter", "kind"),
    [("- a\n- b", "list"), ("just a sentence", "scalar str"), ("42", "scalar int")],
)
def test_frontmatter_that_is_not_a_mapping(frontmatter: str, kind: str) -> None:
    memory = parse_memory("m.md", f"---\n{frontmatter}\n---\nBody.\n".encode())
    assert memory.meta == {}
    assert memory.has_frontmatter
    assert [(type(p), p.line) for p in memory.problems] == [(FrontmatterProblem, 2)]
    assert f"not a mapping (it is a {kind})" in memory.problems[0].message
    assert [c.text for c in memory.claims] == ["Body."]


@pytest.mark.parametrize(
    ("raw", "line"),
    [
        (b"---\nname: ok\ntags: [a, b\n---\nBody.\n", 3),
        (b"---\nname: ok\ndescription: \"unterminated\n---\n", 3),
        (b"---\nname: ok\n  bad: indent\n---\n", 3),
        # (`key: a: b` is no error any more: the agents read such a value as its text)
        (b"---\r\nname: ok\r\n\r\nkey: {a: b\r\n---\r\n", 4),
        (b"\xef\xbb\xbf---\nx: 1\nx: !!python/object:os.system ls\n---\n", 3),
    ],
)
def test_yaml_errors_point_at_the_file_line(raw: bytes, line: int) -> None:
    memory = parse_memory("m.md", raw)
    assert memory.meta == {}
    assert [(type(p), p.line) for p in memory.problems] == [(FrontmatterProblem, line)]
    assert memory.problems[0].message.startswith("frontmatter is not valid YAML")


def test_billion_laughs_is_refused_fast() -> None:
    levels = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for depth in range(1, 10):
        prev, name = chr(ord("a") + depth - 1), chr(ord("a") + depth)
        levels.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    raw = ("---\n" + "\n".join(levels) + "\n---\nBody.\n").encode()
    started = time.perf_counter()
    memory = parse_memory("m.md", raw)
    assert time.perf_counter() - started < 0.5
    assert memory.meta == {}
    assert "aliases" in memory.problems[0].message
    assert isinstance(memory.problems[0], FrontmatterProblem)
    assert [c.text for c in memory.claims] == ["Body."]


def test_few_aliases_that_still_expand_hugely_are_refused() -> None:
    levels = ["a: &a [" + ", ".join(["x"] * 40) + "]"]
    for depth in range(1, 6):
        prev, name = chr(ord("a") + depth - 1), chr(ord("a") + depth)
        levels.append(f"{name}: &{name} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]")
    raw = ("---\n" + "\n".join(levels) + "\n---\n").encode()
    memory = parse_memory("m.md", raw)
    assert memory.meta == {}
    assert "expand" in memory.problems[0].message


def test_self_referencing_alias_is_refused() -> None:
    memory = parse_memory("m.md", b"---\na: &a [x, *a]\n---\n")
    assert memory.meta == {}
    assert "refers to itself" in memory.problems[0].message


def test_a_few_ordinary_aliases_are_fine() -> None:
    memory = parse_memory("m.md", b"---\nbase: &b [x, y]\ntags: *b\n---\n")
    assert memory.problems == ()
    assert memory.meta == {"base": ["x", "y"], "tags": ["x", "y"]}


@pytest.mark.parametrize(
    "frontmatter",
    [
        "a: " + "[" * 10_000 + "]" * 10_000,
        "a: " + "{x: " * 10_000 + "1" + "}" * 10_000,
        # block nesting needs one more column per level, so it must stay under the 2 MiB cap
        "\n".join(" " * depth + f"k{depth}:" for depth in range(1_500)) + " 1",
        "\n".join("  " * depth + "- " for depth in range(1_000)) + "x",
    ],
    ids=["flow-lists-10000", "flow-maps-10000", "block-maps-1500", "block-lists-1000"],
)
def test_deep_nesting_is_refused_fast(frontmatter: str) -> None:
    raw = f"---\n{frontmatter}\n---\nBody.\n".encode()
    assert len(raw) < MAX_TEXT_BYTES
    started = time.perf_counter()
    memory = parse_memory("m.md", raw)
    assert time.perf_counter() - started < 2.0
    assert memory.meta == {}
    assert isinstance(memory.problems[0], FrontmatterProblem)
    assert "nested more than 50 levels" in memory.problems[0].message
    assert [c.text for c in memory.claims] == ["Body."]


def test_nesting_that_crashes_libyaml_is_refused_before_loading() -> None:
    # 100,000 nested flow lists make PyYAML's C loader overflow the C stack (a segfault).
    deep = "[" * 100_000 + "]" * 100_000
    for frontmatter in (f"x: {deep}", f"globs: *.ts\nx: {deep}"):  # also on the lenient path
        memory = parse_memory("m.mdc", f"---\n{frontmatter}\n---\n".encode())
        assert memory.meta == {}
        assert "nested more than 50 levels" in memory.problems[0].message


def test_twenty_megabyte_file_is_truncated_quickly() -> None:
    line = b"- Claim number with some words to make the line longer than usual. More text.\n"
    raw = b"---\nname: big\n---\n" + line * (20 * 1024 * 1024 // len(line))
    assert len(raw) > 19 * 1024 * 1024
    started = time.perf_counter()
    memory = parse_memory("m.md", raw)
    elapsed = time.perf_counter() - started
    assert elapsed < 3.0
    assert memory.meta == {"name": "big"}
    assert memory.raw is raw
    notices = [p for p in memory.problems if isinstance(p, FileNotice)]
    assert len(notices) == 1 and "truncated" in notices[0].message
    read_lines = MAX_TEXT_BYTES // len(line)
    assert abs(len(memory.claims) - read_lines) <= 2
    assert notices[0].line == memory.claims[-1].line + 1


def test_huge_single_line_is_cut_on_a_character_boundary() -> None:
    raw = "é".encode() * (MAX_TEXT_BYTES // 2 + 10)
    raw = b"x" + raw  # make the cap fall in the middle of a two-byte character
    memory = parse_memory("m.md", raw)
    kinds = [type(p) for p in memory.problems]
    assert kinds == [FileNotice]  # truncated, but no false "not valid UTF-8"


def test_megabyte_of_pathological_markdown_is_linear() -> None:
    for chunk in ("<!--", "`", ".", "[", "| ", "- ", "> ", "#", "*"):
        raw = (chunk * (1_000_000 // len(chunk))).encode()
        started = time.perf_counter()
        parse_memory("m.md", raw)
        assert time.perf_counter() - started < 2.0, chunk


def test_megabyte_frontmatter_line_without_colon() -> None:
    raw = b"---\n" + b"x" * 1_000_000 + b"\n---\nBody.\n"
    started = time.perf_counter()
    memory = parse_memory("m.md", raw)
    assert time.perf_counter() - started < 2.0
    assert isinstance(memory.problems[0], FrontmatterProblem)


def test_brackets_in_quoted_values_and_comments_are_not_nesting() -> None:
    many = "[" * 60
    frontmatter = f"a: '{many}'\nb: \"{many}\"\nc: [x, y]  # {many}\nd: {{k: [1, 2]}}"
    memory = parse_memory("m.md", f"---\n{frontmatter}\n---\nBody.\n".encode())
    assert memory.problems == ()
    assert memory.meta == {"a": many, "b": many, "c": ["x", "y"], "d": {"k": [1, 2]}}


def test_deep_flow_nesting_names_the_line_it_passes_the_limit() -> None:
    frontmatter = "name: x\ntags:\n  - " + "[" * 51 + "]" * 51
    memory = parse_memory("m.md", f"---\n{frontmatter}\n---\n".encode())
    assert memory.meta == {}
    assert "nested more than 50 levels" in memory.problems[0].message
    assert memory.problems[0].line == 4  # file line of `  - [[[...`


@pytest.mark.parametrize("first", ["Notes for the assistant working on this service.",
                                   "See the build steps below before editing."])
def test_a_lone_rule_atop_prose_that_never_closes_is_a_thematic_break(first: str) -> None:
    # A file that never uses frontmatter may open with `---`, a horizontal rule in Markdown:
    # when nothing closes it and prose, not YAML, follows, it is body and no problem.
    memory = parse_memory("GEMINI.md", f"---\n{first}\n\n## Build\n- Run make.\n".encode())
    assert memory.problems == () and not memory.has_frontmatter
    assert memory.body_line == 1 and memory.body.startswith("---\n")
    assert memory.claims

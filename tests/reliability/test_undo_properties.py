"""Properties through the real CLI on real repositories (hypothesis, derandomized, small):

- supersede then undo gives back every byte of a memory with arbitrary frontmatter values and an
  arbitrary body (CRLF, BOM, invalid UTF-8, no final newline), and the index and HEAD's tree too;
- merge then undo does the same for both memories;
- any reason text ends up as exactly one sanitised Gitmem-Reason that git reads back unchanged.

The pure properties (trailer format/parse, the field editor) live in
tests/test_trailers_properties.py and tests/memory/test_memory_properties.py; these add the
end-to-end half.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
import yaml
from gitutil import git, gitmem, make_repo
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from reliutil import assert_git_healthy
from test_trailers import interpret_trailers, log_trailers

from gitmem import trailers as t

E2E = settings(max_examples=25, deadline=None, derandomize=True, database=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

KEYS = ["name", "description", "type", "tags", "confidence", "source", "valid_from", "notes",
        "superseded_by", "valid_until", "x-custom", "alwaysApply"]
scalars = (st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.text(max_size=30)
           | st.floats(allow_nan=False, allow_infinity=False)
           | st.dates(min_value=dt.date(1900, 1, 1), max_value=dt.date(2999, 12, 31)))
values = scalars | st.lists(scalars, max_size=3)
frontmatters = st.none() | st.dictionaries(st.sampled_from(KEYS), values, max_size=6)
LINE_PIECES = ["- Use tabs.", "Prose sentence. Another one!", "# Heading", "```", "code",
               "| a | b |", "", "  indented", "---", "...", "caf\u00e9 \u6f22\u5b57", "\t- nested"]
bodies = st.one_of(
    st.lists(st.sampled_from(LINE_PIECES) | st.text(max_size=40), max_size=8).map("\n".join)
    .map(lambda s: s.encode("utf-8", "surrogatepass")),
    st.binary(max_size=200).filter(lambda b: b"\x00" not in b),
)


@st.composite
def memory_files(draw: st.DrawFn) -> bytes:
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    bom = draw(st.sampled_from([b"", b"\xef\xbb\xbf"]))
    meta = draw(frontmatters)
    body = draw(bodies)
    final = draw(st.sampled_from([b"", newline.encode()]))
    if meta is None:
        return bom + body + final
    dumped = yaml.safe_dump(meta, allow_unicode=True, sort_keys=False, default_flow_style=None,
                            width=10_000) if meta else ""
    head = "---\n" + dumped + "---\n"
    return bom + head.replace("\n", newline).encode() + body + final


NEW = b"---\nname: newer\n---\n- The newer fact.\n"


def fresh_repo(factory: pytest.TempPathFactory, files: dict[str, bytes]) -> Path:
    return make_repo(factory.mktemp("prop") / "repo", dict(files))


def tree_and_index(repo: Path) -> tuple[str, str]:
    return git(repo, "rev-parse", "HEAD^{tree}"), git(repo, "ls-files", "-s")


@E2E
@given(old=memory_files())
def test_supersede_then_undo_restores_every_byte(
    tmp_path_factory: pytest.TempPathFactory, old: bytes
) -> None:
    repo = fresh_repo(tmp_path_factory, {"memory/old.md": old, "memory/new.md": NEW})
    before = tree_and_index(repo)
    done = gitmem(repo, "supersede", "memory/old.md", "--by", "memory/new.md", "--confirm")
    event(f"supersede exit {done.code}")
    if done.code != 0:  # a file the editor cannot change safely is refused, untouched
        assert done.code == 3 and "internal error" not in done.err, done
        assert (repo / "memory/old.md").read_bytes() == old
        assert tree_and_index(repo) == before
        return
    edited = (repo / "memory/old.md").read_bytes()
    assert edited != old
    assert git(repo, "status", "--porcelain") == ""
    undone = gitmem(repo, "undo", "--last")
    assert undone.code == 0, undone
    assert (repo / "memory/old.md").read_bytes() == old
    assert tree_and_index(repo)[0] == before[0]
    assert git(repo, "ls-files", "-s") == before[1]
    assert git(repo, "status", "--porcelain") == ""


@E2E
@given(a=memory_files(), b=memory_files())
def test_merge_then_undo_restores_both_memories(
    tmp_path_factory: pytest.TempPathFactory, a: bytes, b: bytes
) -> None:
    repo = fresh_repo(tmp_path_factory, {"memory/a.md": a, "memory/b.md": b})
    before = tree_and_index(repo)
    done = gitmem(repo, "merge", "memory/a.md", "memory/b.md", "--confirm")
    event(f"merge exit {done.code}")
    if done.code != 0:
        assert done.code in (3, 4) and "internal error" not in done.err, done
        assert tree_and_index(repo) == before
        return
    undone = gitmem(repo, "undo", "--last")
    assert undone.code == 0, undone
    assert (repo / "memory/a.md").read_bytes() == a
    assert (repo / "memory/b.md").read_bytes() == b
    assert tree_and_index(repo) == before
    assert_git_healthy(repo)


@E2E
@given(reason=st.text(max_size=300))
def test_any_reason_is_one_sanitised_trailer_git_reads_back(
    tmp_path_factory: pytest.TempPathFactory, reason: str
) -> None:
    repo = fresh_repo(tmp_path_factory, {"memory/a.md": b"- A fact.\n"})
    done = gitmem(repo, "protect", "memory/a.md", "--reason", reason)
    assert done.code == 0, done
    clean = t.sanitize_value(reason)
    expected = [(t.OP, "protect"), (t.PATH, "memory/a.md")]
    # the planners record any non-empty --reason; one of only blanks becomes an empty value
    expected += [(t.REASON, clean)] if reason else []
    expected += [(t.SCHEMA, "1")]
    message = git(repo, "cat-file", "commit", "HEAD").split("\n\n", 1)[1]
    assert t.parse_trailers(message) == expected
    assert interpret_trailers(repo, message) == expected
    assert log_trailers(repo) == expected

"""Which paths are memories: gitignore-style globs, as users write them in .gitmem.toml."""

from __future__ import annotations

import time

import pytest

from gitmem.errors import InvalidInputError
from gitmem.memory.discover import DEFAULT_EXCLUDE, DEFAULT_INCLUDE, MemoryMatcher

DEFAULTS = MemoryMatcher(DEFAULT_INCLUDE, DEFAULT_EXCLUDE)


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("MEMORY.md", True),  # `**/*.md` also matches at the top level
        ("CLAUDE.md", True),
        ("memory/feedback_testing.md", True),
        ("memory-bank/deep/nested/note.md", True),
        (".cursor/rules/python.mdc", True),
        ("README.md", False),  # a slash-less exclude matches the basename at any depth
        ("docs/README.md", False),
        ("memory/README.md", False),
        ("README.mdx", False),
        (".git/info/notes.md", False),
        (".github/PULL_REQUEST_TEMPLATE.md", False),
        ("node_modules/pkg/CHANGELOG.md", False),
        # installed packages at any depth: a committed virtualenv's Markdown is not memory
        ("src/node_modules/pkg/notes.md", False),
        ("venv/lib/python3.11/site-packages/pkg/GUIDE.md", False),
        ("tools/.venv/lib/python3.12/site-packages/pkg/NOTES.md", False),
        ("memory/venv-setup.md", True),
        ("src/venvtools/notes.md", True),
        ("CHANGELOG.md", False),  # a project's own documents, not memory
        ("packages/web/CONTRIBUTING.md", False),
        ("docs/SECURITY.md", False),
        ("notes.txt", False),
        ("memory/a.md.bak", False),
        ("./memory/a.md", True),
    ],
)
def test_default_globs(path: str, expected: bool) -> None:
    assert DEFAULTS.matches(path) is expected


@pytest.mark.parametrize(
    ("include", "exclude", "path", "expected"),
    [
        (["memory/*.md"], [], "memory/a.md", True),
        (["memory/*.md"], [], "memory/sub/a.md", False),  # `*` stays within one segment
        (["memory/**"], [], "memory/sub/deep/a.txt", True),  # `/**` matches everything below
        (["memory/**"], [], "memory", False),
        (["a/**/b.md"], [], "a/b.md", True),  # `/**/` spans zero directories
        (["a/**/b.md"], [], "a/x/y/b.md", True),
        (["note?.md"], [], "x/note1.md", True),
        (["note?.md"], [], "x/note12.md", False),
        (["note[0-9].md"], [], "note7.md", True),
        (["note[!0-9].md"], [], "note7.md", False),
        (["note[!0-9].md"], [], "notex.md", True),
        (["**/*.md"], ["drafts/"], "drafts/x.md", False),  # trailing `/`: a directory anywhere
        (["**/*.md"], ["drafts/"], "memory/drafts/x.md", False),
        (["**/*.md"], ["/top.md"], "top.md", False),  # leading `/` anchors at the root
        (["**/*.md"], ["/top.md"], "sub/top.md", True),
        (["**/*.md"], ["archive"], "archive/old.md", False),  # slash-less: any segment
        (["**/*.md"], ["*.draft.md"], "memory/x.draft.md", False),
        ([], [], "MEMORY.md", False),
    ],
)
def test_glob_semantics(include: list[str], exclude: list[str], path: str, expected: bool) -> None:
    assert MemoryMatcher(include, exclude).matches(path) is expected


def test_star_does_not_cross_directories_in_the_middle() -> None:
    matcher = MemoryMatcher(["a/*/c.md"], [])
    assert matcher.matches("a/b/c.md")
    assert not matcher.matches("a/b/x/c.md")


def test_regex_metacharacters_in_names_are_literal() -> None:
    matcher = MemoryMatcher(["notes (1)+.md", "a.b/*.md"], [])
    assert matcher.matches("notes (1)+.md")
    assert matcher.matches("a.b/x.md")
    assert not matcher.matches("axb/x.md")


def test_invalid_pattern_is_a_usable_error() -> None:
    with pytest.raises(InvalidInputError, match="z-a"):
        MemoryMatcher(["[z-a].md"], [])


def test_hundred_thousand_paths_are_fast() -> None:
    paths = [f"src/pkg{i % 97}/mod{i}/file{i}.{'md' if i % 3 else 'py'}" for i in range(100_000)]
    started = time.process_time()  # this process's CPU: a busy machine's queue is not ours
    matched = sum(DEFAULTS.matches(path) for path in paths)
    elapsed = time.process_time() - started
    assert matched == sum(1 for i in range(100_000) if i % 3)
    assert elapsed < 2.0

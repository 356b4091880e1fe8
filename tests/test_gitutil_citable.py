"""`gitutil.citable`, which tests that cite a commit rely on: every prefix of its hash that a
test may cite (7 digits, the shortest citation gitmem reads, or more) holds a digit and a
letter, so gitmem reads it as a commit claim (docs/rules: an all-digit token is a number, an
all-letter one a word). It used to guarantee a letter within the first 12 digits only, while
tests cite 10: a hash whose first 10 were digits (about 1 in 180) made
test_gm304_commit_only_on_an_unmerged_branch find nothing and fail."""

from __future__ import annotations

from pathlib import Path

import pygit2
import pytest
from gitutil import citable, git, make_repo


def head_shaped(repo: Path, shape) -> str:  # type: ignore[no-untyped-def]
    """Recommit HEAD (same tree, parents and message, another committer time) until its hash
    has `shape`; HEAD is moved to it."""
    r = pygit2.Repository(str(repo))
    head = r.head.peel(pygit2.Commit)
    for second in range(1, 200_000):
        when = pygit2.Signature("Test User", "test@example.com", 1_600_000_000 + second, 0)
        sha = str(r.create_commit(None, head.author, when, head.message, head.tree_id,
                                  head.parent_ids))
        if shape(sha):
            git(repo, "reset", "-q", "--soft", sha)
            return sha
    raise AssertionError("no such hash in 200,000 tries")


SHAPES = {
    "ten-digits-then-a-letter": lambda sha: sha[:10].isdigit() and not sha[:12].isdigit(),
    "seven-letters": lambda sha: sha[:7].isalpha(),
}


@pytest.mark.parametrize("shape", SHAPES.values(), ids=SHAPES.keys())
def test_every_citable_prefix_holds_a_digit_and_a_letter(tmp_path: Path, shape) -> None:  # type: ignore[no-untyped-def]
    repo = make_repo(tmp_path / "r", {"a.txt": "1\n"})
    head_shaped(repo, shape)
    sha = citable(repo)
    assert sha == git(repo, "rev-parse", "HEAD").strip()
    for length in range(7, 41):
        prefix = sha[:length]
        assert any(c.isdigit() for c in prefix) and any(c.isalpha() for c in prefix), prefix

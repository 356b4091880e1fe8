"""The lexicon is data: shipped TOML files, and a repository's additions in `.gitmem.toml`."""

from __future__ import annotations

import fnmatch
import json
import tomllib
from pathlib import Path

import pytest

from gitmem.config import load_config
from gitmem.consistency import vocabulary
from gitmem.consistency.analyze import find_pairs
from gitmem.consistency.lexicon import default_lexicon, lexicon_for, phrase_key
from gitmem.errors import InvalidInputError
from gitmem.model import Claim
from gitutil import commit_all, git, gitmem, make_repo, snapshot, write

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "gitmem" / "consistency" / "data"


def _kinds(a: str, b: str, lexicon: object = None) -> set[str]:
    claims = [Claim("memory/a.md", 1, a), Claim("memory/b.md", 1, b)]
    return {f.kind for f in find_pairs(claims, lexicon=lexicon)}  # type: ignore[arg-type]


def test_every_data_file_is_read_and_shipped_as_package_data() -> None:
    assert sorted(p.name for p in DATA.iterdir() if p.suffix == ".toml") == sorted(vocabulary.FILES)
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["gitmem.consistency"]
    for name in vocabulary.FILES:
        assert any(fnmatch.fnmatch(f"data/{name}", glob) for glob in globs), name
    lexicon = default_lexicon()
    key = phrase_key
    assert lexicon.relation(key("PostgreSQL"), key("MySQL")) == "exclusive"
    assert lexicon.relation(key("enable"), key("disable")) == "antonym"
    assert lexicon.canon(key("Postgres")) == key("PostgreSQL")


def test_a_class_in_the_data_decides_a_contradiction_the_words_alone_do_not() -> None:
    a = "Sessions are stored in dragonfly in every region."
    b = "Sessions are stored in keydb in every region."
    assert "contradiction" not in _kinds(a, b)
    extension = vocabulary.parse_extension({"exclusive": [["Dragonfly", "KeyDB"]]})
    assert "contradiction" in _kinds(a, b, lexicon_for(extension))
    # the shipped lexicon is unchanged
    assert default_lexicon().relation(phrase_key("Dragonfly"), phrase_key("KeyDB")) is None


def test_repository_synonyms_and_antonyms_are_read_like_shipped_ones() -> None:
    extension = vocabulary.parse_extension({
        "synonyms": [["blue-green deploy", "zero-downtime deploy"]],
        "antonyms": [["canary", "big-bang"]],
    })
    lexicon = lexicon_for(extension)
    assert lexicon.relation(phrase_key("canary"), phrase_key("big-bang")) == "antonym"
    canary, big_bang = "Releases go out as a canary.", "Releases go out as a big-bang."
    assert "contradiction" in _kinds(canary, big_bang, lexicon)


@pytest.mark.parametrize(("table", "message"), [
    ('exclusive = ["Valkey", "Redis"]', "exclusive entry 1: expected lists of at least 2 names"),
    ('exclusive = [["Valkey"]]', "exclusive entry 1: expected lists of at least 2 names"),
    ('exclusive = [["Valkey", 3]]', "expected a name as a non-empty string, got 3"),
    ('antonyms = [["up", "down", "sideways"]]', "antonyms entry 1: expected pairs of two names"),
    ('synonyms = [["k8s", "K8S"]]', "names the same thing twice"),
    ('exclusives = [["a", "b"]]', "unknown key 'exclusives'"),
    ('exclusive = "Valkey, Redis"', "expected a list of lists of at least 2 names"),
])
def test_a_bad_lexicon_entry_is_a_config_error_naming_it(table: str, message: str) -> None:
    with pytest.raises(InvalidInputError) as raised:
        load_config(f"[consistency.lexicon]\n{table}\n")
    assert "[consistency.lexicon]" in str(raised.value) and message in str(raised.value)


def test_the_lexicon_is_not_read_from_git_config() -> None:
    with pytest.raises(InvalidInputError, match=r"read only from .gitmem.toml"):
        load_config(None, {"gitmem.consistency.lexicon": "Valkey Redis"})


def _contradictions(repo: Path) -> list[dict[str, object]]:
    result = gitmem(repo, "lint", "--format", "json", "--select", "GM2")
    assert result.code in (0, 1), result
    return [f for f in json.loads(result.out)["findings"] if f["code"] == "GM211"]


def test_a_team_adds_an_exclusive_pair_and_lint_then_reports_the_contradiction(
    tmp_path: Path,
) -> None:
    repo = make_repo(tmp_path / "r", {
        "memory/cache.md": "# Cache\n\n- Sessions are stored in dragonfly in every region.\n",
        "memory/ops.md": "# Ops\n\n- Sessions are stored in keydb in every region.\n",
    })
    assert _contradictions(repo) == []  # the shipped lexicon does not know these two
    write(repo, {".gitmem.toml": '[consistency.lexicon]\nexclusive = [["Dragonfly", "KeyDB"]]\n'})
    commit_all(repo, "the team's session stores exclude each other")
    found = _contradictions(repo)  # the cached verdicts of the first run are not reused
    assert len(found) == 1 and {"memory/cache.md", "memory/ops.md"} <= set(json.dumps(found[0])
                                                                        .split('"'))


def test_a_bad_lexicon_in_the_committed_file_exits_3_and_changes_nothing(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "memory/a.md": "- Sessions are stored in Dragonfly in every region.\n",
        ".gitmem.toml": '[consistency.lexicon]\nexclusive = [["Dragonfly"]]\n',
    })
    before = snapshot(repo)
    result = gitmem(repo, "lint")
    assert result.code == 3
    assert "[consistency.lexicon]" in result.err and "exclusive entry 1" in result.err
    assert snapshot(repo) == before
    assert git(repo, "status", "--porcelain") == ""

"""The real rule and memory corpora in ../shared/corpora lint without a crash (never exit 70).

They are copied into a temporary git repository (never into this one); the test skips when
../shared is absent.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from gitutil import commit_all, make_repo
from lintutil import cli

CORPORA = ("awesome-cursorrules", "awesome-claude-md")


@pytest.mark.parametrize("name", CORPORA)
def test_real_corpus_lints_without_a_crash(shared_dir: Path, tmp_path: Path, name: str) -> None:
    source = shared_dir / "corpora" / name
    if not source.is_dir():
        pytest.skip(f"{source} is not present")
    repo = make_repo(tmp_path / "repo")
    shutil.copytree(source, repo / name, symlinks=True)
    commit_all(repo, "corpus")
    run = cli(repo, "lint", "--format", "json")
    assert run.code in (0, 1), run.err[-2000:]
    assert "internal error" not in run.err, run.err[-2000:]
    data = run.json()
    assert data["summary"]["files"] > 300
    rows = data["memories"]
    assert len(rows) == data["summary"]["files"]
    codes = {finding["code"] for finding in data["findings"]}
    # Notes without a code tree: paths may be missing, but no hash in them is a fabrication
    # claim that git refutes, and nothing is malformed beyond what the files really contain.
    assert "GM301" not in codes, [f for f in data["findings"] if f["code"] == "GM301"][:5]
    sarif = cli(repo, "lint", "--format", "sarif", "--select", "GM1,GM3")
    assert sarif.code == run.code
    results = sarif.json()["runs"][0]["results"]
    assert len(results) == len(data["findings"])

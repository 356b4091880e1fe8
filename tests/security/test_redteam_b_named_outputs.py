"""Red team (sec-b), beyond the report: the files a person names for gitmem to write (`lint
--output`, the CI action's `sarif-file`, documented as `gitmem.sarif` in the checkout) are
written without following a symbolic link a cloned repository committed at that name.
"""

from __future__ import annotations

import io
import os
import subprocess
from pathlib import Path

import pytest
from gitutil import commit_all, gitmem, make_repo

from gitmem.ci_action import run_action

MEMORY = "---\nname: a\ntype: project\n---\n- A fact.\n"


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    rc = tmp_path / "rc"  # stands for ~/.bashrc
    rc.write_text("X=1\n")
    return rc


def cloned_with_link(tmp_path: Path, name: str) -> Path:
    origin = make_repo(tmp_path / "origin", {"memory/a.md": MEMORY})
    (origin / name).parent.mkdir(parents=True, exist_ok=True)
    os.symlink(os.path.relpath(tmp_path / "rc", (origin / name).parent), origin / name)
    commit_all(origin, "a link where a report is written")
    repo = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(origin), str(repo)], check=True)
    return repo


@pytest.mark.parametrize("name", ["gitmem.sarif", "reports/gitmem.sarif"])
def test_lint_output_never_writes_through_a_committed_link(
    tmp_path: Path, victim: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    repo = cloned_with_link(tmp_path, name)
    monkeypatch.chdir(repo)
    result = gitmem(repo, "lint", "--format", "sarif", "--output", name)
    assert result.code == 4 and "symbolic link" in result.err, result
    assert victim.read_text() == "X=1\n"
    fresh = gitmem(repo, "lint", "--format", "sarif", "--output", "out/fresh.sarif")
    assert fresh.code == 0, fresh  # a plain path inside the tree is written (folder made)
    assert '"version": "2.1.0"' in (repo / "out/fresh.sarif").read_text()
    outside = gitmem(repo, "lint", "--format", "sarif", "--output", str(tmp_path / "o.sarif"))
    assert outside.code == 0 and (tmp_path / "o.sarif").exists(), outside


def test_the_ci_action_never_writes_its_sarif_file_through_a_committed_link(
    tmp_path: Path, victim: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = cloned_with_link(tmp_path, "gitmem.sarif")
    monkeypatch.chdir(repo)
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(Exception) as refused:
        run_action({"INPUT_SARIF_FILE": "gitmem.sarif", "INPUT_FAIL_ON": "never"}, str(repo),
                   out, err)
    assert "symbolic link" in str(refused.value)
    assert getattr(refused.value, "exit_code", None) == 4
    assert victim.read_text() == "X=1\n"

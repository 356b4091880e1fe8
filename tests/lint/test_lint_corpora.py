"""The real rule and memory corpora in ../shared/corpora lint without a crash (never exit 70).

They are copied into a temporary git repository (never into this one); the test skips when
../shared is absent. The whole corpus runs the per-file and grounding rules; the consistency
rules (a pairwise pass, the slow one) run on a fixed sample of each corpus.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from gitutil import commit_all, make_repo
from lintutil import cli

from gitmem.lint.formats import render
from gitmem.lint.run import LintRequest, lint_workspace
from gitmem.workspace import open_workspace

CORPORA = ("awesome-cursorrules", "awesome-claude-md")
SAMPLE = 80


def corpus_repo(shared_dir: Path, tmp_path: Path, name: str, limit: int | None) -> Path:
    source = shared_dir / "corpora" / name
    if not source.is_dir():
        pytest.skip(f"{source} is not present")
    repo = make_repo(tmp_path / "repo")
    files = sorted(p for p in source.rglob("*") if p.is_file() and not p.is_symlink()
                   and (limit is None or p.suffix in (".md", ".mdc")))
    for path in files[:limit]:
        target = repo / name / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    # A collection of rules, not a project: every file is memory, whatever layouts it holds
    # (layout discovery would read only the folders that look like one agent's layout).
    (repo / ".gitmem.toml").write_text('[memory]\ninclude = ["**/*.md", "**/*.mdc"]\n')
    commit_all(repo, "corpus")
    return repo


@pytest.mark.parametrize("name", CORPORA)
def test_whole_corpus_lints_without_a_crash(shared_dir: Path, tmp_path: Path, name: str) -> None:
    repo = corpus_repo(shared_dir, tmp_path, name, None)
    ws = open_workspace(str(repo))
    report = lint_workspace(ws, LintRequest(select=("GM1", "GM3")))
    assert not [n for n in report.notices if "internal error" in n], report.notices
    data = json.loads(render(report, "json"))
    assert data["summary"]["files"] > 300
    assert len(data["memories"]) == data["summary"]["files"]
    codes = {finding["code"] for finding in data["findings"]}
    # Notes without their code tree: cited paths may be missing, but no hash in these files is
    # a commit claim git refutes (their hex strings are ids, colours, digests, other repos).
    assert "GM301" not in codes, [f for f in data["findings"] if f["code"] == "GM301"][:5]
    sarif = json.loads(render(report, "sarif"))
    assert len(sarif["runs"][0]["results"]) == len(data["findings"])
    assert render(report, "github").count("\n") == len(data["findings"])


@pytest.mark.parametrize("name", CORPORA)
def test_every_rule_on_a_corpus_sample(shared_dir: Path, tmp_path: Path, name: str) -> None:
    repo = corpus_repo(shared_dir, tmp_path, name, SAMPLE)
    run = cli(repo, "lint")
    assert run.code in (0, 1), run.err[-2000:]
    assert "internal error" not in run.err, run.err[-2000:]
    assert "findings" in run.out or "No findings" in run.out

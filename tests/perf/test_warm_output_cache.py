"""A warm lint of an unchanged corpus reads back the GM2xx findings' fingerprints and report
texts and the corpus's citations (gitmem/lint/cached_output.py, cached.py): after every kind
of change (an edit, a new, deleted or renamed memory, the configuration, the lexicon) a warm
run reports byte for byte what a run without the cache reports."""

from __future__ import annotations

from pathlib import Path

import pytest
from gitutil import git
from perfutil import calls_to, clone_of, small_repo

from gitmem.lint import fingerprint
from gitmem.memory.cache import DISABLE_ENV
from gitmem.workspace import open_workspace
from lint.lintutil import cli


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    repo = small_repo(tmp_path_factory.mktemp("template") / "repo", files=30)
    memory = repo / "memory"
    checklist = "".join(f"- Keep the release checklist item {n} in the wiki.\n" for n in range(6))
    (memory / "auth" / "zz-rules.md").write_text(
        "- Always squash merges into main.\n" * 2 + checklist
        + "- Deploy the billing service with Flarpo.\n- See `src/missing.py` for the retry loop.\n")
    (memory / "billing" / "zz-copy.md").write_text(checklist)
    (memory / "zz-other.md").write_text("- Never squash merges into main.\n"
                                        "- Deploy the billing service with Glimmix.\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "more memories")
    return repo


@pytest.fixture
def repo(template: Path, tmp_path: Path) -> Path:
    return clone_of(template, tmp_path)


def lint_text(repo: Path, *args: str) -> str:
    """The report as printed, the timing taken out."""
    run = cli(repo, "lint", *args)
    assert run.code in (0, 1), run
    lines = run.out.split("\n")
    return "\n".join(line for line in lines if '"seconds"' not in line and " in " not in line)


def uncached(repo: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> str:
    with monkeypatch.context() as patch:
        patch.setenv(DISABLE_ENV, "1")
        return lint_text(repo, *args)


def keyed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The codes of the findings fingerprinted from their lines from now on."""
    return calls_to(monkeypatch, fingerprint, "finding_key", lambda finding, *_: finding.code)


def warm(repo: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A run that fills the cache, then a warm run, which must read the GM2xx output back."""
    lint_text(repo, "--format", "json")
    calls = keyed(monkeypatch)
    out = lint_text(repo, "--format", "json")
    assert not [code for code in calls if code.startswith("GM2")]
    monkeypatch.undo()
    return out


def test_a_warm_run_reads_fingerprints_and_texts_back_and_prints_the_same(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = uncached(repo, monkeypatch, "--format", "json")
    assert '"GM211"' in expected and '"GM201"' in expected and '"GM311"' in expected
    assert warm(repo, monkeypatch) == expected
    ws = open_workspace(repo)
    assert [k for k in ws.cache._entries if k.startswith("pair-output\0")]
    assert [k for k in ws.cache._entries if k.startswith("corpus-citations\0")]
    for fmt in ("text", "sarif", "github"):
        assert lint_text(repo, "--format", fmt) == uncached(repo, monkeypatch, "--format", fmt)
    # a subset numbers its findings among fewer: computed, and what a run without cache says
    for args in (("memory/zz-other.md",), ("memory/billing",)):
        assert lint_text(repo, "--format", "json", *args) == uncached(
            repo, monkeypatch, "--format", "json", *args)
    assert lint_text(repo, "--format", "json") == expected


def _edit(repo: Path) -> None:
    with (repo / "memory" / "zz-other.md").open("a") as out:
        out.write("- Keep the release checklist item 3 in the wiki.\n")


def _add(repo: Path) -> None:
    (repo / "memory" / "zz-new.md").write_text("- Always squash merges into main.\n"
                                              "- The retry loop lives in `src/gone.py`.\n")


def _delete(repo: Path) -> None:
    git(repo, "rm", "-q", "memory/billing/zz-copy.md")


def _rename(repo: Path) -> None:
    git(repo, "mv", "memory/zz-other.md", "memory/auth/zz-moved.md")


def _config(repo: Path) -> None:
    (repo / ".gitmem.toml").write_text(
        '[memory]\nscope_folders = ["memory/auth", "memory/billing"]\n')


def _lexicon(repo: Path) -> None:
    (repo / ".gitmem.toml").write_text(
        '[consistency.lexicon]\nsynonyms = [["Flarpo", "Glimmix"]]\n')


def _line_moved(repo: Path) -> None:  # the same claims, on other lines: other fingerprints?
    path = repo / "memory" / "zz-other.md"
    path.write_text("# Rules\n\n" + path.read_text())


@pytest.mark.parametrize("change", [_edit, _add, _delete, _rename, _config, _lexicon,
                                    _line_moved])
def test_after_a_change_a_warm_run_prints_what_a_run_without_cache_prints(
    repo: Path, monkeypatch: pytest.MonkeyPatch, change: object
) -> None:
    before = warm(repo, monkeypatch)
    change(repo)  # type: ignore[operator]
    expected = uncached(repo, monkeypatch, "--format", "json")
    assert expected != before
    assert lint_text(repo, "--format", "json") == expected  # the first run after the change
    assert warm(repo, monkeypatch) == expected  # and the runs after it, read back
    assert lint_text(repo) == uncached(repo, monkeypatch)
    git(repo, "reset", "-q", "--hard")  # and back: the first corpus's records, not the last
    git(repo, "clean", "-fdq")
    assert lint_text(repo, "--format", "json") == before


def test_a_damaged_output_record_is_ignored(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = warm(repo, monkeypatch)
    ws = open_workspace(repo)
    (key,) = [k for k in ws.cache._entries if k.startswith("pair-output\0")]
    record = ws.cache._source.value(ws.cache._entries[key][1])  # type: ignore[union-attr]
    code = sorted(record)[0]
    prints, texts = record[code]
    damaged = [
        {code: [prints[:-1], texts[:-1]]},  # a finding fewer
        {code: [prints, texts[:-1]]},
        {code: [prints, [1] * len(texts)]},
        {c: v for c, v in record.items() if c != code},  # a rule fewer
        {code: [prints]}, [], "x",
    ]
    import json

    for bad in damaged:
        ws = open_workspace(repo)
        ws.cache._put(key, json.dumps(bad))
        ws.cache.save()
        assert lint_text(repo, "--format", "json") == expected

"""The parsed-memory cache never changes what lint reports: every case compares a cached run
with a run that has the cache turned off (GITMEM_NO_CACHE=1)."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

import pytest
from gitutil import git
from perfutil import calls_to, lint_json, small_repo

from gitmem.memory import cache as cache_module
from gitmem.memory.cache import CACHE_FILE, DISABLE_ENV
from gitmem.workspace import open_workspace


@dataclass(frozen=True)
class Template:
    repo: Path
    expected: dict  # lint output without the cache
    cache: bytes  # the cache file a lint of the template wrote


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Template:
    repo = small_repo(tmp_path_factory.mktemp("template") / "repo", files=120)
    with pytest.MonkeyPatch.context() as patch:
        expected = uncached(repo, patch)
    assert lint_json(repo) == expected
    return Template(repo, expected, cache_file(repo).read_bytes())


@pytest.fixture
def repo(template: Template, tmp_path: Path) -> Path:
    """A clone of the template with the template's (warm) cache in place."""
    target = tmp_path / "repo"
    git(tmp_path, "clone", "-q", str(template.repo), str(target))
    cache_file(target).parent.mkdir(parents=True)
    cache_file(target).write_bytes(template.cache)
    return target


def uncached(repo: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> dict:
    with monkeypatch.context() as patch:
        patch.setenv(DISABLE_ENV, "1")
        return lint_json(repo, *args)


def cache_file(repo: Path) -> Path:
    return repo / ".git" / "gitmem" / CACHE_FILE


def hits_and_misses(repo: Path) -> tuple[int, int]:
    ws = open_workspace(repo)
    ws.memories()
    return ws.cache.hits, ws.cache.misses


def first_memory(repo: Path) -> Path:
    return min((repo / "memory").rglob("*.md"))


def test_a_warm_run_reads_every_memory_from_the_cache_and_reports_the_same(
    repo: Path, template: Template
) -> None:
    assert hits_and_misses(repo) == (template.expected["summary"]["files"], 0)
    assert lint_json(repo) == template.expected


def test_an_edited_memory_is_parsed_again(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = first_memory(repo)
    target.write_text(target.read_text().replace("confidence: ", "confidence: 7", 1))
    edited = lint_json(repo)
    assert edited == uncached(repo, monkeypatch)
    rel = target.relative_to(repo).as_posix()
    assert any(f["path"] == rel and f["code"] == "GM102" for f in edited["findings"])


def test_an_edit_that_keeps_size_and_mtime_is_still_seen(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stat record trusts size, mtime, ctime and inode together: restoring the mtime after
    a same-size rewrite (what a racy edit or `touch -d` looks like) still changes the ctime."""
    monkeypatch.setattr(cache_module, "RACY_NS", 0)  # trust files written just now
    target = first_memory(repo)
    before = target.stat()
    lint_json(repo)
    rel = target.relative_to(repo).as_posix()
    assert rel in json.loads(cache_file(repo).read_text())["stats"]
    text = target.read_text()
    swapped = text.replace("confidence: 0.", "confidence: 9.", 1)
    assert swapped != text and len(swapped) == len(text)
    target.write_text(swapped)
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    edited = lint_json(repo)
    assert any(f["path"] == rel and f["code"] == "GM102" for f in edited["findings"])
    assert edited == uncached(repo, monkeypatch)


def test_a_file_changed_just_before_the_run_gets_no_stat_record(repo: Path) -> None:
    target = first_memory(repo)
    target.write_text(target.read_text() + "\n- One more note written right now.\n")
    lint_json(repo)
    stats = json.loads(cache_file(repo).read_text())["stats"]
    assert target.relative_to(repo).as_posix() not in stats


def test_a_config_change_is_honoured(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (repo / ".gitmem.toml").write_text(
        '[memory]\ninclude = ["memory/**/*.md"]\n[lint]\nfail_on = "warning"\n'
        'review_file = "CLAUDE.md"\n'
    )
    narrowed = lint_json(repo)
    assert narrowed == uncached(repo, monkeypatch)
    assert all(f["path"].startswith("memory/") for f in narrowed["findings"])


def test_switching_branches_and_back(repo: Path, monkeypatch: pytest.MonkeyPatch,
                                     template: Template) -> None:
    main = template.expected
    git(repo, "switch", "-q", "-c", "other")
    target = first_memory(repo)
    target.write_text("---\nname: [unclosed\n---\n\n- Fixed in commit 0badc0de1 last week.\n")
    git(repo, "commit", "-q", "--no-verify", "-am", "edit on a branch")
    other = lint_json(repo)
    assert other == uncached(repo, monkeypatch) != main
    git(repo, "switch", "-q", "main")
    assert lint_json(repo) == main
    assert hits_and_misses(repo)[1] == 0  # both versions are remembered


def test_staged_and_revision_sources_use_the_cache_too(repo: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    target = first_memory(repo)
    target.write_text(target.read_text().replace("confidence: ", "confidence: 5", 1))
    git(repo, "add", str(target))
    staged = lint_json(repo, "--staged")
    assert lint_json(repo, "--staged") == staged == uncached(repo, monkeypatch, "--staged")
    ws = open_workspace(repo)
    assert ws.memories("HEAD~1") == open_workspace(repo).memories("HEAD~1")


CORRUPTIONS = {
    "garbage": lambda data: b"\x00\xffnot json at all",
    "truncated": lambda data: data[: len(data) // 2],
    "empty": lambda data: b"",
    "wrong schema": lambda data: _edit(data, lambda d: d.update(schema=999)),
    "foreign fingerprint": lambda data: _edit(data, lambda d: d.update(fingerprint="x")),
    "not an object": lambda data: b"[1, 2, 3]",
    "bad entries": lambda data: _edit(data, _break_entries),
    "bad stats": lambda data: _edit(data, _break_stats),
}


def _edit(data: bytes, change) -> bytes:  # type: ignore[no-untyped-def]
    parsed = json.loads(data)
    change(parsed)
    return json.dumps(parsed).encode()


def _break_entries(data: dict) -> None:
    """Entries with the right keys but wrong shapes: every kind of field broken somewhere."""
    breakages = [
        lambda e: e.__setitem__(4, [["1"], ["x"], ["bullet"], [""]]),  # line as a string
        lambda e: e.__setitem__(0, ["plain", ["not", "a", "dict"]]),
        lambda e: e.__setitem__(0, ["tagged", {"$": "date", "v": "not a date"}]),
        lambda e: e.__setitem__(1, 10**9),  # body longer than the file
        lambda e: e.__setitem__(5, [["nope", "message", 1]]),
        lambda e: e.__setitem__(2, "3"),
        lambda e: e.pop(),
        lambda e: e.__setitem__(4, "claims"),
    ]
    for n, item in enumerate(data["entries"].values()):
        if isinstance(item[1], list):  # a parsed memory
            breakages[n % len(breakages)](item[1])
        else:  # a derived record (citations, consistency pairs): a class the codec never builds
            item[1] = {"$": "os.system", "f": ["echo owned"]}


def _break_stats(data: dict) -> None:
    """Stat records that match every file but name the wrong blob must not be trusted blindly:
    here they name blobs that are not the files' content, so the parse comes out wrong unless
    the record is checked against the stat data."""
    for record in data["stats"].values():
        record[5] = "0" * 40


@pytest.mark.parametrize("kind", sorted(CORRUPTIONS))
def test_a_damaged_cache_is_ignored_and_rebuilt(repo: Path, template: Template,
                                                kind: str) -> None:
    file = cache_file(repo)
    file.write_bytes(CORRUPTIONS[kind](template.cache))
    assert lint_json(repo) == template.expected
    assert hits_and_misses(repo)[1] == 0  # rebuilt: the next run reads everything from it
    json.loads(file.read_text())


def test_no_cache_env_reads_and_writes_nothing(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache_file(repo).unlink()
    uncached(repo, monkeypatch)
    assert not cache_file(repo).exists()


def test_cached_consistency_pairs_follow_an_edit(repo: Path) -> None:
    """A warm lint reads the pairs back; an edit that adds a contradiction is still found."""
    before = lint_json(repo)
    assert lint_json(repo) == before
    target = first_memory(repo)
    target.write_text(target.read_text() + "- Always squash merges into main.\n"
                      "- Never squash merges into main.\n")
    after = lint_json(repo)
    rel = target.relative_to(repo).as_posix()
    assert any(f["code"] == "GM211" and f["path"] == rel for f in after["findings"])


def judged_pairs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Every pair the detector really judges from now on (recalled verdicts are not)."""
    from gitmem.consistency import analyze

    return calls_to(monkeypatch, analyze, "_judge", lambda a, b, *_: (a.path, b.path))


def test_an_edit_judges_only_the_pairs_of_the_edited_memory(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = first_memory(repo)
    rel = target.relative_to(repo).as_posix()
    target.write_text(target.read_text() + "- Always squash merges into main.\n"
                      "- Never squash merges into main.\n")
    expected = uncached(repo, monkeypatch)
    judged = judged_pairs(monkeypatch)
    assert lint_json(repo) == expected
    assert judged, "the new claims' pairs are judged"
    assert all(rel in pair for pair in judged), judged
    assert any(f["code"] == "GM211" and f["path"] == rel for f in expected["findings"])
    judged.clear()
    assert lint_json(repo) == expected  # and read back whole the time after
    assert judged == []


def test_recalled_findings_follow_lines_that_moved(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A finding recalled from an earlier run names the lines where its claims are now."""
    before = lint_json(repo)
    paired = {f["path"] for f in before["findings"] if f["code"].startswith("GM2")}
    assert paired, "the generated repository plants duplicates and contradictions"
    target = repo / min(paired)
    text = target.read_text()
    body = text.index("\n---\n") + 5 if text.startswith("---\n") else 0
    target.write_text(text[:body] + "\n\n\n" + text[body:])  # every claim three lines down
    expected = uncached(repo, monkeypatch)
    judged = judged_pairs(monkeypatch)
    assert lint_json(repo) == expected
    assert judged == []  # the same texts: nothing to judge again
    moved = [f for f in expected["findings"] if f["path"] == min(paired) and
             f["code"].startswith("GM2")]
    old = [f for f in before["findings"] if f["path"] == min(paired) and
           f["code"].startswith("GM2")]
    assert [f["line"] for f in moved] == [f["line"] + 3 for f in old]


def test_a_verdict_is_judged_again_when_tags_or_the_section_change(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory_dir = repo / "memory"
    asked = ("--select", "GM2")  # GM202 runs when asked for (docs/rules/GM202.md)

    def ours(report: dict) -> list[tuple[str, str]]:
        return [(f["code"], f["path"]) for f in report["findings"] if "memory/zz-" in f["path"]]

    (memory_dir / "zz-a.md").write_text("---\ntags: [build]\n---\n"
                                        "- Prefer small pull requests that touch one module.\n")
    (memory_dir / "zz-b.md").write_text("---\ntags: [build]\n---\n## Rules\n"
                                        "- Always squash merges.\n"
                                        "- Keep pull requests small and limited to one module.\n")
    (memory_dir / "zz-c.md").write_text("- Never squash merges.\n")
    first = lint_json(repo, *asked)
    assert first == uncached(repo, monkeypatch, *asked)
    assert ours(first) == [("GM202", "memory/zz-a.md"), ("GM211", "memory/zz-b.md")]
    # other tags: the same texts no longer score as a possible duplicate
    (memory_dir / "zz-a.md").write_text("---\ntags: [deploy]\n---\n"
                                        "- Prefer small pull requests that touch one module.\n")
    expected = uncached(repo, monkeypatch, *asked)
    assert lint_json(repo, *asked) == expected
    assert ours(expected) == [("GM211", "memory/zz-b.md")]
    # a "Don'ts" heading: the same claim is an example of what not to do, not a rule
    (memory_dir / "zz-b.md").write_text("---\ntags: [build]\n---\n## Don'ts\n"
                                        "- Always squash merges.\n"
                                        "- Keep pull requests small and limited to one module.\n")
    expected = uncached(repo, monkeypatch, *asked)
    assert lint_json(repo, *asked) == expected
    assert ours(expected) == []


def test_a_damaged_verdict_record_is_ignored() -> None:
    from gitmem.consistency.verdicts import PairVerdicts, StoredVerdict, StoredVerdicts

    good = StoredVerdict("00000000000000ff", "duplicate", "match", 0.9, 0.9, (("k", 1),), False)
    for bad in (None, StoredVerdicts("abc", ()), StoredVerdicts("zz" * 8, ()),
                StoredVerdicts(("0" * 15 + "2") + ("0" * 15 + "1"), ()),  # not sorted
                StoredVerdicts("", (good._replace(key="nothex-nothex-xx"),)),
                StoredVerdicts("", (good._replace(signals=(("k",),)),))):
        verdicts = PairVerdicts.from_stored(bad)
        assert verdicts.recall(0xFF) == (False, None)
    kept = PairVerdicts.from_stored(StoredVerdicts("", (good,)))
    assert kept.recall(0xFF) == (True, good)
    assert kept.stored() == StoredVerdicts("", (good,))  # a recalled verdict is kept


def same_gitmem() -> dict[str, str]:
    """An environment whose Python imports the gitmem this test imported. CI installs the
    package into its virtualenv while a `python -c` run in the checkout finds the source tree
    first: two copies, two cache keys (the key holds each source file's path and mtime)."""
    import gitmem

    return {**os.environ, "PYTHONPATH": str(Path(gitmem.__file__).resolve().parents[1])}


def test_every_module_a_pair_verdict_imports_is_in_the_cache_key() -> None:
    """A module of gitmem.consistency that the pair pass uses but the key leaves out would let
    an upgrade of that module serve verdicts computed by the old code."""
    import subprocess
    import sys

    from gitmem.lint import cached

    program = ("import sys, gitmem.consistency.analyze, gitmem.consistency.corpus; print(' '.join("
               "m.__file__ for n, m in sys.modules.items() if n.startswith('gitmem.consistency.')"
               " or n.startswith('gitmem.memory.')))")
    used = subprocess.run([sys.executable, "-c", program], env=same_gitmem(),
                          capture_output=True, text=True, check=True).stdout.split()
    # by name within the package: the child may find another copy of gitmem than this process
    # (an installed one beside the checkout), and the key is about modules, not where they lie
    def named(path: str | Path) -> str:
        return "/".join(Path(path).parts[-2:])

    keyed = {named(path) for path in cached.PAIR_SOURCES}
    consistency = {named(path) for path in used if "/consistency/" in path}
    assert consistency and consistency <= keyed, consistency - keyed
    # of the memory parser, the modules that decide which claims are compared
    assert {named(path) for path in used if path.endswith(
        ("inforce.py", "statements.py", "fragments.py", "subjects.py", "sentences.py"))} <= keyed


def test_a_warm_lint_imports_none_of_the_detectors(tmp_path: Path) -> None:
    """The pair findings are read back: the detectors' modules (a fifth of lint's start-up)
    are not even imported."""
    import subprocess
    import sys

    repo = small_repo(tmp_path / "repo", files=60)
    lint_json(repo)  # cold: the pairs are judged, the findings kept
    program = ("import sys\nfrom gitmem.cli import main\ntry:\n    main(['lint', '--format', "
               "'json'])\nexcept SystemExit:\n    pass\nprint(sorted(m for m in sys.modules "
               "if m.startswith('gitmem.consistency.')),"
               " file=sys.stderr)")
    run = subprocess.run([sys.executable, "-c", program], cwd=repo, capture_output=True,
                         text=True, check=True, env=same_gitmem())
    imported = run.stderr.strip().splitlines()[-1]
    assert imported.startswith("[") and "analyze" not in imported and "align" not in imported, (
        run.stderr)


def test_a_warm_lint_imports_no_yaml_parser(tmp_path: Path) -> None:
    """Every memory is read back: PyYAML (30-90 ms of start-up) is not imported, not even to
    name its version in the cache's fingerprint."""
    import subprocess
    import sys

    repo = small_repo(tmp_path / "repo", files=30)
    lint_json(repo)
    program = ("import sys\nfrom gitmem.cli import main\ntry:\n    main(['lint', '--format', "
               "'json'])\nexcept SystemExit:\n    pass\nprint(sorted(m for m in sys.modules "
               "if m == 'yaml' or m.startswith(('yaml.', 'frontmatter'))), file=sys.stderr)")
    run = subprocess.run([sys.executable, "-c", program], cwd=repo, capture_output=True,
                         text=True, check=True, env=same_gitmem())
    assert run.stderr.strip().splitlines()[-1] == "[]", run.stderr


def test_the_cache_fingerprint_follows_pyyaml_files(tmp_path: Path) -> None:
    """Another PyYAML (an upgrade, a build with or without libyaml) is another fingerprint,
    though the fingerprint is read from its files without importing it."""
    import shutil
    import subprocess
    import sys

    import yaml

    copy = tmp_path / "site" / "yaml"
    shutil.copytree(Path(yaml.__file__).parent, copy,
                    ignore=shutil.ignore_patterns("__pycache__"))
    env = same_gitmem()
    env["PYTHONPATH"] = os.pathsep.join([str(copy.parent), env.get("PYTHONPATH", "")])
    program = ("import sys\nfrom gitmem.memory.cache import code_fingerprint\n"
               "print(code_fingerprint(), 'yaml' in sys.modules)")

    def fingerprint() -> str:
        out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                             check=True, env=env).stdout.split()
        assert out[1] == "False"
        return out[0]

    first = fingerprint()
    assert fingerprint() == first
    with (copy / "constructor.py").open("a") as module:
        module.write("\n# another release\n")
    second = fingerprint()
    assert second != first
    for extension in copy.glob("_yaml*"):
        extension.unlink()  # a build without libyaml
    assert fingerprint() not in (first, second)

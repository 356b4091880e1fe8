"""`gitmem log` reads its op list from a cache keyed by HEAD: whatever happens to the history,
the answer is the one a full walk gives, and the JSON is byte for byte what json.dumps gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gitutil import git
from perfutil import small_repo

from gitmem.memory.cache import DISABLE_ENV
from gitmem.model import Op
from gitmem.ops.history import OPS_CACHE, list_ops, ops_as_json, ops_json_text
from gitmem.workspace import open_workspace


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return small_repo(tmp_path / "repo", files=40)


def ops_now(repo: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[list[Op], list[Op]]:
    """(cached answer, answer of a full walk with the cache off)."""
    cached = list_ops(open_workspace(repo).repo)
    with monkeypatch.context() as patch:
        patch.setenv(DISABLE_ENV, "1")
        walked = list_ops(open_workspace(repo).repo)
    return cached, walked


def op_commit(repo: Path, op: str, path: str, extra: str = "") -> str:
    target = repo / path
    target.write_text(target.read_text() + f"\n- {op} note {extra}\n")
    git(repo, "add", path)
    git(repo, "commit", "-q", "--no-verify", "-m",
        f"gitmem: {op} {path}\n\nGitmem-Op: {op}\nGitmem-Path: {path}\n{extra}")
    return git(repo, "rev-parse", "HEAD").strip()


def a_memory(repo: Path, n: int = 0) -> str:
    return sorted(p.relative_to(repo).as_posix() for p in (repo / "memory").rglob("*.md"))[n]


def test_history_changes_never_show_a_stale_op_list(repo: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path = a_memory(repo)
    cached, walked = ops_now(repo, monkeypatch)
    assert cached == walked and len(cached) == 5
    assert (repo / ".git" / "gitmem" / OPS_CACHE).is_file()
    assert ops_now(repo, monkeypatch)[0] == walked  # from the cache, HEAD unchanged

    first = op_commit(repo, "protect", path)  # a linear step: only the new commit is read
    git(repo, "commit", "-q", "--no-verify", "--allow-empty", "-m", "plain edit")
    op_commit(repo, "unprotect", path, "gitmem-reason: lower-case key\n")
    cached, walked = ops_now(repo, monkeypatch)
    assert cached == walked and cached[0].op == "unprotect" and len(cached) == 7

    git(repo, "switch", "-q", "-c", "side", first)
    op_commit(repo, "protect", a_memory(repo, 1), "Gitmem-Run: side\n")
    git(repo, "switch", "-q", "main")
    git(repo, "merge", "-q", "--no-edit", "--no-verify", "side")
    cached, walked = ops_now(repo, monkeypatch)  # a merge: the whole history is walked again
    assert cached == walked and any(o.trailers.get("Gitmem-Run") == ("side",) for o in cached)

    git(repo, "checkout", "-q", "--detach", "HEAD~3")  # history moved backwards
    cached, walked = ops_now(repo, monkeypatch)
    assert cached == walked


COLUMNS = ("ids", "dates", "summaries", "trailers", "texts")


def read_table(file: Path) -> tuple[dict[str, object], dict[str, list[str]]]:
    """ops.json as its header and its five columns (a JSON line, then NUL-ended values)."""
    head, _, body = file.read_bytes().partition(b"\n")
    values = body.decode("utf-8").split("\0")
    count = json.loads(head)["ops"]
    return json.loads(head), {name: values[i * count:(i + 1) * count]
                              for i, name in enumerate(COLUMNS)}


def table_bytes(header: dict[str, object], columns: dict[str, list[str]]) -> bytes:
    values = [value for name in COLUMNS for value in columns[name]]
    return (json.dumps(header) + "\n" + "\0".join(values)).encode()


def test_a_damaged_op_cache_is_ignored(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    list_ops(open_workspace(repo).repo)
    file = repo / ".git" / "gitmem" / OPS_CACHE
    header, good = read_table(file)
    count = len(good["ids"])
    damaged = [
        b"garbage", file.read_bytes()[:50], file.read_bytes()[:-3], file.read_bytes() + b"\0x",
        table_bytes(header, {**good, "ids": good["ids"][:-1]}),
        table_bytes(header, {**good, "trailers": ["Gitmem-Op"] * count}),
        table_bytes(header, {**good, "trailers": ["Gitmem-Path\nx"] * count}),
        table_bytes({**header, "ops": count + 1}, good),
        table_bytes({**header, "ops": "5"}, good),
        table_bytes({**header, "head": 7}, good),
        table_bytes({**header, "schema": 2}, good),
        file.read_bytes().replace(b"Gitmem-Op", b"Gitmem-Op\xff"),
        json.dumps({**header, **good}).encode(),  # the JSON file schema 2 wrote
    ]
    for data in damaged:
        file.write_bytes(data)
        cached, walked = ops_now(repo, monkeypatch)
        assert cached == walked


def test_ops_json_text_is_exactly_json_dumps() -> None:
    ops = [
        Op("a" * 40, "protect", "2025-01-01T00:00:00+00:00", 'say "hi" ünï \\ \u2028 \x07',
           ("memory/a.md", "memory/ü b.md"),
           {"Gitmem-Op": ("protect",), "Gitmem-Path": ("memory/a.md", "memory/ü b.md")}),
        Op("b" * 40, "undo", "2025-01-02T00:00:00-05:00", "", (), {"Gitmem-Op": ("undo",)},
           "c" * 40),
        Op("c" * 40, "x", "d", "s", (), {}),
    ]
    for case in (ops, ops[:1], []):
        assert ops_json_text(case) == json.dumps(ops_as_json(case), indent=2, ensure_ascii=False)


def test_a_table_that_cannot_be_stored_is_never_read_back(tmp_path: Path) -> None:
    """The op table is written a part at a time as it is encoded, and a table that can be
    stored reads back whole. A value it cannot hold (a NUL, which no commit message has) is
    not searched for while writing: the file then splits into more values than its header
    counts, and is never used (the next run walks history again), nor is a temporary file
    left behind."""
    from gitmem.ops.op_table import OpTable, load_table, store_table

    good = OpTable("h" * 40)
    for n in range(3000):  # several parts of each column
        good.add(f"{n:040x}", f"gitmem: op {n}\n\nGitmem-Op: save\n", 1_700_000_000 + n, 60,
                 {"Gitmem-Op": ("save",), "Gitmem-Path": (f"memory/{n}.md",)})
    file = tmp_path / "cache" / "ops.json"
    store_table(file, "f", good)
    assert load_table(file, "f") == good
    bad = OpTable(good.head, *(list(column) for column in good.columns()))
    bad.summaries[2500] = "a NUL\0inside"
    file.unlink()
    store_table(file, "f", bad)
    assert load_table(file, "f") is None
    assert list(file.parent.iterdir()) == [file]

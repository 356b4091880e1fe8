"""`gitmem log` on real repositories: the same bytes whether the op cache is used or not,
whatever happens to the history, and `--path` for memories whose names hold line breaks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gitutil import commit_all, git, gitmem, log_outputs, make_repo, write

from gitmem.ops.history import OPS_CACHE, list_ops, ops_as_json
from gitmem.workspace import open_workspace

MEMORY = "---\nname: {name}\ntype: project\n---\n- Use {name} for the {name} task.\n"
ODD = "memory/odd\nname.md"  # a line break in the name: Gitmem-Path records it sanitised
TABBED = "memory/tab\t  x.md"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    names = ["a", "b", "c", "d"]
    return make_repo(tmp_path / "mem", {
        **{f"memory/{n}.md": MEMORY.format(name=n) for n in names},
        ODD: MEMORY.format(name="odd"), TABBED: MEMORY.format(name="tab"),
    })


def hand_op(repo: Path, message: str) -> None:
    """An op commit gitmem did not write: odd keys, odd text, an empty change."""
    git(repo, "commit", "-q", "--no-verify", "--allow-empty", "-m", message)


def assert_same_log(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for args in (["--json"], ["--json", "--op", "protect"], ["--json", "--path", "memory/a.md"],
                 ["--json", "--path", ODD], []):
        cached, reread, walked = log_outputs(repo, monkeypatch, *args)
        assert cached == reread == walked, args
    expected = json.dumps(ops_as_json(list_ops(open_workspace(repo).repo)), indent=2,
                          ensure_ascii=False)
    assert log_outputs(repo, monkeypatch, "--json")[0] == expected + "\n"


def test_log_json_is_the_same_bytes_with_and_without_the_cache(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert gitmem(repo, "protect", "memory/a.md").code == 0
    assert gitmem(repo, "protect", ODD).code == 0
    assert gitmem(repo, "undo", "--last").code == 0
    hand_op(repo, 'hand "quoted" \u2028 ünï \\ op\n\ngitmem-op: save\ngitmem-path: memory/b.md\n'
                  "Gitmem-Path: memory/c.md\nGitmem-Reason: folded\n  over two lines\n"
                  "Gitmem-Custom: kept\n")
    assert_same_log(repo, monkeypatch)
    assert (repo / ".git" / "gitmem" / OPS_CACHE).is_file()

    first = git(repo, "rev-parse", "HEAD").strip()
    assert gitmem(repo, "protect", "memory/b.md").code == 0  # forward: only the new commit
    write(repo, {"memory/d.md": MEMORY.format(name="d") + "- An edit.\n"})
    commit_all(repo, "a plain edit")
    assert gitmem(repo, "undo", "--last").code == 0  # undone: an older op changes its JSON
    assert_same_log(repo, monkeypatch)

    git(repo, "switch", "-q", "-c", "side", first)
    assert gitmem(repo, "protect", "memory/c.md").code == 0
    git(repo, "switch", "-q", "main")
    git(repo, "merge", "-q", "--no-edit", "--no-verify", "side")  # a merge: walked again
    assert_same_log(repo, monkeypatch)

    git(repo, "reset", "-q", "--hard", "HEAD~2")  # history moved backwards
    assert_same_log(repo, monkeypatch)

    git(repo, "commit", "-q", "--amend", "--no-verify", "-m",  # the same op, another commit
        "gitmem: protect again\n\nGitmem-Op: protect\nGitmem-Path: memory/d.md\n")
    assert_same_log(repo, monkeypatch)

    git(repo, "checkout", "-q", "--orphan", "fresh")
    git(repo, "rm", "-q", "-rf", ".")
    cached, reread, walked = log_outputs(repo, monkeypatch, "--json")  # no commit yet
    assert cached == reread == walked == '{\n  "version": 1,\n  "ops": []\n}\n'


def test_a_damaged_op_cache_gives_the_same_log(repo: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    assert gitmem(repo, "protect", "memory/a.md").code == 0
    assert gitmem(repo, "undo", "--last").code == 0
    expected = log_outputs(repo, monkeypatch, "--json")[2]
    file = repo / ".git" / "gitmem" / OPS_CACHE
    header, _, body = file.read_bytes().partition(b"\n")
    values = body.split(b"\0")
    count = json.loads(header)["ops"]
    texts_at, trailers_at = 4 * count, 3 * count
    damaged = [
        header + b"\n" + b"\0".join(values[:-1]),  # a text missing
        header + b"\n" + b"\0".join(values[:trailers_at] + [b"Gitmem-Op"] * count
                                    + values[texts_at:]),  # a key without its value
        header + b"\n" + b"\0".join(values[:trailers_at] + [b"Gitmem-Path\nx"] * count
                                    + values[texts_at:]),  # no Gitmem-Op
        header.replace(b'"ops": ', b'"ops": 1') + b"\n" + body,
        header + b"\n" + body.replace(b"\0", b"\1"),
        b"{}\n" + body,
        header,
    ]
    for data in damaged:
        file.write_bytes(data)
        assert log_outputs(repo, monkeypatch, "--json")[0] == expected


@pytest.mark.parametrize("path", [ODD, TABBED])
def test_log_path_finds_the_ops_of_a_name_with_odd_whitespace(repo: Path, path: str) -> None:
    assert gitmem(repo, "protect", path).code == 0
    assert gitmem(repo, "protect", "memory/a.md").code == 0
    op = git(repo, "log", "-1", "--format=%H", "HEAD~1").strip()
    recorded = git(repo, "log", "-1", "--format=%(trailers:key=Gitmem-Path,valueonly)", op)
    assert recorded.strip() != path  # the trailer holds the sanitised form

    ops = json.loads(gitmem(repo, "log", "--path", path, "--json").out)["ops"]
    assert [o["id"] for o in ops] == [op]
    assert gitmem(repo, "log", "--path", path).out.startswith(op[:12])
    plain = json.loads(gitmem(repo, "log", "--path", "memory/a.md", "--json").out)["ops"]
    assert [o["id"] for o in plain] == [git(repo, "rev-parse", "HEAD").strip()]


def test_ops_on_a_name_with_a_line_break_print_one_line_each(repo: Path) -> None:
    """A name's line break is shown as an escape: it must not forge a line of output."""
    done = gitmem(repo, "protect", ODD)
    assert done.code == 0
    lines = done.out.splitlines()
    assert len(lines) == 2 and lines[0] == "protect memory/odd\\nname.md"
    op = git(repo, "rev-parse", "HEAD").strip()
    undone = gitmem(repo, "undo", op)
    assert undone.code == 0 and len(undone.out.splitlines()) == 1

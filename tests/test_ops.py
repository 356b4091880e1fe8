"""The engine's operations on real temporary repositories: each op is one commit, undo reverts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from gitutil import commit_all, git, gitmem, make_repo, snapshot, write

from gitmem import trailers as t
from gitmem.config import KEYS, Config, load_config

OLD = """---
name: wrapper
description: how the calendar wrapper is called
type: project
tags: [calendar, wrapper]
---
- The calendar wrapper cannot pass arguments.
- Call it through `bin/cal`.
"""
NEW = """---
name: wrapper-v2
type: project
tags: [calendar]
---
- The calendar wrapper passes arguments since v2.
- Verified with a real call on 2026-11-01.
"""
PLAIN = "# Notes\n\n- Always squash merges.\n"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "mem", {
        "memory/wrapper.md": OLD,
        "memory/wrapper-v2.md": NEW,
        "memory/plain.md": PLAIN,
        "src/app.py": "print('hi')\n",
    })


def head_message(repo: Path) -> str:
    return git(repo, "log", "-1", "--format=%B")


def changed_files(repo: Path, rev: str = "HEAD") -> list[str]:
    return git(repo, "show", "--name-only", "--format=", rev).split()


def test_supersede_needs_confirm_and_changes_nothing_without_it(repo: Path) -> None:
    before = snapshot(repo)
    result = gitmem(repo, "supersede", "memory/wrapper.md", "--by", "memory/wrapper-v2.md")
    assert result.code == 2
    assert "--confirm" in result.err
    assert snapshot(repo) == before


def test_supersede_is_one_commit_with_trailers_and_minimal_diff(repo: Path) -> None:
    result = gitmem(repo, "supersede", "memory/wrapper.md", "--by", "memory/wrapper-v2.md",
                    "--reason", "verified call passes arguments", "--confirm")
    assert result.code == 0, result
    assert changed_files(repo) == ["memory/wrapper.md"]
    found = t.trailer_map(t.parse_trailers(head_message(repo)))
    assert found["Gitmem-Op"] == ("supersede",)
    assert found["Gitmem-Path"] == ("memory/wrapper.md", "memory/wrapper-v2.md")
    assert found["Gitmem-Superseded-By"] == ("memory/wrapper-v2.md",)
    assert found["Gitmem-Reason"] == ("verified call passes arguments",)
    assert found["Gitmem-Schema"] == ("1",)
    text = (repo / "memory/wrapper.md").read_text()
    assert "superseded_by: memory/wrapper-v2.md" in text
    assert "valid_until: " in text
    # the body is byte-for-byte and only frontmatter lines were added
    assert text.endswith(OLD.split("---\n", 2)[2])
    diff = git(repo, "diff", "HEAD~1", "HEAD", "--unified=0")
    removed = [ln for ln in diff.splitlines() if ln.startswith("-") and not ln.startswith("---")]
    assert removed == []
    # git status is clean: index and working tree follow the commit
    assert git(repo, "status", "--porcelain") == ""


def test_op_keeps_users_other_staged_and_unstaged_work(repo: Path) -> None:
    write(repo, {"src/app.py": "print('staged')\n"})
    git(repo, "add", "src/app.py")
    write(repo, {"src/app.py": "print('unstaged on top')\n", "memory/plain.md": PLAIN + "- wip\n",
                 "notes.txt": "untracked\n"})
    staged_before = git(repo, "diff", "--cached")
    result = gitmem(repo, "supersede", "memory/wrapper.md", "--by", "memory/wrapper-v2.md", "--confirm")
    assert result.code == 0, result
    assert changed_files(repo) == ["memory/wrapper.md"]
    assert git(repo, "diff", "--cached") == staged_before
    assert (repo / "src/app.py").read_text() == "print('unstaged on top')\n"
    assert (repo / "memory/plain.md").read_text() == PLAIN + "- wip\n"
    assert (repo / "notes.txt").read_text() == "untracked\n"


@pytest.mark.parametrize("args, code, words", [
    (["supersede", "memory/wrapper.md", "--by", "memory/wrapper.md", "--confirm"], 2, "itself"),
    (["supersede", "memory/nope.md", "--by", "memory/wrapper.md", "--confirm"], 2, "no such memory"),
    (["supersede", "src/app.py", "--by", "memory/wrapper.md", "--confirm"], 2, "not a memory"),
    (["supersede", "README.md", "--by", "memory/wrapper.md", "--confirm"], 2,
     "excluded by memory.exclude"),
    (["supersede", "../outside.md", "--by", "memory/wrapper.md", "--confirm"], 2, "outside"),
    (["merge", "memory/wrapper.md", "--confirm"], 2, "at least two"),
    (["merge", "memory/wrapper.md", "memory/plain.md", "--into", "memory/wrapper-v2.md",
      "--confirm"], 2, "--into"),
    (["undo", "deadbeef"], 2, "does not name a commit in this repository; `gitmem log` lists"),
    (["undo"], 2, "--last"),
    (["apply", "0123abcd"], 5, "no plan"),
    (["apply", "not-an-id"], 5, "not a plan id"),
    (["show", "memory/wrapper.md", "--as-of", "1999-01-01"], 2, "as of"),
    (["show", "src/app.py"], 2, "not a memory"),
    (["history", "src/app.py"], 2, "not a memory"),
])
def test_refusals_say_what_to_do_and_change_nothing(repo: Path, args: list[str], code: int,
                                                    words: str) -> None:
    before = snapshot(repo)
    result = gitmem(repo, *args)
    assert result.code == code, result
    assert words in result.err
    assert snapshot(repo) == before


def test_dirty_memory_is_refused_with_exit_4(repo: Path) -> None:
    write(repo, {"memory/wrapper.md": OLD + "- an edit in progress\n"})
    before = snapshot(repo)
    result = gitmem(repo, "supersede", "memory/wrapper.md", "--by", "memory/wrapper-v2.md", "--confirm")
    assert result.code == 4
    assert "uncommitted changes" in result.err and "commit or stash" in result.err
    assert snapshot(repo) == before


def test_staged_edit_of_the_memory_is_refused(repo: Path) -> None:
    write(repo, {"memory/wrapper.md": OLD + "- staged\n"})
    git(repo, "add", "memory/wrapper.md")
    write(repo, {"memory/wrapper.md": OLD})  # worktree equals HEAD, index does not
    before = snapshot(repo)
    result = gitmem(repo, "supersede", "memory/wrapper.md", "--by", "memory/wrapper-v2.md", "--confirm")
    assert result.code == 4
    assert snapshot(repo) == before


def test_protected_memory_cannot_be_superseded_or_merged_away(repo: Path) -> None:
    assert gitmem(repo, "protect", "memory/wrapper.md").code == 0
    assert t.trailer_map(t.parse_trailers(head_message(repo)))["Gitmem-Op"] == ("protect",)
    assert "protected: true" in (repo / "memory/wrapper.md").read_text()
    before = snapshot(repo)
    r1 = gitmem(repo, "supersede", "memory/wrapper.md", "--by", "memory/wrapper-v2.md", "--confirm")
    r2 = gitmem(repo, "merge", "memory/wrapper-v2.md", "memory/wrapper.md", "--confirm")
    assert (r1.code, r2.code) == (4, 4)
    assert "protected" in r1.err and "unprotect" in r1.err
    assert snapshot(repo) == before
    # it may survive a merge
    assert gitmem(repo, "merge", "memory/wrapper.md", "memory/plain.md", "--confirm").code == 0
    assert gitmem(repo, "unprotect", "memory/wrapper.md").code == 0
    assert "protected" not in (repo / "memory/wrapper.md").read_text()


def test_protect_twice_is_a_clear_noop(repo: Path) -> None:
    assert gitmem(repo, "protect", "memory/plain.md").code == 0
    head = git(repo, "rev-parse", "HEAD")
    again = gitmem(repo, "protect", "memory/plain.md")
    assert again.code == 0 and "already protected; nothing to do" in again.out  # as init twice
    assert git(repo, "rev-parse", "HEAD") == head


def test_protect_and_unprotect_give_a_file_without_frontmatter_back_byte_for_byte(
    repo: Path,
) -> None:
    protected = gitmem(repo, "protect", "memory/plain.md")
    assert protected.code == 0 and "had no frontmatter" in protected.err
    assert (repo / "memory/plain.md").read_text().startswith("---\nprotected: true\n---\n")
    assert gitmem(repo, "unprotect", "memory/plain.md").code == 0
    assert (repo / "memory/plain.md").read_text() == PLAIN


def test_merge_carries_distinct_claims_and_supersedes_the_absorbed(repo: Path) -> None:
    result = gitmem(repo, "merge", "memory/wrapper-v2.md", "memory/wrapper.md", "--confirm")
    assert result.code == 0, result
    survivor = (repo / "memory/wrapper-v2.md").read_text()
    assert survivor.startswith(NEW)
    assert "- The calendar wrapper cannot pass arguments. (merged from memory/wrapper.md)" in survivor
    absorbed = (repo / "memory/wrapper.md").read_text()
    assert "superseded_by: memory/wrapper-v2.md" in absorbed
    assert sorted(changed_files(repo)) == ["memory/wrapper-v2.md", "memory/wrapper.md"]
    assert (repo / "memory/wrapper.md").exists()


def test_merge_refuses_a_survivor_that_is_already_superseded(repo: Path) -> None:
    gitmem(repo, "supersede", "memory/wrapper.md", "--by", "memory/wrapper-v2.md", "--confirm")
    before = snapshot(repo)
    result = gitmem(repo, "merge", "memory/wrapper.md", "memory/wrapper-v2.md", "--confirm")
    assert result.code == 4 and "--into memory/wrapper-v2.md" in result.err, result
    assert snapshot(repo) == before  # no superseded_by loop hiding both from recall


def test_plan_changes_nothing_tracked_and_apply_commits_it(repo: Path) -> None:
    before = snapshot(repo)
    planned = gitmem(repo, "plan", "supersede", "memory/wrapper.md", "--by", "memory/wrapper-v2.md",
                     "--json")
    assert planned.code == 0, planned
    data = json.loads(planned.out)
    assert data["op"] == "supersede" and data["class"] in ("match", "possible")
    assert "+superseded_by: memory/wrapper-v2.md" in data["diff"]
    import unidiff

    assert [f.path for f in unidiff.PatchSet(data["diff"])] == ["memory/wrapper.md"]
    assert snapshot(repo) == before
    refused = gitmem(repo, "apply", data["plan"])
    assert refused.code == 2 and snapshot(repo) == before
    applied = gitmem(repo, "apply", data["plan"], "--confirm")
    assert applied.code == 0, applied
    twice = gitmem(repo, "apply", data["plan"], "--confirm")  # a no-op, like init twice
    assert twice.code == 0 and "was already applied in" in twice.out, twice
    assert twice.out.rstrip().endswith("nothing to do")
    found = t.trailer_map(t.parse_trailers(head_message(repo)))
    assert found["Gitmem-Plan"] == (data["plan"],)


def test_apply_refuses_a_stale_plan(repo: Path) -> None:
    planned = json.loads(gitmem(repo, "plan", "supersede", "memory/wrapper.md", "--by",
                                "memory/wrapper-v2.md", "--json").out)
    write(repo, {"memory/wrapper.md": OLD + "- newer fact\n"})
    commit_all(repo, "agent edit")
    before = snapshot(repo)
    result = gitmem(repo, "apply", planned["plan"], "--confirm")
    assert result.code == 5 and "plan it again" in result.err
    assert snapshot(repo) == before


def test_apply_refuses_a_tampered_plan(repo: Path) -> None:
    planned = json.loads(gitmem(repo, "plan", "supersede", "memory/wrapper.md", "--by",
                                "memory/wrapper-v2.md", "--json").out)
    plan_file = next((repo / ".git/gitmem/plans").glob(planned["plan"] + "*.json"))
    data = json.loads(plan_file.read_text())
    data["plan"]["changes"][0]["path"] = "src/app.py"
    plan_file.write_text(json.dumps(data))
    before = snapshot(repo)
    assert gitmem(repo, "apply", planned["plan"], "--confirm").code == 5
    plan_file.write_text(plan_file.read_text()[:40])  # truncated
    assert gitmem(repo, "apply", planned["plan"], "--confirm").code == 5
    assert snapshot(repo) == before


def test_undo_restores_every_byte_and_refuses_twice(repo: Path) -> None:
    original = (repo / "memory/wrapper.md").read_bytes()
    gitmem(repo, "supersede", "memory/wrapper.md", "--by", "memory/wrapper-v2.md", "--confirm")
    op = git(repo, "rev-parse", "HEAD").strip()
    result = gitmem(repo, "undo", op[:9])
    assert result.code == 0, result
    assert (repo / "memory/wrapper.md").read_bytes() == original
    message = head_message(repo)
    assert f"This reverts commit {op}." in message
    found = t.trailer_map(t.parse_trailers(message))
    assert found["Gitmem-Op"] == ("undo",) and found["Gitmem-Reverts"] == (op,)
    before = snapshot(repo)
    again = gitmem(repo, "undo", op)
    assert again.code == 4 and "already undone" in again.err
    assert snapshot(repo) == before


def test_undo_of_an_undo_is_a_redo(repo: Path) -> None:
    gitmem(repo, "protect", "memory/plain.md")
    protected = (repo / "memory/plain.md").read_bytes()
    assert gitmem(repo, "undo", "--last").code == 0
    undo_id = git(repo, "rev-parse", "HEAD").strip()
    assert gitmem(repo, "undo", undo_id).code == 0
    assert (repo / "memory/plain.md").read_bytes() == protected
    ops = json.loads(gitmem(repo, "log", "--json").out)["ops"]
    assert [o["op"] for o in ops] == ["undo", "undo", "protect"]
    assert ops[2]["undone_by"] is None  # redone
    assert ops[1]["undone_by"] == ops[0]["id"]


def test_undo_of_init_in_a_new_repository_removes_the_config_and_redoes(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "fresh")  # unborn branch, no commits yet
    assert gitmem(repo, "init").code == 0  # the repository's first commit
    config = (repo / ".gitmem.toml").read_bytes()
    init = git(repo, "rev-parse", "HEAD").strip()
    refused = gitmem(repo, "undo", "--last")  # --last never walks back into the init
    assert refused.code == 4 and f"run `gitmem undo {init[:12]}` if you mean it" in refused.err
    assert "removes .gitmem.toml" in refused.err and (repo / ".gitmem.toml").exists()
    undo = gitmem(repo, "undo", init)
    assert undo.code == 0, undo
    assert "undo removes .gitmem.toml, which" in undo.err
    assert not (repo / ".gitmem.toml").exists()
    assert git(repo, "ls-files").strip() == ""
    assert gitmem(repo, "undo", "--last").code == 4  # nothing left: the init is undone
    assert gitmem(repo, "undo", git(repo, "rev-parse", "HEAD").strip()).code == 0  # redo
    assert (repo / ".gitmem.toml").read_bytes() == config


def test_undo_of_a_first_commit_refuses_when_its_files_changed_since(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "fresh")  # unborn branch, no commits yet
    assert gitmem(repo, "init").code == 0
    init = git(repo, "rev-parse", "HEAD").strip()
    write(repo, {".gitmem.toml": "[lint]\nfail_on = \"error\"\n"})
    commit_all(repo, "tune the config")
    before = snapshot(repo)
    result = gitmem(repo, "undo", init)
    assert result.code == 4 and "conflicts with later changes to .gitmem.toml" in result.err
    assert snapshot(repo) == before


def test_undo_refuses_a_commit_that_is_not_an_op(repo: Path) -> None:
    before = snapshot(repo)
    result = gitmem(repo, "undo", "HEAD")
    assert result.code == 4 and "not a gitmem operation" in result.err
    assert snapshot(repo) == before


def test_undo_refuses_when_later_edits_conflict(repo: Path) -> None:
    gitmem(repo, "protect", "memory/plain.md")
    op = git(repo, "rev-parse", "HEAD").strip()
    text = (repo / "memory/plain.md").read_text().replace("protected: true", "protected: false")
    write(repo, {"memory/plain.md": text})
    commit_all(repo, "hand edit of the same line")
    before = snapshot(repo)
    result = gitmem(repo, "undo", op)
    assert result.code == 4 and "conflicts" in result.err
    assert snapshot(repo) == before


def test_log_json_shape_and_filters(repo: Path) -> None:
    gitmem(repo, "protect", "memory/plain.md")
    gitmem(repo, "supersede", "memory/wrapper.md", "--by", "memory/wrapper-v2.md", "--confirm")
    data = json.loads(gitmem(repo, "log", "--json").out)
    assert [o["op"] for o in data["ops"]] == ["supersede", "protect"]
    op = data["ops"][0]
    assert set(op) == {"id", "op", "date", "summary", "paths", "trailers", "undone_by"}
    assert len(op["id"]) == 40 and op["undone_by"] is None
    assert op["trailers"]["Gitmem-Op"] == ["supersede"]
    only = json.loads(gitmem(repo, "log", "--op", "protect", "--json").out)["ops"]
    assert [o["op"] for o in only] == ["protect"]
    by_path = json.loads(gitmem(repo, "log", "--path", "memory/wrapper.md", "--json").out)["ops"]
    assert [o["op"] for o in by_path] == ["supersede"]
    text = gitmem(repo, "log").out
    assert "supersede" in text and "protect" in text


def test_recall_hides_superseded_unless_asked(repo: Path) -> None:
    gitmem(repo, "supersede", "memory/wrapper.md", "--by", "memory/wrapper-v2.md", "--confirm")
    found = json.loads(gitmem(repo, "recall", "calendar wrapper", "--json").out)["memories"]
    assert [m["path"] for m in found] == ["memory/wrapper-v2.md"]
    assert set(found[0]) == {"path", "name", "type", "superseded_by", "protected", "score",
                            "snippets"}
    both = json.loads(gitmem(repo, "recall", "calendar wrapper", "--include-superseded",
                             "--json").out)["memories"]
    assert [m["path"] for m in both] == ["memory/wrapper-v2.md", "memory/wrapper.md"]
    assert both[1]["superseded_by"] == "memory/wrapper-v2.md"


def test_show_as_of_a_revision_and_a_date_and_history(repo: Path) -> None:
    first = git(repo, "rev-parse", "HEAD").strip()
    gitmem(repo, "supersede", "memory/wrapper.md", "--by", "memory/wrapper-v2.md", "--confirm")
    assert gitmem(repo, "show", "memory/wrapper.md", "--as-of", first).out == OLD
    assert "superseded_by" in gitmem(repo, "show", "memory/wrapper.md").out
    assert "superseded_by" in gitmem(repo, "show", "memory/wrapper.md", "--as-of", "2999-01-01").out
    events = json.loads(gitmem(repo, "history", "memory/wrapper.md", "--json").out)["events"]
    assert [e["op"] for e in events] == ["supersede", None]
    assert events[1]["change"] == "added"


def test_init_writes_config_as_an_op_and_is_idempotent(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "fresh")  # unborn branch, no commits yet
    result = gitmem(repo, "init")
    assert result.code == 0, result
    assert t.trailer_map(t.parse_trailers(head_message(repo)))["Gitmem-Op"] == ("init",)
    assert "[policy]" in (repo / ".gitmem.toml").read_text()
    head = git(repo, "rev-parse", "HEAD")
    assert gitmem(repo, "init").code == 0
    assert git(repo, "rev-parse", "HEAD") == head


def test_init_writes_every_setting_the_file_may_hold_and_they_read_back_as_defaults(
    tmp_path: Path,
) -> None:
    repo = make_repo(tmp_path / "fresh")
    assert gitmem(repo, "init").code == 0
    written = tomllib.loads((repo / ".gitmem.toml").read_text())
    keys = {(table, key) for table, values in written.items() for key in values}
    assert keys == set(KEYS) - {("judge", "command")}  # a command is never read from the file
    config = load_config((repo / ".gitmem.toml").read_text(), {}, {})
    assert config == Config() and not config.warnings


def test_no_identity_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = make_repo(tmp_path / "anon", {"memory/a.md": "- fact\n"})
    home = Path(os.environ["HOME"])
    (home / ".gitconfig").write_text("")
    monkeypatch.setenv("EMAIL", "")
    before = snapshot(repo)
    result = gitmem(repo, "protect", "memory/a.md")
    assert result.code == 3 and "git config user.name" in result.err
    assert snapshot(repo) == before


def test_not_a_repo_bare_repo_and_detached_head(tmp_path: Path, repo: Path) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    r = gitmem(plain, "log")
    assert r.code == 4 and "not inside a git repository" in r.err
    bare = tmp_path / "bare.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
    r = gitmem(bare, "log")
    assert r.code == 4 and "bare" in r.err
    git(repo, "checkout", "-q", "--detach", "HEAD")
    before = snapshot(repo)
    r = gitmem(repo, "protect", "memory/plain.md")
    assert r.code == 4 and "detached" in r.err
    assert snapshot(repo) == before


def test_interrupted_op_is_finished_by_the_next_command(repo: Path) -> None:
    """A crash after the branch moved but before the files were written is completed."""
    from gitmem.gitrepo import hash_blob
    from gitmem.model import FileChange
    from gitmem.ops.journal import write_journal
    from gitmem.workspace import open_workspace

    ws = open_workspace(repo)
    before = (repo / "memory/plain.md").read_bytes()
    after = before + b"- finished after a crash\n"
    head = ws.repo.head_id()
    new = ws.repo.build_commit("gitmem: save\n\nGitmem-Op: save\n",
                               [FileChange("memory/plain.md", before, after)], head)
    write_journal(ws.repo, {"ref": "refs/heads/main", "old": head, "new": new, "summary": "save",
                            "paths": {"memory/plain.md": [hash_blob(before), hash_blob(after)]}})
    ws.repo.move_ref("refs/heads/main", new, head, "test")
    # ... killed here: HEAD moved, index and file still old
    result = gitmem(repo, "log")
    assert result.code == 0
    assert "finished an interrupted operation" in result.err
    assert (repo / "memory/plain.md").read_bytes() == after
    assert git(repo, "status", "--porcelain") == ""


def test_interrupted_op_before_the_branch_moved_is_rolled_back(repo: Path) -> None:
    from gitmem.gitrepo import hash_blob
    from gitmem.model import FileChange
    from gitmem.ops.journal import write_journal
    from gitmem.workspace import open_workspace

    ws = open_workspace(repo)
    before_snapshot = snapshot(repo)
    data = (repo / "memory/plain.md").read_bytes()
    head = ws.repo.head_id()
    new = ws.repo.build_commit("x\n\nGitmem-Op: save\n",
                               [FileChange("memory/plain.md", data, data + b"- x\n")], head)
    write_journal(ws.repo, {"ref": "refs/heads/main", "old": head, "new": new, "summary": "save",
                            "paths": {"memory/plain.md": [hash_blob(data), hash_blob(data + b"- x\n")]}})
    result = gitmem(repo, "log")
    assert "rolled back" in result.err
    assert snapshot(repo) == before_snapshot
    assert not (repo / ".git/gitmem/journal.json").exists()


def test_racing_branch_move_is_refused(repo: Path) -> None:
    from gitmem.errors import GitStateError
    from gitmem.workspace import open_workspace

    ws = open_workspace(repo)
    head = ws.repo.head_id()
    write(repo, {"other.txt": "x\n"})
    commit_all(repo, "someone else committed")
    with pytest.raises(GitStateError):
        ws.repo.move_ref("refs/heads/main", head, head, "stale")


def test_a_code_repo_that_is_only_a_subfolder_is_not_the_enclosing_repo(tmp_path: Path) -> None:
    from gitmem.gitrepo import CodeRepo

    outer = make_repo(tmp_path / "outer", {"sub/readme.txt": "x\n", "memory/a.md": "- a\n"})
    assert CodeRepo.open("sub", outer / "sub") is None
    assert CodeRepo.open("missing", outer / "missing") is None
    assert CodeRepo.open(".", outer) is not None


def test_plans_carry_class_confidence_and_signals(repo: Path) -> None:
    data = json.loads(gitmem(repo, "plan", "supersede", "memory/wrapper.md", "--by",
                             "memory/wrapper-v2.md", "--json").out)
    assert data["class"] in ("match", "possible")
    assert isinstance(data["confidence"], float)
    assert data["signals"] and "identical" not in data["signals"]


def test_only_identical_memories_apply_without_confirm_and_only_with_auto_apply(
        tmp_path: Path) -> None:
    body = "- Run the whole test suite with `pytest -q` before every push.\n"
    repo = make_repo(tmp_path / "m", {"memory/a.md": "---\nname: a\n---\n" + body,
                                      "memory/b.md": "---\nname: b\n---\n" + body,
                                      "memory/c.md": "---\nname: c\n---\n" + body.replace(
                                          "every push", "each push")})
    assert gitmem(repo, "merge", "memory/a.md", "memory/b.md").code == 2  # auto_apply is off
    git(repo, "config", "gitmem.policy.auto-apply", "true")
    near = gitmem(repo, "merge", "memory/a.md", "memory/c.md")
    assert near.code == 2 and "--confirm" in near.err  # alike is not identical
    done = gitmem(repo, "merge", "memory/a.md", "memory/b.md")
    assert done.code == 0, done
    found = t.trailer_map(t.parse_trailers(head_message(repo)))
    assert found["Gitmem-Class"] == ("match",) and found["Gitmem-Signals"] == ("identical=True",)
    # the same body under another type is not a byte-identical duplicate: a user's memory
    # must not be superseded by an agent's note without a person
    write(repo, {"memory/u.md": "---\nname: u\ntype: user\n---\n" + body})
    commit_all(repo, "a user memory saying the same")
    before = snapshot(repo)
    user = gitmem(repo, "supersede", "memory/u.md", "--by", "memory/a.md")
    assert user.code == 2 and "--confirm" in user.err, user
    assert snapshot(repo) == before


@pytest.mark.parametrize("setup", ["autocrlf", "gitattributes"])
def test_ops_work_on_a_checkout_with_crlf_line_endings(tmp_path: Path, setup: str) -> None:
    repo = make_repo(tmp_path / "crlf", {"memory/plain.md": PLAIN})
    if setup == "autocrlf":
        git(repo, "config", "core.autocrlf", "true")
    else:
        write(repo, {".gitattributes": "*.md text eol=crlf\n"})
        commit_all(repo, "check memories out with CRLF")
    (repo / "memory/plain.md").unlink()
    git(repo, "checkout", "--", "memory/plain.md")  # as a fresh clone would have it
    assert b"\r\n" in (repo / "memory/plain.md").read_bytes()
    assert git(repo, "status", "--porcelain").strip() == ""
    result = gitmem(repo, "protect", "memory/plain.md")
    assert result.code == 0, result
    on_disk = (repo / "memory/plain.md").read_bytes()
    assert b"protected: true\r\n" in on_disk and b"\n" not in on_disk.replace(b"\r\n", b"")
    assert git(repo, "status", "--porcelain").strip() == ""  # git sees what gitmem committed
    stored = subprocess.run(["git", "cat-file", "blob", "HEAD:memory/plain.md"], cwd=repo,
                            capture_output=True, check=True).stdout
    assert b"protected: true\n" in stored and b"\r" not in stored  # stored with LF
    assert gitmem(repo, "undo", "--last").code == 0
    assert git(repo, "status", "--porcelain").strip() == ""
    assert b"protected" not in (repo / "memory/plain.md").read_bytes()
    # an op planned from the working tree (save reads it) commits git's form too
    saved = gitmem(repo, "save", "Never squash merges.", "--category", "feedback", "--from-user")
    assert saved.code == 0, saved
    assert "superseded_by: memory/never-squash-merges.md" in (repo / "memory/plain.md").read_text()
    assert git(repo, "status", "--porcelain").strip() == ""
    stored = subprocess.run(["git", "cat-file", "blob", "HEAD:memory/plain.md"], cwd=repo,
                            capture_output=True, check=True).stdout
    assert b"\r" not in stored


def test_a_file_where_gitmems_state_folder_goes_is_a_clear_refusal(repo: Path) -> None:
    (repo / ".git" / "gitmem").write_text("not a folder\n")
    before = snapshot(repo)
    result = gitmem(repo, "protect", "memory/plain.md")
    assert result.code == 4 and "state folder" in result.err, result
    for reader in (["review"], ["log"], ["lint"], ["sweep"]):
        assert gitmem(repo, *reader).code in (0, 1), reader  # reading needs no state folder
    assert gitmem(repo, "hooks", "install").code == 4
    assert snapshot(repo) == before


def test_recall_limit_must_be_positive_and_log_says_when_a_filter_matches_nothing(
    repo: Path,
) -> None:
    assert gitmem(repo, "recall", "calendar", "--limit", "0").code == 2
    gitmem(repo, "protect", "memory/plain.md")
    result = gitmem(repo, "log", "--op", "merge")
    assert result.code == 0 and "no gitmem operation matches" in result.err
    typo = gitmem(repo, "log", "--op", "supersed")
    assert typo.code == 2 and "no such operation" in typo.err and "supersede" in typo.err


def test_a_symlink_or_a_folder_named_like_a_memory_is_named_for_what_it_is(repo: Path) -> None:
    (repo / "memory/link.md").symlink_to("plain.md")
    (repo / "memory/folder.md").mkdir()
    (repo / "memory/folder.md/inside.txt").write_text("x\n")
    commit_all(repo, "a link and a folder")
    before = snapshot(repo)
    link = gitmem(repo, "protect", "memory/link.md")
    assert link.code == 2 and "symbolic link" in link.err, link
    folder = gitmem(repo, "protect", "memory/folder.md")
    assert folder.code == 2 and "is a folder" in folder.err, folder
    assert snapshot(repo) == before


def test_merge_refuses_to_copy_claims_from_a_file_that_is_not_utf8(repo: Path) -> None:
    write(repo, {"memory/latin.md": b"---\nname: latin\n---\n- Caf\xe9 opens at 8.\n"})
    commit_all(repo, "a Latin-1 memory")
    before = snapshot(repo)
    result = gitmem(repo, "merge", "memory/plain.md", "memory/latin.md", "--confirm")
    assert result.code == 3 and "not valid UTF-8 (line 4)" in result.err, result
    assert snapshot(repo) == before  # no U+FFFD copied over the original byte


@pytest.mark.parametrize("state_file", ["review.json", "journal.json", "plans/{plan}.json"])
def test_a_state_file_nested_too_deeply_to_parse_is_treated_as_damaged(
    repo: Path, state_file: str
) -> None:
    planned = json.loads(gitmem(repo, "plan", "supersede", "memory/wrapper.md", "--by",
                                "memory/wrapper-v2.md", "--json").out)
    target = repo / ".git" / "gitmem" / state_file.format(plan=planned["plan"])
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("[" * 100_000)
    for args, codes in ((["review"], {0}), (["apply", planned["plan"], "--confirm"], {0, 5})):
        result = gitmem(repo, *args)
        assert result.code in codes, (args, result)


def test_merge_folds_what_the_survivor_already_says_and_warns_of_contradictions(
    tmp_path: Path,
) -> None:
    repo = make_repo(tmp_path / "fold", {
        "memory/testing.md": "- Run the full test suite with `pytest -q` before every push.\n",
        "memory/testing-notes.md": ("- Run the full test suite with `pytest -q` before each push.\n"
                                    "- Keep fixtures small.\n"),
        "memory/ci.md": "- We use Jenkins for CI.\n",
        "memory/ci2.md": "- We use CircleCI for CI.\n",
    })
    result = gitmem(repo, "merge", "memory/testing.md", "memory/testing-notes.md", "--confirm")
    assert result.code == 0, result
    survivor = (repo / "memory/testing.md").read_text()
    assert "before each push" not in survivor and "- Keep fixtures small." in survivor
    assert "folded=1" in " ".join(t.trailer_map(t.parse_trailers(head_message(repo)))
                                  ["Gitmem-Signals"])
    merged = gitmem(repo, "merge", "memory/ci.md", "memory/ci2.md", "--confirm")
    assert merged.code == 0, merged
    assert "warning: Contradicts the survivor: We use CircleCI for CI." in merged.err


def test_merge_carries_a_claim_that_says_more_than_a_survivor_claim(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "more", {
        "memory/a.md": "- Run the unit tests before pushing to main.\n",
        "memory/b.md": "- Run the unit tests and the integration tests before pushing to main.\n",
    })
    assert gitmem(repo, "merge", "memory/a.md", "memory/b.md", "--confirm").code == 0
    assert "integration tests" in (repo / "memory/a.md").read_text()  # possible band: kept


def cpu_seconds() -> float:
    """User and system CPU of this process and of the children it waited for (judging
    workers)."""
    return sum(os.times()[:4])


def test_merging_two_large_memories_compares_candidate_pairs_only(tmp_path: Path) -> None:
    topics = ["cache", "queue", "worker", "deploy", "schema", "index", "backup", "router"]
    lines = [f"- The {topics[i % 8]} step {i} uses setting value{i} for region r{i % 13}."
             for i in range(240)]
    repo = make_repo(tmp_path / "big", {
        "memory/a.md": "\n".join(lines[:120]) + "\n",
        "memory/b.md": "\n".join(lines[120:]) + "\n",
    })
    started = cpu_seconds()
    assert gitmem(repo, "merge", "memory/a.md", "memory/b.md", "--confirm").code == 0
    # CPU, not wall time: on a loaded machine the wall clock measures the other processes.
    assert cpu_seconds() - started < 10  # every pair scored: about a minute


def test_show_and_plan_diffs_use_no_click_api_that_click_9_removes(repo: Path) -> None:
    """click 8.2+ warns that get_text_stream / get_binary_stream go away in click 9, which
    `click>=8.2` would install: `show` and a plan's diff must not depend on them."""
    run = subprocess.run(
        [sys.executable, "-P", "-W", "error::DeprecationWarning", "-m", "gitmem", "show",
         "memory/wrapper.md"], cwd=repo, capture_output=True, check=False)
    assert run.returncode == 0, run.stderr.decode()
    assert run.stdout == (repo / "memory/wrapper.md").read_bytes()
    plan = subprocess.run(
        [sys.executable, "-P", "-W", "error::DeprecationWarning", "-m", "gitmem", "supersede",
         "memory/wrapper.md", "--by", "memory/wrapper-v2.md"],
        cwd=repo, capture_output=True, check=False)
    # a possible-band supersede shows its plan's diff and asks for --confirm (exit 2)
    assert plan.returncode == 2 and b"Traceback" not in plan.stderr, plan.stderr.decode()
    assert b"+superseded_by" in plan.stdout + plan.stderr


@pytest.mark.parametrize("args", [
    ("merge", "memory/good.md", "memory/broken.md", "--confirm"),
    ("supersede", "memory/broken.md", "--by", "memory/good.md", "--confirm"),
    ("protect", "memory/broken.md"),
])
def test_a_broken_frontmatter_refusal_names_the_file(tmp_path: Path, args: tuple[str, ...]) -> None:
    # an op edits several files: "line 4 is not valid YAML" alone does not say which to fix
    repo = make_repo(tmp_path / "repo", {
        "memory/good.md": "---\nname: good\ndescription: fine\ntype: project\n---\n- Use tabs.\n",
        "memory/broken.md": "---\nname: broken\ntags: [style, unclosed\ntype: project\n---\n"
                            "- Use spaces.\n",
    })
    before = snapshot(repo)
    result = gitmem(repo, *args)
    assert result.code == 3, result
    assert "memory/broken.md: frontmatter is not valid YAML" in result.err, result.err
    assert snapshot(repo) == before

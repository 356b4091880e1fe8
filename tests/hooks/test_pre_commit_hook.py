"""The pre-commit hook through real `git commit` runs: what blocks, what warns, what passes."""

from __future__ import annotations

from pathlib import Path

import pytest
from gitutil import git, gitmem, make_repo, write
from hookutil import hooked_repo, memory, run_git

from gitmem.lint.registry import rule_by_code

WRAPPER = memory("wrapper", "The calendar wrapper lives in bin/cal.", "It takes no arguments.",
                 "Call it once per day.", "Its output is JSON.", "It logs to stderr.",
                 "It exits 2 on a bad date.")
PINNED = memory("pinned", "Never force-push to main.", "Releases are tagged by CI.",
                protected="true")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return hooked_repo(tmp_path / "mem", {"memory/wrapper.md": WRAPPER,
                                          "memory/pinned.md": PINNED})


def head(repo: Path) -> str:
    return git(repo, "rev-parse", "HEAD").strip()


def commit(repo: Path, *args: str) -> tuple[int, str]:
    before = head(repo)
    proc = run_git(repo, "commit", "-q", "-m", "agent edit", *args)
    moved = head(repo) != before
    assert moved == (proc.returncode == 0), proc.stderr
    return proc.returncode, proc.stderr


def test_a_clean_commit_passes(repo: Path) -> None:
    write(repo, {"memory/deploy.md": memory("deploy", "Deploys run from the release branch.")})
    git(repo, "add", "memory/deploy.md")
    code, err = commit(repo)
    assert code == 0, err
    assert "block" not in err


def test_a_fabricated_commit_hash_in_an_added_line_blocks(repo: Path) -> None:
    write(repo, {"memory/fix.md": memory("fix", "The date bug was fixed in commit 4f2a9c81be.")})
    git(repo, "add", "memory/fix.md")
    code, err = commit(repo)
    assert code == 1
    assert "memory/fix.md:4: GM301" in err
    assert "git commit --no-verify" in err


def test_no_verify_bypasses_the_hook(repo: Path) -> None:
    write(repo, {"memory/fix.md": memory("fix", "The date bug was fixed in commit 4f2a9c81be.")})
    git(repo, "add", "memory/fix.md")
    code, err = commit(repo, "--no-verify")
    assert code == 0, err


def test_a_fabricated_hash_already_committed_only_warns(repo: Path) -> None:
    write(repo, {"memory/fix.md": memory("fix", "Fixed in commit 4f2a9c81be.")})
    git(repo, "add", "memory/fix.md")
    assert commit(repo, "--no-verify")[0] == 0
    write(repo, {"memory/fix.md": memory("fix", "Fixed in commit 4f2a9c81be.", "Test it daily.")})
    git(repo, "add", "memory/fix.md")
    code, err = commit(repo)
    assert code == 0, err
    assert "not blocking (warnings" in err and "GM301" in err


@pytest.mark.skipif(rule_by_code("GM201") is None, reason="duplicate rule not registered yet")
def test_a_duplicate_of_an_existing_memory_only_warns(repo: Path) -> None:
    write(repo, {"memory/cal.md": memory("cal", "The calendar wrapper lives in bin/cal.")})
    git(repo, "add", "memory/cal.md")
    code, err = commit(repo)
    assert code == 0, err
    assert "not blocking (warnings" in err and "GM20" in err
    assert "memory/wrapper.md" in err


def test_a_deleted_memory_blocks(repo: Path) -> None:
    git(repo, "rm", "-q", "memory/wrapper.md")
    code, err = commit(repo)
    assert code == 1
    assert "memory/wrapper.md:1: GM402" in err and "gitmem supersede" in err


def test_a_shrunk_memory_blocks(repo: Path) -> None:
    write(repo, {"memory/wrapper.md": memory("wrapper", "The calendar wrapper lives in bin/cal.")})
    git(repo, "add", "memory/wrapper.md")
    code, err = commit(repo)
    assert code == 1
    assert "GM401" in err and "loses 5 of its 6 claims" in err


def test_shrink_ratio_is_configurable(repo: Path) -> None:
    git(repo, "config", "gitmem.hooks.shrinkRatio", "0.9")
    write(repo, {"memory/wrapper.md": memory("wrapper", "The calendar wrapper lives in bin/cal.")})
    git(repo, "add", "memory/wrapper.md")
    assert commit(repo)[0] == 0


def test_editing_a_protected_memory_blocks(repo: Path) -> None:
    text = PINNED.replace("Releases are tagged by CI.", "Releases are tagged by hand.")
    write(repo, {"memory/pinned.md": text})
    git(repo, "add", "memory/pinned.md")
    code, err = commit(repo)
    assert code == 1
    assert "memory/pinned.md:6: GM403" in err and "gitmem unprotect" in err


def test_commit_all_is_checked_through_the_index_git_hands_the_hook(repo: Path) -> None:
    """`git commit -a` stages into a temporary index (GIT_INDEX_FILE), not .git/index."""
    write(repo, {"memory/wrapper.md": WRAPPER + "- Rewritten in commit 9e8d7c6b5a.\n"})
    code, err = commit(repo, "-a")
    assert code == 1 and "GM301" in err


def test_commit_of_named_paths_is_checked_through_its_index(repo: Path) -> None:
    write(repo, {"memory/wrapper.md": WRAPPER + "- Rewritten in commit 9e8d7c6b5a.\n",
                 "memory/other.md": memory("other", "Fine.")})
    git(repo, "add", "memory/other.md")
    code, err = commit(repo, "--", "memory/wrapper.md")
    assert code == 1 and "memory/wrapper.md" in err and "GM301" in err


def test_hooks_warn_on_turns_a_guard_into_a_warning(repo: Path) -> None:
    write(repo, {".gitmem.toml": '[hooks]\nwarn_on = ["GM402"]\n'})
    git(repo, "add", ".gitmem.toml")
    git(repo, "rm", "-q", "memory/wrapper.md")
    code, err = commit(repo)
    assert code == 0, err
    assert "GM402" in err and "not blocking (warnings" in err


def test_lint_ignore_switches_a_guard_off(repo: Path) -> None:
    git(repo, "config", "gitmem.lint.ignore", "GM402")
    git(repo, "rm", "-q", "memory/wrapper.md")
    code, err = commit(repo)
    assert code == 0 and "GM402" not in err


def test_the_foreign_hook_runs_first_and_its_failure_blocks(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "mem", {"memory/wrapper.md": WRAPPER})
    seen, code_file = tmp_path / "seen", tmp_path / "code"
    foreign = repo / ".git" / "hooks" / "pre-commit"
    foreign.write_text(f"#!/bin/sh\necho ran >> '{seen}'\nexit \"$(cat '{code_file}')\"\n")
    foreign.chmod(0o755)
    assert gitmem(repo, "hooks", "install").code == 0
    code_file.write_text("0")
    write(repo, {"memory/deploy.md": memory("deploy", "Deploys run from the release branch.")})
    git(repo, "add", "memory/deploy.md")
    assert commit(repo)[0] == 0
    assert seen.read_text() == "ran\n"

    code_file.write_text("3")
    write(repo, {"memory/other.md": memory("other", "A clean note.")})
    git(repo, "add", "memory/other.md")
    code, err = commit(repo)
    assert code != 0
    assert "pre-commit.legacy hook failed (exit 3)" in err
    assert seen.read_text() == "ran\nran\n"


def test_a_kept_hook_whose_interpreter_is_missing_blocks_with_a_message(repo: Path) -> None:
    hooks = repo / ".git" / "hooks"
    (hooks / "pre-commit").unlink()
    (hooks / "post-merge").unlink()
    (hooks / "pre-commit").write_text("#!/nonexistent/sh\nexit 0\n")
    (hooks / "pre-commit").chmod(0o755)
    assert gitmem(repo, "hooks", "install").code == 0  # kept as pre-commit.legacy
    write(repo, {"memory/deploy.md": memory("deploy", "Deploys run from the release branch.")})
    git(repo, "add", "memory/deploy.md")
    code, err = commit(repo)
    assert code != 0
    assert "cannot run the kept hook" in err and "internal error" not in err


def test_a_broken_configuration_blocks_memory_commits_only(repo: Path) -> None:
    write(repo, {".gitmem.toml": "x = [\n"})  # not TOML; left uncommitted
    write(repo, {"src/app.py": "print('hi')\n"})
    git(repo, "add", "src/app.py")
    code, err = commit(repo)
    assert code == 0, err  # no memory in the commit: not checked at all
    git(repo, "config", "gitmem.judge.timeout", "0")  # invalid too, and hooks never judge
    write(repo, {"memory/deploy.md": memory("deploy", "Deploys run from the release branch.")})
    git(repo, "add", "memory/deploy.md")
    code, err = commit(repo)
    assert code != 0  # git's own exit status for a failed hook
    assert "not valid TOML" in err and "--no-verify" in err
    assert gitmem(repo, "hook", "pre-commit").code == 3  # the hook's, as the docs give it


def test_a_commit_without_memory_files_is_not_checked(repo: Path) -> None:
    write(repo, {"src/app.py": "print('hi')\n"})
    git(repo, "add", "src/app.py")
    code, err = commit(repo)
    assert code == 0 and err == ""


@pytest.mark.parametrize("target, blocks", [("memory/pinned.md", False),
                                            ("memory/gone.md", True)])
def test_references_resolve_against_the_whole_index(repo: Path, target: str, blocks: bool) -> None:
    """The hook parses only a slice of the corpus; a reference to an unstaged memory that
    exists must still resolve, and one to a missing memory must still be GM103."""
    write(repo, {"memory/new.md": memory("new", "Use the new flow.", superseded_by=target)})
    git(repo, "add", "memory/new.md")
    result = gitmem(repo, "hook", "pre-commit")
    assert (result.code == 1) == blocks, result
    assert ("GM103" in result.err) == blocks


def test_a_submodule_at_a_memory_path_is_not_read_as_a_memory(repo: Path) -> None:
    # a gitlink, as `git submodule add` records one, where the memory globs match
    git(repo, "update-index", "--add", "--cacheinfo", f"160000,{'1' * 40},memory/shared.md")
    code, err = commit(repo)
    assert code == 0, err


def test_run_by_hand_during_a_conflicted_merge_it_says_to_resolve(repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "other")
    write(repo, {"memory/wrapper.md": WRAPPER.replace("no arguments", "one argument")})
    git(repo, "commit", "-qam", "theirs", "--no-verify")
    git(repo, "checkout", "-q", "-")
    write(repo, {"memory/wrapper.md": WRAPPER.replace("no arguments", "two arguments")})
    git(repo, "commit", "-qam", "ours", "--no-verify")
    assert run_git(repo, "merge", "other").returncode != 0  # a conflict in the memory
    result = gitmem(repo, "hook", "pre-commit")
    assert result.code == 4 and "unresolved conflicts in memory/wrapper.md" in result.err, result

"""`gitmem hooks install|uninstall`: where git looks for hooks, foreign hooks kept, idempotent."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from gitutil import git, gitmem, make_repo
from hookutil import HOOK_PATH, memory

from gitmem.hooks import MARKER, render_shim

SOURCE = Path(__file__).resolve().parents[2]
FOREIGN = "#!/bin/sh\necho foreign hook ran\n"


def _files(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mode) for p in sorted(folder.iterdir())}


def test_source_tree_shims_are_the_rendered_shims() -> None:
    for name in ("pre-commit", "post-merge"):
        path = SOURCE / "hooks" / name
        assert path.read_text() == render_shim(name, "")
        assert os.access(path, os.X_OK)


def test_install_writes_executable_shims_that_record_the_interpreter(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": memory("a", "One.")})
    result = gitmem(repo, "hooks", "install")
    assert result.code == 0, result
    for name in ("pre-commit", "post-merge"):
        hook = repo / ".git" / "hooks" / name
        text = hook.read_text()
        assert MARKER in text and f'exec gitmem hook {name} "$@"' in text
        assert f"GITMEM_PYTHON={sys.executable}" in text or f"'{sys.executable}'" in text
        assert os.access(hook, os.X_OK)
        assert f"{name}: installed" in result.out


def test_install_twice_changes_nothing(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": memory("a", "One.")})
    gitmem(repo, "hooks", "install")
    before = _files(repo / ".git" / "hooks")
    again = gitmem(repo, "hooks", "install")
    assert again.code == 0 and again.out.count("already installed") == 2
    assert _files(repo / ".git" / "hooks") == before


def test_foreign_hook_is_kept_as_legacy_and_restored_by_uninstall(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": memory("a", "One.")})
    hooks = repo / ".git" / "hooks"
    (hooks / "pre-commit").write_text(FOREIGN)
    (hooks / "pre-commit").chmod(0o755)
    result = gitmem(repo, "hooks", "install")
    assert "kept the existing hook as pre-commit.legacy" in result.out
    assert (hooks / "pre-commit.legacy").read_text() == FOREIGN
    assert MARKER in (hooks / "pre-commit").read_text()
    assert gitmem(repo, "hooks", "install").out.count("already installed") == 2  # legacy untouched
    assert (hooks / "pre-commit.legacy").read_text() == FOREIGN

    removed = gitmem(repo, "hooks", "uninstall")
    assert removed.code == 0, removed
    assert (hooks / "pre-commit").read_text() == FOREIGN
    assert os.access(hooks / "pre-commit", os.X_OK)
    assert not (hooks / "pre-commit.legacy").exists()
    assert not (hooks / "post-merge").exists()


def test_install_refuses_rather_than_overwrite_a_kept_legacy_hook(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": memory("a", "One.")})
    hooks = repo / ".git" / "hooks"
    (hooks / "pre-commit").write_text(FOREIGN)
    (hooks / "pre-commit.legacy").write_text("#!/bin/sh\necho older\n")
    result = gitmem(repo, "hooks", "install")
    assert result.code == 4, result
    assert "pre-commit.legacy already exists" in result.err
    assert (hooks / "pre-commit").read_text() == FOREIGN


def test_uninstall_leaves_a_foreign_hook_alone(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": memory("a", "One.")})
    (repo / ".git" / "hooks" / "post-merge").write_text(FOREIGN)
    result = gitmem(repo, "hooks", "uninstall")
    assert "is not gitmem's; left as it is" in result.out
    assert (repo / ".git" / "hooks" / "post-merge").read_text() == FOREIGN


def test_core_hooks_path_outside_the_repo_is_used_with_a_warning(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": memory("a", "One.")})
    shared = tmp_path / "shared-hooks"
    git(repo, "config", "core.hooksPath", str(shared))
    result = gitmem(repo, "hooks", "install")
    assert result.code == 0, result
    assert "outside this repository" in result.out
    assert MARKER in (shared / "pre-commit").read_text()
    assert not (repo / ".git" / "hooks" / "pre-commit").exists()


def test_core_hooks_path_inside_the_repo_needs_no_warning(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": memory("a", "One.")})
    git(repo, "config", "core.hooksPath", ".githooks")
    result = gitmem(repo, "hooks", "install")
    assert "warning" not in result.out
    assert MARKER in (repo / ".githooks" / "pre-commit").read_text()


def test_a_linked_worktree_installs_into_the_shared_hooks_folder(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": memory("a", "One.")})
    git(repo, "worktree", "add", "-q", str(tmp_path / "wt"), "-b", "side")
    result = gitmem(tmp_path / "wt", "hooks", "install")
    assert result.code == 0, result
    assert MARKER in (repo / ".git" / "hooks" / "pre-commit").read_text()


def test_shim_without_any_gitmem_blocks_a_commit_but_not_a_merge(tmp_path: Path) -> None:
    env = dict(os.environ, PATH=HOOK_PATH)
    for name, code in (("pre-commit", 1), ("post-merge", 0)):
        shim = tmp_path / name
        shim.write_text(render_shim(name, str(tmp_path / "gone" / "python")))
        shim.chmod(0o755)
        proc = subprocess.run([str(shim)], env=env, capture_output=True, text=True, check=False)
        assert proc.returncode == code
        assert "gitmem is not on PATH" in proc.stderr
        assert ("--no-verify" in proc.stderr) == (name == "pre-commit")


def test_init_hooks_installs_the_hooks(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": memory("a", "One.")})
    result = gitmem(repo, "init", "--hooks")
    assert result.code == 0, result
    assert MARKER in (repo / ".git" / "hooks" / "pre-commit").read_text()


def test_install_refuses_to_displace_the_pre_commit_framework(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": memory("a", "One.")})
    framework = "#!/usr/bin/env bash\n# File generated by pre-commit: https://pre-commit.com\n"
    (repo / ".git" / "hooks" / "pre-commit").write_text(framework)
    result = gitmem(repo, "hooks", "install")
    assert result.code == 4 and ".pre-commit-config.yaml" in result.err
    assert (repo / ".git" / "hooks" / "pre-commit").read_text() == framework


def test_no_legacy_skips_the_kept_hook(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": memory("a", "One.")})
    hooks = repo / ".git" / "hooks"
    (hooks / "pre-commit").write_text("#!/bin/sh\nexit 7\n")
    (hooks / "pre-commit").chmod(0o755)
    assert gitmem(repo, "hooks", "install").code == 0
    assert gitmem(repo, "hook", "pre-commit").code == 7
    assert gitmem(repo, "hook", "--no-legacy", "pre-commit").code == 0

"""A `.gitmem.toml` that arrives with a clone can never make gitmem run a program.

`judge.command` runs code, so only git config `gitmem.judge.command` or GITMEM_JUDGE_COMMAND
may set it (DESIGN §7). Every spelling TOML allows for that key (table, dotted key, inline
table, quoted key, a list) is ignored with a warning, and no command gitmem has ever runs
anything from it: the marker file it would create never appears.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from gitutil import commit_all, git, gitmem, make_repo, write

from gitmem.config import load_config
from gitmem.workspace import open_workspace

MARK = "PWNED"
VARIANTS = {
    "table": f'[judge]\ncommand = "touch {MARK}"\n',
    "list": f'[judge]\ncommand = ["sh", "-c", "touch {MARK}"]\n',
    "dotted": f'judge.command = "touch {MARK}"\n',
    "inline": f'judge = {{ command = "touch {MARK}", timeout = 1 }}\n',
    "quoted-key": f'[judge]\n"command" = "touch {MARK}"\n',
    "absolute": f'[judge]\ncommand = "/usr/bin/touch {{root}}/{MARK}"\n',
    "subshell": f'[judge]\ncommand = "$(touch {MARK})"\n',
    "repo-script": '[judge]\ncommand = "./pwn.sh"\n',
    "case": f'[Judge]\nCommand = "touch {MARK}"\n',
    "env-name": f'GITMEM_JUDGE_COMMAND = "touch {MARK}"\n',
    "nested": f'[gitmem.judge]\ncommand = "touch {MARK}"\n',
    "hooks": f'[hooks]\ncommand = "touch {MARK}"\n[lint]\nformatter = "touch {MARK}"\n',
}
MEMORIES = {
    "memory/tabs.md": "---\nname: tabs\ntags: [style]\n---\n- Always indent with tabs.\n",
    "memory/spaces.md": "---\nname: spaces\ntags: [style]\n---\n- Never indent with tabs.\n",
}
COMMANDS = [
    ("lint",), ("lint", "--format", "json"), ("candidates", "--json"), ("sweep",),
    ("review",), ("recall", "indent"), ("log",), ("protect", "memory/tabs.md"),
    ("hook", "pre-commit"),
]


def cloned_repo(root: Path, toml: str) -> Path:
    repo = make_repo(root, {**MEMORIES, ".gitmem.toml": toml.replace("{root}", str(root)),
                            "pwn.sh": f"#!/bin/sh\ntouch {root}/{MARK}\n"})
    os.chmod(repo / "pwn.sh", 0o755)
    git(repo, "add", "--chmod=+x", "pwn.sh")
    commit_all(repo, "a memory repository from somewhere else")
    return repo


def marks(root: Path) -> list[Path]:
    return [p for p in root.rglob(MARK)] + [p for p in Path.cwd().glob(MARK)]


@pytest.mark.parametrize("variant", VARIANTS)
def test_toml_never_sets_a_command(variant: str) -> None:
    config = load_config(VARIANTS[variant].replace("{root}", "/x"), {}, {})
    assert config.judge_command == ()
    assert config.warnings, "the ignored key must be reported"


def test_git_config_and_environment_may_set_it(tmp_path: Path) -> None:
    """The control: the same key from a trusted source is taken, so the refusals above are the
    source rule, not a broken key."""
    toml = VARIANTS["table"]
    assert load_config(toml, {"gitmem.judge.command": "judge --strict"}, {}).judge_command == (
        "judge", "--strict")
    assert load_config(toml, {}, {"GITMEM_JUDGE_COMMAND": "judge"}).judge_command == ("judge",)
    repo = cloned_repo(tmp_path / "repo", toml)
    git(repo, "config", "gitmem.judge.command", "my-judge --fast")
    assert open_workspace(repo).config.judge_command == ("my-judge", "--fast")


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_command_runs_a_program_from_a_cloned_toml(tmp_path: Path, variant: str) -> None:
    repo = cloned_repo(tmp_path / "repo", VARIANTS[variant])
    write(repo, {"memory/tabs.md": MEMORIES["memory/tabs.md"] + "- staged edit\n"})
    for args in COMMANDS:
        if args[0] == "hook":
            git(repo, "add", "memory/tabs.md")
        result = gitmem(repo, *args)
        if "ModuleNotFoundError" in result.err:
            continue  # a command still being written by another issue: nothing ran at all
        assert result.code != 70, (args, result)
        assert marks(tmp_path) == [], (variant, args)
        if args[0] == "hook":
            git(repo, "reset", "-q", "memory/tabs.md")
    assert marks(tmp_path) == []


def test_a_symlinked_toml_is_not_read(tmp_path: Path) -> None:
    outside = tmp_path / "outside.toml"
    outside.write_text('[lint]\nfail_on = "never"\n')
    repo = make_repo(tmp_path / "repo", MEMORIES)
    os.symlink(outside, repo / ".gitmem.toml")
    assert open_workspace(repo).config.fail_on == "error"

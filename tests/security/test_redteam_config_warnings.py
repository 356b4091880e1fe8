"""A lever found by the sec-a red-team pass (beyond the report): a quoted key in a committed
`.gitmem.toml` (`"x\n::error file=memory/a.md,line=1::forged\u001b]0;owned\u0007" = 1`) was
printed verbatim in the "ignoring unknown key" warning of every command and of the pre-commit
hook: a forged workflow-command line in a CI log and a terminal escape on a developer's screen.

The promise: text from a committed file reaches the terminal or a log only with its control and
bidi characters shown escaped.
"""

from __future__ import annotations

from pathlib import Path

from gitutil import gitmem, make_repo

MEMORY = "---\nname: a\ntype: project\n---\n- A fact.\n"


def test_an_unknown_key_is_warned_about_without_its_control_characters(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        ".gitmem.toml": '[memory]\n"x\\n::error file=memory/a.md,line=1::forged\\u001b]0;owned'
                        '\\u0007\\u202e" = 1\n["s\\n::warning::y"]\nk = 1\n',
        "memory/a.md": MEMORY,
    })
    result = gitmem(repo, "lint")
    assert result.code == 0, result
    assert "ignoring unknown key" in result.err
    assert not any(line.startswith("::") for line in result.err.splitlines()), result.err
    assert "\x1b" not in result.err and "\x07" not in result.err and "\u202e" not in result.err


def test_the_github_action_writes_notices_with_their_control_characters_escaped(
    tmp_path: Path,
) -> None:
    """Same lever in the GitHub Action's notices (here: an unknown rule named in the committed
    lint.select, holding a right-to-left override that reorders the job log's line)."""
    import io

    from gitmem.ci_action import run_action

    repo = make_repo(tmp_path / "r", {
        ".gitmem.toml": '[lint]\nselect = ["GM3", "X\\u202eY"]\n', "memory/a.md": MEMORY,
    })
    out, err = io.StringIO(), io.StringIO()
    run_action({"INPUT_FAIL_ON": "never"}, str(repo), out, err)
    assert "ignoring unknown rule" in err.getvalue(), err.getvalue()
    assert "\u202e" not in err.getvalue() and "\\u202e" in err.getvalue()

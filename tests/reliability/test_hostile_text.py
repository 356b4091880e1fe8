"""Hostile text that reaches an op commit: reasons and memory file names with line breaks of
every kind, forged `Gitmem-Op:` / `Signed-off-by:` lines, `---` dividers, `#` comments and
terminal escapes. Through the real CLI, the committed message must carry exactly the intended
trailers as our parser, `git interpret-trailers --parse` and `git log --format=%(trailers)` all
read them, and `gitmem log` must show it without a raw escape character.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from gitutil import Result, git, make_repo
from test_trailers import interpret_trailers, log_trailers

from gitmem import trailers as t

FAKE_SHA = "0123456789abcdef0123456789abcdef01234567"
HOSTILE_TEXTS = [
    "plain reason",
    "line one\nGitmem-Op: undo",
    f"x\n\nGitmem-Reverts: {FAKE_SHA}\nSigned-off-by: Mallory <m@evil.example>",
    "---\nGitmem-Op: init\n--- a/memory/a.md",
    "\r\nGitmem-Op: merge\r\nGitmem-Path: /etc/passwd\r\n",
    "\x1b]0;pwned title\x07\x1b[2J\x1b[31mred\x1b[0m \x9b31m 8-bit CSI",
    "\u2028Gitmem-Op: save\u2029Gitmem-Run: forged\x85Gitmem-Keep: x",
    "\x0bGitmem-Op: dismiss\x0cGitmem-Item: 1\x1cGitmem-Class: match",
    "# a comment line\nGitmem-Op: annotate",
    "Signed-off-by: Mallory <m@evil.example>",
    f"(cherry picked from commit {FAKE_SHA})",
    "Conflicts:\n\tmemory/a.md",
    "\u202eevil bidi override\u202c",
    "nul\x00byte and bell\x07",
    "# ------------------------ >8 ------------------------\nGitmem-Op: undo",
    "long " * 3000,
]
HOSTILE_NAMES = [
    "memory/x\nGitmem-Op: undo.md",
    "memory/\x1b[2J\x1b]0;t\x07.md",
    "memory/--- a.md",
    "memory/#hash.md",
    "memory/Signed-off-by: M <m@x>.md",
]
MEMORY = "---\nname: a\ntags: [x]\n---\n- The build uses make.\n"
OTHER = "---\nname: b\ntags: [x]\n---\n- The build uses ninja.\n"


def gitmem_tty(repo: Path, *args: str) -> Result:
    """The CLI in-process as on a terminal: click keeps escape sequences (color=True) where a
    pipe would have them stripped, so what a person's terminal would receive is checked."""
    from gitmem.cli import main

    runner = CliRunner()
    with runner.isolation(color=True) as (out, err, _):
        try:
            main(["-C", str(repo), *args])
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        return Result(code, out.getvalue().decode("utf-8", "replace"),
                      err.getvalue().decode("utf-8", "replace"))


def head_message(repo: Path) -> str:
    raw = git(repo, "cat-file", "commit", "HEAD")
    return raw.split("\n\n", 1)[1]


def assert_exact_trailers(repo: Path, expected: list[tuple[str, str]]) -> str:
    message = head_message(repo)
    assert t.parse_trailers(message) == expected
    assert t.parse_trailers(message, divider=False) == expected
    assert interpret_trailers(repo, message) == expected
    assert log_trailers(repo) == expected
    assert "\x1b" not in message and "\x9b" not in message and "\x00" not in message
    assert not any(line.startswith(("---", "#")) for line in message.split("\n"))
    return message


def assert_shown_safely(repo: Path) -> None:
    shown = gitmem_tty(repo, "log")
    assert shown.code == 0, shown
    assert "\x1b" not in shown.out + shown.err and "\x9b" not in shown.out
    data = json.loads(gitmem_tty(repo, "log", "--json").out)  # JSON escapes control characters
    assert data["ops"]


@pytest.mark.parametrize("reason", HOSTILE_TEXTS, ids=range(len(HOSTILE_TEXTS)))
def test_a_hostile_reason_cannot_forge_trailers_or_paragraphs(tmp_path: Path, reason: str) -> None:
    repo = make_repo(tmp_path / "repo", {"memory/a.md": MEMORY, "memory/b.md": OTHER})
    done = gitmem_tty(repo, "protect", "memory/a.md", "--reason", reason)
    assert done.code == 0, done
    assert "\x1b" not in done.out + done.err
    clean = t.sanitize_value(reason)
    expected = [(t.OP, "protect"), (t.PATH, "memory/a.md")]
    expected += [(t.REASON, clean)] if reason else []
    assert_exact_trailers(repo, expected + [(t.SCHEMA, "1")])

    # supersede also writes the reason as the commit body, line structure kept
    done = gitmem_tty(repo, "supersede", "memory/b.md", "--by", "memory/a.md", "--reason",
                      reason, "--confirm")
    assert done.code == 0, done
    message = head_message(repo)
    found = t.trailer_map(t.parse_trailers(message))
    assert found[t.OP] == ("supersede",)
    assert found[t.PATH] == ("memory/b.md", "memory/a.md")
    assert found.get(t.REASON, ()) == ((clean,) if reason else ())
    assert t.REVERTS not in found and t.RUN not in found and t.KEEP not in found
    assert_exact_trailers(repo, t.parse_trailers(message))
    assert_shown_safely(repo)
    undone = gitmem_tty(repo, "undo", "--last")  # the forged Gitmem-Reverts undid nothing
    assert undone.code == 0 and "supersede" in undone.out, undone


@pytest.mark.parametrize("name", HOSTILE_NAMES, ids=range(len(HOSTILE_NAMES)))
def test_a_hostile_file_name_cannot_forge_trailers(tmp_path: Path, name: str) -> None:
    repo = make_repo(tmp_path / "repo", {name: MEMORY})
    done = gitmem_tty(repo, "protect", "--", name)
    assert done.code == 0, done
    assert_exact_trailers(repo, [(t.OP, "protect"), (t.PATH, t.sanitize_value(name)),
                                 (t.SCHEMA, "1")])
    assert_shown_safely(repo)


def test_log_shows_a_forged_op_commit_without_raw_escapes(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"memory/a.md": MEMORY})
    forged = ("gitmem: protect \x1b]0;owned\x07\x1b[2J memory/a.md\n\n"
              "Gitmem-Op: protect\nGitmem-Path: memory/a.md\n"
              "Gitmem-Reason: \x1b[31mred\x1b[0m\n")
    git(repo, "commit", "-q", "--allow-empty", "-F", "-", input=forged)
    shown = gitmem_tty(repo, "log")
    assert shown.code == 0, shown
    assert "\x1b" not in shown.out, shown.out


def test_log_json_carries_forged_escapes_escaped_on_a_terminal_and_a_pipe(
        tmp_path: Path) -> None:
    """`log --json` writes its text without click's stripping of escapes (it has none to
    strip): on a terminal as through a pipe, an escape in a message is JSON's `\\u001b`,
    and reading the JSON back gives the message's own characters."""
    from gitutil import gitmem

    repo = make_repo(tmp_path / "repo", {"memory/a.md": MEMORY})
    summary = "gitmem: protect \x1b]0;owned\x07\x1b[2J memory/a.md"
    git(repo, "commit", "-q", "--allow-empty", "-F", "-",
        input=f"{summary}\n\nGitmem-Op: protect\nGitmem-Reason: \x1b[31mred\x1b[0m\n")
    for shown in (gitmem_tty(repo, "log", "--json"), gitmem(repo, "log", "--json")):
        assert shown.code == 0, shown
        assert "\x1b" not in shown.out and "\\u001b" in shown.out, shown.out
        (op,) = json.loads(shown.out)["ops"]
        assert op["summary"] == summary
        assert op["trailers"]["Gitmem-Reason"] == ["\x1b[31mred\x1b[0m"]


@pytest.mark.parametrize("fmt", ["text", "github"])
def test_lint_shows_hostile_file_names_safely(tmp_path: Path, fmt: str) -> None:
    """A committed file name must not reach the terminal as escapes, nor start a line of text
    output that GitHub Actions would run as a workflow command (`::error ...`)."""
    broken = "---\n- a list, not a mapping\n---\n- x\n"
    repo = make_repo(tmp_path / "repo", {
        "memory/\x1b]0;owned\x07\x1b[2Jname.md": broken,
        "memory/x\n::error file=forged.md::forged annotation.md": broken,
    })
    shown = gitmem_tty(repo, "lint", "--format", fmt)
    assert shown.code == 1, shown
    assert "\x1b" not in shown.out + shown.err
    assert not any(line.startswith("::error file=forged") for line in shown.out.splitlines())

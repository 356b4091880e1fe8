"""The entry point: parse arguments (gitmem/cli_group.py, click), call one core function,
render, return an exit code.

Subcommands live in gitmem/commands/<module>.py and are imported only when invoked, so
`gitmem --help` and the git hooks start fast. `gitmem log --json`, exactly so, is run without
importing click at all (`_without_click`): its first run over a long history is measured
against `git log`, start-up included, and click was a fifth of that start-up.
"""

from __future__ import annotations

import sys

try:  # Ctrl-C while the modules load comes before main()'s handler exists: end quietly too
    import errno
    import gc
    import os
    from collections.abc import Callable
    from typing import Any

    from gitmem.errors import EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_USAGE, GitmemError
except KeyboardInterrupt:
    sys.stderr.write("gitmem: interrupted\n")
    raise SystemExit(130) from None

# command name -> "module:attribute" (module under gitmem.commands)
COMMANDS: dict[str, str] = {
    "init": "ops_cmds:init",
    "lint": "lint_cmd:lint",
    "candidates": "review_cmds:candidates",
    "plan": "ops_cmds:plan",
    "apply": "ops_cmds:apply",
    "supersede": "ops_cmds:supersede",
    "merge": "ops_cmds:merge",
    "protect": "ops_cmds:protect",
    "unprotect": "ops_cmds:unprotect",
    "review": "review_cmds:review",
    "resolve": "review_cmds:resolve",
    "dismiss": "review_cmds:dismiss",
    "sweep": "sweep_cmd:sweep",
    "save": "review_cmds:save",
    "log": "log_cmd:log",
    "undo": "ops_cmds:undo",
    "show": "history_cmds:show",
    "history": "history_cmds:history",
    "recall": "history_cmds:recall",
    "hooks": "hooks_cmds:hooks",
    "hook": "hooks_cmds:hook",
    "merge-driver": "hooks_cmds:merge_driver",
    "demo": "demo_cmd:demo",
}


# command name -> the one-line help `gitmem --help` shows, so listing commands imports none of
# them (tests/test_cli_docs.py checks each against the command's own docstring): its first
# sentence, up to 100 characters, long enough that none but merge-driver's is cut mid-sentence
SHORT_HELP: dict[str, str] = {
    'init': 'Write .gitmem.toml with the defaults, as one commit (Gitmem-Op: init).',
    'lint': 'Check memory files: frontmatter, references, claimed commits and cited paths.',
    'candidates': 'Duplicate and contradiction candidate pairs with score, class and signals.',
    'plan': 'Compute a plan, print its diff and id; change nothing tracked.',
    'apply': 'Apply a stored plan as one op commit; refuse a stale or tampered plan.',
    'supersede': 'Mark OLD as superseded by NEW (plan + apply in one step).',
    'merge': 'Merge memories into one survivor (plan + apply in one step).',
    'protect': 'Pin a memory: it can survive a merge but is never merged away or superseded.',
    'unprotect': "Remove a memory's pin.",
    'review': "The pending-review queue: pairs waiting for a person's decision.",
    'resolve': "Settle a review item: the other side's claim is superseded (one op commit).",
    'dismiss': 'Dismiss a review item: record a per-pair cooldown in both memories (one op commit).',
    'sweep': 'The scheduled pass: resolve what the authority order decides, queue the rest.',
    'save': 'Write a new memory and, in the same commit, supersede what it contradicts.',
    'log': 'The gitmem operations in history, newest first.',
    'undo': 'Revert an op commit (undoing an undo is a redo).',
    'show': 'Print a memory, now or at a point in time.',
    'history': "A memory's timeline: every commit that changed it, ops marked.",
    'recall': 'Active memories matching a query, best first, with matching claims.',
    'hooks': "Install or remove gitmem's git hooks (pre-commit, post-merge) and merge driver.",
    'hook': "Run a git hook's checks (called by the installed shims).",
    'merge-driver': 'Merge a memory file for git (merge.gitmem.driver): writes the result to OURS; exit 1 on a...',
    'demo': 'Build a throwaway memory repo with planted problems and walk through the main job.',
}


def __getattr__(name: str) -> Any:
    """`cli` (the click group) and `LazyGroup`, from gitmem/cli_group.py, imported on first use."""
    if name in ("cli", "LazyGroup"):
        from gitmem import cli_group

        return getattr(cli_group, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_gc_paused = False


def _pause_gc() -> None:
    """Importing a command's modules builds no reference cycles worth collecting; the cycle
    collector would only walk the new modules again and again (a tenth of the imports' time)."""
    global _gc_paused
    if gc.isenabled():
        gc.disable()
        _gc_paused = True


def _resume_gc() -> None:
    global _gc_paused
    if _gc_paused:
        gc.enable()
        _gc_paused = False


def main(argv: list[str] | None = None, *, fast_exit: bool = False) -> Any:
    """Run the CLI; render GitmemError once, here, as a message and its exit code.

    `fast_exit` (the program's own entry points, not a caller that goes on): a command run
    without click that succeeded ends the process at once, its output flushed, without
    tearing the interpreter down; that last full collection and freeing every string of
    20,000 ops one by one cost a first `gitmem log --json` 35-50 ms of CPU for nothing."""
    _pause_gc()  # until the command's module is imported (LazyGroup.get_command)
    try:
        direct = _without_click(sys.argv[1:] if argv is None else list(argv))
        if direct is not None:
            code = direct()
            if fast_exit:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code if isinstance(code, int) else 0)  # nothing registered at exit
        else:
            from gitmem.cli_group import cli

            code = cli.main(args=argv, prog_name="gitmem", standalone_mode=False)
    except GitmemError as exc:
        from gitmem.lint.formats.printable import printable

        # a message may name a committed file: `memory/\x1b]0;owned\x07.md` must not act, and
        # `memory/b\nFAKE: ok.md` must not start a line of its own (messages are one line)
        _echo_err(f"gitmem: {printable(str(exc))}")
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        # perhaps while click was being imported: not again (it may be what takes long)
        _echo_err("gitmem: interrupted", load_click=False)
        sys.exit(EXIT_INTERRUPTED)
    except BrokenPipeError:
        sys.exit(0)
    except Exception as exc:  # noqa: BLE001 - the one place unexpected errors are rendered
        _other_error(exc)
    finally:  # a caller that goes on (a script, a test) gets its collector back
        _resume_gc()
    sys.exit(code if isinstance(code, int) else 0)


def _echo_err(message: str, *, load_click: bool = True) -> None:
    """`click.echo(message, err=True)`; without click, when it is not loaded and
    `load_click` is False, the line as click writes plain text to a standard stream."""
    click = sys.modules.get("click")
    if click is None and load_click:
        import click
    if click is not None and hasattr(click, "echo"):
        click.echo(message, err=True)
    elif sys.stderr is not None:
        sys.stderr.write(message + "\n")
        sys.stderr.flush()


def _other_error(exc: Exception) -> None:
    """click's own exceptions (only raised once click is imported), a path too long for the
    file system, or a bug."""
    click = sys.modules.get("click")
    if click is not None:
        if isinstance(exc, click.exceptions.Abort):
            _echo_err("gitmem: interrupted")
            sys.exit(EXIT_INTERRUPTED)
        if isinstance(exc, click.ClickException):
            exc.show()
            sys.exit(exc.exit_code)
        if isinstance(exc, click.exceptions.Exit):
            sys.exit(exc.exit_code)
    if isinstance(exc, OSError) and exc.errno == errno.ENAMETOOLONG:
        # a path argument the file system cannot hold
        name = os.fsdecode(exc.filename) if exc.filename is not None else "a path"
        shown = name if len(name) <= 80 else name[:77] + "..."
        _echo_err(f"gitmem: {shown}: file name too long for the file system; use a shorter "
                  "name")
        sys.exit(EXIT_USAGE)
    _internal_error(exc)


def _without_click(args: list[str]) -> Callable[[], Any] | None:
    """The command to run without click, for the arguments that need no parsing: exactly
    `log --json`, written to a standard output click would write to as it is (a text stream
    in an encoding other than ASCII; click re-wraps an ASCII one). None: let click parse."""
    if args != ["log", "--json"] or os.environ.get("_GITMEM_COMPLETE") or sys.platform == "win32":
        return None
    import io

    out = sys.stdout
    if type(out) is not io.TextIOWrapper or out.errors is None or not out.encoding:
        return None
    import codecs

    try:
        if codecs.lookup(out.encoding).name == "ascii":
            return None
    except LookupError:
        return None
    from gitmem.commands.log_json import log_json_to_stdout

    return log_json_to_stdout


def _internal_error(exc: Exception) -> None:
    import traceback

    traceback.print_exc()
    _echo_err(f"gitmem: internal error: {exc!r} (this is a bug; please report it)")
    sys.exit(EXIT_INTERNAL)


def entry() -> None:
    """The `gitmem` program (pyproject's console script, and `python -m gitmem`)."""
    main(fast_exit=True)

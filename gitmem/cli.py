"""The click layer: parse arguments, call one core function, render, return an exit code.

Subcommands live in gitmem/commands/<module>.py and are imported only when invoked, so
`gitmem --help` and the git hooks start fast.
"""

from __future__ import annotations

import sys

try:  # Ctrl-C while the modules load comes before main()'s handler exists: end quietly too
    import errno
    import gc
    import importlib
    import importlib.util
    import os
    from typing import Any

    import click

    from gitmem import __version__
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


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name in COMMANDS if self._available(name))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module_name, attr = target.split(":")
        try:
            module = importlib.import_module(f"gitmem.commands.{module_name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"gitmem.commands.{module_name}":
                return None
            raise
        finally:
            _resume_gc()
        return getattr(module, attr, None)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, SHORT_HELP.get(name, "")) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def _available(self, name: str) -> bool:
        module_name, _ = COMMANDS[name].split(":")
        spec = importlib.util.find_spec(f"gitmem.commands.{module_name}")
        return spec is not None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "-C",
    "directory",
    type=click.Path(file_okay=False),
    default=".",
    show_default=True,
    help="Run as if gitmem was started in this directory (like git -C).",
)
@click.version_option(__version__, prog_name="gitmem")
@click.pass_context
def cli(ctx: click.Context, directory: str) -> None:
    """gitmem: an AI agent's memory, kept in git.

    Every maintenance operation is one commit with Gitmem-* trailers; undo is a revert.
    """
    ctx.ensure_object(dict)
    ctx.obj["directory"] = directory


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


def main(argv: list[str] | None = None) -> Any:
    """Run the CLI; render GitmemError once, here, as a message and its exit code."""
    _pause_gc()  # until the command's module is imported (LazyGroup.get_command)
    try:
        code = cli.main(args=argv, prog_name="gitmem", standalone_mode=False)
    except GitmemError as exc:
        from gitmem.lint.formats.printable import printable

        # a message may name a committed file: `memory/\x1b]0;owned\x07.md` must not act, and
        # `memory/b\nFAKE: ok.md` must not start a line of its own (messages are one line)
        click.echo(f"gitmem: {printable(str(exc))}", err=True)
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("gitmem: interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except KeyboardInterrupt:
        click.echo("gitmem: interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except BrokenPipeError:
        sys.exit(0)
    except OSError as exc:
        if exc.errno != errno.ENAMETOOLONG:  # a path argument the file system cannot hold
            _internal_error(exc)
        name = os.fsdecode(exc.filename) if exc.filename is not None else "a path"
        shown = name if len(name) <= 80 else name[:77] + "..."
        click.echo(f"gitmem: {shown}: file name too long for the file system; use a shorter "
                   "name", err=True)
        sys.exit(EXIT_USAGE)
    except Exception as exc:  # noqa: BLE001 - the one place unexpected errors are rendered
        _internal_error(exc)
    sys.exit(code if isinstance(code, int) else 0)


def _internal_error(exc: Exception) -> None:
    import traceback

    traceback.print_exc()
    click.echo(f"gitmem: internal error: {exc!r} (this is a bug; please report it)", err=True)
    sys.exit(EXIT_INTERNAL)

"""The click group of `gitmem`: parses arguments and imports a command's module only when it
is invoked (gitmem/cli.py holds the tables, the entry point and its error rendering)."""

from __future__ import annotations

import importlib
import importlib.util

import click

from gitmem import __version__
from gitmem.cli import COMMANDS, SHORT_HELP, _resume_gc


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

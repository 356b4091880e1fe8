"""`gitmem hooks install|uninstall`, `gitmem hook NAME`, `gitmem merge-driver ... -- %O %A %B %P`."""

from __future__ import annotations

import sys

import click

from gitmem.gitrepo import Repo


def _repo(ctx: click.Context) -> Repo:
    root = ctx.find_root()
    return Repo.discover((root.obj or {}).get("directory", "."))


@click.group()
def hooks() -> None:
    """Install or remove gitmem's git hooks (pre-commit, post-merge) and merge driver."""


@hooks.command("install")
@click.option("--merge-driver", is_flag=True,
              help="Also register the memory merge driver (.git/config + .gitattributes).")
@click.option("--no-hooks", is_flag=True, help="Skip the hooks (with --merge-driver only).")
@click.pass_context
def install(ctx: click.Context, merge_driver: bool, no_hooks: bool) -> int:
    """Install the hook shims; a foreign hook is kept as <name>.legacy and runs first."""
    from gitmem.hooks import install_hooks

    for line in install_hooks(_repo(ctx), hooks=not no_hooks, merge_driver=merge_driver):
        click.echo(line)
    return 0


@hooks.command("uninstall")
@click.pass_context
def uninstall(ctx: click.Context) -> int:
    """Remove the hook shims (restoring a kept foreign hook) and the merge driver."""
    from gitmem.hooks import uninstall_hooks

    for line in uninstall_hooks(_repo(ctx)):
        click.echo(line)
    return 0


@click.command(context_settings={"ignore_unknown_options": True})
@click.option("--no-legacy", is_flag=True,
              help="Do not run a kept <name>.legacy hook (the pre-commit framework runs its own).")
@click.argument("name", type=click.Choice(["pre-commit", "post-merge"]))
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
@click.pass_context
def hook(ctx: click.Context, no_legacy: bool, name: str, args: tuple[str, ...]) -> int:
    """Run a git hook's checks (called by the installed shims)."""
    from gitmem.hooks_run import run_hook

    directory = (ctx.find_root().obj or {}).get("directory", ".")
    try:
        return run_hook(name, args, directory, sys.stdout, sys.stderr, legacy=not no_legacy)
    finally:
        sys.stdout.flush()
        sys.stderr.flush()


@click.command("merge-driver")
@click.argument("base", type=click.Path(exists=True, dir_okay=False))  # git passes all three,
@click.argument("ours", type=click.Path(exists=True, dir_okay=False))  # an empty file for a
@click.argument("theirs", type=click.Path(exists=True, dir_okay=False))  # side that has none
@click.argument("path", required=False, default="")
@click.option("--marker-size", default=None, metavar="N", help="Conflict marker size (git's %L).")
@click.option("--base-label", default=None, metavar="NAME",
              help="Name of the common ancestor in conflict markers (git's %S).")
@click.option("--ours-label", default=None, metavar="NAME",
              help="Name of our side in conflict markers (git's %X).")
@click.option("--theirs-label", default=None, metavar="NAME",
              help="Name of their side in conflict markers (git's %Y).")
@click.pass_context
def merge_driver(
    ctx: click.Context, base: str, ours: str, theirs: str, path: str, marker_size: str | None,
    base_label: str | None, ours_label: str | None, theirs_label: str | None,
) -> int:
    """Merge a memory file for git (merge.gitmem.driver): writes the result to OURS; exit 1 on a
    conflict, leaving conflict markers as git writes them (merge.conflictStyle, side names)."""
    from gitmem.merge_driver import merge_driver_main
    from gitmem.merge_driver.markers import driver_markers

    directory = (ctx.find_root().obj or {}).get("directory", ".")
    markers = driver_markers(directory, marker_size, base_label, ours_label, theirs_label)
    return merge_driver_main(base, ours, theirs, path, directory, markers)

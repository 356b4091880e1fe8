"""`gitmem log --json` as `gitmem/cli.py` runs it without click (`_without_click`): the same
bytes as the click command (`log_cmd.log`), written the way `click.echo` writes them to a
text stream it leaves as it is (`write`, then `flush`). tests/test_log_without_click.py holds
the two to the same bytes."""

from __future__ import annotations

import gc
import sys

from gitmem.ops.history import log_json_parts
from gitmem.workspace import open_workspace


def log_json_to_stdout() -> None:
    # what a run builds (the workspace, the table) holds no reference cycles: the collector
    # would only walk the growing table again and again
    gc.disable()
    ws = open_workspace(".", None, memories=False)
    if ws.config.warnings:
        import click

        for warning in ws.config.warnings:  # as `commands.common.workspace` prints them
            click.echo(f"gitmem: warning: {warning}", err=True)
    out = sys.stdout
    for part in log_json_parts(ws.repo):
        out.write(part)
        out.flush()
    out.write("\n")
    out.flush()

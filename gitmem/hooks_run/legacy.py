"""Run the foreign hook `gitmem hooks install` kept as `<name>.legacy`, before gitmem's checks.

It runs exactly as git would have run it: same arguments, same stdin and output streams, and the
environment git gave the hook (GIT_INDEX_FILE and friends are what such a hook expects).
"""

from __future__ import annotations

import errno
import os
import subprocess
from collections.abc import Sequence
from typing import TextIO

from gitmem.gitrepo import Repo
from gitmem.hooks import hooks_dir, legacy_path


def run_legacy_hook(repo: Repo, name: str, args: Sequence[str], out: TextIO) -> int:
    """The kept hook's exit code; 0 when there is none (or it is not executable, like git)."""
    legacy = legacy_path(hooks_dir(repo), name)
    if not legacy.is_file() or not os.access(legacy, os.X_OK):
        return 0
    out.flush()
    try:
        try:
            proc = subprocess.run([str(legacy), *args], check=False)
        except OSError as exc:
            if exc.errno != errno.ENOEXEC:
                raise
            # a script without a #! line: git runs those through sh too
            proc = subprocess.run(["/bin/sh", str(legacy), *args], check=False)
    except OSError as exc:  # a #! interpreter that is not there, say: git fails such a hook
        out.write(f"gitmem: cannot run the kept hook {legacy} ({exc.strerror}; is its #! line "
                  "right?): fix or remove it, or commit with --no-verify\n")
        out.flush()
        return 126
    return proc.returncode

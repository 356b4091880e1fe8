"""Who an op commit is by, decided exactly as `git commit` decides it.

git takes each part of each identity from the first of: the environment (GIT_AUTHOR_NAME,
GIT_AUTHOR_EMAIL, GIT_AUTHOR_DATE; GIT_COMMITTER_* for the committer), the role's own config
(`author.name`, `committer.email`, ...), `user.name` / `user.email`, `$EMAIL`, and what it can
detect from the system; a date comes from the environment in any format git reads, else now.
Rather than re-implement that order (and git's date parser), gitmem asks git itself:
`git var GIT_AUTHOR_IDENT` prints exactly the identity and date `git commit` would record, and
fails with git's own explanation when there is none. gitmem strips GIT_* from the environment of
the git it runs (a hook's GIT_DIR or GIT_INDEX_FILE must not leak in); these variables and
GIT_CONFIG_* (which config files git reads) alone are passed through.
"""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from gitmem.errors import InvalidInputError

IDENT_VARIABLES = tuple(
    f"GIT_{role}_{part}" for role in ("AUTHOR", "COMMITTER") for part in ("NAME", "EMAIL", "DATE")
)
_IDENT = re.compile(r"^(?P<name>.*) <(?P<email>[^<>]*)> (?P<time>-?\d+) (?P<tz>[+-]\d{4})$")


@dataclass(frozen=True)
class Ident:
    name: str
    email: str
    time: int  # seconds since the epoch
    offset: int  # UTC offset in minutes


def parse_ident(line: str) -> Ident:
    """`Name <email> 1700000000 +0100` as `git var` prints it."""
    found = _IDENT.match(line.strip())
    if found is None:
        raise ValueError(f"not an identity line: {line!r}")
    tz = found["tz"]
    offset = int(tz[1:3]) * 60 + int(tz[3:5])
    return Ident(found["name"], found["email"], int(found["time"]),
                 -offset if tz[0] == "-" else offset)


def git_ident(root: Path, role: str, environ: dict[str, str] | None = None) -> Ident:
    """The author (`role="AUTHOR"`) or committer git would record in the repository at `root`.
    InvalidInputError (exit 3) when git has none, with the way to set one."""
    source = os.environ if environ is None else environ
    env = {k: v for k, v in source.items()  # GIT_CONFIG_*: the config `git commit` would read
           if not k.startswith("GIT_") or k in IDENT_VARIABLES or k.startswith("GIT_CONFIG")}
    proc = subprocess.run(["git", "var", f"GIT_{role}_IDENT"], cwd=root, env=env,
                          capture_output=True, check=False)
    line = proc.stdout.decode("utf-8", "surrogateescape")
    if proc.returncode == 0:
        try:
            return parse_ident(line)
        except ValueError:
            pass
    said = proc.stderr.decode("utf-8", "replace").strip().splitlines()
    reason = said[-1] if said else f"git var exited {proc.returncode}"
    raise InvalidInputError(
        f"git has no usable {role.lower()} identity, so `git commit` would fail too ({reason});"
        " set one with `git config user.name \"Your Name\"` and `git config user.email "
        "you@example.com` (or fix GIT_AUTHOR_NAME, GIT_AUTHOR_EMAIL, GIT_AUTHOR_DATE and their "
        "GIT_COMMITTER_* counterparts), then run the command again"
    )

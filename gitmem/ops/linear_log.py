"""The commits of a history without merges, read by one `git log` running beside us.

`gitmem log` lists op commits in the order of a pygit2 walk (topological, then by time). On a
history without merges that order is the one chain from HEAD down to its root, whatever the
dates say, and git's own walk prints the same chain; it runs in C in another process while
Python parses what it has printed so far. On 20,000 op commits the pygit2 walk alone took
about as long as all of `git log`.

What this cannot vouch for, the caller reads with the pygit2 walk as before:

- `linear_commits` answers None for a shallow repository or one with grafts (where git and
  libgit2 might cut the history differently);
- the iterator raises `NotLinear` as soon as git prints a merge, a commit that is not the
  parent of the one before, a first commit other than HEAD, or fails.

A message is what pygit2 gives: the bytes as UTF-8 with bad bytes replaced, without the
leading newlines libgit2 drops. A commit with an `encoding` header, or a committer time or zone
that is not in the plain form both read alike, is read through pygit2. A message without
`gitmem-op` in any ASCII case is not decoded at all (None): `bytes.lower` folds ASCII only, no
other character's lower case spells any of those letters, so this is the walk's own test on
the decoded text.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator

from gitmem.gitrepo import Repo

# id, parents, committer time and zone ("1700000000 +0530"), encoding header, raw message
_FORMAT = "--format=%H%x00%P%x00%cd%x00%e%x00%B"
_FIELDS = 5
_DATE = re.compile(rb"([0-9]{1,11}) ([+-])(0[0-9]|1[0-4])([0-5][0-9])")
_CHUNK = 1 << 20
Commit = tuple[str, "str | None", int, int]  # id, message (None: no op), time, offset in minutes


class NotLinear(Exception):
    """git printed something a linear walk cannot vouch for: walk with pygit2 instead."""


def linear_commits(repo: Repo, head: str) -> Iterator[Commit] | None:
    """(id, message, committer time, UTC offset in minutes) of every commit from `head` to the
    root, newest first; None where only the pygit2 walk will do."""
    if repo.is_shallow() or _has_grafts(repo):
        return None
    return _read(repo, head)


def _has_grafts(repo: Repo) -> bool:
    common = repo.git_dir
    try:
        common = (repo.git_dir / (repo.git_dir / "commondir").read_text().strip()).resolve()
    except OSError:
        pass
    return (repo.git_dir / "info" / "grafts").exists() or (common / "info" / "grafts").exists()


def _read(repo: Repo, head: str) -> Iterator[Commit]:
    args = ["git", "--no-replace-objects", "-c", "log.showSignature=false", "log", "-z",
            "--no-color", "--no-notes", "--encoding=UTF-8", "--date=raw", _FORMAT, head, "--"]
    try:
        proc = subprocess.Popen(args, cwd=repo.root, env=repo.git_env(), stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    except OSError:
        raise NotLinear("git could not be started") from None
    assert proc.stdout is not None
    expected: str | None = head
    try:
        rest = b""
        while chunk := proc.stdout.read(_CHUNK):
            fields = (rest + chunk).split(b"\0")
            whole = (len(fields) - 1) // _FIELDS * _FIELDS  # the last field may be cut short
            rest = b"\0".join(fields[whole:])
            for at in range(0, whole, _FIELDS):
                commit_id, parents, date, encoding, raw = fields[at : at + _FIELDS]
                sha = commit_id.decode("ascii", "replace")
                if sha != expected or b" " in parents:
                    raise NotLinear(f"{sha}: not the next commit of one chain")
                expected = parents.decode("ascii", "replace") or None
                plain = None if encoding else _DATE.fullmatch(date)
                if plain is None or date.startswith(b"0"):
                    yield _through_pygit2(repo, sha)
                elif b"gitmem-op" not in raw.lower():
                    yield sha, None, 0, 0  # no op: its date is never read
                else:
                    time, sign, hours, minutes = plain.groups()
                    offset = int(hours) * 60 + int(minutes)
                    yield (sha, raw.lstrip(b"\n").decode("utf-8", "replace"), int(time),
                           -offset if sign == b"-" else offset)
        if proc.wait() != 0 or rest or expected is not None:
            raise NotLinear("git log failed or stopped early")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()


def _through_pygit2(repo: Repo, sha: str) -> Commit:
    """A commit with an encoding header, or a committer date git and libgit2 might read
    differently (not digits and a zone of at most 14 hours 59 minutes, or time 0)."""
    info = repo.commit_info(sha)
    message = info.message if "gitmem-op" in info.message.lower() else None
    return sha, message, info.time, info.offset

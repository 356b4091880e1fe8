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

import fcntl
import os
import re
import subprocess
import time
from collections.abc import Callable, Iterator
from itertools import repeat
from typing import TypeVar

from gitmem.gitrepo import Repo

# id, parents, tree (for checking undo claims, gitmem/ops/undo_claims.py), committer time and
# zone ("1700000000 +0530"), the same as ISO 8601 (read by `plain_ops` only), encoding header,
# raw message
_FORMAT = "--format=%H%x00%P%x00%T%x00%cd%x00%cI%x00%e%x00%B"
_FIELDS = 7
Shapes = dict[str, tuple[str, str]]  # commit id: (tree id, parent id or "" for a root)
_DATE = rb"[1-9][0-9]{0,10} [+-](?:0[0-9]|1[0-4])[0-5][0-9]"  # within what both read alike
_DATES = re.compile(_DATE + rb"(?:\n" + _DATE + rb")*")
_TIME = re.compile(rb"^[0-9]+", re.MULTILINE)
_ZONE = re.compile(rb"[+-][0-9]{4}$", re.MULTILINE)
_CHUNK = 1 << 20
_PIPE = 1 << 20  # the pipe git writes into, when the system allows (Linux's default maximum)
# naps while git fills the pipe: the first short, so a small history (printed in a few ms)
# is read as soon as it is, then doubling up to a length in which git writes well under
# _PIPE (the pipe never fills while we wait)
_NAPS = (0.001, 0.002, 0.004, 0.01)
Commit = tuple[str, "str | None", int, int]  # id, message (None: no op), time, offset in minutes
T = TypeVar("T")
Plain = Callable[[bytes, "str | None"], "tuple[T, str | None] | None"]


class NotLinear(Exception):
    """git printed something a linear walk cannot vouch for: walk with pygit2 instead."""


def linear_commits(repo: Repo, head: str, plain: Plain[T] | None = None,
                   shapes: Shapes | None = None) -> Iterator[list[Commit] | T] | None:
    """(id, message, committer time, UTC offset in minutes) of every commit from `head` to the
    root, newest first, a list at a time; None where only the pygit2 walk will do.

    `plain`, when given, is offered each chunk of whole records first (the bytes, and the id
    the chunk must start with); what it returns (its answer, and the parent the next chunk
    must start with) is yielded instead of the chunk's commits. It returns None for a chunk
    it cannot read, which is then read here (and its commits' trees and parents put in
    `shapes`, when given: `plain` keeps those of its chunks)."""
    if repo.is_shallow() or _has_grafts(repo):
        return None
    return _read(repo, head, plain, {} if shapes is None else shapes)


def _has_grafts(repo: Repo) -> bool:
    try:
        common = repo.common_dir()
    except (OSError, UnicodeDecodeError):
        common = repo.git_dir
    return (repo.git_dir / "info" / "grafts").exists() or (common / "info" / "grafts").exists()


def _read(repo: Repo, head: str, plain: Plain[T] | None, shapes: Shapes
          ) -> Iterator[list[Commit] | T]:
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
        for chunk in _chunks(proc.stdout.fileno()):
            data = rest + chunk
            ends = data.count(b"\0")
            cut = len(data)
            for _ in range(ends % _FIELDS + 1):  # past the last whole record
                cut = data.rfind(b"\0", 0, cut)
            if ends < _FIELDS:
                rest = data
                continue
            records, rest = data[: cut + 1], data[cut + 1 :]
            done = None if plain is None else plain(records, expected)
            if done is not None:
                answer, expected = done
                yield answer
            else:
                commits, expected = _records(repo, records.split(b"\0")[:-1], expected,
                                             shapes)
                yield commits
        if proc.wait() != 0 or rest or expected is not None:
            raise NotLinear("git log failed or stopped early")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()


def _chunks(fd: int) -> Iterator[bytes]:
    """What git prints into the pipe `fd` until it ends, about `_CHUNK` bytes at a time, in a
    few dozen reads. git flushes after every commit: a read waiting on the pipe wakes for each
    one (5,000 reads of a kilobyte over 20,000 ops, which cost us a fifth of a second of CPU
    and git its share). So the pipe is widened, and when a read drains it we wait a moment
    for git to write more instead (`_NAPS`); where it cannot be widened, reads wait as
    before."""
    try:
        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, _PIPE)
        drained = fcntl.fcntl(fd, fcntl.F_GETPIPE_SZ) // 2
    except (AttributeError, OSError):  # not Linux, or over the user's pipe quota
        drained = 0
    if drained < _PIPE // 2:
        drained = 0  # a narrow pipe would fill while we wait: never wait
    parts: list[bytes] = []
    size = naps = 0
    while data := os.read(fd, _CHUNK - size):
        parts.append(data)
        size += len(data)
        if size >= _CHUNK:
            yield b"".join(parts)
            parts, size = [], 0
        elif len(data) < drained:
            time.sleep(_NAPS[min(naps, len(_NAPS) - 1)])
            naps += 1
    if parts:
        yield b"".join(parts)


def _records(repo: Repo, fields: list[bytes], expected: str | None, shapes: Shapes
             ) -> tuple[list[Commit], str | None]:
    """The commits of whole records, checked to continue the chain from `expected`; and the
    parent the next record must be. A column at a time: one call each for most steps."""
    ids = b"\n".join(fields[0::_FIELDS]).decode("ascii", "replace").split("\n")
    parents_text = b"\n".join(fields[1::_FIELDS]).decode("ascii", "replace")
    parents = parents_text.split("\n")
    if ids[0] != expected or ids[1:] != parents[:-1] or " " in parents_text:
        raise NotLinear("not one chain of single-parent commits from HEAD")
    trees = b"\n".join(fields[2::_FIELDS]).decode("ascii", "replace").split("\n")
    shapes.update(zip(ids, zip(trees, parents)))
    dates, encodings, raws = fields[3::_FIELDS], fields[5::_FIELDS], fields[6::_FIELDS]
    hits = [at for at, raw in enumerate(raws) if b"gitmem-op" in raw.lower()]
    commits: list[Commit] = list(zip(ids, repeat(None), repeat(0), repeat(0)))
    stamps = b"\n".join([dates[at] for at in hits])
    if any(encodings) or _DATES.fullmatch(stamps) is None:
        for at in hits:  # some commit is read as pygit2 reads it
            if not encodings[at] and _DATES.fullmatch(dates[at]) is not None:
                commits[at] = (ids[at], raws[at].lstrip(b"\n").decode("utf-8", "replace"),
                               int(dates[at][:-6]), _offset(dates[at][-5:]))
            else:
                commits[at] = _through_pygit2(repo, ids[at])
    elif hits:
        # NUL is ASCII: decoding the joined messages replaces exactly what decoding each would
        text = b"\0".join([raws[at] for at in hits]).decode("utf-8", "replace")
        if text.startswith("\n") or "\0\n" in text:
            text = "\0".join(part.lstrip("\n") for part in text.split("\0"))
        zones = _ZONE.findall(stamps)
        for zone in set(zones).difference(_OFFSETS):
            _offset(zone)
        found = list(zip([ids[at] for at in hits], text.split("\0"),
                         map(int, _TIME.findall(stamps)), map(_OFFSETS.__getitem__, zones)))
        if len(hits) == len(ids):  # every commit an op: most op histories
            commits = found
        else:
            for at, commit in zip(hits, found):
                commits[at] = commit
    return commits, parents[-1] or None


_OFFSETS: dict[bytes, int] = {}


def _offset(zone: bytes) -> int:
    """Minutes east of UTC of a zone git printed as [+-]HHMM."""
    minutes = _OFFSETS.get(zone)
    if minutes is None:
        minutes = int(zone[1:3]) * 60 + int(zone[3:5])
        minutes = _OFFSETS[zone] = -minutes if zone[:1] == b"-" else minutes
    return minutes


def _through_pygit2(repo: Repo, sha: str) -> Commit:
    """A commit with an encoding header, or a committer date git and libgit2 might read
    differently (not digits and a zone of at most 14 hours 59 minutes, or time 0)."""
    info = repo.commit_info(sha)
    message = info.message if "gitmem-op" in info.message.lower() else None
    return sha, message, info.time, info.offset

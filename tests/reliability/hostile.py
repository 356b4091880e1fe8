"""Hostile memory files, as an attacker could commit them to a memory repository (or an agent
could write them by accident), and how to run gitmem over them with a clock and a memory meter."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from gitutil import commit_all, make_repo
from reliutil import subprocess_env

CANARY = "CANARY-7f3a9e"


def _billion_laughs() -> bytes:
    lines = ["---", 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    prev = "a"
    for name in "bcdefghi":
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
        prev = name
    return ("\n".join(lines) + "\n---\n- body\n").encode()


# path -> (content, what lint must say about it: "GM101", "notice" or None)
HOSTILE: dict[str, tuple[bytes, str | None]] = {
    "memory/anchor-bomb.md": (_billion_laughs(), "GM101"),
    "memory/self-alias.md": (b"---\na: &a [*a]\n---\n- x\n", "GM101"),
    "memory/deep-flow.md": (
        b"---\nx: " + b"[" * 100_000 + b"]" * 100_000 + b"\n---\n- b\n", "GM101"),
    "memory/deep-block.md": (
        b"---\n" + b"".join(b" " * i + b"k%d:\n" % i for i in range(400)) + b"---\n- b\n", "GM101"),
    "memory/deep-braces.md": (
        b"---\nx: " + b"{a: " * 5000 + b"1" + b"}" * 5000 + b"\n---\n", "GM101"),
    "memory/list-frontmatter.md": (b"---\n- a\n- b\n---\n- body\n", "GM101"),
    "memory/scalar-frontmatter.md": (b"---\njust a string\n---\n- body\n", "GM101"),
    "memory/python-tag.md": (
        b"---\nx: !!python/object/apply:os.system ['touch PWNED']\n---\n", "GM101"),
    "memory/binary.md": (bytes(range(256)) * 16 + b"\x00\x00", "notice"),
    "memory/invalid-utf8.md": (b"---\nname: \xff\xfe bad\n---\n- caf\xe9 \xc3\x28\n", "notice"),
    "memory/crlf-bom.md": (b"\xef\xbb\xbf---\r\nname: crlf\r\n---\r\n- Use tabs.\r\n", None),
    "memory/huge.md": (b"---\nname: huge\n---\n"
                       + b"- A fact about the build system that repeats.\n" * 460_000, "notice"),
    "memory/huge-one-line.md": (b"- " + b"x" * (3 * 1024 * 1024), "notice"),
    "memory/dashes-only.md": (b"---", "GM101"),
    "memory/dashes-newline.md": (b"---\n", "GM101"),
    "memory/empty.md": (b"", None),
    "memory/nul-in-yaml.md": (b"---\nname: a\x00b\n---\n", "notice"),
    "memory/with space.md": (b"- spaces in the name\n", None),
    "memory/new\nline.md": (b"- a newline in the name\n", None),
    "memory/\u00fcnic\u00f6de \u2713 \u6f22\u5b57.md": (b"- unicode name\n", None),
    "memory/-dash-first.md": (b"- a name that looks like an option\n", None),
    "memory/tab\tname.md": (b"- a tab in the name\n", None),
}


def plant_symlinks(repo: Path, outside: Path) -> None:
    """Links that must never be followed: to /etc/passwd, to a canary file and a folder outside
    the repository, to a directory loop."""
    outside.mkdir(parents=True, exist_ok=True)
    (outside / "secret.md").write_text(f"---\nname: {CANARY}\n---\n- {CANARY} secret claim.\n")
    os.symlink("/etc/passwd", repo / "memory/evil.md")
    os.symlink(outside / "secret.md", repo / "memory/canary.md")
    os.symlink(outside, repo / "memory/outside-dir")
    os.symlink(".", repo / "memory/loop")


def hostile_repo(root: Path, outside: Path) -> Path:
    repo = make_repo(root, {"memory/ok.md": "---\nname: ok\n---\n- A normal memory.\n"})
    for path, (content, _) in HOSTILE.items():
        full = repo / path
        full.parent.mkdir(parents=True, exist_ok=True)
        full.write_bytes(content)
    plant_symlinks(repo, outside)
    commit_all(repo, "hostile memories")  # the links are committed too, as a clone would have them
    return repo


@dataclass(frozen=True)
class Measured:
    code: int
    out: str
    err: str
    seconds: float
    max_rss_mb: float


# A small launcher starts gitmem and reports its peak RSS. The test process cannot start it
# itself: Linux carries the exec'ing process's old peak into the new program's (the fork or
# vfork child shares the test process's pages until exec), so a child of a pytest process that
# has grown to 400 MB reports 400 MB whatever gitmem uses.
_LAUNCHER = """
import os, subprocess, sys
proc = subprocess.Popen(sys.argv[2:])
_, status, usage = os.wait4(proc.pid, 0)
with open(sys.argv[1], "w") as report:
    report.write(str(usage.ru_maxrss))
sys.exit(os.waitstatus_to_exitcode(status))
"""


def run_measured(repo: Path, *args: str, timeout: float = 120) -> Measured:
    """`python -m gitmem -C repo ARGS` with its wall time and its own peak RSS (exactly this
    program's, through a launcher fresh from exec; see `_LAUNCHER`)."""
    start = time.monotonic()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.TemporaryDirectory() as scratch:
        report = Path(scratch) / "maxrss"
        command = [sys.executable, "-c", _LAUNCHER, str(report),
                   sys.executable, "-m", "gitmem", "-C", str(repo), *args]
        proc = subprocess.Popen(command, stdout=out, stderr=err, cwd=repo,
                                env=subprocess_env(), start_new_session=True)
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait()
            raise AssertionError(f"gitmem {' '.join(args)} ran over {timeout} s") from None
        texts = []
        for handle in (out, err):
            handle.seek(0)
            texts.append(handle.read().decode("utf-8", "replace"))
        max_rss_kb = int(report.read_text())
    return Measured(proc.returncode, texts[0], texts[1], time.monotonic() - start,
                    max_rss_kb / 1024)

"""git run as a program: the environment it gets, commands that must finish despite Ctrl-C,
`git merge-file`, and read-only commands run with the environment git gave a driver."""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from gitmem.errors import GitStateError


def clean_git_env() -> dict[str, str]:
    """The environment for git subprocesses: inherited GIT_* (set inside hooks) removed."""
    return {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}


def run_to_the_end(
    args: Sequence[str], *, cwd: Path, input: bytes | None = None,
    extra_env: Mapping[str, str] | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """Run a git command that may take a lock file, and let it finish even if Ctrl-C arrives.

    `subprocess.run` answers a KeyboardInterrupt by SIGKILLing its child; git killed that way
    cannot remove its `index.lock` or `config.lock`, and every later git command refuses until a
    person deletes it. These commands are short, so the interrupt waits for the child to exit
    (git itself cleans up on the SIGINT a terminal sends its whole process group) and is raised
    again afterwards. The input goes through a temporary file rather than a pipe: an interrupted
    `communicate` cannot resume writing a pipe, so the child would wait for the rest forever."""
    interrupted: KeyboardInterrupt | None = None
    with tempfile.TemporaryFile() as source:
        source.write(input or b"")
        source.seek(0)
        with subprocess.Popen(
            list(args), cwd=cwd, env={**clean_git_env(), **(extra_env or {})}, stdin=source,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        ) as proc:
            while True:
                try:
                    out, err = proc.communicate()
                    break
                except KeyboardInterrupt as exc:
                    interrupted = exc  # reading the output resumes where it stopped
    if interrupted is not None:
        raise interrupted
    return subprocess.CompletedProcess(list(args), proc.returncode, out, err)


def merge_file(
    base: bytes, ours: bytes, theirs: bytes, labels: tuple[str, str, str],
    *, marker_size: int = 7, style: str = "merge",
) -> tuple[bytes, int]:
    """Three-way line merge exactly as git does it (`git merge-file -p`): (result, number of
    conflicts). `labels` name ours, base and theirs in the conflict markers; `style` is
    `merge.conflictStyle` (merge, or diff3 / zdiff3, which add the base section)."""
    with tempfile.TemporaryDirectory(prefix="gitmem-merge-") as folder:
        paths = []
        for name, data in (("ours", ours), ("base", base), ("theirs", theirs)):
            path = os.path.join(folder, name)
            with open(path, "wb") as fh:
                fh.write(data)
            paths.append(path)
        args = ["git", "merge-file", "-p", f"--marker-size={marker_size}"]
        if style in ("diff3", "zdiff3"):
            args.append(f"--{style}")
        for label in labels:
            args += ["-L", label]
        proc = subprocess.run([*args, *paths], capture_output=True, env=clean_git_env(),
                              check=False)
    if proc.returncode < 0 or proc.returncode > 127:
        raise GitStateError(
            f"git merge-file failed ({proc.stderr.decode(errors='replace').strip()}); "
            "check that git works, then run the merge again"
        )
    return proc.stdout, proc.returncode


def git_as_invoked(*args: str, cwd: str | os.PathLike[str]) -> str | None:
    """A read-only git command run with the environment git gave us, for a program git itself
    runs (the merge driver): `git -c merge.conflictStyle=diff3 merge` passes its settings as
    GIT_CONFIG_PARAMETERS, which `clean_git_env` would drop. Its stdout, None when it fails."""
    try:
        proc = subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False)
    except OSError:
        return None
    if proc.returncode != 0:
        return None
    return proc.stdout.decode("utf-8", "replace").strip()

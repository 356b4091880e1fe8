"""Every file gitmem writes, renames or removes goes through here: no symbolic link is followed.

A cloned repository may commit a symbolic link (or a folder) at any path gitmem writes:
`.gitattributes`, a memory, a folder on the way to one. Writing through such a link would land
outside the repository. So a path is always walked from a trusted folder (the working tree's
root, the git dir) one component at a time, each opened with O_NOFOLLOW | O_DIRECTORY relative
to the one before; the file itself is replaced by a rename inside that last folder (a rename
never follows a link at its target). A link or a non-folder anywhere on the way is refused
with UnsafePathError (exit 4) before anything is written.

New content is first written to a temporary file created with O_CREAT | O_EXCL | O_NOFOLLOW
under `scratch` (gitmem passes `.git/gitmem/tmp`, never a folder of the working tree), fsynced
and renamed over the file. Only when the scratch folder is on another file system than the
target (a linked worktree or a separate git dir on another mount) is the temporary file made
beside the target, under a fresh random name that O_EXCL guarantees is no one else's.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from gitmem.errors import GitStateError

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
_NEW_FLAGS = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
              | getattr(os, "O_CLOEXEC", 0))
TEMP_SUFFIX = ".gitmem-tmp"
DEFAULT_MODE = 0o644


class UnsafePathError(GitStateError):
    """A path gitmem must write is a symbolic link, lies under one, or is not what it must be."""

    link = False  # True when a symbolic link is what stood in the way


def _refuse(shown: str, what: str) -> UnsafePathError:
    error = UnsafePathError(
        f"{shown} is {what}; gitmem never writes through a symbolic link or over a folder "
        "(nothing was changed): replace it by a regular file or folder, then run the command again"
    )
    error.link = what == "a symbolic link"
    return error


def _parts(rel: str) -> list[str]:
    parts = rel.split("/")
    if not rel or rel.startswith("/") or any(p in ("", ".", "..") for p in parts):
        raise ValueError(f"not a relative path: {rel!r}")
    return parts


@contextlib.contextmanager
def open_folder(root: Path, rel_dir: str, *, create: bool = False) -> Iterator[int]:
    """A descriptor of `root/rel_dir`, reached without following any link below `root`;
    missing folders are made when `create` (else FileNotFoundError)."""
    fd = os.open(root, _DIR_FLAGS & ~os.O_NOFOLLOW)  # the root itself is trusted as given
    try:
        done: list[str] = []
        for part in _parts(rel_dir) if rel_dir else []:
            done.append(part)
            try:
                nxt = os.open(part, _DIR_FLAGS, dir_fd=fd)
            except FileNotFoundError:
                if not create:
                    raise
                with contextlib.suppress(FileExistsError):
                    os.mkdir(part, 0o777, dir_fd=fd)
                nxt = _open_existing(fd, part, "/".join(done))
            except OSError as exc:
                raise _not_a_folder(fd, part, "/".join(done), exc) from None
            os.close(fd)
            fd = nxt
        yield fd
    finally:
        os.close(fd)


def _open_existing(fd: int, part: str, shown: str) -> int:
    try:
        return os.open(part, _DIR_FLAGS, dir_fd=fd)
    except OSError as exc:
        raise _not_a_folder(fd, part, shown, exc) from None


def _not_a_folder(fd: int, part: str, shown: str, exc: OSError) -> Exception:
    if exc.errno not in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
        return exc
    try:
        is_link = stat.S_ISLNK(os.stat(part, dir_fd=fd, follow_symlinks=False).st_mode)
    except OSError:
        is_link = False
    return _refuse(shown, "a symbolic link" if is_link else "not a folder")


def _split(rel: str) -> tuple[str, str]:
    folder, _, name = rel.rpartition("/")
    _parts(rel)
    return folder, name


def _entry_kind(fd: int, name: str) -> os.stat_result | None:
    try:
        return os.stat(name, dir_fd=fd, follow_symlinks=False)
    except FileNotFoundError:
        return None


def _check_entry(st: os.stat_result | None, shown: str) -> None:
    if st is None or stat.S_ISREG(st.st_mode):
        return
    if stat.S_ISLNK(st.st_mode):
        raise _refuse(shown, "a symbolic link")
    raise _refuse(shown, "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file")


def check_writable(root: Path, rel: str) -> None:
    """Refuse (UnsafePathError) unless `root/rel` could be written without following a link:
    every existing folder on the way is a real folder and the file is a regular file or absent."""
    folder, name = _split(rel)
    try:
        with open_folder(root, folder) as fd:
            _check_entry(_entry_kind(fd, name), rel)
    except FileNotFoundError:
        return  # the rest of the way will be made as real folders


def read_file(root: Path, rel: str) -> bytes | None:
    """The bytes of `root/rel`; None when absent. UnsafePathError when a link is on the way."""
    folder, name = _split(rel)
    try:
        with open_folder(root, folder) as dir_fd:
            _check_entry(_entry_kind(dir_fd, name), rel)
            fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=dir_fd)
    except FileNotFoundError:
        return None
    with os.fdopen(fd, "rb") as fh:
        return fh.read()


def write_file(
    root: Path, rel: str, data: bytes, *, scratch: Path | None, mode: int | None = None,
    step: Callable[[str], None] | None = None,
) -> None:
    """Replace `root/rel` by `data` atomically (temporary file, fsync, rename), making missing
    folders. `mode`: the new file's permissions; None keeps the old file's (0o644 for a new
    one). `step("after-temp-file")` runs between the write and the rename (a crash point)."""
    folder, name = _split(rel)
    with open_folder(root, folder, create=True) as dir_fd:
        old = _entry_kind(dir_fd, name)
        _check_entry(old, rel)
        if mode is None:
            mode = stat.S_IMODE(old.st_mode) if old is not None else DEFAULT_MODE
        if scratch is not None and _move_from_scratch(scratch, dir_fd, name, data, mode, step):
            return
        tmp = _write_temp(dir_fd, f".{name}.{secrets.token_hex(8)}{TEMP_SUFFIX}", data, mode)
        if step is not None:
            step("after-temp-file")
        _rename(dir_fd, tmp, dir_fd, name)


def _move_from_scratch(scratch: Path, dir_fd: int, name: str, data: bytes, mode: int,
                       step: Callable[[str], None] | None) -> bool:
    """Write in the scratch folder and rename into place; False when the two folders are on
    different file systems (nothing left behind)."""
    scratch.mkdir(parents=True, exist_ok=True)
    scratch_fd = os.open(scratch, _DIR_FLAGS)
    try:
        if os.fstat(scratch_fd).st_dev != os.fstat(dir_fd).st_dev:
            return False  # a rename cannot cross file systems: write beside the file instead
        tmp = _write_temp(scratch_fd, f"{secrets.token_hex(8)}{TEMP_SUFFIX}", data, mode)
        if step is not None:
            step("after-temp-file")
        try:
            _rename(scratch_fd, tmp, dir_fd, name)
        except OSError as exc:
            if exc.errno != errno.EXDEV:
                raise
            return False  # _rename removed the temporary file
        return True
    finally:
        os.close(scratch_fd)


def _write_temp(dir_fd: int, tmp: str, data: bytes, mode: int) -> str:
    fd = os.open(tmp, _NEW_FLAGS, 0o600, dir_fd=dir_fd)
    try:
        with os.fdopen(fd, "wb", closefd=False) as fh:
            fh.write(data)
            fh.flush()
            os.fchmod(fd, mode)
            os.fsync(fd)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=dir_fd)
        raise
    os.close(fd)
    return tmp


def create_file(folder: Path, name: str, data: bytes) -> None:
    """Write `data`, synced, to a new file `name` in `folder`: never over an existing one
    (FileExistsError) nor through a link; a failed write leaves nothing behind."""
    dir_fd = os.open(folder, _DIR_FLAGS)
    try:
        _write_temp(dir_fd, name, data, DEFAULT_MODE)
    finally:
        os.close(dir_fd)


def _rename(src_fd: int, src: str, dst_fd: int, dst: str) -> None:
    try:
        os.replace(src, dst, src_dir_fd=src_fd, dst_dir_fd=dst_fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(src, dir_fd=src_fd)
        raise


def write_named_file(path: str | os.PathLike[str], data: bytes, root: Path, *,
                     make_folders: bool = False) -> None:
    """Write a file the person named (`lint --output`, the CI action's `sarif-file`). Inside
    the working tree `root` it is written like every other file there: no link followed on the
    way or at it (a cloned repository may commit `gitmem.sarif` as a link to `~/.bashrc`).
    Outside the working tree it goes where they said, as a shell redirection would.
    `make_folders`: make missing folders on the way (inside the tree they always are)."""
    here = os.path.realpath(os.getcwd())  # where the person is: trusted, links and all
    full = Path(os.path.normpath(os.path.join(here, os.fspath(path))))
    if full != root and root in full.parents:
        try:
            write_file(root, full.relative_to(root).as_posix(), data, scratch=None)
        except UnsafePathError as exc:
            if exc.link:
                raise
            raise IsADirectoryError(errno.EISDIR, "a folder or not a regular file") from None
        return
    if make_folders:
        full.parent.mkdir(parents=True, exist_ok=True)
    with open(full, "wb") as fh:
        fh.write(data)


def overwrite(path: Path, data: bytes) -> None:
    """Write `data` into the existing file `path` in place (a file git handed over, such as a
    merge driver's %A), refusing to follow a link at it."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_TRUNC | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise _refuse(str(path), "a symbolic link") from None
        raise
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)


def remove_file(root: Path, rel: str) -> None:
    """Remove the file (or link: the entry itself, never its target) at `root/rel`."""
    folder, name = _split(rel)
    try:
        with open_folder(root, folder) as fd:
            st = _entry_kind(fd, name)
            if st is not None and stat.S_ISDIR(st.st_mode):
                raise _refuse(rel, "a folder")
            if st is not None:
                os.unlink(name, dir_fd=fd)
    except FileNotFoundError:
        return


def clear_scratch(scratch: Path) -> None:
    """Remove what a killed writer left in the scratch folder (call under the op lock)."""
    try:
        fd = os.open(scratch, _DIR_FLAGS)
    except OSError:
        return
    try:
        for name in os.listdir(fd):
            if name.endswith(TEMP_SUFFIX):
                with contextlib.suppress(OSError):
                    os.unlink(name, dir_fd=fd)
    finally:
        os.close(fd)


def drop_stray_copies(root: Path, rel: str, tracked: Callable[[str], bool]) -> None:
    """Remove the randomly named temporary copies a killed writer left beside `root/rel` (made
    only when the scratch folder was on another file system); tracked files are kept."""
    try:
        folder, name = _split(rel)
        prefix = f".{name}."
        with open_folder(root, folder) as fd:
            for entry in os.listdir(fd):
                middle = entry[len(prefix):-len(TEMP_SUFFIX)]
                if not (entry.startswith(prefix) and entry.endswith(TEMP_SUFFIX)
                        and len(middle) == 16 and all(c in "0123456789abcdef" for c in middle)):
                    continue
                shown = f"{folder}/{entry}" if folder else entry
                st = _entry_kind(fd, entry)
                if st is not None and stat.S_ISREG(st.st_mode) and not tracked(shown):
                    with contextlib.suppress(OSError):
                        os.unlink(entry, dir_fd=fd)
    except (OSError, ValueError, UnsafePathError):
        return

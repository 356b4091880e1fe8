"""Every git access gitmem makes. THE ONLY module that imports pygit2.

Reads (trees, the index, the working tree, history) and the one write path, `commit_op`, which
builds an op commit from HEAD's tree plus the changed memory blobs, moves the branch with a
compare-and-swap under git's own ref lock, then updates just those paths in the user's index and
working tree. The crash journal that makes that sequence atomic lives in gitmem/ops/journal.py.
"""

from __future__ import annotations

import datetime as dt
import os
import stat
import subprocess
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import count, islice
from pathlib import Path

from typing import TYPE_CHECKING, Any

from gitmem import late_edits, ownership, safe_write
from gitmem.errors import GitStateError, UsageError

if TYPE_CHECKING:
    import pygit2

    from gitmem.memory.cache import MemoryCache
    from gitmem.model import FileChange
else:
    class _Pygit2:
        """pygit2, imported where it is first used (a tenth of a second): `gitmem log` on a
        history `git log` can read opens the repository through git alone."""

        def __getattr__(self, name: str) -> Any:
            import pygit2 as module

            globals()["pygit2"] = module
            return getattr(module, name)

    pygit2 = _Pygit2()

ZERO = "0" * 40
FILE_MODE = 0o100644  # pygit2.enums.FileMode.BLOB
EXEC_MODE = 0o100755  # pygit2.enums.FileMode.BLOB_EXECUTABLE


class IndexLockedError(GitStateError):
    """git's index.lock stayed held while an op that had already committed tried to stage."""


def clean_git_env() -> dict[str, str]:
    """The environment for git subprocesses: inherited GIT_* (set inside hooks) removed."""
    return {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}


def make_state_dir(folder: Path) -> None:
    """Create gitmem's folder in .git (or one inside it), refusing clearly when it cannot be."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise GitStateError(
            f"cannot use {folder} as gitmem's state folder ({exc.strerror}); it must be a "
            "writable directory: move aside whatever is there, then run again"
        ) from None


def _tree_link(tree: pygit2.Tree | None, path: str) -> bool:
    """Whether `path` is a symbolic link in `tree`."""
    try:
        return tree is not None and tree[path].filemode == 0o120000
    except KeyError:
        return False


def hash_blob(data: bytes) -> str:
    return str(pygit2.hash(data))


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
    import tempfile  # (with shutil and random) for the commands that write: not `gitmem log`

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
    import tempfile

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


@dataclass(frozen=True)
class CommitInfo:
    id: str
    message: str
    time: int  # committer time, seconds since the epoch
    offset: int  # committer UTC offset in minutes
    parents: tuple[str, ...]

    @property
    def summary(self) -> str:
        return self.message.split("\n", 1)[0]

    @property
    def iso_date(self) -> str:
        tz = dt.timezone(dt.timedelta(minutes=self.offset))
        return dt.datetime.fromtimestamp(self.time, tz).isoformat()


@dataclass(frozen=True)
class StagedEntry:
    """One memory path the index changes against HEAD."""

    path: str
    status: str  # "added" | "modified" | "deleted" | "renamed"
    old_blob: str | None
    new_blob: str | None
    old_path: str | None = None


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


def _open_trusted(found: str, start: Path) -> tuple[pygit2.Repository, dict[str, str]]:
    """Open the repository at `found`; where libgit2 refuses it for its owner, trust it exactly
    when git does (gitmem/ownership.py), else refuse with the line that trusts it (exit 4)."""
    try:
        return _open_repository(found), {}
    except pygit2.GitError as exc:
        if ownership.NOT_OWNED not in str(exc):
            raise
    root = ownership.work_tree_of(found)
    if not ownership.git_trusts(start, found):
        raise ownership.foreign_owner_error(root) from None
    return _open_unvalidated(found), ownership.trusting_env(root)


def _open_unvalidated(found: str) -> pygit2.Repository:
    """Open a repository whose owner the caller has already vouched for."""
    validating = pygit2.option(pygit2.enums.Option.GET_OWNER_VALIDATION)
    pygit2.option(pygit2.enums.Option.SET_OWNER_VALIDATION, False)
    try:
        return _open_repository(found)
    finally:
        pygit2.option(pygit2.enums.Option.SET_OWNER_VALIDATION, validating)


def _is_regular_file(full: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(full).st_mode)
    except OSError:
        return False


def _check_name_fits(root: Path, path: str) -> None:
    """Refuse a path git reserves (`.git` in any letter case or with trailing dots or spaces,
    `git~1`, in any folder: libgit2's own rule, asked of an in-memory index) or one longer than
    the file system takes, before anything is written."""
    try:
        pygit2.Index().add(pygit2.IndexEntry(path, pygit2.Oid(hex=ZERO), FILE_MODE))
    except (pygit2.GitError, ValueError):
        raise UsageError(
            f"{path!r} names a folder or file git reserves for itself (like .git in any letter "
            "case, or git~1); choose another name (nothing was changed)"
        ) from None
    try:
        name_max = os.pathconf(root, "PC_NAME_MAX")
    except (OSError, ValueError):
        name_max = 255
    encoded = os.fsencode(path)
    longest = max(encoded.split(b"/"), key=len)
    if len(longest) > name_max or len(os.fsencode(root)) + 1 + len(encoded) > 4095:
        shown = path if len(path) <= 80 else path[:77] + "..."
        raise UsageError(
            f"{shown} is too long for the file system (a name of {len(longest)} bytes; at most "
            f"{name_max}); choose a shorter name (nothing was changed)"
        )


_KINDS = {0o160000: "a submodule", 0o120000: "a symbolic link"}  # FileMode.COMMIT, LINK


def _refuse_what_undo_cannot_write(
    commit_id: str, paths: Sequence[str], trees: Sequence[pygit2.Tree], reverted: pygit2.Index,
) -> None:
    """Undo writes regular files' content only; refuse (changing nothing) when reverting
    `commit_id` would also have to restore a submodule, a symbolic link or a file mode, so an
    undo never reports success while part of the commit stays in force."""
    problems = []
    for path in paths:
        modes: list[int | None] = []
        for tree in trees:
            try:
                modes.append(int(tree[path].filemode))
            except KeyError:
                modes.append(None)
        try:
            wanted: int | None = int(reverted[path].mode)
        except KeyError:
            wanted = None
        odd = next((_KINDS[m] for m in (*modes, wanted) if m in _KINDS), None)
        now = modes[-1]
        if odd is not None:
            problems.append(f"{path} ({odd})")
        elif wanted is not None and wanted != (now if now is not None else int(FILE_MODE)):
            problems.append(f"the file mode of {path} ({now or int(FILE_MODE):o} -> {wanted:o})")
    if problems:
        raise GitStateError(
            f"undoing {commit_id[:12]} would have to restore {'; '.join(problems)}, and undo "
            "restores the content of regular files only; nothing was undone: revert it with "
            f"`git revert {commit_id[:12]}` and check the result"
        )


def _open_repository(found: str) -> pygit2.Repository:
    """pygit2's Repository, or a refusal naming what kind of repository libgit2 cannot read."""
    try:
        return pygit2.Repository(found)
    except pygit2.GitError as exc:
        if "object format" not in str(exc):
            raise
        raise GitStateError(
            f"{found} uses SHA-256 object ids (git init --object-format=sha256); gitmem "
            "reads SHA-1 repositories only, because its git library (libgit2 "
            f"{pygit2.LIBGIT2_VERSION}) cannot open SHA-256 ones: keep the memory in a SHA-1 "
            "repository"
        ) from None


# what to do when the object store lacks an object a tree names (a damaged copy, a partial
# mirror); the end of every such refusal
_MISSING_OBJECT_ADVICE = ("`git fsck` lists what is missing; fetch or restore it, then run the "
                          "command again); nothing was changed")


class Repo:
    """A non-bare repository with a working tree."""

    def __init__(self, repo: pygit2.Repository | None, trust_env: Mapping[str, str] | None = None,
                 *, root: Path | None = None, git_dir: Path | None = None) -> None:
        # None until first used when git found the repository (`discover_through_git`)
        self._opened = repo
        self._told: dict[str, Any] = {}  # what git said (HEAD, shallow) while that is so
        # what gitmem's git calls need to work where git trusts the repository only through the
        # caller's environment (gitmem/ownership.py)
        self.trust_env = dict(trust_env or {})
        self.root = root or Path(repo.workdir).resolve()  # type: ignore[union-attr]
        self._root_prefix = os.path.join(str(self.root), "")  # "/abs/root/": joined by f-string
        self.git_dir = git_dir or Path(repo.path).resolve()  # type: ignore[union-attr]
        self.state_dir = self.git_dir / "gitmem"
        self._leaving_dirs: dict[str, bool] = {}  # leaves_worktree of a directory, for reads
        # (path, saved copy): versions two concurrent edits left out of the working tree
        self.set_aside: list[tuple[str, Path]] = []

    @property
    def _repo(self) -> pygit2.Repository:
        opened = self._opened
        if opened is None:
            found = pygit2.discover_repository(str(self.root))
            if found is None or Path(found).resolve() != self.git_dir:
                raise GitStateError(f"{self.root}: git and libgit2 find different repositories "
                                    f"({self.git_dir}, {found}); run git status there")
            opened, trust_env = _open_trusted(found, self.root)
            self.trust_env.update(trust_env)
            self._opened, self._told = opened, {}
        return opened

    # ----- opening -------------------------------------------------------------------------
    @classmethod
    def discover(cls, start: str | os.PathLike[str]) -> Repo:
        start_path = Path(start)
        if not start_path.is_dir():
            raise UsageError(f"{start}: no such directory")
        found = pygit2.discover_repository(str(start_path))
        if found is None:
            raise GitStateError(
                f"{start_path.resolve()} is not inside a git repository; run `git init` there "
                "first (or pass -C PATH)"
            )
        repo, trust_env = _open_trusted(found, start_path)
        if repo.is_bare or repo.workdir is None:
            raise GitStateError(
                f"{found} is a bare repository; gitmem needs a working tree: clone it and run "
                "gitmem in the clone"
            )
        return cls(repo, trust_env)

    @classmethod
    def discover_through_git(cls, start: str | os.PathLike[str]) -> Repo:
        """`discover`, asking one `git rev-parse` instead of importing pygit2 (which is
        imported when first used): for a command that may need no more (`gitmem log`). HEAD
        and whether the clone is shallow are as git said until pygit2 opens the repository;
        anything git does not answer plainly (no repository, a bare one, an unborn HEAD, an
        owner git does not trust) is left to `discover`."""
        start_path = Path(start)
        try:
            proc = subprocess.run(["git", "rev-parse", "--show-toplevel", "--absolute-git-dir",
                                   "--is-shallow-repository", "HEAD"],
                                  cwd=start_path, env=clean_git_env(), stdin=subprocess.DEVNULL,
                                  capture_output=True, check=False)
        except OSError:
            return cls.discover(start)
        lines = proc.stdout.split(b"\n")
        if proc.returncode != 0 or len(lines) != 5 or lines[4] or not lines[0] \
                or lines[2] not in (b"true", b"false") or len(lines[3]) != 40 \
                or lines[3].strip(b"0123456789abcdef"):
            return cls.discover(start)
        repo = cls(None, root=Path(os.fsdecode(lines[0])).resolve(),
                   git_dir=Path(os.fsdecode(lines[1])).resolve())
        repo._told = {"head": lines[3].decode("ascii"), "shallow": lines[2] == b"true"}
        return repo

    def git_env(self) -> dict[str, str]:
        """The environment for git subprocesses in this repository."""
        return {**clean_git_env(), **self.trust_env}

    # ----- HEAD and state ------------------------------------------------------------------
    def head_id(self) -> str | None:
        """The commit HEAD points at, or None on an unborn branch."""
        if "head" in self._told:
            return self._told["head"]
        if self._repo.head_is_unborn:
            return None
        return str(self._repo.head.target)

    def branch_ref(self) -> str | None:
        """The full ref HEAD names (`refs/heads/main`), or None when HEAD is detached."""
        if self._repo.head_is_detached:
            return None
        return str(self._repo.references["HEAD"].target)

    def require_writable(self) -> str:
        """Refuse to write an op commit where git itself would need the user's attention."""
        ref = self.branch_ref()
        if ref is None:
            raise GitStateError(
                "HEAD is detached; check out a branch (git switch <branch>) before running an "
                "operation that commits"
            )
        state = self._repo.state()
        if state != pygit2.enums.RepositoryState.NONE:
            name = pygit2.enums.RepositoryState(state).name.lower().replace("_", " ")
            raise GitStateError(
                f"a {name} is in progress; finish or abort it first (see `git status`)"
            )
        return ref

    def signatures(self) -> tuple[pygit2.Signature, pygit2.Signature]:
        """The author and committer `git commit` would record (environment first, then config,
        role by role: gitmem/identity.py); InvalidInputError when git has none."""
        from gitmem.identity import git_ident

        out = []
        for role in ("AUTHOR", "COMMITTER"):
            ident = git_ident(self.root, role)
            out.append(pygit2.Signature(ident.name, ident.email, ident.time, ident.offset))
        return out[0], out[1]

    def config_entries(self, prefix: str = "gitmem.") -> dict[str, str]:
        if self._opened is None:
            return self._git_config_entries(prefix)
        out: dict[str, str] = {}
        for entry in self._repo.config:
            if entry.name.startswith(prefix) and entry.value is not None:
                out[entry.name] = entry.value
        return out

    def resolve_commit(self, rev: str) -> str:
        """A full commit id for a revision expression; UsageError when it names no commit."""
        try:
            obj = self._repo.revparse_single(rev)
            commit = obj.peel(pygit2.Commit)
        except pygit2.AmbiguousError:
            raise UsageError(f"{rev!r} is ambiguous; give more characters of the id") from None
        except (KeyError, ValueError, pygit2.GitError, pygit2.InvalidSpecError):
            raise UsageError(f"{rev!r} does not name a commit in this repository") from None
        return str(commit.id)

    def _commit(self, commit_id: str) -> pygit2.Commit:
        return self._repo[commit_id].peel(pygit2.Commit)

    def commit_info(self, commit_id: str) -> CommitInfo:
        c = self._commit(commit_id)
        return CommitInfo(
            str(c.id), c.message, c.commit_time, c.commit_time_offset, tuple(map(str, c.parent_ids))
        )

    # ----- reading content -----------------------------------------------------------------
    def tree_files(self, rev: str | None = "HEAD") -> dict[str, str]:
        """path -> blob id of every file in a commit's tree ({} on an unborn branch)."""
        if rev is None or (rev == "HEAD" and self.head_id() is None):
            return {}
        commit_id = self.resolve_commit(rev)
        listed = self._git_listing(["ls-tree", "-r", "-z", "--full-tree", commit_id], 2)
        if listed is not None:
            return {path: blob for path, blob, _ in listed}
        index = pygit2.Index()
        index.read_tree(self._repo[commit_id].tree)
        return {e.path: str(e.id) for e in index if e.mode in (FILE_MODE, EXEC_MODE)}

    def index_files(self, index_file: str | os.PathLike[str] | None = None) -> dict[str, str]:
        """path -> blob id of every stage-0 entry of the user's index (or of `index_file`).

        Listed by `git ls-files --stage` (milliseconds for 10,000 entries, where a Python loop
        over pygit2 entries takes a fifth of a second); the answer is the one that loop gives,
        whose last entry of a path wins (during a conflict, the highest stage)."""
        env = None
        if index_file is not None:
            env = {"GIT_INDEX_FILE": str(self.root / index_file)}
        listed = self._git_listing(["ls-files", "--stage", "-z"], 1, env)
        if listed is not None:
            return {path: blob for path, blob, _ in listed}
        index = self._index(index_file)
        return {e.path: str(e.id) for e in index if e.mode in (FILE_MODE, EXEC_MODE)}

    def _git_listing(
        self, args: list[str], id_field: int, env: dict[str, str] | None = None
    ) -> list[tuple[str, str, bytes]] | None:
        """(path, blob id, mode) of the regular files `git ls-files --stage` / `git ls-tree -r`
        print, in their order; None when git cannot answer (the caller falls back to pygit2)."""
        try:
            proc = subprocess.run(["git", *args], cwd=self.root, capture_output=True,
                                  env={**self.git_env(), **(env or {})}, check=False)
        except OSError:
            return None
        if proc.returncode != 0:
            return None
        out = []
        for record in proc.stdout.split(b"\0"):
            meta, tab, path = record.partition(b"\t")
            fields = meta.split()
            if tab and len(fields) == 3 and fields[0] in (b"100644", b"100755"):
                out.append((os.fsdecode(path), fields[id_field].decode("ascii"), fields[0]))
        return out

    def index_blobs(self, index_file: str | os.PathLike[str] | None = None) -> dict[str, str]:
        """index_files() computed by `git ls-files` in C: the same answer, but 10,000 entries
        cost milliseconds instead of a Python loop over pygit2 entries (the pre-commit hook)."""
        env = self.git_env()
        if index_file is not None:
            env["GIT_INDEX_FILE"] = str(self.root / index_file)
        proc = subprocess.run(["git", "ls-files", "--stage", "-z"], cwd=self.root,
                              capture_output=True, env=env, check=False)
        if proc.returncode != 0:
            raise GitStateError(
                f"git ls-files failed ({proc.stderr.decode(errors='replace').strip()}); "
                "check the repository with `git status`"
            )
        out = {}
        for record in proc.stdout.split(b"\0"):
            meta, _, path = record.partition(b"\t")
            fields = meta.split()
            if len(fields) == 3 and fields[2] == b"0" and fields[0] in (b"100644", b"100755"):
                out[os.fsdecode(path)] = fields[1].decode()
        return out

    def _index(self, index_file: str | os.PathLike[str] | None) -> pygit2.Index:
        """The user's index, or another index file: while a hook runs for `git commit -a` or
        `git commit <paths>`, git stages into a temporary index and names it in GIT_INDEX_FILE
        (relative paths are relative to the working tree root, where git runs hooks)."""
        if index_file is None:
            index = self._repo.index
            index.read(False)
            return index
        return pygit2.Index(str(self.root / index_file))

    def read_blob(self, blob_id: str) -> bytes:
        """A blob's bytes, straight from the object database (no Blob object is built)."""
        try:
            kind, data = self._repo.odb.read(blob_id)
        except KeyError:  # a tree names a blob the store lacks (a damaged copy, a partial mirror)
            raise GitStateError(f"cannot read object {blob_id}: this repository does not have it "
                                f"({_MISSING_OBJECT_ADVICE}") from None
        except (ValueError, pygit2.GitError):
            kind, data = None, b""
        if kind != pygit2.enums.ObjectType.BLOB:
            # not a blob (or absent): fail exactly as reading it as a blob always did
            return self._repo[blob_id].data  # type: ignore[attr-defined,no-any-return]
        return data  # type: ignore[no-any-return]

    def read_at(self, rev: str, path: str) -> bytes | None:
        blob = self.tree_files(rev).get(path)
        return None if blob is None else self.read_blob(blob)

    def read_worktree(self, path: str) -> bytes | None:
        """A tracked file's bytes in the working tree; None if absent or not a regular file."""
        found = self.read_worktree_stat(path)
        return None if found is None else found[0]

    def read_worktree_stat(self, path: str) -> tuple[bytes, os.stat_result] | None:
        """A working-tree file's bytes and the stat data they were read under; None if absent
        or not a regular file (a symlink is not followed, a FIFO is not waited on, a path
        under a directory link that leads out of the working tree is not read). One open and
        one fstat: about a third of the cost of lstat + Path.read_bytes."""
        if "/" in path and self.leaves_worktree(path, cached=True):
            return None
        try:
            fd = os.open(f"{self._root_prefix}{path}", _READ_FLAGS)
        except OSError:
            return None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                return None
            chunks = [os.read(fd, st.st_size + 1)]
            while chunks[-1]:  # a file that grew since the fstat: read to the end
                chunks.append(os.read(fd, 1 << 20))
            return b"".join(chunks), st
        except OSError:
            return None
        finally:
            os.close(fd)

    def worktree_files(self) -> list[str]:
        """Tracked paths plus untracked, not-ignored files of the working tree (no symlinks)."""
        listed = self.worktree_candidates()
        if listed is not None:
            return sorted(p for p in listed if _is_regular_file(self.root / p))
        return self._walk_worktree_files()

    def worktree_candidates(self) -> list[str] | None:
        """Tracked paths and untracked, not-ignored paths as `git ls-files --cached --others
        --exclude-standard` lists them (one C directory walk instead of a Python one asking
        libgit2 about every entry); not checked to exist. None when git cannot answer."""
        try:
            proc = subprocess.run(
                ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                cwd=self.root, capture_output=True, env=self.git_env(), check=False,
            )
        except OSError:
            return None
        if proc.returncode != 0:
            return None
        # an untracked nested repository is listed as "dir/": not a file
        paths = {os.fsdecode(p) for p in proc.stdout.split(b"\0") if p and not p.endswith(b"/")}
        return sorted(paths)

    def _walk_worktree_files(self) -> list[str]:
        tracked = set(self.index_files())
        out = [p for p in tracked if os.path.isfile(self.root / p) and not os.path.islink(self.root / p)]
        for dirpath, dirnames, filenames in os.walk(self.root):
            rel_dir = os.path.relpath(dirpath, self.root)
            rel_dir = "" if rel_dir == "." else rel_dir.replace(os.sep, "/") + "/"
            keep = []
            for d in dirnames:
                if d == ".git" or os.path.islink(os.path.join(dirpath, d)):
                    continue
                if self._repo.path_is_ignored(rel_dir + d + "/"):
                    continue
                keep.append(d)
            dirnames[:] = keep
            for name in filenames:
                rel = rel_dir + name
                if rel in tracked or os.path.islink(os.path.join(dirpath, name)):
                    continue
                if not self._repo.path_is_ignored(rel):
                    out.append(rel)
        return sorted(out)

    def staged_changes(
        self, index_file: str | os.PathLike[str] | None = None
    ) -> list[StagedEntry]:
        """What `git commit` would record: the index (or `index_file`, see `_index`) against
        HEAD, renames detected."""
        index = self._index(index_file)
        if index.conflicts is not None:
            paths = sorted({e.path for entry in index.conflicts for e in entry if e is not None})
            raise GitStateError(
                f"the index has unresolved conflicts in {', '.join(paths[:5])}; resolve them "
                "(git add) or abort the merge, then run again"
            )
        head = self.head_id()
        if head is None:
            return [StagedEntry(e.path, "added", None, str(e.id))
                    for e in index if e.mode in (FILE_MODE, EXEC_MODE)]
        diff = self._repo[head].tree.diff_to_index(index)
        diff.find_similar()
        out = []
        # diff_to_index compares the tree (old) to the index (new); a submodule or a symlink
        # on either side is not a file there (its id names no blob of ours)
        for delta in diff.deltas:
            status = delta.status_char()
            old, new = delta.old_file, delta.new_file
            old_file, new_file = old.mode in (FILE_MODE, EXEC_MODE), new.mode in (FILE_MODE, EXEC_MODE)
            if status in ("M", "T"):  # a side that is not a file is absent on that side
                status = "M" if old_file and new_file else "A" if new_file else "D" if old_file else ""
            if status == "A" and new_file:
                out.append(StagedEntry(new.path, "added", None, str(new.id)))
            elif status == "D" and old_file:
                out.append(StagedEntry(old.path, "deleted", str(old.id), None))
            elif status == "R" and old_file and new_file:
                out.append(StagedEntry(new.path, "renamed", str(old.id), str(new.id), old.path))
            elif status not in ("", "A", "D", "R"):
                out.append(StagedEntry(new.path, "modified", str(old.id), str(new.id)))
        return out

    def merge_base(self, base: str, head: str = "HEAD") -> str:
        """The commit `git diff base...head` starts from (base itself when they share none)."""
        base_id, head_id = self.resolve_commit(base), self.resolve_commit(head)
        return str(self._repo.merge_base(base_id, head_id) or base_id)

    def changed_paths(self, base: str, head: str = "HEAD") -> set[str]:
        """Paths whose content differs between merge-base(base, head) and head."""
        head_id = self.resolve_commit(head)
        diff = self._repo.diff(self._commit(self.merge_base(base, head_id)), self._commit(head_id))
        out: set[str] = set()
        for delta in diff.deltas:
            if delta.new_file.path and delta.status_char() != "D":
                out.add(delta.new_file.path)
        return out

    def commit_trees(self, commit_id: str) -> tuple[str, tuple[str, ...], tuple[str, ...]] | None:
        """A commit's tree, its parents and their trees (ids); None when `commit_id` names no
        commit of this repository."""
        try:
            commit = self._repo.get(commit_id)
        except ValueError:
            return None
        if not isinstance(commit, pygit2.Commit):
            return None
        parents = commit.parents
        return (str(commit.tree_id), tuple(str(p.id) for p in parents),
                tuple(str(p.tree_id) for p in parents))

    def diff_patch(self, args: Sequence[str], index_file: str | os.PathLike[str] | None = None
                   ) -> str:
        """git's own diff as text (`git diff -U0 -M ARGS`): zero context, renames followed, and
        the user's diff settings that would change its shape (prefixes, colour, external and
        textconv drivers, quoted non-ASCII names) fixed. Bytes that are not UTF-8 are kept as
        surrogates, as os.fsdecode keeps them in paths."""
        env = self.git_env()  # a repository git trusts by safe.directory stays trusted
        if index_file is not None:
            env["GIT_INDEX_FILE"] = str(self.root / index_file)
        proc = subprocess.run(
            ["git", "-c", "core.quotePath=false", "diff", "--no-color", "--no-ext-diff",
             "--no-textconv", "--no-relative", "--src-prefix=a/", "--dst-prefix=b/", "--text",
             "--full-index", "--ignore-submodules", "-U0", "-M", *args],
            cwd=self.root, capture_output=True, env=env, check=False)
        if proc.returncode != 0:
            raise GitStateError(f"git diff failed ({proc.stderr.decode(errors='replace').strip()}"
                                "); check the repository with `git status`")
        return proc.stdout.decode("utf-8", "surrogateescape")

    def untracked_files(self) -> list[str]:
        """Untracked, not-ignored files (`git ls-files --others --exclude-standard`)."""
        proc = subprocess.run(["git", "ls-files", "-z", "--others", "--exclude-standard"],
                              cwd=self.root, capture_output=True, env=self.git_env(),
                              check=False)
        return sorted(os.fsdecode(p) for p in proc.stdout.split(b"\0")
                      if p and not p.endswith(b"/") and proc.returncode == 0)

    # ----- history -------------------------------------------------------------------------
    def walk(self, start: str | None = None, first_parent: bool = False) -> Iterator[CommitInfo]:
        """Commits reachable from start (HEAD by default), newest first."""
        head = start or self.head_id()
        if head is None:
            return
        walker = self._repo.walk(
            pygit2.Oid(hex=head), pygit2.enums.SortMode.TOPOLOGICAL | pygit2.enums.SortMode.TIME
        )
        if first_parent:
            walker.simplify_first_parent()
        for c in walker:
            yield CommitInfo(
                str(c.id), c.message, c.commit_time, c.commit_time_offset,
                tuple(map(str, c.parent_ids)),
            )

    def single_parent_chain(self, head: str, base: str, limit: int = 10_000
                            ) -> list[CommitInfo] | None:
        """The commits from `head` down to `base` (excluded), newest first, when every one of
        them has exactly one parent, so that they precede `base`'s history in any walk from
        `head`; None when a merge, a root or `limit` commits come first."""
        out: list[CommitInfo] = []
        current = head
        while current != base:
            if len(out) >= limit:
                return None
            try:
                c = self._repo.get(current)
            except ValueError:
                return None
            if not isinstance(c, pygit2.Commit) or len(c.parent_ids) != 1:
                return None
            out.append(CommitInfo(str(c.id), c.message, c.commit_time, c.commit_time_offset,
                                  (str(c.parent_ids[0]),)))
            current = str(c.parent_ids[0])
        return out

    def blob_in(self, commit_id: str, path: str) -> str | None:
        tree = self._repo[commit_id].tree
        try:
            entry = tree[path]
        except KeyError:
            return None
        return str(entry.id) if entry.type_str == "blob" else None

    def revert_result(
        self, commit_id: str, onto: str | None = None
    ) -> list[tuple[str, bytes | None]]:
        """The content each path of `commit_id` gets when it is reverted onto HEAD (or onto the
        commit `onto`).

        Raises GitStateError when the revert conflicts with what came after it, or when it
        would have to restore something other than a regular file's content (a submodule, a
        symbolic link, a file mode): undo writes all of a revert or nothing."""
        commit = self._commit(commit_id)
        head = self._commit(onto or self.head_id() or "")
        if not commit.parents:
            return self._revert_root(str(commit.id), head)
        if len(commit.parents) != 1:
            raise GitStateError(
                f"{commit_id[:12]} is a merge commit; undo reverts single-parent op commits only"
            )
        index = self._repo.revert_commit(commit, head)
        if index.conflicts is not None:
            paths = sorted({e.path for entry in index.conflicts for e in entry if e is not None})
            raise GitStateError(
                f"undoing {commit_id[:12]} conflicts with later changes to {', '.join(paths)}; "
                "edit those memories by hand (or undo the later operations first)"
            )
        diff = self._repo.diff(commit.parents[0], commit)
        touched = {d.old_file.path for d in diff.deltas} | {d.new_file.path for d in diff.deltas}
        _refuse_what_undo_cannot_write(
            commit_id, sorted(touched), (commit.parents[0].tree, commit.tree, head.tree), index
        )
        result: list[tuple[str, bytes | None]] = []
        for path in sorted(touched):
            try:
                entry = index[path]
            except KeyError:
                result.append((path, None))
                continue
            result.append((path, self.read_blob(str(entry.id))))
        return result

    def _revert_root(
        self, commit_id: str, head: pygit2.Commit
    ) -> list[tuple[str, bytes | None]]:
        """Reverting a repository's first commit takes away every file it added, as a revert
        against an empty parent would: a file changed since is a conflict, not a loss."""
        root = pygit2.Index()
        root.read_tree(self._repo[commit_id].tree)
        _refuse_what_undo_cannot_write(
            commit_id, sorted(e.path for e in root), (self._repo[commit_id].tree, head.tree),
            pygit2.Index(),
        )
        added = self.tree_files(commit_id)
        now = self.tree_files(str(head.id))
        changed = sorted(path for path, blob in added.items() if now.get(path, blob) != blob)
        if changed:
            raise GitStateError(
                f"undoing {commit_id[:12]} conflicts with later changes to {', '.join(changed)}; "
                "edit those files by hand (or undo the later operations first)"
            )
        return [(path, None) for path in sorted(added)]

    # ----- writing: the op commit ----------------------------------------------------------
    def check_clean(self, paths: Sequence[str], head: str | None) -> None:
        """Refuse when a path the op must change has staged or unstaged edits."""
        index = self._repo.index
        index.read(False)
        tree = self._repo[head].peel(pygit2.Tree) if head else None
        for path in paths:
            self._check_path_shape(path, tree)
            safe_write.check_writable(self.root, path)  # no link on the way, nor at the file
            committed = self.blob_in(head, path) if head else None
            try:
                staged: str | None = str(index[path].id)
            except KeyError:
                staged = None
            data = self.read_worktree(path)
            on_disk = None if data is None else hash_blob(self.to_odb(path, data))
            if os.path.lexists(self.root / path) and data is None:
                on_disk = "not-a-file"
            if staged != committed or on_disk != committed:
                raise GitStateError(
                    f"{path} has uncommitted changes; commit or stash them, then run the "
                    "command again"
                )

    def _check_path_shape(self, path: str, tree: pygit2.Tree | None) -> None:
        """Refuse a path no op can write: one that is not valid UTF-8, one outside the working
        tree or in .git, one whose folder is a file or a submodule (committing it would delete
        that file from the tree), or one that is a folder."""
        try:
            path.encode("utf-8")
        except UnicodeEncodeError:
            shown = path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
            raise UsageError(
                f"the file name {shown} is not valid UTF-8, and an op's commit message names "
                "every file it changes; rename it to a UTF-8 name (git mv), then run again"
            ) from None
        parts = path.split("/")
        if not path or path.startswith("/") or any(p in ("", ".", "..") for p in parts) or (
            parts[0] == ".git"
        ):
            raise UsageError(
                f"{path!r} is not a file path inside the working tree; give a relative path "
                "such as memory/notes.md"
            )
        _check_name_fits(self.root, path)
        for depth in range(1, len(parts) + 1):
            prefix = "/".join(parts[:depth])
            kind = None
            if tree is not None:
                try:
                    kind = tree[prefix].type_str
                except KeyError:
                    kind = None
            on_disk = self.root / prefix
            if depth < len(parts):
                if kind in ("blob", "commit") or (
                    os.path.lexists(on_disk) and not on_disk.is_dir()
                ):
                    # a committed link to a folder is a blob in the tree: say what it is, as
                    # the write itself does for a link made after the clone
                    what = ("a submodule" if kind == "commit" else "a symbolic link"
                            if on_disk.is_symlink() or _tree_link(tree, prefix) else "a file")
                    raise UsageError(
                        f"{prefix} is {what}, so {path} cannot be created; choose another "
                        "folder (nothing was changed)"
                    )
            elif kind == "tree" or (on_disk.is_dir() and not on_disk.is_symlink()):
                raise UsageError(
                    f"{path} is a folder, not a file; choose another name (nothing was changed)"
                )

    def build_commit(self, message: str, changes: Sequence[FileChange], parent: str | None) -> str:
        """Write blobs, a tree (HEAD's tree plus the changes) and a commit; move no ref."""
        author, committer = self.signatures()
        index = pygit2.Index()
        if parent is not None:
            index.read_tree(self._repo[parent].tree)
        for change in changes:
            if change.after is None:
                if change.path in index:
                    index.remove(change.path)
                continue
            blob = self._repo.create_blob(change.after)
            mode = FILE_MODE
            if change.path in index:
                mode = index[change.path].mode
            index.add(pygit2.IndexEntry(change.path, blob, mode))
        try:
            tree = index.write_tree(self._repo)
        except pygit2.GitError as exc:  # a tree entry names an object the store lacks
            raise GitStateError(f"cannot write the commit: {exc} (HEAD's tree names an object this "
                                f"repository does not have: {_MISSING_OBJECT_ADVICE}") from None
        parents = [pygit2.Oid(hex=parent)] if parent else []
        return str(self._repo.create_commit(None, author, committer, message, tree, parents))

    def move_ref(
        self, ref: str, new: str, expected: str | None, message: str,
        step: Callable[[str], None] | None = None,
    ) -> None:
        """Compare-and-swap `ref` from `expected` to `new` under git's ref lock (`step` is
        called with "ref-locked" while the lock is held: a crash point of tests/reliability)."""
        try:
            with self._repo.transaction() as txn:
                txn.lock_ref(ref)
                if step is not None:
                    step("ref-locked")
                current = self._ref_target(ref)
                if current != expected:
                    raise GitStateError(
                        "the branch moved while gitmem was working (another commit landed); "
                        "nothing was changed: run the command again"
                    )
                txn.set_target(ref, pygit2.Oid(hex=new), message=message)
        except pygit2.GitError as exc:
            raise GitStateError(
                f"could not update {ref} ({exc}); another git process may hold its lock: "
                "nothing was changed, run the command again"
            ) from None

    def common_dir(self) -> Path:
        """The directory linked worktrees share (branches, `info/grafts`): the one their
        `commondir` file names, or the git directory itself in a main worktree."""
        pointer = self.git_dir / "commondir"
        if not pointer.is_file():
            return self.git_dir
        return (self.git_dir / pointer.read_text(encoding="utf-8").strip()).resolve()

    def ref_lock_path(self, ref: str) -> Path:
        """The lock file git and libgit2 create beside a ref while they move it (branches live
        in the common directory of linked worktrees)."""
        common = self.common_dir() if ref.startswith("refs/heads/") else self.git_dir
        return common / f"{ref}.lock"

    def drop_stale_ref_lock(self, ref: str, new: str, settle: float = 1.0) -> bool:
        """Remove the ref lock a killed gitmem left; True if one was removed.

        Call only under the op lock with a journal for this ref: then the process that moved it
        is dead. libgit2's lock file is empty from `lock_ref` until it writes `new` just before
        the rename. A lock that holds `new` can only be that process's (nobody else knows the
        id); an empty one could also be a live git's that has just created it, so it is removed
        only once it has stayed empty for `settle` seconds (git holds a ref lock for
        microseconds). A lock with other content belongs to someone else and is left alone."""
        lock = self.ref_lock_path(ref)
        deadline = time.monotonic() + settle + 1.0
        while True:
            try:
                before = os.lstat(lock)
                data = lock.read_bytes() if stat.S_ISREG(before.st_mode) else b"?"
            except FileNotFoundError:
                return False
            ours = data.strip() == new.encode("ascii")
            settled = data == b"" and time.time() - before.st_mtime >= settle
            if ours or settled:
                after = os.lstat(lock)
                if (after.st_ino, after.st_mtime_ns, after.st_size) == (
                    before.st_ino, before.st_mtime_ns, before.st_size
                ):
                    os.unlink(lock)
                    return True
            if (data and not ours) or time.monotonic() > deadline:
                return False
            time.sleep(0.05)

    def _ref_target(self, ref: str) -> str | None:
        try:
            return str(self._repo.references[ref].resolve().target)
        except (KeyError, pygit2.GitError):
            return None

    def ref_target(self, ref: str) -> str | None:
        return self._ref_target(ref)

    def sync_paths(
        self,
        changes: Sequence[tuple[str, bytes | None]],
        *,
        old_blobs: Mapping[str, str | None] | None = None,
        step: Callable[[str], None] | None = None,
        lock_timeout: float = 10.0,
        index_file: str | None = None,
    ) -> list[str]:
        """Make the working tree and the index hold exactly this content for these paths.

        With `old_blobs` (path -> the blob the file held before the op, None for absent), a file
        that holds neither that nor the new content was edited by someone while the op ran: it
        is left alone, in the working tree and the index, and returned. `step` is called with
        "after-worktree-file" after each file and "after-worktree" before the index is written
        (the crash points of tests/reliability). `index_file`: the index to stage into (the
        one a running `git commit` hands its pre-commit hook), else the repository's own."""
        kept: list[str] = []
        done: list[str] = []
        for path, data in changes:
            try:
                safe_write.check_writable(self.root, path)
            except safe_write.UnsafePathError:  # a link appeared on the way since the check
                kept.append(path)
                continue
            if old_blobs is not None and path in old_blobs:
                if not self._replace_unedited(path, data, old_blobs[path], step):
                    kept.append(path)
                    continue
            else:
                self._write_worktree(path, data, step)
            done.append(path)
            if step is not None:
                step("after-worktree-file")
        if step is not None:
            step("after-worktree")
        self._update_index(done, lock_timeout, index_file)
        return kept

    def leaves_worktree(self, path: str, *, cached: bool = False) -> bool:
        """True when a directory on the way to `path` is a symbolic link out of the working
        tree (or into .git): reading or writing the file would reach somewhere else. `cached`
        remembers the answer per directory for this Repo (reads of many memories); writes ask
        afresh."""
        folder = path.rpartition("/")[0]
        if cached:
            known = self._leaving_dirs.get(folder)
            if known is None:
                known = self._leaving_dirs[folder] = self.leaves_worktree(path)
            return known
        existing = (self.root / path).parent
        while not os.path.lexists(existing) and existing != self.root:
            existing = existing.parent
        parent = existing.resolve()
        outside = parent != self.root and self.root not in parent.parents
        return outside or parent == self.git_dir or self.git_dir in parent.parents

    def _replace_unedited(self, path: str, data: bytes | None, old_blob: str | None,
                          step: Callable[[str], None] | None) -> bool:
        """Write `data` over a file only while it still holds `old_blob` (or already `data`);
        False, with the person's bytes left in place, when someone edited it during the op.

        The file is read through an open descriptor and that descriptor is checked again after
        the rename: a write that reached the old file between the check and the rename (the
        person's editor still had it open) is noticed and their content put back."""
        full = self.root / path
        wanted = None if data is None else hash_blob(data)
        try:
            fd = os.open(full, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            if self._worktree_blob(path) not in (old_blob, wanted):
                return False
            self._write_worktree(path, data, step)
            return True
        try:
            before = os.fstat(fd)
            seen = late_edits.read_all(fd)
            if not stat.S_ISREG(before.st_mode) or (
                hash_blob(self.to_odb(path, seen)) not in (old_blob, wanted)
            ):
                return False
            theirs = late_edits.replaced(
                fd, before, lambda new: self._write_worktree(path, new, step), data)
            if theirs is None:
                return True
        finally:
            os.close(fd)
        # their edit landed in the old file: put it back, with anything written meanwhile
        placed = None if data is None else self.to_worktree(path, data)
        left = late_edits.put_back(full, placed, theirs,
                                   lambda data: self._write_worktree(path, data))
        if left is not None:
            self.set_aside.append((path, self._save_aside(path, left)))
        return False

    def _save_aside(self, path: str, data: bytes) -> Path:
        """Keep a version of `path` that could not stay in the working tree (two people wrote
        the file while an op replaced it) in `.git/gitmem/kept/`, under a new name of bounded
        length (time, process, a number, the file's own name): never over an earlier one."""
        folder = self.state_dir / "kept"
        make_state_dir(self.state_dir)
        folder.mkdir(exist_ok=True)
        stamp = time.strftime("%Y%m%dT%H%M%S")
        base = path.rpartition("/")[2][-100:]
        for number in count():
            name = f"{stamp}-{os.getpid()}-{number}-{base}"
            try:
                safe_write.create_file(folder, name, data)
            except FileExistsError:
                continue
            return folder / name
        raise AssertionError("unreachable")  # count() never ends

    def _worktree_blob(self, path: str) -> str | None:
        """The blob id of a working-tree file; None when absent; "not-a-file" for anything else."""
        data = self.read_worktree(path)
        if data is None:
            return "not-a-file" if os.path.lexists(self.root / path) else None
        return hash_blob(self.to_odb(path, data))

    def to_odb(self, path: str, data: bytes) -> bytes:
        """A working-tree file's bytes as git stores them: its clean filters applied
        (`core.autocrlf`, `eol=crlf` and `ident` in .gitattributes)."""
        return self._filtered(path, data, pygit2.enums.FilterMode.TO_ODB)

    def to_worktree(self, path: str, data: bytes) -> bytes:
        """Stored bytes as git checks them out: its smudge filters applied."""
        return self._filtered(path, data, pygit2.enums.FilterMode.TO_WORKTREE)

    def _filtered(self, path: str, data: bytes, mode: pygit2.enums.FilterMode) -> bytes:
        try:
            filters = self._repo.load_filter_list(path, mode)
            return data if filters is None else filters.apply_to_buffer(data)
        except (pygit2.GitError, ValueError):
            return data  # a filter libgit2 cannot run: compare and write the bytes as they are

    def _write_worktree(
        self, path: str, data: bytes | None, step: Callable[[str], None] | None = None
    ) -> None:
        """Write (or remove) a working-tree file without following any link on the way; the
        new copy is made in the git dir (`scratch_dir`), never in the working tree."""
        if data is None:
            safe_write.remove_file(self.root, path)
            return
        safe_write.write_file(self.root, path, self.to_worktree(path, data),
                              scratch=self.scratch_dir, step=step)

    @property
    def scratch_dir(self) -> Path:
        """Where new copies of working-tree files are written before being renamed into place
        (this worktree's own git dir: `.git/gitmem/tmp`, `.git/worktrees/<name>/gitmem/tmp`)."""
        return self.state_dir / "tmp"

    def _update_index(self, paths: Sequence[str], lock_timeout: float,
                      index_file: str | None = None) -> None:
        """Stage exactly these paths as they now are in the working tree.

        `git update-index` does the read-modify-write of the index under git's own index.lock, so
        a `git add` or `git commit` running at the same time is never overwritten by a stale copy
        (libgit2's Index.write rewrites the whole index from what it read earlier). When a live
        git process holds the lock, wait for it, up to `lock_timeout` seconds."""
        if not paths:
            return
        listing = b"".join(p.encode("utf-8", "surrogateescape") + b"\0" for p in paths)
        deadline = time.monotonic() + lock_timeout
        while True:
            proc = run_to_the_end(
                ["git", f"--git-dir={self.git_dir}", f"--work-tree={self.root}", "update-index",
                 "--add", "--remove", "-z", "--stdin"],
                cwd=self.root, input=listing,
                extra_env={**self.trust_env,
                           **({} if index_file is None else {"GIT_INDEX_FILE": index_file})},
            )
            if proc.returncode == 0:
                self._repo.index.read(True)
                return
            error = proc.stderr.decode("utf-8", "replace").strip()
            if "index.lock" in error and time.monotonic() > deadline:
                raise IndexLockedError(
                    "the operation is committed and its files are written, but another git "
                    "process held .git/index.lock, so the index still lists the old content; "
                    "once it ends (or, if no git process is running, after removing "
                    ".git/index.lock) run any gitmem command to finish the operation"
                )
            if "index.lock" not in error:
                raise GitStateError(
                    f"the operation is committed but the index could not be updated ({error}); "
                    "run any gitmem command to finish the operation"
                )
            time.sleep(0.02)

    def require_index_unlocked(self, wait: float = 1.0) -> None:
        """Refuse (exit 4, before anything changes) while `.git/index.lock` exists: an op could
        move the branch but never stage its files. A live git holds it for milliseconds, so it
        is waited for up to `wait` seconds; one that stays is a running `git commit` (its
        editor open) or the leftover of a crashed git."""
        lock = self.git_dir / "index.lock"
        deadline = time.monotonic() + wait
        while os.path.lexists(lock):
            if time.monotonic() > deadline:
                raise GitStateError(
                    f"{lock} exists: another git process is running in this repository (finish "
                    "it, e.g. close the editor of a `git commit`), or one crashed and left the "
                    "lock behind (then remove the file); nothing was changed: run the command "
                    "again"
                )
            time.sleep(0.02)

    def is_shallow(self) -> bool:
        if "shallow" in self._told:
            return bool(self._told["shallow"])
        return bool(self._repo.is_shallow)

    def _git_config_entries(self, prefix: str) -> dict[str, str]:
        """`config_entries` as git reads the configuration (the levels libgit2 reads too:
        system, global, the repository's; the last value of a key wins; a key without a value
        is left out)."""
        pattern = "^" + prefix.replace(".", "\\.")
        proc = subprocess.run(["git", "config", "-z", "--get-regexp", pattern], cwd=self.root,
                              env=self.git_env(), stdin=subprocess.DEVNULL, capture_output=True,
                              check=False)
        if proc.returncode not in (0, 1):  # 1: no such key
            raise GitStateError(f"git config failed in {self.root}: "
                                f"{proc.stderr.decode('utf-8', 'replace').strip()}")
        out: dict[str, str] = {}
        for item in proc.stdout.decode("utf-8", "replace").split("\0"):
            name, newline, value = item.partition("\n")
            if newline and name.startswith(prefix):
                out[name] = value
        return out

    def run_git(self, *args: str, input: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
        return run_to_the_end(["git", *args], cwd=self.root, input=input,
                              extra_env=self.trust_env)


# ----- code repositories that memories cite ---------------------------------------------------
_ONE_BY_ONE = 16  # reachability questions answered by descendant_of before one full walk
_LANDED_CHECKS = 20  # commits off the default branch asked whether their work landed anyway
_LANDED_BRANCHES = 200  # branch refs looked through for one that holds such a commit
_LANDED_WALK = 1000  # default-branch commits (after the branch's fork point) compared
_LONGEST_PATH = 4096  # PATH_MAX on Linux: a longer cited path names no file anywhere
# a file name no ignore pattern names on purpose: asked inside a cited folder, it is ignored only
# by a pattern that covers whatever the folder holds (`_contents_ignored`)
_PROBE_NAME = "gitmem-probe-7f3a"


class UnreadableRepo(Exception):
    """A configured code repository that is there but cannot be read; the text says why."""


def _unreadable_reason(error: str, found: str) -> str:
    if ownership.NOT_OWNED in error:
        return ownership.foreign_owner_message(ownership.work_tree_of(found))
    if "sha256" in error.lower():
        return ("a SHA-256 repository, which gitmem cannot read yet (its git library reads "
                "SHA-1 repositories only)")
    return f"it cannot be read: {error}"


@dataclass(frozen=True)
class CommitLookup:
    status: str  # "found" | "missing" | "ambiguous" | "not_a_commit"
    sha: str | None = None
    on_default_branch: bool | None = None


def _hex_ids(values: Any) -> bool:
    """A tuple of full commit ids, as the cache must hold them (else it is not read)."""
    return type(values) is tuple and all(
        type(v) is str and len(v) in (40, 64) and all(c in "0123456789abcdef" for c in v)
        for v in values)


class CodeRepo:
    """A repository whose commits and paths memories cite (verify.code_repos)."""

    def __init__(self, label: str, repo: pygit2.Repository,
                 trust_env: Mapping[str, str] | None = None) -> None:
        self.label = label
        self._repo = repo
        self._trust_env = dict(trust_env or {})
        self.root = Path(repo.workdir or repo.path).resolve()
        self.shallow = bool(repo.is_shallow)
        self._default_tips = self._find_default_tips()
        self._reachable: frozenset[bytes] | None = None
        self._ignored_folders: dict[str, bool] = {}
        self._garbled_ignore: bool | None = None
        self._tree: pygit2.Tree | None | bool = False  # False: not looked up yet
        self._reachability_asked = 0
        self._landed_asked = 0
        self._patch_ids: dict[bytes, str] = {}  # default-branch commit -> its patch id
        self._real_folders: dict[str, str] = {}  # os.path.realpath of each folder cited
        self._roots: tuple[str, ...] | None = None  # HEAD's root commits, asked of git once
        # the workspace's cache (.git/gitmem/cache), where the root commits are kept between
        # runs; None: asked of git every run
        self.roots_cache: MemoryCache | None = None

    @classmethod
    def open(cls, label: str, path: Path, same_as: Repo | None = None) -> CodeRepo | None:
        """None when there is no repository at `path` (the caller reports GM303); UnreadableRepo
        when there is one gitmem cannot read. `same_as`: the memory repository, when `path` is
        its root, whose owner was already vouched for when it was opened."""
        if not path.exists():
            return None
        found = pygit2.discover_repository(str(path))
        if found is None:
            return None
        if (same_as is not None and same_as.trust_env
                and Path(found).resolve() == same_as.git_dir):
            return cls(label, _open_unvalidated(found), same_as.trust_env)
        try:
            repo = pygit2.Repository(found)
        except pygit2.GitError as exc:
            raise UnreadableRepo(_unreadable_reason(str(exc), found)) from None
        # discovery climbs to parent folders: a configured folder that is not itself a
        # repository root must not silently stand for the repository around it
        top = Path(repo.workdir or repo.path).resolve()
        if top != path.resolve():
            return None
        return cls(label, repo)

    def _find_default_tips(self) -> tuple[str, ...]:
        """The default branch's tip (`origin/HEAD`, else `main`, else `master`, else `HEAD`),
        plus the local branch of the same name and HEAD: a commit made here and not pushed
        yet is on the default branch as this clone has it, not on an abandoned branch."""
        tips: list[str] = []
        default_name = ""
        for name in ("refs/remotes/origin/HEAD", "refs/heads/main", "refs/heads/master", "HEAD"):
            try:
                ref = self._repo.references[name].resolve()
            except (KeyError, pygit2.GitError):
                continue
            tips.append(str(ref.target))
            default_name = ref.name.rsplit("/", 1)[-1] if name.startswith("refs/remotes/") else ""
            break
        local = [f"refs/heads/{default_name}"] if default_name else []
        for name in (*local, "HEAD"):
            try:
                target = str(self._repo.references[name].resolve().target)
            except (KeyError, pygit2.GitError):
                continue
            if target not in tips:
                tips.append(target)
        return tuple(tips)

    def lookup_commit(self, hexprefix: str) -> CommitLookup:
        try:
            obj = self._repo.git_object_lookup_prefix(hexprefix)
        except pygit2.AmbiguousError:
            return CommitLookup("ambiguous")
        except (ValueError, pygit2.GitError):
            return CommitLookup("missing")
        if obj is None:
            return CommitLookup("missing")
        if obj.type_str != "commit":
            return CommitLookup("not_a_commit", str(obj.id))
        sha = str(obj.id)
        reachable = None
        if self._default_tips:
            reachable = self._on_default_branch(obj.id, sha)
            if not reachable and self._landed_by_squash_or_rebase(obj):
                reachable = True
        return CommitLookup("found", sha, reachable)

    def _landed_by_squash_or_rebase(self, commit: pygit2.Commit) -> bool:
        """Whether the work of a commit off the default branch landed there under another hash:
        a commit on the default branch has the same patch (git's patch id) as the commit itself
        (a rebase merge, a cherry-pick) or as the whole of a branch that holds it, from where it
        forked to its tip (a squash merge of a branch that was kept). Asked of a few commits
        only, each with a bounded walk."""
        self._landed_asked += 1
        if self._landed_asked > _LANDED_CHECKS:
            return False
        repo, default = self._repo, pygit2.Oid(hex=self._default_tips[0])
        wanted: set[str] = set()  # patch ids
        try:
            # where the commit forked: what landed under another hash landed after it
            fork = repo.merge_base(default, commit.id)
            if fork is None:
                return False
            if len(commit.parents) == 1:
                wanted.add(repo.diff(commit.parents[0], commit).patchid)
            branches = [name for name in islice(repo.references, _LANDED_BRANCHES)
                        if name.startswith(("refs/heads/", "refs/remotes/"))]
            for name in branches:
                ref = repo.references[name]
                if ref.type != pygit2.enums.ReferenceType.DIRECT or ref.target == default:
                    continue
                tip = ref.target
                if tip != commit.id and not repo.descendant_of(tip, commit.id):
                    continue
                branch_fork = repo.merge_base(default, tip)
                if branch_fork is not None and branch_fork != tip:
                    wanted.add(repo.diff(repo[branch_fork], repo[tip]).patchid)
            if not wanted:
                return False
            walker = repo.walk(default, pygit2.enums.SortMode.TOPOLOGICAL)
            walker.hide(fork)
            for landed in islice(walker, _LANDED_WALK):
                if len(landed.parents) != 1:
                    continue
                patch_id = self._patch_ids.get(landed.id.raw)
                if patch_id is None:
                    patch_id = self._patch_ids[landed.id.raw] = repo.diff(
                        landed.parents[0], landed).patchid
                if patch_id in wanted:
                    return True
        except (pygit2.GitError, KeyError, ValueError):
            return False
        return False

    def _on_default_branch(self, oid: pygit2.Oid, sha: str) -> bool:
        """Whether the default tip reaches a commit. A few questions are answered one by one;
        past that, one walk of the default branch's history answers all the rest: each
        `descendant_of` walks back from the tip, so thousands of claims would walk it
        thousands of times."""
        tips = self._default_tips
        if sha in tips:
            return True
        self._reachability_asked += 1
        if self._reachable is None and self._reachability_asked <= _ONE_BY_ONE:
            return any(self._repo.descendant_of(tip, sha) for tip in tips)
        if self._reachable is None:
            walker = self._repo.walk(pygit2.Oid(hex=tips[0]), pygit2.enums.SortMode.NONE)
            for tip in tips[1:]:
                walker.push(pygit2.Oid(hex=tip))
            self._reachable = frozenset(commit.id.raw for commit in walker)
        return oid.raw in self._reachable

    def path_state(self, path: str) -> str:
        """"exists" | "ignored" | "missing" | "outside" | "submodule" (below a submodule that is
        not checked out: another repository's file) for a path cited relative to the root."""
        if len(path) > _LONGEST_PATH:  # no file has it; resolving it and libgit2's ignore check
            return "missing"  # cost time quadratic in its length
        candidate = str(Path(path) if os.path.isabs(path) else self.root / path)
        try:
            resolved = self._realpath(candidate)
        except (OSError, RuntimeError):
            return "missing"
        root = str(self.root)
        inside = os.path.join(root, "")
        if resolved != root and not resolved.startswith(inside):
            return "outside"
        if os.path.lexists(candidate):
            return "exists"
        # what Path(resolved).relative_to(root) gives: `resolved` is absolute and normalised
        rel = resolved[len(inside):].replace(os.sep, "/") if resolved != root else "."
        tree = self._head_tree()
        if tree is not None:
            try:
                tree[rel]
                return "exists"
            except KeyError:
                if self._below_a_submodule(tree, rel):
                    return "submodule"
        if self._ignored_or_under_ignored(rel):
            return "ignored"
        if path.endswith("/") and self._contents_ignored(rel):
            return "ignored"
        return "missing"

    def _contents_ignored(self, rel: str) -> bool:
        """Whether git ignores what this folder holds though not the folder itself
        (`third_party/*` beside `!third_party/`): a folder a setup script or a run fills, whose
        files no commit holds. Asked only of a path cited as a folder (a trailing `/`; of a
        file's path it would say nothing), and only when a folder beside it that no pattern
        names is not ignored alike: an allow-list `.gitignore` (`*`, then `!*/` and `!*.py`)
        ignores a name inside any folder, which says nothing of this one."""
        parent = rel.rpartition("/")[0]
        elsewhere = f"{parent}/{_PROBE_NAME}-folder" if parent else f"{_PROBE_NAME}-folder"
        try:
            return bool(self._repo.path_is_ignored(f"{rel}/{_PROBE_NAME}")
                        and not self._repo.path_is_ignored(f"{elsewhere}/{_PROBE_NAME}"))
        except pygit2.GitError:
            return False

    @staticmethod
    def _below_a_submodule(tree: pygit2.Tree, rel: str) -> bool:
        """Whether a folder above `rel` is a gitlink in HEAD's tree (a submodule)."""
        folder = rel.rpartition("/")[0]
        while folder:
            try:
                if tree[folder].filemode == pygit2.enums.FileMode.COMMIT:
                    return True
            except KeyError:
                pass
            folder = folder.rpartition("/")[0]
        return False

    def _realpath(self, path: str) -> str:
        """`Path(path).resolve()` as a string: its folder resolved once a run (the cited paths
        of 10,000 memories share their folders; each resolution asks the disk about every part
        of the path), then the last part, unless it is a link or a `.`/`..`."""
        folder, name = os.path.split(path)
        if not folder or name in ("", ".", "..") or os.path.islink(path):
            return str(Path(path).resolve())
        real = self._real_folders.get(folder)
        if real is None:
            real = self._real_folders[folder] = str(Path(folder).resolve())
        return os.path.join(real, name)

    def _ignored_or_under_ignored(self, rel: str) -> bool:
        """Whether git ignores `rel` or a folder above it. A path that does not exist cannot
        tell libgit2 it is a folder, so each level is also asked as `folder/`: a folder-only
        pattern (`data/`) must cover `data` and `data/x.csv`."""
        parts = rel.split("/")
        try:
            if self._repo.path_is_ignored(rel):
                return True
            if any(self._folder_ignored("/".join(parts[:end]) + "/")
                   for end in range(1, len(parts) + 1)):
                return True
        except pygit2.GitError:
            return False
        return self._ignore_file_garbled() and self._git_ignores(rel)

    def _ignore_file_garbled(self) -> bool:
        """Whether the root .gitignore holds a NUL byte (a line saved as UTF-16): libgit2 stops
        reading it there, git reads on, so git is asked instead (once a run)."""
        if self._garbled_ignore is None:
            try:
                self._garbled_ignore = b"\0" in (self.root / ".gitignore").read_bytes()
            except OSError:
                self._garbled_ignore = False
        return self._garbled_ignore

    def _git_ignores(self, rel: str) -> bool:
        """`git check-ignore` on `rel` and on a file inside it (a folder-only pattern covers
        that). Not on `rel/`: asked of a path that is not there, git matches a folder form
        against the blank line a UTF-16 fragment leaves, which its own status never does."""
        try:
            proc = subprocess.run(
                ["git", "check-ignore", "--no-index", "--stdin", "-z"], cwd=self.root,
                input=os.fsencode(rel) + b"\0" + os.fsencode(rel) + b"/\x7fgitmem\0",
                capture_output=True,
                env=clean_git_env(), check=False)  # it takes no pathspec magic, so no literal
        except OSError:
            return False
        return proc.returncode == 0 and bool(proc.stdout)

    def _folder_ignored(self, folder: str) -> bool:
        """libgit2's answer for a folder, asked once a run: the cited paths of 10,000 memories
        share their folders (each question reads the ignore files again)."""
        found = self._ignored_folders.get(folder)
        if found is None:
            found = self._ignored_folders[folder] = bool(self._repo.path_is_ignored(folder))
        return found

    def root_copies(self, path: str) -> list[tuple[str, int, int, str]]:
        """(commit, commit time, its offset in minutes east of UTC, text) of `path` in each
        root commit of HEAD's history (a commit with no parent: where the history began) that
        holds it as a file."""
        if self._roots is None:
            self._roots = self._root_commits()
        out = []
        for root in self._roots:
            try:
                commit = self._repo[root].peel(pygit2.Commit)
                entry = commit.tree[path]
                if entry.type_str != "blob":
                    continue
                text = self._repo[entry.id].data.decode("utf-8", "replace")
            except (KeyError, ValueError, pygit2.GitError):
                continue
            out.append((root, commit.commit_time, commit.commit_time_offset, text))
        return out

    def _root_commits(self) -> tuple[str, ...]:
        """HEAD's root commits. `git rev-list --max-parents=0` walks the whole history (seconds
        on 300,000 commits without a commit-graph, in the pre-commit hook too), so the answer
        is kept in the workspace cache (`roots_cache`) under HEAD's id, and the last one asked
        under this repository's folder: a HEAD that descends from it (the next commit) walks
        only the commits since. Never kept for a shallow clone, whose boundary commits stand
        as roots only until it is deepened."""
        if self._repo.head_is_unborn:
            return ()
        try:
            head = str(self._repo.head.peel(pygit2.Commit).id)
        except (KeyError, ValueError, pygit2.GitError):
            return ()
        cache = None if self.shallow else self.roots_cache
        if cache is not None:
            from gitmem.memory.cache_codec import RecordCodec

            codec = RecordCodec()  # tuples of strings
        known: tuple[str, ...] = ()
        since: list[str] = []
        if cache is not None:
            found, roots = cache.lookup("root-commits", head, codec)
            if found and _hex_ids(roots):
                return roots  # type: ignore[no-any-return]
            found, last = cache.lookup("root-commits-last", str(self.root), codec)
            if (found and type(last) is tuple and len(last) == 2 and _hex_ids((last[0],))
                    and _hex_ids(last[1])
                    and self._descends(head, last[0])):
                known, since = last[1], [f"^{last[0]}"]
        proc = subprocess.run(["git", "rev-list", "--max-parents=0", head, *since],
                              cwd=self.root, capture_output=True,
                              env={**clean_git_env(), **self._trust_env}, check=False)
        if proc.returncode != 0:
            return ()
        roots = tuple(dict.fromkeys((*known, *proc.stdout.decode("ascii", "replace").split())))
        if cache is not None:
            cache.store("root-commits", head, roots, codec)
            cache.store("root-commits-last", str(self.root), (head, roots), codec)
        return roots

    def _descends(self, head: str, older: str) -> bool:
        """Whether `older` is `head` or one of its ancestors (False when git cannot tell)."""
        try:
            return head == older or bool(self._repo.descendant_of(head, older))
        except (KeyError, ValueError, pygit2.GitError):
            return False

    def _head_tree(self) -> pygit2.Tree | None:
        """HEAD's tree, looked up once a run (None: bare, or no commit yet)."""
        if self._tree is False:
            unborn = self._repo.is_bare or self._repo.head_is_unborn
            self._tree = None if unborn else self._repo.head.peel(pygit2.Commit).tree
        return self._tree

    def tracked_paths(self) -> list[str]:
        """Every file of the index (`git ls-files`), for citations that name a path relative to
        a package of a monorepo; [] when git cannot answer."""
        try:
            proc = subprocess.run(["git", "ls-files", "-z"], cwd=self.root, capture_output=True,
                                  env=clean_git_env(), check=False)
        except OSError:
            return []
        if proc.returncode != 0:
            return []
        return [os.fsdecode(p) for p in proc.stdout.split(b"\0") if p]

    def path_fates(self, paths: Sequence[str], max_commits: int = 5000) -> dict[str, tuple[str, str, str, str | None]]:
        """path -> (kind, commit, summary, new_path) for the newest commit that deleted or renamed it."""
        if not paths or self._repo.head_is_unborn:
            return {}
        proc = subprocess.run(  # paths from memories: `:(exclude)x` is a name, not magic
            ["git", "--literal-pathspecs", "log", "--no-show-signature",
             f"--max-count={max_commits}", "--no-renames",
             "--diff-filter=D", "--name-status", "--format=%x00%H%x09%s", "--", *paths],
            cwd=self.root, capture_output=True, env={**clean_git_env(), **self._trust_env},
            check=False,
        )
        fates: dict[str, tuple[str, str, str, str | None]] = {}
        wanted = set(paths)
        commit, summary = "", ""
        for line in proc.stdout.decode("utf-8", "replace").splitlines():
            if line.startswith("\x00"):
                commit, _, summary = line[1:].partition("\t")
                continue
            parts = line.split("\t")
            if len(parts) < 2:
                continue
            if parts[1] in wanted and parts[1] not in fates:
                fates[parts[1]] = ("deleted", commit, summary, None)
            folder = parts[1]
            while "/" in folder:  # a cited folder: the newest commit that deleted a file in it
                folder = folder.rpartition("/")[0]
                if folder in wanted and folder not in fates:
                    fates[folder] = ("deleted", commit, summary, None)
        # A pathspec hides the new side of a rename, so look at each deleting commit whole.
        for commit_id in {fate[1] for fate in fates.values()}:
            c = self._repo[commit_id].peel(pygit2.Commit)
            if not c.parents:
                continue
            try:
                diff = self._repo.diff(c.parents[0], c)
                diff.find_similar()
            except (pygit2.GitError, KeyError, ValueError):
                # an object the clone lacks (a partial or size-limited copy): the commit still
                # deleted the path; only whether it was a rename is unknown
                continue
            for delta in diff.deltas:
                old = delta.old_file.path
                if delta.status_char() != "R":
                    continue
                if fates.get(old, ("",))[1:2] == (commit_id,):
                    fates[old] = ("renamed", commit_id, fates[old][2], delta.new_file.path)
                folder, new = old, delta.new_file.path
                while "/" in folder:  # a folder moved whole: its files keep their tail
                    folder = folder.rpartition("/")[0]
                    tail = old[len(folder):]
                    fate = fates.get(folder)
                    if (fate is not None and fate[:2] == ("deleted", commit_id)
                            and new.endswith(tail) and len(new) > len(tail)):
                        fates[folder] = ("renamed", commit_id, fate[2], new[:-len(tail)])
        return fates

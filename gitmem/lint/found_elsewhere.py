"""Second readings of a cited path that no code repository holds.

Before such a path is called missing (GM311-GM313), `gather_evidence` (`grounding.py`) asks
whether it is written another way that does exist: with the repository's own name in front
(`myproject/docs/fields.csv`), as a module's member (`ops/infra/pg.probe`), as a module imported
without its extension (`src/game/events` for `events.ts`), as a package's own
path in a monorepo (`test/x.test.ts`, even when a root copy was once moved into the package),
or as a path of another repository or server whose first
folder is nowhere in the tree (then it is unverifiable, not missing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gitmem.lint.evidence import EXISTS, MISSING, OUTSIDE, UNVERIFIABLE, PathQuery, PathVerdict
from gitmem.lint.path_citations import SOURCE_FOLDERS

if TYPE_CHECKING:
    from gitmem.gitrepo import CodeRepo
    from gitmem.lint.grounding import Repos


def found_below_own_name(paths: dict[PathQuery, PathVerdict], repos: Repos
                         ) -> dict[PathQuery, PathVerdict]:
    """A missing path with no history whose first folder is not in the tree but whose rest is
    (`myproject/docs/fields.csv` for docs/fields.csv, written from the folder above the
    checkout, the repository's own name in front): it exists."""
    candidates = [query for query, verdict in paths.items()
                  if verdict.status == MISSING and verdict.fate is None
                  and query.value.partition("/")[0] not in ("", ".", "..", "~")
                  and query.value.partition("/")[2].strip("/")]
    out = dict(paths)
    for label, repo in repos.available if candidates else ():
        top = {path.split("/", 1)[0] for path in repos.tracked_paths(repo)}
        for query in candidates:
            first, _, rest = query.value.partition("/")
            if first in top or out[query].status != MISSING:
                continue
            if repo.path_state(rest) == "exists":
                out[query] = PathVerdict(EXISTS, label, reason=f"as {rest}")
    return found_as_module_import(found_as_module_member(out, repos), repos)


_SOURCE_SUFFIXES = (".py", ".ts", ".js", ".go", ".rs", ".rb")


def found_as_module_member(paths: dict[PathQuery, PathVerdict], repos: Repos
                           ) -> dict[PathQuery, PathVerdict]:
    """A missing `ops/infra/pg.probe` with no history where `ops/infra/pg.py` exists names the
    function `probe` of that module, in the dotted form code is quoted in: it exists. So does
    `internal/config.Load` where `internal/config/` is a folder of the tree: Go names an exported
    member (a capital first letter, never a file extension's) by its package's folder."""
    out = dict(paths)
    folders: dict[str, frozenset[str]] = {}
    for query, verdict in paths.items():
        head, dot, member = query.value.rpartition(".")
        if (verdict.status != MISSING or verdict.fate is not None or not dot or "/" in member
                or not member.isidentifier() or member.lower() in ("md", "json", "yaml", "txt")):
            continue
        for label, repo in repos.available:
            found = _with_suffix(repo, head, _SOURCE_SUFFIXES)
            if found is None and member[0].isupper() and "/" in head.strip("/"):
                if label not in folders:
                    folders[label] = frozenset(
                        path.rsplit("/", 1)[0] for path in repos.tracked_paths(repo)
                        if "/" in path)
                if head.strip("/") in folders[label]:
                    found = head.strip("/") + "/"
            if found is not None:
                out[query] = PathVerdict(EXISTS, label, reason=f"{member} in {found}")
                break
    return out


def _with_suffix(repo: CodeRepo, stem: str, suffixes: tuple[str, ...]) -> str | None:
    """The first `stem + suffix` that exists in `repo`, in the order given; None for none."""
    return next((stem + suffix for suffix in suffixes
                 if repo.path_state(stem + suffix) == "exists"), None)


# what an import path without its extension resolves to (`src/game/events` -> `events.ts`), in
# the order the languages' resolvers try them (a folder's `index.ts` is the folder, which exists)
_IMPORT_SUFFIXES = (".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".py", ".vue", ".svelte")


def found_as_module_import(paths: dict[PathQuery, PathVerdict], repos: Repos
                           ) -> dict[PathQuery, PathVerdict]:
    """A missing `src/game/events` with no history whose last name has no extension, where
    `src/game/events.ts` exists, is the module as code imports it, without the extension its
    resolver adds: it exists. A name with an extension, or with no such file beside it, is
    still missing."""
    out = dict(paths)
    for query, verdict in paths.items():
        value = query.value
        last = value.rsplit("/", 1)[-1]
        if (verdict.status != MISSING or verdict.fate is not None or "/" not in value.strip("/")
                or value.endswith("/") or "." in last):
            continue
        for label, repo in repos.available:
            found = _with_suffix(repo, value, _IMPORT_SUFFIXES)
            if found is not None:
                out[query] = PathVerdict(EXISTS, label, reason=f"imported as {found}")
                break
    return out


# files that make a folder a package of its own (an app or a library of a monorepo)
PACKAGE_MANIFESTS = frozenset(
    "package.json pyproject.toml setup.py setup.cfg Cargo.toml go.mod pom.xml build.gradle "
    "build.gradle.kts composer.json Gemfile deno.json deno.jsonc pubspec.yaml mix.exs "
    "Package.swift project.json".split()
)


def found_in_packages(paths: dict[PathQuery, PathVerdict], repos: Repos
                      ) -> dict[PathQuery, PathVerdict]:
    """A missing path with no history (never deleted, never renamed) that exists below some
    folder of the tree (`test/x.test.ts` as packages/cli/test/x.test.ts in a monorepo) is how
    a package names its own files: it exists, and so does a module imported from a package's
    source root without its extension (`lib/names` as src/lib/names.ts). So does an absolute
    path of three parts or more
    found so (`/workspace/hr/me/page.tsx`: a web app's route, its page under `web/src/app/`).

    A path with history is package-relative only when the file was moved down into a folder
    under the same name (a root `src/main.tsx` renamed to `apps/web/src/main.tsx` when the
    project became a monorepo) and a package holds that name today: a folder with a manifest
    of its own (`apps/game/package.json`), as every app's `src/main.tsx` is. Moved into a
    folder that is no package (`poc/run.py` to `doc/poc/run.py`), or deleted while a snapshot
    of the old project keeps a copy (`docs/ref/memory-bank/brief.md`), it stays missing, with
    the commit that did it."""
    missing = [query for query, verdict in paths.items()
               if (verdict.status == MISSING and not query.value.startswith(("/", "..")))
               or (verdict.status == OUTSIDE and query.value.count("/") >= 3
                   and query.value[:1] == "/")]
    if not missing:
        return paths
    out = dict(paths)
    wanted = {query.value.strip("/").rsplit("/", 1)[-1] for query in missing}  # indexed
    # a module imported from its package's source root, without its extension (`lib/names`
    # for src/lib/names.ts): the file's name with each suffix an import resolver adds
    wanted |= {name + suffix for name in wanted if "." not in name for suffix in _IMPORT_SUFFIXES}
    for label, repo in repos.available:
        index: dict[str, set[str]] = {}
        packages: set[str] = set()
        for path in repos.tracked_paths(repo):
            parts = path.split("/")
            if parts[-1] in PACKAGE_MANIFESTS and len(parts) > 1:
                packages.add("/".join(parts[:-1]))
            for end, part in enumerate(parts, 1):  # the file and every folder above it
                if part in wanted:
                    index.setdefault(part, set()).add("/".join(parts[:end]))
        for query in missing:
            verdict = out[query]
            if verdict.status not in (MISSING, OUTSIDE):
                continue
            value = query.value.strip("/")
            tail = "/" + value
            fate = verdict.fate
            if fate is not None and not (fate.kind == "renamed"
                                         and (fate.new_path or "").endswith(tail)):
                continue
            tails = [tail]
            if fate is None and "/" in value and "." not in value.rsplit("/", 1)[-1] \
                    and not query.value.endswith("/"):
                tails += [tail + suffix for suffix in _IMPORT_SUFFIXES]
            found = min((path for end in tails for path in index.get(end.rsplit("/", 1)[-1], ())
                         if path.endswith(end) and (
                             fate is None or path[:-len(end)] in packages)),
                        default=None)
            if found is not None:
                out[query] = PathVerdict(EXISTS, label, reason=f"as {found}")
    return out


# The folders agents keep memory in: usual folders for reading a path in prose, but one this
# repository never had is a memory a rule tells the agent to start when it has something to
# record (`memory-bank/raw_reflection_log.md` of a shared improvement protocol), not a folder
# whose files went missing.
MEMORY_FOLDERS = frozenset({"memory", "memory-bank"})
_CHECKED_FIRST_FOLDERS = SOURCE_FOLDERS - MEMORY_FOLDERS


def named_elsewhere(paths: dict[PathQuery, PathVerdict], repos: Repos
                    ) -> dict[PathQuery, PathVerdict]:
    """A missing relative path with no history whose first folder is no folder of the tree at
    any depth, never held a file (no commit deleted one in it) and is no usual source folder
    (`north-lab/notes/x.md`, `quantkit/data/ipo.py`): a sibling repository's or a server's path,
    which cannot be checked here; or a memory folder (`MEMORY_FOLDERS`) the repository never
    had, which the agent is told to create. Unverifiable, not missing."""
    firsts = {query: query.value.partition("/")[0] for query, verdict in paths.items()
              if verdict.status == MISSING and verdict.fate is None and "/" in query.value
              and query.value[:1] not in "./~" and query.value.partition("/")[0] not in
              _CHECKED_FIRST_FOLDERS}
    if not firsts:
        return paths
    unknown = set(firsts.values())
    for _, repo in repos.available:
        unknown -= {part for path in repos.tracked_paths(repo) for part in path.split("/")[:-1]}
        if unknown:
            unknown -= set(repo.path_fates(sorted(unknown)))
    out = dict(paths)
    for query, first in firsts.items():
        if first in unknown:
            out[query] = PathVerdict(UNVERIFIABLE, reason=f"{first}/ is no folder here")
    return out

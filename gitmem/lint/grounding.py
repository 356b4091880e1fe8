"""Ground citations in git: the one place lint asks the code repositories anything.

`gather_evidence` takes every citation of the corpus and the configured code repositories
(`verify.code_repos`, opened by the workspace through gitrepo) and answers each distinct hex token
and path reading once; path histories are fetched in one batch for all missing paths. The GM3xx
rules and `grounding_summary` then read the resulting `Evidence` without touching git. A missing
path is read a second way before it is called missing (`found_elsewhere.py`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from gitmem.gitrepo import CodeRepo
from gitmem.lint.evidence import (
    AMBIGUOUS,
    EXISTS,
    IGNORED,
    MISSING,
    OUTSIDE,
    PATH_PREFERENCE,
    UNKNOWN,
    UNVERIFIABLE,
    VERIFIED,
    CommitVerdict,
    Evidence,
    PathFate,
    PathQuery,
    PathVerdict,
    describe_repo,
)
from gitmem.lint.extract import Citations
from gitmem.lint.found_elsewhere import (
    found_below_own_name,
    found_in_packages,
    named_elsewhere,
)
from gitmem.lint.near_paths import named_near
from gitmem.lint.older_history import written_before
from gitmem.lint.path_citations import is_runtime_file
from gitmem.lint.path_shapes import elided_verdict, kept_out_of_git

BUILD_OUTPUT = frozenset({"dist", "build", "node_modules", "target", ".venv", "venv",
                          "__pycache__", ".next", "out", ".tox", "coverage"})
MAX_WALKED_FILES = 200_000
_FATE_BATCH = 1000


@dataclass(frozen=True)
class Repos:
    available: tuple[tuple[str, CodeRepo], ...]
    unavailable: tuple[str, ...]

    @classmethod
    def of(cls, code_repos: Iterable[tuple[str, CodeRepo | None]]) -> Repos:
        pairs = list(code_repos)
        return cls(tuple((label, repo) for label, repo in pairs if repo is not None),
                   tuple(label for label, repo in pairs if repo is None))

    # each repository's tracked files, listed once for one gathering of evidence
    listed: dict[int, list[str]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def none_configured(self) -> bool:
        return not self.available and not self.unavailable

    def tracked_paths(self, repo: CodeRepo) -> list[str]:
        """`repo.tracked_paths()`, asked of git once though three steps read it."""
        found = self.listed.get(id(repo))
        if found is None:
            found = self.listed[id(repo)] = repo.tracked_paths()
        return found


def commit_verdict(token: str, repos: Repos) -> CommitVerdict:
    lookups = [(label, repo, repo.lookup_commit(token)) for label, repo in repos.available]
    found = [(label, lookup) for label, _, lookup in lookups if lookup.status == "found"]
    if found:
        on_default = [lookup.on_default_branch for _, lookup in found]
        reachable = True if True in on_default else (False if False in on_default else None)
        return CommitVerdict(VERIFIED, sha=found[0][1].sha, repo=found[0][0],
                             on_default_branch=reachable)
    ambiguous = [label for label, _, lookup in lookups if lookup.status == "ambiguous"]
    if ambiguous:
        return CommitVerdict(AMBIGUOUS, ", ".join(map(describe_repo, ambiguous)))
    if repos.none_configured:
        return CommitVerdict(UNVERIFIABLE, "no code repository is configured (verify.code_repos)")
    if repos.unavailable:
        missing = ", ".join(repos.unavailable)
        return CommitVerdict(UNVERIFIABLE, f"code repository {missing} is not available here")
    shallow = [label for label, repo, _ in lookups if repo.shallow]
    if shallow:
        return CommitVerdict(UNVERIFIABLE, f"{', '.join(shallow)} is a shallow clone; the commit "
                             "may be older than the history it holds")
    others = [label for label, _, lookup in lookups if lookup.status == "not_a_commit"]
    where = " or ".join(describe_repo(label) for label, _ in repos.available)
    if others:
        return CommitVerdict(UNKNOWN, f"{where} (it names an object there that is not a commit)")
    return CommitVerdict(UNKNOWN, where)


def _is_build_output(path: str) -> bool:
    """In a build-output folder, or inside an application bundle a build makes (`App.app/`)."""
    parts = PurePosixPath(path).parts
    return any(part in BUILD_OUTPUT for part in parts) or any(
        part.endswith(".app") for part in parts[:-1])


def contents_verdict(folder: str, repos: Repos) -> PathVerdict:
    """IGNORED where git ignores what `folder` (cited with its `/`) holds though the tree has no
    such folder (`third_party/*` beside `!third_party/`: a folder a setup script or a run
    fills); otherwise this reading counts for nothing (UNVERIFIABLE, the least preferred)."""
    for label, repo in repos.available:
        if repo.path_state(folder) == "ignored":
            return PathVerdict(IGNORED, label)
    return PathVerdict(UNVERIFIABLE, reason="what it holds is not ignored")


def path_verdict(value: str, repos: Repos) -> PathVerdict:
    if value.startswith("~"):
        return PathVerdict(OUTSIDE, reason="a path in a home directory")
    if not repos.available:
        return PathVerdict(UNVERIFIABLE, reason="no code repository to check against")
    verdicts, below = [], []
    for label, repo in repos.available:
        state = repo.path_state(value)
        if state == "submodule":  # another repository's file: unverifiable, never missing
            below.append(PathVerdict(UNVERIFIABLE, label, reason="it is inside a submodule "
                                                                 "that is not checked out"))
            continue
        if state == "missing" and (_is_build_output(value) or is_runtime_file(value)):
            state = IGNORED
        verdicts.append(PathVerdict({"exists": EXISTS, "ignored": IGNORED, "outside": OUTSIDE}
                                    .get(state, MISSING), repo=label))
    best = min(verdicts, key=lambda verdict: PATH_PREFERENCE.index(verdict.status),
               default=None)
    if below and (best is None or best.status == MISSING):
        return below[0]
    assert best is not None  # every repository answered, and none with a submodule
    if best.status == MISSING and repos.unavailable:
        return PathVerdict(UNVERIFIABLE, reason=f"{', '.join(repos.unavailable)} is not available")
    if best.status == MISSING:  # missing from every repository: say so, as GM301 does
        where = " or ".join(describe_repo(label) for label, _ in repos.available)
        return PathVerdict(MISSING, best.repo, reason=where)
    return best


def basename_index(repos: Repos) -> set[str]:
    """Every file name in the code repositories' working trees (build output, .git and symlinks
    skipped), for bare-name citations such as `package.json`."""
    names: set[str] = set()
    for _, repo in repos.available:
        walked = 0
        for folder, dirnames, filenames in os.walk(repo.root):
            dirnames[:] = [d for d in dirnames if d != ".git" and d not in BUILD_OUTPUT
                           and not os.path.islink(os.path.join(folder, d))]
            names.update(filenames)
            walked += len(filenames)
            if walked > MAX_WALKED_FILES:
                break
    return names


def attach_fates(paths: dict[PathQuery, PathVerdict], repos: Repos) -> dict[PathQuery, PathVerdict]:
    """Name the commit that deleted or renamed each missing path (one history walk per repo)."""
    missing = [query for query, verdict in paths.items()
               if verdict.status == MISSING and verdict.repo and not os.path.isabs(query.value)]
    names = {query.value.rstrip("/"): query for query in missing}
    ordered = sorted(names)
    out = dict(paths)
    several = len(repos.available) > 1
    for label, repo in repos.available:  # a path missing everywhere may have lived in any
        for start in range(0, len(ordered), _FATE_BATCH):
            for path, (kind, commit, summary, new) in repo.path_fates(
                ordered[start:start + _FATE_BATCH]
            ).items():
                query = names.get(path)
                if query is None or out[query].fate is not None:
                    continue
                fate = PathFate(kind, commit, summary, new, describe_repo(label) if several else "")
                out[query] = PathVerdict(MISSING, label, fate, out[query].reason)
    return out


def nested_verdicts(values: Iterable[str], repos: Repos) -> dict[str, PathVerdict]:
    """Each `package/name/` reading: EXISTS when exactly one folder `name` lies at any depth
    below `package/` in a code repository (`frontend/src/api/`), else UNVERIFIABLE (not there,
    or several: which one the memory meant cannot be told). One pass over the tracked files."""
    wanted = {value: value.rstrip("/").rsplit("/", 1) for value in values}
    names = {name for _, name in wanted.values()}
    out = {value: PathVerdict(UNVERIFIABLE, reason="no one folder of that name in the "
                              "memory's package") for value in wanted}
    for label, repo in repos.available if wanted else ():
        folders: dict[str, set[str]] = {}  # a wanted name -> every folder so named
        for path in repos.tracked_paths(repo):
            parts = path.split("/")[:-1]
            for end, part in enumerate(parts, 1):
                if part in names:
                    folders.setdefault(part, set()).add("/".join(parts[:end]))
        for value, (package, name) in wanted.items():
            found = [f for f in folders.get(name, ()) if f.startswith(package + "/")]
            if len(found) == 1 and out[value].status != EXISTS:
                out[value] = PathVerdict(EXISTS, label, reason=f"as {found[0]}/")
    return out


def before_history(commits: dict[str, CommitVerdict], citations: Mapping[str, Citations],
                   repos: Repos) -> None:
    """An unknown hash that a memory already cited in the first commit of the history it is
    checked against (a root commit), on a line dated before that commit, was written about work
    older than the history (a project moved into a fresh repository as one snapshot): it cannot
    name a commit of it, so unverifiable, never unknown (`written_before`)."""
    unknown = {token for token, verdict in commits.items() if verdict.status == UNKNOWN}
    for path, found in citations.items():
        tokens = {c.key for c in found.commits if c.key in unknown}
        if not tokens:
            continue
        for label, repo in repos.available:
            for root, when, offset, text in repo.root_copies(path):
                for token in sorted(tokens & written_before(text, tokens, when, offset)):
                    unknown.discard(token)
                    commits[token] = CommitVerdict(
                        UNVERIFIABLE, f"{path} already cited it in the first commit of "
                        f"{describe_repo(label)} ({root[:7]}), under a date before that commit: "
                        "it names a commit of older history")


def gather_evidence(
    citations: Mapping[str, Citations], code_repos: Iterable[tuple[str, CodeRepo | None]]
) -> Evidence:
    """Answer every distinct commit token and path reading of the corpus (`citations`: each
    memory's, by its path)."""
    repos = Repos.of(code_repos)
    all_citations = list(citations.values())
    tokens = sorted({c.key for cs in all_citations for c in cs.commits if not c.other_repo})
    queries = sorted({q for cs in all_citations for p in cs.paths for q in p.queries},
                     key=lambda query: (query.kind, query.value))
    commits = {token: commit_verdict(token, repos) for token in tokens}
    # a hash one line places in another repository ("f4f55b5 (tools repo)") is that repository's
    # wherever else the corpus cites it bare: unverifiable here, never unknown
    elsewhere = {c.key: c.other_repo for cs in all_citations for c in cs.commits if c.other_repo}
    for token, verdict in commits.items():
        if verdict.status == UNKNOWN and token in elsewhere:
            commits[token] = CommitVerdict(
                UNVERIFIABLE, f"another line places it in another repository ({elsewhere[token]})")
    before_history(commits, citations, repos)
    paths: dict[PathQuery, PathVerdict] = {}
    names: set[str] | None = None
    for query in queries:
        if query.kind == "basename":
            if not repos.available:
                paths[query] = PathVerdict(UNVERIFIABLE, reason="no code repository")
                continue
            names = basename_index(repos) if names is None else names
            found = query.value in names
            paths[query] = PathVerdict(EXISTS if found else UNVERIFIABLE)
        elif query.kind == "elided" and repos.available and _is_build_output(query.value):
            # `.next/types/app/.../route.ts`: a build writes it, with folders left out
            paths[query] = PathVerdict(IGNORED, repos.available[0][0])
        elif query.kind == "elided":
            paths[query] = (elided_verdict(query.value, repos) if repos.available else
                            PathVerdict(UNVERIFIABLE, reason="no code repository"))
        elif query.kind == "contents":  # counts only where git ignores what it holds
            paths[query] = contents_verdict(query.value, repos)
        elif query.kind == "nested":  # counts only where it is one folder of its package
            continue  # all at once, below
        elif query.kind == "package":  # counts only where it exists (or is ignored)
            verdict = path_verdict(query.value, repos)
            paths[query] = verdict if verdict.status in (EXISTS, IGNORED) else PathVerdict(
                UNVERIFIABLE, reason="not in the memory's package either")
        else:
            paths[query] = path_verdict(query.value, repos)
    nested = nested_verdicts([q.value for q in queries if q.kind == "nested"], repos)
    paths.update((q, nested[q.value]) for q in queries if q.kind == "nested")
    paths = found_in_packages(found_below_own_name(attach_fates(paths, repos), repos), repos)
    paths = named_near(kept_out_of_git(named_elsewhere(paths, repos), repos), repos)
    return Evidence(commits, paths, tuple(l for l, _ in repos.available))

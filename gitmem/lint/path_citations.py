"""Which strings in a memory cite a file or folder of the code tree (GM311/GM312).

Looked for in four places of prose lines: inline code spans (`` `src/app.py` ``), Markdown link
and image targets (`[notes](docs/notes.md)`), absolute paths written in plain text
(`/etc/hosts`), and relative file paths written in plain text under `./`, `../` or a usual
source folder (`scripts/deploy.sh`). A string is a path citation only if it looks like one:

- never: URLs, `mailto:`, anchors (`#x`), flags (`--force`), variables (`$HOME`), assignments
  (`FOO=bar`), anything with spaces, shell operators, quotes, parentheses or glob characters
  (`*`, `?`, `[`, `{`), `@` (`@scope/pkg`, `owner/repo@sha`), `:` (`node:fs`, `C:\\`),
  backslashes, version strings (`v1.2.3`) and domain names (`example.com`, `github.com/x`);
- with a `/`: when it starts with `./`, `../`, `/` or `~`, ends with `/`, starts with a dot folder
  (`.github/`) or a usual source folder (`src/`, `tests/` ...), or its last part has an extension.
  So `text/html`, `and/or`, `owner/repo` and `origin/main` are not paths;
- absolute (`/x/y`) only under a usual filesystem root (`/etc`, `/home`, `/Users`, `/tmp` ...):
  `/api/users` is a URL route, not a file;
- a bare name (no `/`) only with a known source or config extension (`package.json`,
  `settings.py`) or a well-known name (`Makefile`); it is then looked for anywhere in the tree
  by basename, and reported neither missing nor outside when it is not found (it may name a
  file of some other project), only counted as unverifiable.

`~/...` paths are outside the repository by definition. A trailing `:12` / `#L12` line reference
is dropped. Link targets are read relative to the memory's folder (Markdown's meaning) and, as
agents often write them, relative to the repository root: either reading may exist. Other
relative paths are read from the root and from the memory's folder and each folder above it, as
the package a memory sits in sees them, and in a list item that starts by naming a folder
(`` - `signals/` — the digest in `weekly/summary.md` ``) also from that folder (only from it
when the item calls that folder a git repository or submodule of its own).
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass

from gitmem.lint.evidence import PathQuery
from gitmem.lint.scan import LIST_MARKER, URL, blank, code_spans, is_url, links

KNOWN_EXTENSIONS = frozenset(
    "py pyi js mjs cjs jsx ts tsx mts cts json jsonc toml yaml yml md mdc mdx rst txt rs go java "
    "kt kts scala rb php c h cc cpp cxx hpp hh cs fs swift m mm sh bash zsh fish ps1 sql css scss "
    "sass less html htm vue svelte astro lock cfg ini conf xml gradle properties proto graphql "
    "gql tf tfvars hcl dockerfile ipynb lua ex exs erl hs ml dart r jl zig nim env example "
    "csv tsv svg".split()
)
WELL_KNOWN_NAMES = frozenset(
    "Makefile Dockerfile Containerfile Gemfile Rakefile Procfile Justfile Vagrantfile Brewfile "
    "Pipfile LICENSE CODEOWNERS .gitignore .gitattributes .editorconfig .dockerignore .npmrc "
    ".nvmrc .python-version .env.example".split()
)
SOURCE_FOLDERS = frozenset(
    "src lib libs tests test spec specs app apps docs doc scripts script packages pkg cmd "
    "internal bin config configs components pages public include examples tools server client "
    "api web frontend backend migrations assets static templates modules crates memory "
    "memory-bank hooks".split()
)
FILESYSTEM_ROOTS = frozenset(
    "etc usr home tmp var opt Users root mnt srv private Library Volumes System bin sbin lib dev "
    "proc sys nix workspace workspaces work".split()
)
_FORBIDDEN = re.compile(r"[\s|&;<>*?\[\]{}()!'\"`,^$%=@:\\]")
_LINE_REFERENCE = re.compile(r"(?::\d+(?:[:-]\d+)*|#L\d+(?:-L?\d+)?)$")
_VERSION = re.compile(r"^v?\d+(?:\.\d+)+")
_EXTENSION = re.compile(r"\.([A-Za-z][A-Za-z0-9]{0,9})$")
_DOMAIN = re.compile(
    r"^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|dev|ai|app|co|gov|edu|me|info|xyz|cloud|"
    r"so|gg|us|uk|de|fr|jp|cn|ru|ly|to|tv|sh|rs|page|site|tech|run|build|vercel|pages)$"
)
_ABSOLUTE_IN_PROSE = re.compile(r"(?<![\w.~/:@\\+-])((?:~|/[A-Za-z0-9._+-]+)(?:/[A-Za-z0-9._+-]+)+/?)")
# A relative path written as plain text ("Deploys go through scripts/deploy.sh"): stricter than
# in a code span, since prose is full of slashes ("and/or", "TCP/IP", "client/server").
# The look-behind holds every character the match can hold, so a match only starts where a run
# of them starts: linear, not quadratic, on a line of 40,000 "c++".
_RELATIVE_IN_PROSE = re.compile(r"(?<![\w.~/:@\\$=+-])((?:\.\.?/)?[A-Za-z0-9_.+-]+(?:/[A-Za-z0-9_.+-]+)+)")


ELIDED = ("...", "\u2026")  # a path part standing for the folders a path leaves out


@dataclass(frozen=True)
class PathCitation:
    """A string the memory uses to name a file or folder, with the readings to look up."""

    text: str
    line: int
    style: str  # "backticks" | "link" | "absolute" | "prose"
    queries: tuple[PathQuery, ...]

    @property
    def bare(self) -> bool:
        return all(query.kind == "basename" for query in self.queries)


# A name that stands for any name: xxx, XXXX, a lower camelCase word ending in "Name", a date
# or number pattern (`memory/YYYY-MM-DD.md`, `notes-yyyymmdd.md`, `adr/NNNN-title.md`), a
# capitalised stand-in word (`agents/NAME.agent.md`, `skills/NAME/SKILL.md`, `tasks/ID.md`), a
# folder or file whose name says "the name of one" (`skills/skill-name/`, `src/x/struct_name.rs`)
# or "yours" (`your-app/`, `yourProject/`; "mine" as in `my-article.mdx`), a template's
# variable (`apps/__APP_ID__/`) or a two-digit number slot (`stage-NN-evidence.md`)
_PLACEHOLDER = re.compile(r"(?i:x{3,}|yyyy|yymmdd)|(?<![A-Za-z])(?:MM-DD|NNN+)(?![A-Za-z])"
                          r"|(?:^|[/_.-])[a-z]+Name(?:\.[A-Za-z]+)?/?$"
                          r"|(?<![A-Za-z0-9_])NAME(?![A-Za-z0-9_])"
                          r"|(?:^|/)(?:SLUG|ID|TOPIC|FEATURE|COMPONENT|SERVICE|PROJECT|PACKAGE|"
                          r"FILENAME|BRANCH|TICKET)(?=[./]|$)"
                          r"|(?:^|/)[a-z]+[-_]name(?=[./]|$)|(?:^|/)your(?:[-_A-Z]|/|$)"
                          r"|(?:^|/)__[A-Z][A-Z0-9_]*__(?=[./]|$)"
                          # a two-digit slot in a file's name: `stage-NN-evidence.md`,
                          # `sprint-NN.md` (`train_NN.py`, a neural network's, is a name)
                          r"|-NN(?=[-_.])|_NN(?=[-_])"
                          # "mine" as "yours": `articles/my-article.mdx`, `skills/my-skill/`
                          # (`my_app`, `my_project`: the names Django and others give real code)
                          r"|(?:^|/)my[-_](?:article|post|feature|component|page|"
                          r"file|service|plugin|skill|agent|script|site|doc|"
                          r"note|task|repo)s?(?=[./]|$)"
                          # a hyphen is no Python package's: `my-app/`, `my-project/`
                          r"|(?:^|/)my-(?:app|project|package|module)s?(?=[./]|$)")

# the last part a range of numbers ("01-07"): shorthand for a folder's numbered files
_NUMBERED_RANGE = re.compile(r"/\d{1,4}-\d{1,4}/?$")


def is_placeholder(text: str) -> bool:
    """A pattern standing for names (`agents/NAME.md`, `group/toolName`), not one path."""
    return _PLACEHOLDER.search(text) is not None


def normalise_candidate(text: str) -> str | None:
    """The path a string cites, or None when it does not look like a path (see module doc)."""
    text = _LINE_REFERENCE.sub("", text.strip())
    if not text or is_url(text) or text.startswith(("#", "-", "mailto:")):
        return None
    if _FORBIDDEN.search(text) or _VERSION.match(text) or text in ("/", "~"):
        return None
    if _PLACEHOLDER.search(text) or _NUMBERED_RANGE.search(text):
        return None  # `source_ref/Dmgr_xxx.py`, `__mocks__/moduleName.ts`: a pattern, no file;
        # `docs/thesis/01-07`: the numbered files 01 to 07 of a folder, no one path
    if all(part in ("", ".", "..") for part in text.split("/")):
        return None  # `../../` names no file: it is how far up an import climbs
    if text.startswith("~"):
        return text
    if text.startswith("/"):
        first = text.lstrip("/").split("/", 1)[0]
        return text if first in FILESYSTEM_ROOTS and text.count("/") >= 2 else None
    if "/" not in text:
        extension = _EXTENSION.search(text)
        known = extension is not None and extension.group(1).lower() in KNOWN_EXTENSIONS
        return text if known or text in WELL_KNOWN_NAMES else None
    first, last = text.split("/", 1)[0], text.rstrip("/").rsplit("/", 1)[-1]
    if _DOMAIN.match(first.lower()):
        return None
    explicit = text.startswith(("./", "../")) or text.endswith("/") or first.startswith(".")
    # `.meta` in `feeds_all/.meta` is a hidden file's name, not an extension: a data folder's
    # marker, named in plain words, no file this repository holds
    named_file = _EXTENSION.search(last) is not None and "." in last.lstrip(".")
    if explicit or first in SOURCE_FOLDERS or named_file:
        return text
    return None


def queries_for(text: str, style: str, memory_path: str) -> tuple[PathQuery, ...]:
    if text.startswith(("~", "/")):
        return (PathQuery("path", text),)
    if any(part in ELIDED for part in text.split("/")):  # `docs/.../x.md`: folders left out
        return (PathQuery("elided", text),)
    if "/" not in text and style != "link":
        return (PathQuery("basename", text),)
    # A link target is relative to the memory's folder, as Markdown reads it, even a bare
    # name: `[Testing](feedback_testing.md)` in memory/MEMORY.md is memory/feedback_testing.md.
    readings = []
    if style == "link":
        folder = posixpath.dirname(memory_path)
        readings.append(posixpath.normpath(posixpath.join(folder, text)))
    readings.append(posixpath.normpath(text))
    queries = [PathQuery("path", reading) for reading in dict.fromkeys(readings)]
    if text.endswith("/") and style != "link":
        # a folder cited as one: git may ignore what it holds though not the folder itself
        # (`third_party/*`), a folder a setup script fills (grounding: "contents")
        queries.append(PathQuery("contents", posixpath.normpath(text) + "/"))
    if style != "link" and not text.startswith("../"):
        # a memory inside a package (packages/cli/CLAUDE.md) names paths as the package sees
        # them: `test/x.test.ts` is packages/cli/test/x.test.ts. Such a reading only counts
        # when it exists (grounding judges it unverifiable otherwise).
        folder = posixpath.dirname(memory_path)
        while folder:
            reading = posixpath.normpath(posixpath.join(folder, text))
            if reading not in readings:
                queries.append(PathQuery("package", reading))
            folder = posixpath.dirname(folder)
        home = posixpath.dirname(memory_path)
        if home and text.endswith("/") and text.count("/") == 1 and text[0] not in "./":
            # a bare folder (`api/`) named by a memory inside a package (frontend/GEMINI.md)
            # may sit deeper in that package (frontend/src/api/): read there when the
            # package holds exactly one folder of that name (grounding: "nested")
            queries.append(PathQuery("nested", posixpath.join(home, text)))
    return tuple(queries)


# A list item that starts by naming a folder: "- `signals/` — reports, the digest in
# `weekly/summary.md`". The paths after it are that folder's, as the item reads them.
ITEM_FOLDER = re.compile(r"\s*" + LIST_MARKER + r"\s+[*_]*`([^`\s]+/)`")


# "- `themes/` — a git repo of its own (...)": the folder is another repository checked out
# inside this one, and the paths the item names are that repository's
_OWN_REPOSITORY = re.compile(r"\b(?:git repo|repository|submodule)\b", re.I)


# A git branch named by its conventional type ("`fix/`", "`docs/usage-update`") on a line that
# speaks of branches or their prefixes: a name in git's refs, not a folder of the tree.
_BRANCH_LINE = re.compile(r"\bbranch(?:es)?\b|\bprefix(?:es)?\b", re.IGNORECASE)
_BRANCH_NAME = re.compile(r"(?:feat|feature|fix|bugfix|hotfix|chore|docs?|tests?|refactor|perf|ci"
                          r"|build|style|release)/[\w.-]*", re.IGNORECASE)


def path_citations_in_line(line: str, line_number: int, memory_path: str,
                           below: tuple[str, ...] = ()) -> list[PathCitation]:
    """The paths `line` cites; `below`: the folders the lines above list it under
    (`path_trees.TreeContext`), each also a reading of its relative paths (and so below the
    memory's own folder), counted where it exists."""
    found: list[PathCitation] = []
    item = ITEM_FOLDER.match(line)
    folder = normalise_candidate(item.group(1)) if item else None
    nested = folder is not None and _OWN_REPOSITORY.search(line) is not None
    branches = _BRANCH_LINE.search(line) is not None

    def add(raw: str, style: str) -> None:
        text = normalise_candidate(raw)
        if text is not None and branches and _BRANCH_NAME.fullmatch(text):
            return  # a branch's name: "prefix (`fix/`, `feat/`)", "branch `docs/usage-update`"
        if text is not None:
            queries = queries_for(text, style, memory_path)
            if folder and text != folder and not text.startswith(("/", "~", "./", "../")):
                # also read from the folder the item names (it counts where it exists); only
                # from there when that folder is a repository of its own
                reading = PathQuery("package", posixpath.normpath(posixpath.join(folder, text)))
                queries = (reading,) if nested else queries + (reading,)
            if below and not text.startswith(("/", "~", "./", "../")):
                queries = queries + _readings_below(below, text, memory_path, queries)
            found.append(PathCitation(text, line_number, style, queries))

    if "`" not in line and "](" not in line and "]:" not in line and "/" not in line:
        return found
    spans = code_spans(line)
    prose = blank(line, [(span.outer_start, span.outer_end) for span in spans])
    link_ranges = []
    for link in links(prose):
        target = link.target.split("#", 1)[0].split("?", 1)[0]
        if target and not is_url(link.target) and not link.target.startswith("mailto:"):
            add(target, "link")
        link_ranges.append((link.start, link.end))
    prose = blank(prose, link_ranges)
    for span in spans:
        add(span.content, "backticks")
    if "/" in prose:
        prose = blank(prose, [(m.start(), m.end()) for m in URL.finditer(prose)])
        for match in _ABSOLUTE_IN_PROSE.finditer(prose):
            add(match.group(1).rstrip(".,;:"), "absolute")
        for match in _RELATIVE_IN_PROSE.finditer(prose):
            text = match.group(1).rstrip(".,;:")
            if _plain_path(text):
                add(text, "prose")
    return found


def _plain_path(text: str) -> bool:
    """A relative path in plain text: under `./`, `../` or a usual source folder, and naming a
    file with an extension (`scripts/deploy.sh`, `./src/app.py`); folders and bare names are
    left to code spans, where writing them is explicit."""
    first = text.removeprefix("./").removeprefix("../").split("/", 1)[0]
    explicit = text.startswith(("./", "../"))
    return (explicit or first in SOURCE_FOLDERS) and _EXTENSION.search(text.rsplit("/", 1)[-1]) is not None


# a file a program writes as it runs (`research/api-cache.json`, `logs/run.log`): git holds the
# program, not what it writes, so an absent one is no stale citation
_RUNTIME_FILE = re.compile(r"(?:^|[-_.])cache(?:[-_.][^/]*)?$|\.(?:log|lock|pid|sqlite3?|db)$",
                           re.I)


def is_runtime_file(path: str) -> bool:
    return _RUNTIME_FILE.search(path.rstrip("/").rpartition("/")[2]) is not None


def _readings_below(below: tuple[str, ...], text: str, memory_path: str,
                    known: tuple[PathQuery, ...]) -> tuple[PathQuery, ...]:
    """`text` read below each folder of `below`, from the root and from the memory's folder."""
    folder = posixpath.dirname(memory_path)
    values = {query.value for query in known}
    out: list[PathQuery] = []
    for prefix in below:
        for base in ("", folder) if folder else ("",):
            value = posixpath.normpath(posixpath.join(base, prefix, text))
            if value not in values:
                values.add(value)
                out.append(PathQuery("package", value))
    return tuple(out)

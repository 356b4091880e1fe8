"""Where coding agents keep their memory beside a project's code: the known layouts.

Most agent memory does not live in a repository of its own. It sits next to the code as Cline's
`memory-bank/`, Cursor's `.cursor/rules/*.mdc`, `CLAUDE.md`, `AGENTS.md`... In such a project the
other Markdown files are the project's documents (README, docs, changelog), not memory: linting
them buries the memory's findings under the documents' repeated headings. So when no
configuration names the memory files, a repository holding a known layout reads those layouts
only; a repository that is all memory (`MEMORY.md` beside a `memory/` folder) keeps reading every
Markdown file. Pure: it looks at a list of repo-relative paths.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from gitmem.memory.discover import THIRD_PARTY, MemoryMatcher

# The files OpenClaw loads whole at the start of every session from its workspace's root
# (docs.openclaw.ai, "Agent workspace"), besides AGENTS.md (its own layout) and MEMORY.md.
# A leading `/` anchors a glob at the root, as in .gitignore: a package's `TOOLS.md` is not one.
_OPENCLAW_BOOTSTRAP = ("/SOUL.md", "/IDENTITY.md", "/USER.md", "/TOOLS.md", "/HEARTBEAT.md",
                       "/BOOTSTRAP.md")


@dataclass(frozen=True)
class Layout:
    """One agent's memory layout: `include` globs find its files (and detect it)."""

    name: str
    agent: str
    include: tuple[str, ...]
    # the review file gitmem queues findings in when this layout has an index of its own
    index: str = ""
    # the files whose presence says the layout is there, when its `include` holds names any
    # project may use (`TOOLS.md`, `USER.md`): () means any file `include` matches
    detect: tuple[str, ...] = ()


LAYOUTS: tuple[Layout, ...] = (
    Layout("memory-bank", "Cline (Memory Bank)", ("**/memory-bank/**/*.md",)),
    Layout("clinerules", "Cline", (".clinerules",)),
    Layout("cursor-rules", "Cursor",
           ("**/.cursor/rules/**/*.mdc", "**/.cursor/rules/**/*.md", ".cursorrules")),
    # `.claude/` also holds Claude Code's agents, commands, skills and output styles: prompts
    # (`_PROMPTS`), read for their citations and format, never compared; a project whose only
    # agent files are those is a Claude Code project all the same, not one whose every document
    # is memory. Its plans (`.claude/plans/`, written by plan mode) are not read.
    Layout("claude", "Claude Code",
           ("CLAUDE.md", "CLAUDE.local.md", "**/.claude/memory/**/*.md",
            "**/.claude/rules/**/*.md", "**/.claude/agents/**/*.md",
            "**/.claude/commands/**/*.md", "**/.claude/skills/**/*.md",
            "**/.claude/output-styles/**/*.md"),
           index=".claude/memory/MEMORY.md"),
    Layout("agents-md", "Codex, Jules, Amp and others (AGENTS.md)", ("AGENTS.md",)),
    Layout("gemini", "Gemini CLI", ("GEMINI.md", "**/.gemini/**/*.md")),
    Layout("copilot", "GitHub Copilot",
           (".github/copilot-instructions.md", ".github/instructions/**/*.instructions.md")),
    Layout("windsurf", "Windsurf", (".windsurfrules", "**/.windsurf/rules/**/*.md")),
    # Roo Code: the workspace rules, and each mode's own (`.roo/rules-code/`, `.roorules-code`),
    # loaded beside the workspace rules only in that mode (consistency/corpus.py scopes them)
    Layout("roo", "Roo Code", (".roorules", ".roorules-*", "**/.roo/rules/**/*.md",
                               "**/.roo/rules-*/**/*.md")),
    Layout("kiro", "Kiro", ("**/.kiro/steering/**/*.md",)),
    # Antigravity reads workspace rules from `.agents/rules/` (`.agent/rules/` before 1.19, still
    # read); its workflows and skills beside them are prompts (`_PROMPTS`).
    Layout("antigravity", "Google Antigravity (its skills folder: Codex and others too)",
           ("**/.agents/rules/**/*.md", "**/.agent/rules/**/*.md",
            "**/.agents/workflows/**/*.md", "**/.agent/workflows/**/*.md",
            "**/.agents/skills/**/*.md", "**/.agent/skills/**/*.md")),
    # A root memory/ folder beside other agents' files, without the root MEMORY.md index of a
    # repository that is all memory: a project's own memory folder (its index may sit inside).
    Layout("memory-folder", "gitmem, Claude Code and others (a root memory/ folder)",
           ("memory/**/*.md",), index="memory/MEMORY.md"),
    # OpenClaw's agent workspace: the bootstrap files it loads into every session, beside the
    # root MEMORY.md and memory/ daily notes (the memory-folder layout and the index). The
    # workspace is also the agent's working directory, so its other files are what the agent
    # worked on (drafts, reports, code), not its memory. `SOUL.md` at the root says it is one.
    Layout("openclaw", "OpenClaw (agent workspace)",
           _OPENCLAW_BOOTSTRAP, detect=("/SOUL.md",)),
)
# The shape of a repository that is all memory (a root `memory/` folder beside its root MEMORY.md
# index, or alone with fewer Markdown files outside it than in it): every Markdown file is read,
# as before discovery existed.
ALL_MEMORY_INDEX = "MEMORY.md"
ALL_MEMORY_FOLDER = "memory/"
# Layouts every agent reads, whichever agent wrote them (a memory bank, a root memory/ folder):
# the others are one tool's own files (`strict_pairs` in gitmem/lint/rules/strict_reading.py).
SHARED_LAYOUTS = ("memory-bank", "memory-folder")
# Files a layout holds that are prompts or references, not memory: the folders below `.gemini/`
# (its commands/, skills/, vendored references), Claude Code's agents, commands, skills and
# output styles, and Antigravity's workflows and skills repeat their steps by design (two agents share a checklist on purpose). They
# are linted (format, citations) but never compared for duplicates or contradictions
# (`compared_claims`).
_PROMPTS = re.compile(r"(?:^|/)\.gemini/[^/]+/"
                      r"|(?:^|/)\.claude/(?:agents|commands|skills|output-styles)/"
                      r"|(?:^|/)\.agents?/(?:workflows|skills)/")
# Root files that say the repository is an agent's workspace whose memory is a layout of its
# own, however small: its other files are the agent's work, not its memory.
_WORKSPACE_MARKS = frozenset({"SOUL.md"})
# The one layout that never makes a repository "beside code" by itself (`layouts_of`).
_MEMORY_FOLDER = "memory-folder"
# Never memory, whichever layout.
_NOT_MEMORY = (*THIRD_PARTY, ".git/**")


@functools.cache
def _matchers() -> tuple[MemoryMatcher, tuple[tuple[Layout, MemoryMatcher], ...]]:
    """(a matcher of any layout, each layout's own), compiled when first asked for: a
    repository that is all memory never asks, and compiling them was a tenth of the time
    `gitmem lint` spends importing."""
    every = MemoryMatcher(tuple(g for layout in LAYOUTS for g in layout.detect or layout.include),
                          _NOT_MEMORY)
    return every, tuple((layout, MemoryMatcher(layout.include, _NOT_MEMORY)) for layout in LAYOUTS)


@functools.cache
def _detectors() -> tuple[tuple[Layout, MemoryMatcher], ...]:
    """Each layout's matcher of the files that say it is there (`Layout.detect`)."""
    _, matchers = _matchers()
    return tuple((layout, MemoryMatcher(layout.detect, _NOT_MEMORY)) if layout.detect
                 else (layout, matcher) for layout, matcher in matchers)


@dataclass(frozen=True)
class Discovery:
    """What a repository's paths say: the layouts found, or that it is all memory."""

    layouts: tuple[Layout, ...]
    all_memory: bool

    @property
    def include(self) -> tuple[str, ...]:
        """The include globs these layouts stand for (a root MEMORY.md is always read: it is
        the index gitmem queues findings in)."""
        globs: list[str] = []
        for layout in self.layouts:
            globs += [glob for glob in layout.include if glob not in globs]
        return (*globs, ALL_MEMORY_INDEX) if globs else ()

    def review_file(self, paths: Iterable[str]) -> str | None:
        """The index of a layout that has one and keeps it (`.claude/memory/MEMORY.md`), so
        `lint --annotate` writes there rather than a new root MEMORY.md; None: the default."""
        present = set(paths)
        if ALL_MEMORY_INDEX in present:
            return None
        for layout in self.layouts:
            if layout.index and layout.index in present:
                return layout.index
        return None


def discover_layouts(paths: Iterable[str]) -> Discovery:
    """The known layouts among `paths` (repo-relative, POSIX), in the table's order.

    A root `memory/` folder with the root `MEMORY.md` index beside it is gitmem's own shape, all
    memory, unless it sits in a project (`_a_project_beside`: more documents than memory, more
    code than Markdown), where it is the memory-folder layout with its index, or in an agent's
    workspace that says which files are its memory (OpenClaw's `SOUL.md`), where it is that
    agent's layout beside the memory folder. So is a `memory/`
    folder with no other agent's layout, unless the project's other
    Markdown files outnumber the memory's (then it is the memory-folder layout, read alone).
    A `memory/` folder beside
    other agents' files and no root index (a project that keeps `memory/MEMORY.md`, `CLAUDE.md`
    and `AGENTS.md` beside hundreds of documents) is one layout among the others."""
    listed = list(paths)
    top = {path.split("/", 1)[0] + ("/" if "/" in path else "") for path in listed}
    has_folder = ALL_MEMORY_FOLDER in top
    if (has_folder and ALL_MEMORY_INDEX in top and not top & _WORKSPACE_MARKS
            and not _a_project_beside(listed)):
        return Discovery((), True)
    # one regex pass over every path (100,000 in a large project), then the few that match
    every, _ = _matchers()
    candidates = [path for path in listed if every.matches(path)]
    found = []
    for layout, matcher in _detectors():
        if any(matcher.matches(path) for path in candidates):
            found.append(layout)
    if (has_folder and all(layout.name == _MEMORY_FOLDER for layout in found)
            and not _documents_outnumber_memory(listed)):
        return Discovery((), True)
    return Discovery(tuple(found), False)


def _a_project_beside(paths: list[str]) -> bool:
    """gitmem's own shape (a root MEMORY.md beside `memory/`) kept inside a project: the
    project's documents outnumber the memory's files and its other files (code, data; dotfiles
    and installed packages aside) outnumber its Markdown. An agent's workspace of notes has no
    such code, however many notes lie outside `memory/`."""
    if not _documents_outnumber_memory(paths):
        return False
    never = _third_party()
    markdown = other = 0
    for path in paths:
        if never.matches(path) or any(part.startswith(".") for part in path.split("/")):
            continue
        if path.lower().endswith((".md", ".mdc", ".markdown")):
            markdown += 1
        else:
            other += 1
    return other > markdown


def _documents_outnumber_memory(paths: list[str]) -> bool:
    """More Markdown files outside the root `memory/` folder than in it: a project's own documents (a `docs/` tree, package readmes) beside a small
    memory folder, which would drown the memory's findings if every Markdown file were read as
    memory. Installed packages (`THIRD_PARTY`) are neither: they are never read."""
    never = _third_party()
    inside = outside = 0
    for path in paths:
        if path.lower().endswith((".md", ".mdc", ".markdown")) and not never.matches(path):
            if path.startswith(ALL_MEMORY_FOLDER):
                inside += 1
            else:
                outside += 1
    return outside > inside


@functools.cache
def _third_party() -> MemoryMatcher:
    return MemoryMatcher(THIRD_PARTY, ())


def layouts_of(include: Iterable[str]) -> tuple[str, ...]:
    """The layouts a `memory.include` is made of, when every glob is one of theirs (or the root
    MEMORY.md index): what discovery sets and `gitmem init` writes. () for any other include."""
    globs = tuple(include)
    names = tuple(layout.name for layout in LAYOUTS if set(layout.include) & set(globs))
    known = {glob for layout in LAYOUTS for glob in layout.include} | {ALL_MEMORY_INDEX}
    # a memory/ folder alone is the shape of a repository that is all memory, not a layout
    beside = any(name != _MEMORY_FOLDER for name in names)
    return names if beside and known.issuperset(globs) else ()


def is_prompt(path: str) -> bool:
    """Whether a memory file of a layout is a prompt or reference (`_PROMPTS`), not compared."""
    return bool(_PROMPTS.search(path))


def layout_of(path: str) -> str | None:
    """The name of the first layout whose globs match `path` (repo-relative), None for none."""
    _, matchers = _matchers()
    return next((layout.name for layout, matcher in matchers if matcher.matches(path)), None)


def layouts_table() -> list[tuple[str, str, str]]:
    """(name, agent, globs) rows, for `gitmem init` and the documentation."""
    return [(layout.name, layout.agent, ", ".join(layout.include)) for layout in LAYOUTS]

"""How the driver writes a conflict: git's marker size, conflict style and side names.

git passes the marker size as %L and, since git 2.44, the names it gives the three sides as
%S (base), %X (ours) and %Y (theirs), already shell-quoted. An older git leaves those three
placeholders as the literal text `%S`, `%X`, `%Y`; then the names are worked out the way `git
merge` itself names them: ours is `HEAD`, theirs is the name `git merge` exports for the merged
commit (`GITHEAD_<sha>=<name>`), the base is that commit's merge base with HEAD, abbreviated
(`merged common ancestors` when there are several). Outside `git merge` (a rebase, a
cherry-pick on an older git) the names fall back to ours / base / theirs.

The style is `merge.conflictStyle` as the running git sees it (so `git -c
merge.conflictStyle=diff3 merge` counts): diff3 and zdiff3 add the base section after
`|||||||`, as git's own markers do.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from gitmem.gitrepo import git_as_invoked

STYLES = ("merge", "diff3", "zdiff3")
_FALLBACK = ("ours", "base", "theirs")


@dataclass(frozen=True)
class ConflictMarkers:
    ours: str = "ours"
    base: str = "base"
    theirs: str = "theirs"
    style: str = "merge"
    size: int = 7

    @property
    def labels(self) -> tuple[str, str, str]:
        """In the order `merge_file` takes them: ours, base, theirs."""
        return self.ours, self.base, self.theirs

    @property
    def shows_base(self) -> bool:
        return self.style in ("diff3", "zdiff3")

    def _line(self, char: str, label: str, newline: str) -> str:
        return char * self.size + (f" {label}" if label else "") + newline

    def wrap(
        self, ours: Sequence[str], base: Sequence[str], theirs: Sequence[str], newline: str = "\n"
    ) -> list[str]:
        """One conflict as git writes it; every side's lines end with a newline already."""
        out = [self._line("<", self.ours, newline), *ours]
        if self.shows_base:
            out += [self._line("|", self.base, newline), *base]
        out += [self._line("=", "", newline), *theirs, self._line(">", self.theirs, newline)]
        return out


def _given(value: str | None, placeholder: str) -> str | None:
    """A name git really passed: not missing, not empty, not the placeholder left unexpanded."""
    return value if value and value != placeholder else None


def _names_from_git_merge(directory: str, env: Mapping[str, str]) -> tuple[str, str, str] | None:
    """(ours, base, theirs) as `git merge` names them, from the GITHEAD_<sha> it exports."""
    heads = [(key[len("GITHEAD_"):], value) for key, value in env.items()
             if key.startswith("GITHEAD_")]
    if len(heads) != 1:
        return None
    sha, name = heads[0]
    bases = (git_as_invoked("merge-base", "--all", "HEAD", sha, cwd=directory) or "").split()
    if len(bases) > 1:
        base = "merged common ancestors"
    elif bases:
        base = git_as_invoked("rev-parse", "--short", bases[0], cwd=directory) or bases[0]
    else:
        base = "empty tree"
    return "HEAD", base, name


def driver_markers(
    directory: str,
    size: str | None = None,
    base: str | None = None,
    ours: str | None = None,
    theirs: str | None = None,
    env: Mapping[str, str] | None = None,
) -> ConflictMarkers:
    """The markers for this run of the driver, from what git passed (see the module doc)."""
    env = os.environ if env is None else env
    passed = [_given(ours, "%X"), _given(base, "%S"), _given(theirs, "%Y")]
    if not all(passed):
        guessed = _names_from_git_merge(directory, env) or _FALLBACK
        passed = [value or guess for value, guess in zip(passed, guessed)]
    style = git_as_invoked("config", "--get", "merge.conflictStyle", cwd=directory) or "merge"
    width = int(size) if size and size.isdigit() and int(size) > 0 else 7
    return ConflictMarkers(
        ours=passed[0] or "ours", base=passed[1] or "base", theirs=passed[2] or "theirs",
        style=style if style in STYLES else "merge", size=width,
    )

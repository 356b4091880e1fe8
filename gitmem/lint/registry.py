"""The one explicit list of lint rules, and choosing among them with --select / --ignore.

Codes are a contract (DESIGN §6): a code is never reused, only added. A selector is a code prefix
(`GM3`, `GM301`) or a rule name (`unknown-commit`); as in flake8, the more specific of a matching
select and a matching ignore wins, so `--select GM3 --ignore GM303` and
`--ignore GM3 --select GM311` both do what they say.
"""

from __future__ import annotations

from collections.abc import Sequence

from gitmem.errors import UsageError
from gitmem.lint.rule import Rule
from gitmem.lint.rules.commit_rules import (
    AmbiguousCommit,
    UnknownCommit,
    UnmergedCommit,
    UnverifiableCommit,
)
from gitmem.lint.rules.conflict_rules import ConflictMarker
from gitmem.lint.rules.consistency_rules import Contradiction, Duplicate, PossibleDuplicate
from gitmem.lint.rules.format_rules import (
    BrokenReference,
    InvalidField,
    InvalidFrontmatter,
    SupersedeCycle,
)
from gitmem.lint.rules.path_rules import ConventionPath, MissingPath, NeverHeldPath, OutsidePath
from gitmem.lint.rules.staged_rules import MemoryDeleted, MemoryShrunk, ProtectedEdited

RULES: tuple[type[Rule], ...] = (
    InvalidFrontmatter,
    InvalidField,
    BrokenReference,
    SupersedeCycle,
    ConflictMarker,
    Duplicate,
    PossibleDuplicate,
    Contradiction,
    UnknownCommit,
    AmbiguousCommit,
    UnverifiableCommit,
    UnmergedCommit,
    MissingPath,
    OutsidePath,
    ConventionPath,
    NeverHeldPath,
    MemoryShrunk,
    MemoryDeleted,
    ProtectedEdited,
)

_NAME_SPECIFICITY = 100  # a rule name is as specific as a full code


def rule_by_code(code: str) -> type[Rule] | None:
    return next((rule for rule in RULES if rule.code == code), None)


def _specificity(selector: str, rule: type[Rule]) -> int:
    """How specifically a selector names a rule: 0 when it does not name it."""
    if selector.lower() == rule.name:
        return _NAME_SPECIFICITY
    code = selector.upper()
    return len(code) if rule.code.startswith(code) else 0


def unknown_selectors(selectors: Sequence[str]) -> list[str]:
    return [s for s in selectors if not any(_specificity(s, rule) for rule in RULES)]


def validate_selectors(option: str, selectors: Sequence[str]) -> None:
    bad = unknown_selectors(selectors)
    if bad:
        valid = ", ".join(f"{rule.code} ({rule.name})" for rule in RULES)
        raise UsageError(
            f"{option} {', '.join(bad)}: no such rule code or name; valid: {valid} "
            "(a code prefix such as GM3 selects a group)"
        )


def split_selectors(values: Sequence[str]) -> tuple[str, ...]:
    """`--select GM1,GM3 --select GM311` -> ("GM1", "GM3", "GM311")."""
    return tuple(part.strip() for value in values for part in value.split(",") if part.strip())


def enabled_rules(select: Sequence[str] = (), ignore: Sequence[str] = (),
                  default_off: Sequence[str] = ()) -> tuple[Rule, ...]:
    """Instances of the rules that `select` (all when empty, less the codes in `default_off`)
    and `ignore` leave on. A selection replaces the default set: any selector that covers a
    default-off rule (`GM202`, `GM20`, `GM2`, `possible-duplicate`) runs it."""
    chosen = []
    for rule in RULES:
        default = 0 if select or rule.code in default_off else 1
        selected = max((_specificity(s, rule) for s in select), default=default)
        ignored = max((_specificity(s, rule) for s in ignore), default=0)
        if selected and selected > ignored:
            chosen.append(rule())
    return tuple(chosen)

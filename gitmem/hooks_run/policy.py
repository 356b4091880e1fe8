"""Which findings block a commit, which only warn, which the hook leaves out.

- A finding whose code matches `hooks.block_on` / `hooks.warn_on` (code prefixes; the longer
  match wins, a tie blocks) does what that says.
- Otherwise it blocks when its severity reaches `lint.fail_on` (default "error": GM1xx, GM301,
  GM4xx block; GM2xx and GM311, warnings, only warn) and is shown as a warning otherwise;
  info findings are left out.
- Findings about lines this commit does not add are the repository's past, not this commit's
  doing: a GM3xx one (a citation) can only warn, a GM2xx one (a pair) is dropped unless one side
  is a claim the commit adds or changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from gitmem.config import Config
from gitmem.model import Finding, severity_rank

NEVER = "never"


@dataclass(frozen=True)
class HookOutcome:
    blocking: tuple[Finding, ...]
    warnings: tuple[Finding, ...]


def _override(code: str, config: Config) -> str | None:
    """"block" | "warn" from the most specific matching [hooks] prefix, or None."""
    best_block = max((len(p) for p in config.hooks_block_on if code.startswith(p.upper())),
                     default=0)
    best_warn = max((len(p) for p in config.hooks_warn_on if code.startswith(p.upper())),
                    default=0)
    if not best_block and not best_warn:
        return None
    return "block" if best_block >= best_warn else "warn"


def on_added_line(finding: Finding, added: Mapping[str, frozenset[int]]) -> bool:
    """The finding's line, or a line of one it relates to, is one the change adds."""
    if finding.line in added.get(finding.path, frozenset()):
        return True
    return any(loc.line in added.get(loc.path, frozenset()) for loc in finding.related)


def classify(
    findings: Iterable[Finding], added: Mapping[str, frozenset[int]], config: Config
) -> HookOutcome:
    """Split findings into blocking and warning ones; `added` maps each staged memory to the
    lines it adds."""
    blocking: list[Finding] = []
    warnings: list[Finding] = []
    for finding in findings:
        fresh = on_added_line(finding, added)
        if finding.code.startswith("GM2") and not fresh:
            continue
        decision = _override(finding.code, config)
        if decision is None:
            reaches = config.fail_on != NEVER and (
                severity_rank(finding.severity) >= severity_rank(config.fail_on)
            )
            decision = "block" if reaches else ("warn" if finding.severity != "info" else None)
        if decision == "block" and finding.code.startswith("GM3") and not fresh:
            decision = "warn"
        if decision == "block":
            blocking.append(finding)
        elif decision == "warn":
            warnings.append(finding)
    return HookOutcome(tuple(blocking), tuple(warnings))

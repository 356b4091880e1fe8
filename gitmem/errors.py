"""Typed errors. Each class carries the exit code it maps to at the CLI edge (docs/exit-codes.md)."""

from __future__ import annotations

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
EXIT_INVALID = 3
EXIT_GIT_STATE = 4
EXIT_STALE_PLAN = 5
EXIT_INTERNAL = 70
EXIT_INTERRUPTED = 130


class GitmemError(Exception):
    """Base of every error gitmem expects and renders as a one-line message."""

    exit_code = EXIT_INTERNAL


class UsageError(GitmemError):
    """The command was called wrongly (bad arguments, unknown path, missing --confirm)."""

    exit_code = EXIT_USAGE


class InvalidInputError(GitmemError):
    """A memory file, the configuration or the git identity is not usable."""

    exit_code = EXIT_INVALID


class GitStateError(GitmemError):
    """The repository is in a state gitmem refuses to change (dirty file, race, conflict, undone)."""

    exit_code = EXIT_GIT_STATE


class StalePlanError(GitmemError):
    """A plan is unknown, tampered with, or no longer matches the memory it was made for."""

    exit_code = EXIT_STALE_PLAN

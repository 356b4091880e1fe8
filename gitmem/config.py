"""Configuration: `.gitmem.toml`, then git config `gitmem.*`, then `GITMEM_*` env, then flags.

Later sources win. `.gitmem.toml` travels with a cloned memory repo, so it is data, never code:
`judge.command` (which runs a program) is read only from git config or the environment.
"""

from __future__ import annotations

import dataclasses
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gitmem.errors import InvalidInputError
from gitmem.memory.discover import DEFAULT_EXCLUDE

if TYPE_CHECKING:  # imported where a table is read: a command that reads none (`gitmem log`)
    from gitmem.consistency.vocabulary import Extension  # should not pay for the lexicon

CONFIG_FILE = ".gitmem.toml"
FAIL_ON_LEVELS = ("error", "warning", "info", "never")
# lint.pairs_beside_code: how the pair rules read memory that sits beside code
PAIR_READINGS = ("strict", "all")


@dataclass(frozen=True)
class Config:
    include: tuple[str, ...] = ("**/*.md", "**/*.mdc")
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE  # project documents, not memory
    code_repos: tuple[str, ...] = (".",)
    scope_folders: tuple[str, ...] = ()
    match_threshold: float = 0.86
    possible_threshold: float = 0.72
    auto_apply: bool = False
    max_mutations: int = 5
    dismiss_days: int = 90
    fail_on: str = "error"
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    review_file: str = "MEMORY.md"
    pairs_beside_code: str = "strict"  # PAIR_READINGS (docs/configuration.md)
    shrink_ratio: float = 0.8
    hooks_block_on: tuple[str, ...] = ()
    hooks_warn_on: tuple[str, ...] = ()
    judge_command: tuple[str, ...] = ()
    judge_timeout: float = 30.0
    # a repository's additions to the consistency lexicon; None when it adds none
    lexicon: Extension | None = None
    warnings: tuple[str, ...] = ()
    # the fields whose value came from the committed .gitmem.toml (a cloned repository's word,
    # not the user's): the workspace trusts some of them less (verify.code_repos)
    from_file: frozenset[str] = dataclasses.field(default=frozenset(), compare=False)
    # the fields a source set (the others are defaults, which discovery may refine)
    explicit: frozenset[str] = dataclasses.field(default=frozenset(), compare=False)
    # the agent-memory layouts memory.include is made of: what discovery found, or the layout
    # globs `gitmem init` wrote (memory.layouts_of)
    layouts: tuple[str, ...] = dataclasses.field(default=(), compare=False)


def _text(value: str) -> str:
    """A string value, refused when it holds a control character: globs, paths and commands
    end up in files gitmem writes (.gitattributes) and in command lines, where a newline or an
    escape would start a line or a command of the file's author's choosing."""
    for char in value:
        if ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0:
            raise ValueError(f"it holds the control character {char!r}; remove it")
    return value


# (section, key) in .gitmem.toml -> (Config field, parser)
def _str_list(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        return tuple(_text(part.strip()) for part in value.split(",") if part.strip())
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return tuple(map(_text, value))
    raise ValueError("expected a list of strings")


def _float01(value: Any) -> float:
    number = float(value)
    if not 0.0 <= number <= 1.0:
        raise ValueError("expected a number between 0 and 1")
    return number


def _positive_int(value: Any) -> int:
    if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
        raise ValueError("expected a whole number")  # 1.5, inf and nan included
    number = int(value)
    if number < 0:
        raise ValueError("expected a whole number >= 0")
    return number


_MAX_DAYS = 36500  # a cooldown of a hundred years is "never"; dates end at 9999


def _days(value: Any) -> int:
    number = _positive_int(value)
    if not 1 <= number <= _MAX_DAYS:  # 0 would record a cooldown that has already ended
        raise ValueError(f"expected 1 to {_MAX_DAYS} days")
    return number


def _path(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("expected a file path relative to the repository root")
    return _text(value)


def _bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise ValueError("expected true or false")


def _pair_reading(value: Any) -> str:
    text = str(value).strip().lower()
    if text not in PAIR_READINGS:
        raise ValueError(f"expected one of {', '.join(PAIR_READINGS)}")
    return text


def _fail_on(value: Any) -> str:
    text = str(value).strip().lower()
    if text not in FAIL_ON_LEVELS:
        raise ValueError(f"expected one of {', '.join(FAIL_ON_LEVELS)}")
    return text


def _command(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        return tuple(shlex.split(_text(value)))
    return _str_list(value)


_MAX_SECONDS = 86400.0


def _positive_float(value: Any) -> float:
    number = float(value)
    if not 0 < number <= _MAX_SECONDS:  # nan fails both comparisons
        raise ValueError(f"expected a number of seconds > 0 and <= {_MAX_SECONDS:g}")
    return number


def _lexicon(value: Any) -> Extension | None:
    if isinstance(value, str):
        raise ValueError("it is a table of lists, read only from .gitmem.toml")
    from gitmem.consistency.vocabulary import parse_extension

    return parse_extension(value) or None  # an empty table adds nothing: the default


KEYS: dict[tuple[str, str], tuple[str, Any]] = {
    ("memory", "include"): ("include", _str_list),
    ("memory", "exclude"): ("exclude", _str_list),
    ("memory", "scope_folders"): ("scope_folders", _str_list),
    ("verify", "code_repos"): ("code_repos", _str_list),
    ("policy", "match_threshold"): ("match_threshold", _float01),
    ("policy", "possible_threshold"): ("possible_threshold", _float01),
    ("policy", "auto_apply"): ("auto_apply", _bool),
    ("policy", "max_mutations"): ("max_mutations", _positive_int),
    ("policy", "dismiss_days"): ("dismiss_days", _days),
    ("lint", "fail_on"): ("fail_on", _fail_on),
    ("lint", "select"): ("select", _str_list),
    ("lint", "ignore"): ("ignore", _str_list),
    ("lint", "review_file"): ("review_file", _path),
    ("lint", "pairs_beside_code"): ("pairs_beside_code", _pair_reading),
    ("hooks", "shrink_ratio"): ("shrink_ratio", _float01),
    ("hooks", "block_on"): ("hooks_block_on", _str_list),
    ("hooks", "warn_on"): ("hooks_warn_on", _str_list),
    ("judge", "command"): ("judge_command", _command),
    ("judge", "timeout"): ("judge_timeout", _positive_float),
    ("consistency", "lexicon"): ("lexicon", _lexicon),
}
TABLE_KEYS = {("consistency", "lexicon")}  # a table of lists: `.gitmem.toml` only
EXECUTABLE_KEYS = {("judge", "command")}


def _squash(name: str) -> str:
    return name.replace("-", "").replace("_", "").lower()


_BY_SQUASHED = {(section, _squash(key)): (section, key) for section, key in KEYS}


def _apply(values: dict[str, Any], section: str, key: str, raw: Any, source: str) -> None:
    field, parse = KEYS[(section, key)]
    try:
        values[field] = parse(raw)
    except (TypeError, ValueError, OverflowError) as exc:
        if (section, key) in TABLE_KEYS:  # the whole table would make an unreadable message
            raise InvalidInputError(
                f"{source}: [{section}.{key}] is not valid: {exc}; fix it and run again"
            ) from None
        raise InvalidInputError(
            f"{source}: [{section}] {key} = {raw!r} is not valid ({exc}); fix it and run again"
        ) from None


def _shown(name: str) -> str:
    """A key name from the committed file as a warning may print it: a quoted TOML key can hold a
    newline or a terminal escape (a forged `::error` line in CI, a retitled terminal)."""
    return name if name.isprintable() else repr(name)


def load_config(
    toml_text: str | None,
    git_config: Mapping[str, str] | None = None,
    environ: Mapping[str, str] | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Config:
    """Merge the four sources into one Config; raise InvalidInputError naming the bad entry."""
    values: dict[str, Any] = {}
    warnings: list[str] = []
    from_file: set[str] = set()
    if toml_text:
        import tomllib  # only where there is a file to read

        try:
            data = tomllib.loads(toml_text)
        except tomllib.TOMLDecodeError as exc:
            raise InvalidInputError(f"{CONFIG_FILE} is not valid TOML ({exc}); fix it and run again")
        except RecursionError:  # the parser recurses once per level of arrays and tables
            raise InvalidInputError(
                f"{CONFIG_FILE} nests arrays or tables too deeply to read; gitmem's settings are "
                "flat lists and values: fix the file and run again"
            ) from None
        for section, table in data.items():
            if not isinstance(table, dict):
                warnings.append(f"{CONFIG_FILE}: ignoring top-level key {section!r}")
                continue
            for key, raw in table.items():
                if (section, key) not in KEYS:
                    warnings.append(
                        f"{CONFIG_FILE}: ignoring unknown key [{_shown(section)}] {_shown(key)}")
                elif (section, key) in EXECUTABLE_KEYS:
                    warnings.append(
                        f"{CONFIG_FILE}: ignoring [{section}] {key}: a committed file may not make "
                        "gitmem run a program; set it with `git config gitmem.judge.command` or "
                        "GITMEM_JUDGE_COMMAND"
                    )
                else:
                    _apply(values, section, key, raw, CONFIG_FILE)
                    from_file.add(KEYS[(section, key)][0])
    for name, raw in (git_config or {}).items():
        parts = name.split(".")
        if len(parts) != 3 or parts[0].lower() != "gitmem":
            continue
        target = _BY_SQUASHED.get((parts[1].lower(), _squash(parts[2])))
        if target:
            _apply(values, *target, raw, f"git config {name}")
            from_file.discard(KEYS[target][0])
    for name, raw in (environ or {}).items():
        if not name.startswith("GITMEM_"):
            continue
        rest = name[len("GITMEM_") :].lower()
        section, _, key = rest.partition("_")
        target = _BY_SQUASHED.get((section, _squash(key)))
        if target:
            _apply(values, *target, raw, name)
            from_file.discard(KEYS[target][0])
    for field, value in (overrides or {}).items():
        if value is not None:
            values[field] = value
            from_file.discard(field)
    config = Config(**values, warnings=tuple(warnings), from_file=frozenset(from_file),
                    explicit=frozenset(values))
    if config.possible_threshold > config.match_threshold:
        raise InvalidInputError(
            "policy.possible_threshold must not exceed policy.match_threshold; fix the configuration"
        )
    return config


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return "[" + ", ".join(map(_toml_value, value)) + "]"


def default_toml(defaults: Config | None = None) -> str:
    """The `.gitmem.toml` that `gitmem init` writes: every setting it may hold, with its
    default (judge.command never: it is not read from this file). `defaults` carries what
    discovery found (the agent-memory layouts as memory.include)."""
    defaults = defaults or Config()
    lines = [
        "# gitmem configuration (docs/configuration.md). Data only: this file can never make",
        "# gitmem run a program (judge.command is read from git config or the environment).",
    ]
    section = None
    for (table, key), (field, _) in KEYS.items():
        if (table, key) == ("judge", "command") or (table, key) in TABLE_KEYS:
            continue
        if table != section:
            lines += ["", f"[{table}]"] if section else [f"[{table}]"]
            section = table
        lines.append(f"{key} = {_toml_value(getattr(defaults, field))}")
    lines += ["", "# Names the consistency checks should know (docs/consistency.md#the-lexicon),",
              '# for example exclusive = [["Valkey", "Redis"]]', "[consistency.lexicon]"]
    from gitmem.consistency.vocabulary import EXTENSION_KEYS

    lines += [f"{kind} = []" for kind in EXTENSION_KEYS]
    return "\n".join(lines) + "\n"


def replace(config: Config, **changes: Any) -> Config:
    return dataclasses.replace(config, **changes)

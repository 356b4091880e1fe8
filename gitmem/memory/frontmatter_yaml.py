"""Load frontmatter YAML without letting a hostile file hang or exhaust gitmem.

Memory files arrive from pulls and agents, so the YAML in them is untrusted input. Safe loading
already refuses arbitrary objects; this module adds the cheap guards it lacks: a character scan
for deep flow nesting (`[[[[...`) that runs before any PyYAML call, a token scan that refuses
alias bombs and deep block nesting before anything is built, and an expansion count after loading
for aliases that still multiply (or loop). The guards decide on their own limits, not PyYAML's:
a PyYAML release that adds (or moves) a nesting limit of its own changes nothing a user sees.

It also tolerates one common non-YAML habit: Cursor rules write `globs: *.ts` unquoted, which YAML
reads as an alias to an anchor that does not exist. When a document defines no anchors at all,
such a value can only be meant literally, so it is read as the string it looks like.

Flat frontmatter (nearly all of it) never gets here: `frontmatter_simple` reads it first.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from collections.abc import Callable
from typing import Any

import yaml
from frontmatter.default_handlers import YAMLHandler

from gitmem.memory.frontmatter_simple import NOT_SIMPLE, load_simple_frontmatter
from gitmem.memory.layout import SAFE_LOADER, TOP_LEVEL_KEY

MAX_ALIASES = 50
MAX_DEPTH = 50
MAX_EXPANDED_NODES = 10_000
_MAX_WALK_DEPTH = 200

# python-frontmatter's YAMLHandler.load defaults to `yaml.CSafeLoader` when PyYAML has libyaml
# (checked in frontmatter/default_handlers.py: `from yaml import CSafeLoader as SafeLoader`), else
# the pure-Python SafeLoader. We pass the same choice explicitly so the guard scan and the load
# always use one loader.
_HANDLER = YAMLHandler()


class _Loader(SAFE_LOADER):  # type: ignore[misc, valid-type]
    """The safe loader, except that a scalar that looks like a date and is none ("2026-02-30")
    stays text, so GM102 can name that one field instead of the whole block failing to load."""


def _lenient_timestamp(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
    try:
        return yaml.SafeLoader.construct_yaml_timestamp(loader, node)
    except ValueError:
        return node.value


_Loader.add_constructor("tag:yaml.org,2002:timestamp", _lenient_timestamp)

_OPENERS = (
    yaml.BlockMappingStartToken,
    yaml.BlockSequenceStartToken,
    yaml.FlowMappingStartToken,
    yaml.FlowSequenceStartToken,
)
_CLOSERS = (yaml.BlockEndToken, yaml.FlowMappingEndToken, yaml.FlowSequenceEndToken)
# Block nesting needs indentation (or `- `/`? ` prefixes) of at least one column per level.
_DEEP_PREFIX = re.compile(rf"^[ ?-]{{{MAX_DEPTH}}}", re.MULTILINE)


@dataclass(frozen=True)
class YamlFailure:
    """Why frontmatter YAML was not used; `line` is 0-based within the frontmatter text."""

    message: str
    line: int = 0


def load_frontmatter_yaml(text: str) -> tuple[Any, YamlFailure | None]:
    """Parse frontmatter text; never raises. Returns (value, None) or (None, failure)."""
    simple = load_simple_frontmatter(text)
    if simple is not NOT_SIMPLE:
        return simple, None
    value, failure = _load_guarded(text)
    if isinstance(failure, yaml.YAMLError):
        bracketed = _bracket_quoted_lists(text)
        base = bracketed or text
        lenient = _quote_unanchored_glob_values(base) if "&" not in base else None
        if lenient is None and _ANCHOR.search(base) is None:  # "A & B" is text, `&a` is not
            lenient = _quote_unparsable_values(base)
        lenient = lenient or bracketed
        if lenient is None:
            return None, _describe(failure, text)
        value, lenient_failure = _load_guarded(lenient)
        if isinstance(lenient_failure, yaml.YAMLError):
            return None, _describe(failure, text)
        failure = lenient_failure
    if failure is not None:
        return None, failure
    if "&" in text:
        expansion = _expanded_size_failure(value)
        if expansion is not None:
            return None, expansion
    return value, None


def _load_guarded(text: str) -> tuple[Any, YamlFailure | yaml.YAMLError | None]:
    """Scan-guard then load; a YAML syntax error is returned as is for the caller to describe."""
    refusal = _refuse_before_loading(text)
    if refusal is not None:
        return None, refusal
    try:
        return _HANDLER.load(text, Loader=_Loader), None
    except yaml.YAMLError as error:
        return None, error
    except (RecursionError, MemoryError, ValueError, TypeError, OverflowError) as error:
        return None, YamlFailure(f"frontmatter could not be loaded ({type(error).__name__})")


def _refuse_before_loading(text: str) -> YamlFailure | None:
    deep_flow_line = _deep_flow_line(text)
    if deep_flow_line is not None:
        return YamlFailure(
            f"frontmatter is nested more than {MAX_DEPTH} levels deep; refused", deep_flow_line
        )
    cheap = "&" not in text and text.count("[") + text.count("{") <= MAX_DEPTH
    if cheap and not _DEEP_PREFIX.search(text):
        return None
    aliases = depth = 0
    try:
        for token in yaml.scan(text, Loader=SAFE_LOADER):
            if isinstance(token, yaml.AliasToken):
                aliases += 1
                if aliases > MAX_ALIASES:
                    return YamlFailure(
                        f"frontmatter uses more than {MAX_ALIASES} YAML aliases; refused "
                        "(alias expansion can exhaust memory)",
                        token.start_mark.line,
                    )
            elif isinstance(token, _OPENERS):
                depth += 1
                if depth > MAX_DEPTH:
                    return YamlFailure(
                        f"frontmatter is nested more than {MAX_DEPTH} levels deep; refused",
                        token.start_mark.line,
                    )
            elif isinstance(token, _CLOSERS):
                depth -= 1
    except (yaml.YAMLError, ValueError):
        return None  # the load below reports the error with its line
    return None


_QUOTE_MAY_OPEN_AFTER = frozenset(" \t\n[{,:-?")


def _deep_flow_line(text: str) -> int | None:
    """The 0-based line where flow nesting (`[`/`{`) passes MAX_DEPTH, or None.

    A character scan, not PyYAML's scanner: PyYAML looks ahead through a whole flow collection
    before it yields the first token, so a token count comes too late, and its own limit (where a
    release has one) would speak first. Quoted scalars and comments are skipped; a bracket inside
    a plain scalar may be over-counted, which only matters past 50 unclosed ones.
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return None
    depth = line = 0
    index, size = 0, len(text)
    previous = "\n"
    while index < size:
        char = text[index]
        if char == "\n":
            line += 1
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return line
        elif char in "]}":
            depth = max(depth - 1, 0)
        elif char == "#" and previous in " \t\n":
            end = text.find("\n", index)
            index = size if end < 0 else end
            continue
        elif char in "'\"" and previous in _QUOTE_MAY_OPEN_AFTER:
            index, line = _skip_quoted(text, index, line)
            previous = char
            continue
        previous = char
        index += 1
    return None


def _skip_quoted(text: str, start: int, line: int) -> tuple[int, int]:
    """Index just past the quoted scalar opening at `start`, and the line it ends on."""
    quote = text[start]
    index = start + 1
    while index < len(text):
        char = text[index]
        if char == "\n":
            line += 1
        elif quote == '"' and char == "\\":
            index += 1
        elif char == quote:
            if quote == "'" and text.startswith("''", index):
                index += 1
            else:
                return index + 1, line
        index += 1
    return index, line


def _quote_top_level_values(text: str, literal: Callable[[str, str], bool]) -> str | None:
    """Quote each one-line top-level value `literal(value, next line)` says is meant as text,
    as a JSON string (valid YAML); None when there is nothing to rewrite."""
    lines = text.split("\n")
    changed = False
    for index, line in enumerate(lines):
        match = TOP_LEVEL_KEY.match(line)
        if match is None:
            continue
        value = line[match.end() :].strip()
        if literal(value, lines[index + 1] if index + 1 < len(lines) else ""):
            lines[index] = line[: match.end()] + " " + json.dumps(value)
            changed = True
    return "\n".join(lines) if changed else None


def _quote_unanchored_glob_values(text: str) -> str | None:
    """Rewrite `key: *.ts` lines as `key: "*.ts"`; None when there is nothing to rewrite."""
    return _quote_top_level_values(text, lambda value, _following: value.startswith("*"))


_ANCHOR = re.compile(r"&\S")
_QUOTED = r"""(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*')"""
_QUOTED_LIST = re.compile(rf"{_QUOTED}(?:[ \t]*,[ \t]*{_QUOTED})+")


def _bracket_quoted_lists(text: str) -> str | None:
    """Read `globs: "src/**", "tests/**"` (quoted items with commas between, no brackets: not
    YAML, and common in Cursor rules, which read globs as a comma-separated list) as the list
    it is; None when no line has that shape."""
    lines = text.split("\n")
    changed = False
    for index, line in enumerate(lines):
        match = TOP_LEVEL_KEY.match(line)
        value = line[match.end():].strip() if match else ""
        if value and _QUOTED_LIST.fullmatch(value):
            lines[index] = f"{line[: match.end()]} [{value}]"
            changed = True
    return "\n".join(lines) if changed else None


def _quote_unparsable_values(text: str) -> str | None:
    """Read a one-line value that is not YAML on its own as the text it is, as the agents do:
    Claude Code's documented `argument-hint: [pr-number] [priority]` (a flow sequence followed
    by more text) and `description: Standards: NYC location, ...` (a second `: `) load as
    strings there. None when no line needs it (the error is then real)."""
    return _quote_top_level_values(text, _unparsable_alone)


def _unparsable_alone(value: str, following: str) -> bool:
    if not value or value[0] in "|>\"'&!" or following[:1] in (" ", "\t"):
        return False  # block scalars, quoted values, multi-line values: left to YAML
    if value.count("[") != value.count("]") or value.count("{") != value.count("}"):
        return False  # an unclosed flow collection is a real error
    try:
        yaml.load("k: " + value, Loader=_Loader)
    except yaml.YAMLError:
        return True
    return False


def _describe(error: yaml.YAMLError, text: str) -> YamlFailure:
    """Message and line of a YAML error; at end of input, the line of the unclosed construct.

    libyaml places errors at end of input one line too late, so the error path re-reads the
    text with the pure-Python loader (same grammar), whose marks point at the offending line.
    """
    if SAFE_LOADER is not yaml.SafeLoader:
        try:
            yaml.load(text, Loader=yaml.SafeLoader)
        except yaml.YAMLError as precise:
            error = precise
        except (RecursionError, ValueError):
            pass
    mark = getattr(error, "problem_mark", None)
    context_mark = getattr(error, "context_mark", None)
    if mark is None or (context_mark is not None and mark.line > text.count("\n")):
        mark = context_mark or mark
    problem = getattr(error, "problem", None) or str(error).split("\n", 1)[0]
    context = getattr(error, "context", None)
    message = f"{context}, {problem}" if context else str(problem)
    return YamlFailure(f"frontmatter is not valid YAML: {message}", mark.line if mark else 0)


def _expanded_size_failure(value: Any) -> YamlFailure | None:
    """Count nodes as a consumer walking the value would see them (aliases expanded)."""
    sizes: dict[int, int] = {}
    in_progress: set[int] = set()

    def size(node: Any, depth: int) -> int:
        if not isinstance(node, (list, dict)):
            return 1
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in in_progress:
            raise _Refused("frontmatter contains a YAML alias that refers to itself; refused")
        if depth > _MAX_WALK_DEPTH:
            raise _Refused("frontmatter is nested too deeply through aliases; refused")
        in_progress.add(key)
        children = [*node.keys(), *node.values()] if isinstance(node, dict) else node
        total = 1
        for child in children:
            total += size(child, depth + 1)
            if total > MAX_EXPANDED_NODES:
                raise _Refused(
                    f"frontmatter aliases expand to more than {MAX_EXPANDED_NODES} values; refused"
                )
        in_progress.discard(key)
        sizes[key] = total
        return total

    try:
        size(value, 0)
    except _Refused as refused:
        return YamlFailure(str(refused))
    return None


class _Refused(Exception):
    pass

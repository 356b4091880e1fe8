"""GM211: lines of one file under two headings that name two cases of one kind."""

from __future__ import annotations

from pathlib import Path

from gitutil import make_repo
from lintutil import cli

NAMING = """# Naming

## Python specific

- Always write acronyms in capitals inside names (`HTTPClient`, not `HttpClient`).

## Kotlin specific

- Never write acronyms in capitals inside names (`HttpClient`, not `HTTPClient`).

## Style

- Always keep acronyms in capitals inside constant names.

## Review

- Never keep acronyms in capitals inside constant names.
"""

SCRIPTS = """# Scripts

### `deploy.sh`

The deploy script for Linux and macOS.

### `deploy.ps1`

The deploy script for Windows.
"""


def _contradictions(tmp_path: Path, files: dict[str, str]) -> list[frozenset[tuple[str, int]]]:
    repo = make_repo(tmp_path / "r", {**files, "src/app.py": "print(1)\n"})
    run = cli(repo, "lint", "--format", "json", "--select", "GM211")
    return [frozenset({(f["path"], f["line"]), (r["path"], r["line"])})
            for f in run.json()["findings"] if f["code"] == "GM211" for r in f["related"]]


def test_two_headings_of_one_kind_in_one_file_are_two_cases(tmp_path: Path) -> None:
    # One style guide, a section per language ("Python specific" / "Kotlin specific") and a
    # section per script named in code: each line holds for its own heading's case. Two
    # headings that name no two cases of one kind ("Style" / "Review") still conflict.
    pairs = _contradictions(tmp_path, {".clinerules/naming.md": NAMING,
                                       ".clinerules/scripts.md": SCRIPTS})
    assert pairs == [{(".clinerules/naming.md", 13), (".clinerules/naming.md", 17)}]


def test_the_same_headings_in_two_files_are_still_compared(tmp_path: Path) -> None:
    # Two files are two memories, not two sections of one document: the rule is per file.
    python, kotlin = NAMING.split("## Kotlin specific")
    pairs = _contradictions(tmp_path, {".clinerules/python.md": python.split("## Style")[0],
                                       ".clinerules/kotlin.md": "# Naming\n\n## Kotlin specific"
                                                                + kotlin.split("## Style")[0]})
    assert pairs == [{(".clinerules/python.md", 5), (".clinerules/kotlin.md", 5)}]


def test_two_parts_of_one_rule_book_are_still_compared(tmp_path: Path) -> None:
    # "Build rules" / "Release rules" share only "rules", a part of the document, not a kind of
    # thing each heading is one case of: both sections bind the same reader, so a line under one
    # still conflicts with a line under the other. So do "Section 2" / "Section 3".
    book = ("# Handbook\n\n## Build rules\n\n- Never cache the node modules in CI\n"
            "- Keep the build under five minutes\n\n## Release rules\n\n"
            "- Always cache the node modules in CI release jobs\n"
            "- Tag every release from `main`\n")
    numbered = ("# Handbook\n\n## Section 2: Logging\n\n- Never log the request body\n\n"
                "## Section 3: Debugging\n\n- Always log the request body when debugging\n")
    pairs = _contradictions(tmp_path, {".clinerules/book.md": book,
                                       ".clinerules/numbered.md": numbered})
    assert {(".clinerules/book.md", 5), (".clinerules/book.md", 10)} in pairs
    assert {(".clinerules/numbered.md", 5), (".clinerules/numbered.md", 9)} in pairs

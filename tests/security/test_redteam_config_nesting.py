"""A lever found by the sec-a red-team pass (beyond the report): a committed `.gitmem.toml` nested
thousands of arrays or inline tables deep. Python's TOML parser recurses once per level, so
every command, the pre-commit hook included, exited 70 (an internal error) in such a clone.

The promise: a configuration file gitmem cannot read is invalid input (exit 3, naming the file
and what to fix), never an internal error.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gitutil import gitmem, make_repo

MEMORY = "---\nname: a\ntype: project\n---\n- A fact.\n"


@pytest.mark.parametrize("value", ["[" * 50000 + "]" * 50000, "{a=" * 5000 + "1" + "}" * 5000])
def test_a_deeply_nested_config_is_invalid_input_not_a_crash(tmp_path: Path, value: str) -> None:
    repo = make_repo(tmp_path / "r", {
        ".gitmem.toml": f"[memory]\ninclude = {value}\n", "memory/a.md": MEMORY,
    })
    for args in (("lint",), ("log",)):
        result = gitmem(repo, *args)
        assert result.code == 3, (args, result)
        assert ".gitmem.toml" in result.err and "nests" in result.err, result
    assert gitmem(repo, "hook", "pre-commit").code in (0, 3)  # nothing staged; never 70

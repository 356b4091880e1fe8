"""Configuration values: every bad value is exit 3 naming its key, never an internal error."""

from __future__ import annotations

from pathlib import Path

import pytest
from gitutil import gitmem, make_repo, snapshot

from gitmem.config import load_config
from gitmem.errors import InvalidInputError


@pytest.mark.parametrize("toml, key", [
    ("[policy]\nmax_mutations = inf\n", "max_mutations"),
    ("[policy]\nmax_mutations = nan\n", "max_mutations"),
    ("[policy]\nmax_mutations = 1.5\n", "max_mutations"),
    ("[policy]\nmax_mutations = 1e309\n", "max_mutations"),
    ("[policy]\ndismiss_days = 3000000\n", "dismiss_days"),
    ("[policy]\ndismiss_days = 0\n", "dismiss_days"),
    ("[lint]\nreview_file = 7\n", "review_file"),
    ("[lint]\nreview_file = \"\"\n", "review_file"),
    ("[judge]\ntimeout = inf\n", "timeout"),
    ("[judge]\ntimeout = nan\n", "timeout"),
])
def test_a_value_out_of_range_names_its_key(toml: str, key: str) -> None:
    with pytest.raises(InvalidInputError, match=key):
        load_config(toml, {}, {})


def test_the_environment_is_checked_the_same_way() -> None:
    with pytest.raises(InvalidInputError, match="dismiss_days"):
        load_config(None, {}, {"GITMEM_POLICY_DISMISS_DAYS": "3000000"})
    assert load_config(None, {}, {"GITMEM_POLICY_DISMISS_DAYS": "30"}).dismiss_days == 30
    assert load_config("[policy]\nmax_mutations = 3.0\n", {}, {}).max_mutations == 3


@pytest.mark.parametrize("command", [["lint"], ["recall", "x"], ["protect", "memory/a.md"],
                                     ["sweep"]])
def test_commands_refuse_an_infinite_setting_with_exit_3(tmp_path: Path,
                                                          command: list[str]) -> None:
    repo = make_repo(tmp_path / "m", {
        "memory/a.md": "---\nname: a\n---\n- Use tabs.\n",
        ".gitmem.toml": "[policy]\nmax_mutations = inf\n",
    })
    before = snapshot(repo)
    result = gitmem(repo, *command)
    assert result.code == 3 and "max_mutations" in result.err, result
    assert snapshot(repo) == before

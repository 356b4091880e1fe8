"""A noun that denies what it names ("SQL injection prevention", "XSS protection") says what
"No SQL injection" says: two such lines agree in other words (GM211, a batch-18 judged false
alarm in our own words). A line that affirms the thing itself, or one where the noun denies
something else ("Use a lock for race prevention" against "Do not use a lock"), still conflicts.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gitutil import make_repo
from lintutil import cli

from gitmem.consistency.contradiction import detect_contradiction

AGREE = [
    ("**Use the ORM**: built-in SQL injection prevention",
     "**No SQL injection**: the ORM binds every parameter"),
    ("Templates give automatic XSS protection", "No XSS in rendered templates"),
]

CONFLICT = [
    ("**Use the ORM**: SQL injection", "**No SQL injection**: the ORM binds every parameter"),
    ("Use a lock for race prevention", "Do not use a lock"),
]


@pytest.mark.parametrize(("a", "b"), AGREE)
def test_a_denying_noun_agrees_with_a_denial(a: str, b: str) -> None:
    assert detect_contradiction(a, b) is None
    assert detect_contradiction(b, a) is None


@pytest.mark.parametrize(("a", "b"), CONFLICT)
def test_an_affirmation_still_conflicts_with_a_denial(a: str, b: str) -> None:
    assert detect_contradiction(a, b) is not None
    assert detect_contradiction(b, a) is not None


def test_two_agents_files_that_both_rule_out_injection_lint_clean(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "README.md": "# A service\n", "src/app.py": "print('hi')\n",
        "AGENTS.md": "# Security\n\n2. **Use the ORM**: built-in SQL injection prevention\n",
        "packages/db/AGENTS.md": "# Database\n\n- **No SQL injection**: the ORM binds every "
                                 "parameter\n",
    })
    run = cli(repo, "lint", "--json", "--select", "GM211")
    assert run.code in (0, 1), run.out + run.err
    assert run.codes() == []
    (repo / "packages/db/AGENTS.md").write_text(
        "# Database\n\n- **Use the ORM**: SQL injection\n")
    (repo / "AGENTS.md").write_text("# Security\n\n- **No SQL injection**: the ORM binds "
                                    "every parameter\n")
    assert "GM211" in cli(repo, "lint", "--json", "--select", "GM211").codes()

"""A plan's diff says exactly what the plan does: unidiff reads it back, every hunk applies to the
planned blob and gives the planned result (and `git apply` agrees), or no plan is stored."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from gitutil import git, gitmem, make_repo, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from gitmem.model import FileChange
from gitmem.ops.diff import PlanDiffError, check_diff_applies, plan_diff, unified_diff

OLD = "---\nname: wrapper\ntype: project\n---\n- The wrapper cannot pass arguments.\n"
NEW = "---\nname: wrapper-v2\ntype: project\n---\n- The wrapper passes arguments since v2.\n"


def git_apply(repo: Path, diff: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", "apply", "--whitespace=nowarn", "-"], cwd=repo,
                          input=diff.encode("utf-8", "surrogateescape"), capture_output=True,
                          check=False)


@pytest.mark.parametrize("body", [
    "- Deploy on Fridays.\f- Page break before this claim.\n",  # a form feed inside a line
    "- Deploy on Fridays.\u2028Still the same line for git.\n",  # U+2028
    "- Old Mac line end\rstays inside the line.\n",
    "- Windows lines.\r\n- Both of them.\r\n",
    "- No newline at the end.",
    "- Latin-1 caf\xe9 stays a byte.\n",
])
def test_plan_diff_applies_with_git_and_gives_the_planned_file(tmp_path: Path, body: str) -> None:
    raw = (OLD + body).encode("utf-8") if "caf" not in body else \
        OLD.encode() + body.encode("latin-1")
    repo = make_repo(tmp_path / "r", {"memory/wrapper.md": raw, "memory/wrapper-v2.md": NEW})
    before = snapshot(repo)
    planned = gitmem(repo, "plan", "supersede", "memory/wrapper.md", "--by",
                     "memory/wrapper-v2.md", "--json")
    assert planned.code == 0, planned
    diff = json.loads(planned.out)["diff"]
    assert snapshot(repo) == before
    applied = git_apply(repo, diff)
    assert applied.returncode == 0, applied.stderr
    by_git = (repo / "memory/wrapper.md").read_bytes()
    assert by_git != raw
    git(repo, "checkout", "--", "memory/wrapper.md")
    assert gitmem(repo, "apply", json.loads(planned.out)["plan"], "--confirm").code == 0
    assert (repo / "memory/wrapper.md").read_bytes() == by_git  # the diff is what apply did


def test_the_text_diff_is_the_files_own_bytes(tmp_path: Path) -> None:
    raw = OLD.encode() + "- caf\xe9\n".encode("latin-1")
    repo = make_repo(tmp_path / "r", {"memory/wrapper.md": raw, "memory/wrapper-v2.md": NEW})
    proc = subprocess.run(["gitmem", "-C", str(repo), "plan", "supersede", "memory/wrapper.md",
                           "--by", "memory/wrapper-v2.md"], capture_output=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert b" - caf\xe9\n" in proc.stdout  # context line, not a replacement character


def test_a_plan_whose_diff_does_not_apply_is_refused_and_not_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """gitmem's own diff writer going wrong (here: made to drop a context line) is caught
    before the plan is stored: exit 70, a message saying so, no plan file, nothing changed."""
    from click.testing import CliRunner

    import gitmem.ops.diff as diff_module
    from gitmem.cli import main

    repo = make_repo(tmp_path / "r", {"memory/wrapper.md": OLD, "memory/wrapper-v2.md": NEW})
    before = snapshot(repo)
    real = diff_module.unified_diff
    monkeypatch.setattr(diff_module, "unified_diff",
                        lambda changes: real(changes).replace(" type: project\n", "", 1))
    runner = CliRunner()
    with runner.isolation() as (_, err, _):
        with pytest.raises(SystemExit) as exited:
            main(["-C", str(repo), "plan", "supersede", "memory/wrapper.md", "--by",
                  "memory/wrapper-v2.md"])
        message = err.getvalue().decode()
    assert exited.value.code == 70, message
    assert "does not apply" in message and "no plan was stored" in message
    assert snapshot(repo) == before
    plans = repo / ".git/gitmem/plans"
    assert not plans.exists() or not list(plans.glob("*.json"))


def change(before: str | None, after: str | None) -> tuple[FileChange, ...]:
    return (FileChange("memory/a.md", None if before is None else before.encode(),
                       None if after is None else after.encode()),)


@pytest.mark.parametrize(("tamper", "why"), [
    (lambda d: d.replace("-two\n", "-TWO\n"), "does not match line"),
    (lambda d: d.replace("+2\n", "+3\n"), "does not give the planned text"),
    (lambda d: d.replace("@@ -1,3 +1,3 @@", "@@ -1,4 +1,3 @@"), "cannot read it"),
    (lambda d: d.replace("memory/a.md", "memory/b.md"), "names"),
    (lambda d: "", r"0 file\(s\)"),
])
def test_check_refuses_a_diff_that_does_not_say_what_the_plan_does(tamper, why: str) -> None:
    changes = change("one\ntwo\nthree\n", "one\n2\nthree\n")
    good = unified_diff(changes)
    check_diff_applies(good, changes)
    with pytest.raises(PlanDiffError, match=why):
        check_diff_applies(tamper(good), changes)


LINE = st.text(alphabet=st.sampled_from("ab \t\r\f\u2028\u00e9x"), max_size=6)


@settings(max_examples=300, deadline=None)
@given(st.lists(LINE, max_size=12), st.lists(LINE, max_size=12), st.booleans(), st.booleans(),
       st.sampled_from(["new", "deleted", "modified"]))
def test_every_diff_reads_back_and_applies(
    old: list[str], new: list[str], old_ends: bool, new_ends: bool, kind: str
) -> None:
    before = "\n".join(old) + ("\n" if old_ends and old else "")
    after = "\n".join(new) + ("\n" if new_ends and new else "")
    changes = change(None if kind == "new" else before, None if kind == "deleted" else after)
    plan_diff(changes)  # raises PlanDiffError when it does not round-trip

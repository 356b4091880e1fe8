"""`gitmem demo`: a throwaway memory repo with planted problems, walked through step by step."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import tempfile
from pathlib import Path

import click

from gitmem.gitrepo import clean_git_env

MEMORIES = {
    "memory/merge-style.md": """---
name: merge style
description: how pull requests are landed
type: user
tags: [git, review]
---
- Always squash merges into main.
""",
    "memory/history-policy.md": """---
name: history policy
description: notes an agent wrote after one rebase went wrong
type: feedback
tags: [git]
---
- Never squash merges; keep every commit of a branch.
""",
    "memory/deploy.md": """---
name: deploy fix
type: project
---
- The flaky deploy was fixed in commit 4f3c2b1a9e.
- Deploys run from `scripts/deploy.sh`.
""",
    "memory/layout.md": """---
name: layout
type: project
---
- The service entry point is `src/old_main.py`.
""",
    "memory/testing.md": """---
name: testing
type: project
---
- Run the whole test suite with `pytest -q` before every push.
""",
    "memory/testing-copy.md": """---
name: testing again
type: project
---
- Run the whole test suite with `pytest -q` before every push.
""",
}


def _git(repo: Path, *args: str) -> str:
    out = subprocess.run(["git", *args], cwd=repo, env=clean_git_env(), capture_output=True,
                         text=True, check=True)
    return out.stdout.strip()


def build_demo_repo(root: Path) -> dict[str, str]:
    """A repo whose history deletes a file and whose memories contradict, duplicate, and cite
    a fabricated commit. Returns ids the walk-through refers to."""
    _git(root, "init", "-q", "-b", "main")
    _git(root, "config", "user.name", "gitmem demo")
    _git(root, "config", "user.email", "demo@gitmem.invalid")
    (root / "src").mkdir()
    (root / "scripts").mkdir()
    (root / "src/old_main.py").write_text("print('old entry point')\n")
    (root / "scripts/deploy.sh").write_text("#!/bin/sh\necho deploy\n")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "start the service")
    _git(root, "mv", "src/old_main.py", "src/main.py")
    _git(root, "commit", "-q", "-m", "move the entry point to src/main.py")
    fix = _git(root, "rev-parse", "HEAD")
    for rel, text in MEMORIES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "agent: save memories")
    return {"fix": fix}


def _python_m_gitmem() -> list[str]:
    """`python -P -m gitmem`: `-m` alone puts the current folder first on sys.path, so a
    `gitmem/` package where the user stands (a cloned repository) would run instead."""
    return [os.environ.get("GITMEM_DEMO_PYTHON", "python3"), "-P", "-m", "gitmem"]


def _run(repo: Path, args: list[str], note: str) -> tuple[int, str]:
    click.secho(f"\n# {note}", fg="cyan")
    click.secho(f"$ gitmem {shlex.join(args)}", bold=True)
    proc = subprocess.run(
        [*_python_m_gitmem(), "-C", str(repo), *args],
        capture_output=True, text=True, env={**clean_git_env(), "PYTHONIOENCODING": "utf-8"},
        check=False,  # the exit code is part of what the demo shows
    )
    click.echo((proc.stdout + proc.stderr).rstrip())
    click.secho(f"(exit {proc.returncode})", dim=True)
    return proc.returncode, proc.stdout


def _gitmem_quietly(repo: Path, *args: str) -> str:
    proc = subprocess.run([*_python_m_gitmem(), "-C", str(repo), *args], capture_output=True,
                          text=True, env=clean_git_env(), check=False)
    return proc.stdout


@click.command()
@click.option("--keep", is_flag=True, help="Keep the demo repository and print where it is.")
def demo(keep: bool) -> None:
    """Build a throwaway memory repo with planted problems and walk through the main job."""
    import sys

    os.environ.setdefault("GITMEM_DEMO_PYTHON", sys.executable)
    tmp = tempfile.mkdtemp(prefix="gitmem-demo-")
    repo = Path(tmp)
    ids = build_demo_repo(repo)
    click.secho(f"A memory repo in {repo} with six memories an agent wrote.", bold=True)
    _run(repo, ["lint"], "lint finds the contradiction (GM211), the duplicate (GM201), the "
         "invented commit (GM301) and the moved file (GM311)")
    _run(repo, ["review"], "the pairs wait in the review queue")
    items = json.loads(_gitmem_quietly(repo, "review", "--json") or "{}").get("items", [])
    squash = next((i for i in items if i["kind"] == "contradiction"), None)
    if squash is not None:
        _run(repo, ["resolve", squash["id"], "--keep", "memory/merge-style.md", "--reason",
                    "the user's own rule wins over an agent's note"],
             "resolve it: the user's rule stands, the agent's note is superseded (one commit)")
    _run(repo, ["merge", "memory/testing.md", "memory/testing-copy.md", "--confirm"],
         "merge the duplicate into one memory (the copy is superseded, not deleted)")
    for rel, old, new in (("memory/deploy.md", "4f3c2b1a9e", ids["fix"][:10]),
                          ("memory/layout.md", "src/old_main.py", "src/main.py")):
        (repo / rel).write_text((repo / rel).read_text().replace(old, new))
    _git(repo, "commit", "-q", "-am", "agent: correct the cited commit and the moved path")
    click.secho("\n# the agent replaces the invented hash with the real commit and fixes the "
                "moved path, and commits", fg="cyan")
    _run(repo, ["lint"], "lint again: every planted problem is resolved")
    _run(repo, ["log"], "every maintenance operation is a commit with Gitmem-* trailers")
    _run(repo, ["recall", "squash merges"], "recall hides superseded memories")
    _run(repo, ["undo", "--last"], "undo is a revert: the merge is taken back")
    _run(repo, ["lint", "--select", "GM2"], "so the duplicate is back")
    _run(repo, ["log"], "the undo is itself an op commit; undoing it again would redo the merge")
    click.echo(f"\n$ git -C {repo} log --format='%h %s' -n 5")
    click.echo(_git(repo, "log", "--format=%h %s", "-n", "5"))
    if keep:
        click.secho(f"\nThe demo repository is kept at {repo}", bold=True)
    else:
        import shutil

        shutil.rmtree(repo, ignore_errors=True)
        click.secho(f"\nThe demo repository {repo} was removed; `gitmem demo --keep` keeps it "
                    "to explore.", bold=True)

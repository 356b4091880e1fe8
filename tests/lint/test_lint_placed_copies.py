"""Copies a tool places in every project of a monorepo, and files begun from a template, are no
duplicates (the blind batch 12 of issue 17): the same guide word for word at the same place
(folder and name) in each app, and an app's AGENTS.md made from `templates/.../AGENTS.md`. One copy stays and is
compared; a copy that has drifted still is a duplicate; names alone make nothing a copy."""

from __future__ import annotations

from pathlib import Path

from gitutil import make_repo
from lintutil import cli

from gitmem.memory.copies import derived_copies, without_cycles
from gitmem.memory.parse import parse_memory

GUIDE = """# Widget guide

- Widgets are registered in the widget registry at startup.
- Every widget declares its inputs with a schema.
- A widget never reads the environment directly.
- Widget names are written in kebab case.
- Render widgets on the server unless they need the browser.
- Keep one widget per file under the widgets folder.
"""

ROOT = """# Monorepo

- Install dependencies with the workspace tool from the root.
- Each app has its own build command.
"""

TEMPLATE = """# Agent notes for {{NAME}}

- Start the dev server with the run script.
- Lint before every commit.
- Store secrets in the vault, never in the repository.
- Keep the handlers small and focused.
- Write a test for each new route.
"""


def findings(repo: Path, select: str = "GM2") -> list[tuple[str, str, list[str]]]:
    run = cli(repo, "lint", "--json", "--select", select)
    assert run.code in (0, 1), run.out + run.err
    return [(f["code"], f["path"], [r["path"] for r in f.get("related", [])])
            for f in run.json()["findings"]]


def test_the_same_guide_placed_in_each_app_is_no_duplicate(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "AGENTS.md": ROOT,
        **{f"apps/{app}/.agents/widgets/AGENTS.md": GUIDE for app in ("admin", "blog", "shop")},
    })
    assert findings(repo) == []


def test_a_copy_that_has_drifted_is_still_reported_against_the_one_kept(tmp_path: Path) -> None:
    drifted = GUIDE.replace("kebab case", "snake case") + "- Widgets log through the app logger.\n"
    repo = make_repo(tmp_path / "r", {
        "AGENTS.md": ROOT,
        **{f"apps/{app}/.agents/widgets/AGENTS.md": GUIDE for app in ("admin", "blog", "shop")},
        "apps/shop/src/widgets/AGENTS.md": drifted,
    })
    found = findings(repo, "GM201")
    assert found, "the drifted full copy repeats the guide and must be reported"
    places = {path for _, path, related in found for path in [path, *related]}
    # compared with the copy that stays (the first of three alike), not once per app
    assert places == {"apps/admin/.agents/widgets/AGENTS.md", "apps/shop/src/widgets/AGENTS.md"}


def test_a_contradiction_with_placed_copies_is_reported_once(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "AGENTS.md": ROOT + "- Widget names are written in camel case.\n",
        **{f"apps/{app}/.agents/widgets/AGENTS.md": GUIDE for app in ("admin", "blog")},
    })
    found = findings(repo, "GM211")
    assert len(found) == 1
    assert "apps/blog/.agents/widgets/AGENTS.md" not in {found[0][1], *found[0][2]}


def test_a_bank_copied_into_another_folder_is_still_compared(tmp_path: Path) -> None:
    """Same name and lines but another folder: a second copy kept by hand, which drifts; a
    line the bank repeats is reported with that copy among its places."""
    context = "# Context\n\n- The API is versioned in the path.\n" \
        "- Every widget declares its inputs with a schema.\n"
    repo = make_repo(tmp_path / "r", {"memory-bank/systemPatterns.md": GUIDE,
                                      "memory-bank/techContext.md": context,
                                      ".clinerules/systemPatterns.md": GUIDE})
    places = {path for _, path, related in findings(repo, "GM201") for path in [path, *related]}
    assert places == {".clinerules/systemPatterns.md", "memory-bank/systemPatterns.md",
                      "memory-bank/techContext.md"}


def test_apps_begun_from_a_template_are_no_duplicates_of_it(tmp_path: Path) -> None:
    grown = TEMPLATE.replace("{{NAME}}", "billing") + \
        "- Billing amounts are integers in cents.\n- Invoices are immutable once sent.\n"
    repo = make_repo(tmp_path / "r", {
        "AGENTS.md": ROOT,
        "templates/base/AGENTS.md": TEMPLATE,
        "apps/billing/AGENTS.md": grown,
        "apps/search/AGENTS.md": TEMPLATE.replace("{{NAME}}", "search"),
    })
    assert findings(repo) == []


def test_the_same_files_outside_a_template_folder_are_compared(tmp_path: Path) -> None:
    """Without the template folder, an app that added lines to a shared file repeats it."""
    grown = TEMPLATE + "- Billing amounts are integers in cents.\n"
    repo = make_repo(tmp_path / "r", {
        "AGENTS.md": ROOT,
        "examples/base/AGENTS.md": TEMPLATE,
        "apps/billing/AGENTS.md": grown,
    })
    found = findings(repo, "GM201")
    assert [(path, related) for _, path, related in found] == [
        ("apps/billing/AGENTS.md", ["examples/base/AGENTS.md"])]


def test_which_files_are_placed_or_templated_copies() -> None:
    def memory(path: str, text: str):
        return parse_memory(path, text.encode())

    fact = "- Retry a failed push once, then ask.\n- Never force-push to main.\n"
    memories = [
        memory("templates/app/CLAUDE.md", TEMPLATE),
        memory("apps/a/CLAUDE.md", TEMPLATE + "- The a app runs on port 3000.\n"),
        memory("apps/b/.agents/g/AGENTS.md", GUIDE),
        memory("apps/c/.agents/g/AGENTS.md", GUIDE),
        memory("apps/a/deep/.agents/g/AGENTS.md", GUIDE),
        # names alike, words alike: two memories, not copies (no template folder, not the same
        # file name, or not every claim the same)
        memory("memory/feedback_git.md", fact),
        memory("memory/feedback_review.md", fact),
        memory("apps/d/.agents/g/AGENTS.md", GUIDE + "- Widgets ship with a story.\n"),
        memory("apps/e/CLAUDE.md", "# E\n\n- Start the dev server with the run script.\n"
               "- E deploys to the edge.\n- E has no database.\n"),
        # the same file in two folders of other names: a copy kept by hand, compared
        memory("memory-bank/systemPatterns.md", GUIDE),
        memory(".clinerules/systemPatterns.md", GUIDE),
    ]
    assert derived_copies(memories) == {
        "apps/a/CLAUDE.md": "templates/app/CLAUDE.md",
        "apps/c/.agents/g/AGENTS.md": "apps/b/.agents/g/AGENTS.md",
        "apps/a/deep/.agents/g/AGENTS.md": "apps/b/.agents/g/AGENTS.md",
    }


def test_a_ring_of_three_copies_keeps_one_file_compared(tmp_path: Path) -> None:
    """A template, a placed copy and a snapshot that each count another as their source: one
    of them stays an original, so a contradiction with a fourth file is still reported."""
    guide = "# Agents\n\n- Use pnpm for every install in this workspace.\n"
    repo = make_repo(tmp_path / "r", {
        "a/templates/base/AGENTS.md": guide, "b/templates/AGENTS.md": guide,
        "templates/AGENTS.md": guide,
        "c/AGENTS.md": "# Agents\n\n- Never use pnpm for installs in this workspace; use npm.\n"})
    found = cli(repo, "lint", "--format", "json", "--select", "GM211").json()["findings"]
    assert [f["code"] for f in found] == ["GM211"]
    assert without_cycles({"x": "y", "y": "z", "z": "x", "w": "x"}) == {
        "y": "z", "z": "x", "w": "x"}

"""Agent-memory layouts: a project that keeps its memory beside its code is linted on that memory,
not on its docs; a repository that is all memory keeps reading every Markdown file."""

from __future__ import annotations

from pathlib import Path

from gitutil import git, make_repo
from lintutil import cli

from gitmem.memory.discover import MemoryMatcher
from gitmem.memory.layouts import discover_layouts, layouts_of

# The same sentence twice in the project's docs: a duplicate only if the docs are read.
DOCS = {
    "docs/guide.md": "- Example: run the tests before you push.\n",
    "docs/other.md": "- Example: run the tests before you push.\n",
}


def _linted(repo: Path) -> list[str]:
    run = cli(repo, "lint", "--json")
    assert run.code in (0, 1), run.err
    return sorted({f["path"] for f in run.json()["findings"]} |
                  {m["path"] for m in run.json()["memories"]})


def test_memory_bank_project_reads_the_memory_bank_not_its_docs(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        **DOCS,
        "memory-bank/activeContext.md": "# Active\n\n- The API uses `src/api.py`.\n",
        "src/api.py": "x = 1\n",
    })
    run = cli(repo, "lint", "--json")
    assert run.code == 0, run.out + run.err
    data = run.json()
    assert [m["path"] for m in data["memories"]] == ["memory-bank/activeContext.md"]
    assert data["findings"] == []  # the docs' duplicate is not reported
    assert data["layouts"] == ["memory-bank"]
    text = cli(repo, "lint")
    assert "memory layouts: memory-bank" in text.out


def test_all_memory_repository_keeps_reading_every_markdown_file(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        **DOCS,
        "MEMORY.md": "# Index\n",
        "memory/one.md": "- Deploys run on Fridays.\n",
        "CLAUDE.md": "- Be brief.\n",
    })
    data = cli(repo, "lint", "--json").json()
    assert data["layouts"] == []
    assert [f["code"] for f in data["findings"]] == ["GM201"]  # the docs are memory here


def test_the_all_memory_shape_inside_a_project_reads_the_memory_not_the_docs(
        tmp_path: Path) -> None:
    """A root MEMORY.md beside memory/ in a project of code and documents (an app that keeps an
    agent's daily notes there) is that project's memory layout: its session logs and guides
    are not memory. The same shape with no code is still all memory (test above)."""
    code = {f"src/module_{n}.py": f"VALUE = {n}\n" for n in range(8)}
    repo = make_repo(tmp_path / "r", {
        **DOCS, **code,
        "docs/guide-a.md": "- Run the tests before you push.\n",
        "MEMORY.md": "# Index\n\n- [Notes](memory/2026-08-01.md)\n",
        "memory/2026-08-01.md": "- The importer lives in `src/module_1.py`.\n",
    })
    data = cli(repo, "lint", "--json").json()
    assert data["layouts"] == ["memory-folder"]
    assert sorted(m["path"] for m in data["memories"]) == ["MEMORY.md", "memory/2026-08-01.md"]
    assert data["findings"] == []  # the docs' duplicate is not read

def test_configured_include_wins_over_discovery(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        **DOCS,
        "AGENTS.md": "- Be brief.\n",
        ".gitmem.toml": '[memory]\ninclude = ["docs/*.md"]\n',
    })
    data = cli(repo, "lint", "--json").json()
    assert data["layouts"] == []
    assert [f["code"] for f in data["findings"]] == ["GM201"]


def test_copilot_instructions_are_memory_but_github_templates_are_not(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        ".github/copilot-instructions.md": "- Use `src/app.py` as the entry point.\n",
        ".github/PULL_REQUEST_TEMPLATE.md": "- Describe the change.\n",
        ".github/ISSUE_TEMPLATE/bug.md": "- Describe the bug.\n",
        "src/app.py": "",
    })
    data = cli(repo, "lint", "--json").json()
    assert [m["path"] for m in data["memories"]] == [".github/copilot-instructions.md"]
    assert data["layouts"] == ["copilot"]


def test_every_documented_layout_is_detected() -> None:
    cases = {
        "memory-bank": ["memory-bank/progress.md"],
        "clinerules": [".clinerules"],
        "cursor-rules": [".cursor/rules/python.mdc"],
        "claude": ["packages/api/CLAUDE.md"],
        "agents-md": ["AGENTS.md"],
        "gemini": ["GEMINI.md"],
        "copilot": [".github/copilot-instructions.md"],
        "windsurf": [".windsurfrules"],
    }
    for name, paths in cases.items():
        found = discover_layouts([*paths, "README.md", "docs/a.md"])
        assert [layout.name for layout in found.layouts] == [name], name


def test_init_writes_the_discovered_layouts(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        **DOCS,
        ".cursor/rules/style.mdc": "---\nalwaysApply: true\n---\n- Use tabs.\n",
        "CLAUDE.md": "- Be brief.\n",
    })
    run = cli(repo, "init")
    assert run.code == 0, run.err
    assert "cursor-rules" in run.out and "claude" in run.out
    toml = (repo / ".gitmem.toml").read_text()
    assert '"**/.cursor/rules/**/*.mdc"' in toml and '"CLAUDE.md"' in toml
    assert '"**/*.md"' not in toml
    # the written configuration reads the same memories discovery did
    data = cli(repo, "lint", "--json").json()
    assert sorted(m["path"] for m in data["memories"]) == [".cursor/rules/style.mdc", "CLAUDE.md"]
    # and the summary still names the layouts it read, now from the written include
    assert data["layouts"] == ["cursor-rules", "claude"]
    assert "memory layouts: cursor-rules, claude" in cli(repo, "lint").out


def test_annotate_queues_in_the_claude_memory_index(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        ".claude/memory/MEMORY.md": "# Memory\n\n- [Build](build.md)\n",
        ".claude/memory/build.md": "- The build script is `scripts/build.sh`.\n",
        "tools/build.sh": "make\n",  # it is in tools/: the memory's path is wrong
    })
    run = cli(repo, "lint", "--annotate")
    assert run.code == 0, run.out + run.err
    assert not (repo / "MEMORY.md").exists()
    assert "Pending review" in (repo / ".claude/memory/MEMORY.md").read_text()
    assert git(repo, "status", "--porcelain") == ""


def test_a_copied_agent_file_is_one_duplicate_finding(tmp_path: Path) -> None:
    """GEMINI.md copied from AGENTS.md repeated 34 claims in a public project: one thing to act
    on, so one GM201, not 34."""
    rules = "".join(f"- Rule {word} applies to every module.\n"
                    for word in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta"))
    repo = make_repo(tmp_path / "r", {
        "AGENTS.md": rules + "- Deploys run on Fridays.\n",
        "GEMINI.md": rules + "- Reviews need two approvals.\n",
        "CLAUDE.md": "- Deploys run on Fridays.\n",
    })
    findings = cli(repo, "lint", "--json", "--select", "GM").json()["findings"]  # GM202 too
    assert [(f["code"], f["path"], f["related"][0]["path"]) for f in findings] == [
        ("GM201", "AGENTS.md", "GEMINI.md"), ("GM201", "AGENTS.md", "CLAUDE.md")]
    assert findings[0]["message"].startswith("6 claims of AGENTS.md are repeated verbatim in "
                                             "GEMINI.md")



def test_a_rules_file_written_out_twice_is_one_duplicate_finding(tmp_path: Path) -> None:
    """A generator appended a rules file's whole block to it a second time: one thing to act on,
    one GM201 naming where the second copy starts; a single line said twice in a file is still
    its own finding."""
    rules = "".join(f"- Rule {word} applies to every module.\n"
                    for word in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta"))
    repo = make_repo(tmp_path / "r", {
        ".windsurfrules": "# Rules\n\n" + rules + "\n# Rules again\n\n" + rules,
        "CLAUDE.md": "- Deploys run on Fridays.\n- Reviews need two approvals.\n"
                     "- Deploys run on Fridays.\n",
    })
    findings = cli(repo, "lint", "--json", "--select", "GM201").json()["findings"]
    assert [(f["path"], f["line"], f["related"][0]["line"]) for f in findings] == [
        (".windsurfrules", 3, 12), ("CLAUDE.md", 1, 3)]
    assert findings[0]["message"].startswith(
        "6 claims of .windsurfrules are repeated verbatim further down .windsurfrules, from ")

# A public project's shape (5throck/safety_os): its memory/ folder keeps its own MEMORY.md index
# and sits beside CLAUDE.md, AGENTS.md and hundreds of documents, with no root MEMORY.md.
PROJECT_WITH_MEMORY_FOLDER = {
    **DOCS,
    "memory/MEMORY.md": "# Memory\n\n- [Audit](2026-08-14.md)\n",
    "memory/2026-08-14.md": "- The audit script is `scripts/audit.sh`.\n",
    "CLAUDE.md": "- Be brief.\n",
    "AGENTS.md": "- Run the tests before you push.\n",
    "scripts/audit.sh": "echo audit\n",
}


def test_a_memory_folder_beside_other_agents_files_is_a_layout_not_all_memory(
        tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", PROJECT_WITH_MEMORY_FOLDER)
    data = cli(repo, "lint", "--json").json()
    assert data["layouts"] == ["claude", "agents-md", "memory-folder"]
    assert sorted(m["path"] for m in data["memories"]) == [
        "AGENTS.md", "CLAUDE.md", "memory/2026-08-14.md", "memory/MEMORY.md"]
    assert data["findings"] == []  # the docs' duplicate is not reported
    assert data["rules_left_out"] == ["GM202", "GM312", "GM313", "GM314"]  # as for the others


def test_annotate_queues_in_the_memory_folders_own_index(tmp_path: Path) -> None:
    files = {**PROJECT_WITH_MEMORY_FOLDER,
             "memory/tools.md": "- The audit script is `scripts/old-audit.sh`.\n",
             "tools/old-audit.sh": "echo old\n"}  # in tools/: the memory's path is wrong
    repo = make_repo(tmp_path / "r", files)
    run = cli(repo, "lint", "--annotate")
    assert run.code == 0, run.out + run.err
    assert not (repo / "MEMORY.md").exists()
    assert "Pending review" in (repo / "memory/MEMORY.md").read_text()


def test_a_memory_folder_alone_or_with_its_root_index_is_still_all_memory() -> None:
    alone = discover_layouts(["memory/a.md", "memory/b.md", "docs/a.md"])
    assert (alone.layouts, alone.all_memory) == ((), True)
    gitmem_shape = discover_layouts(["MEMORY.md", "memory/a.md", "CLAUDE.md", "docs/a.md"])
    assert (gitmem_shape.layouts, gitmem_shape.all_memory) == ((), True)


def test_an_include_of_only_the_memory_folder_is_not_memory_beside_code() -> None:
    assert layouts_of(("memory/**/*.md", "MEMORY.md")) == ()
    assert layouts_of(("CLAUDE.md", "memory/**/*.md", "MEMORY.md")) == ("claude", "memory-folder")


def test_a_small_memory_folder_in_a_project_of_documents_is_read_alone(tmp_path: Path) -> None:
    # a research project's shape (batch 10 of public repositories): a root memory/ folder of
    # notes, no other agent's layout, and a docs/ tree three times its size. Reading every
    # Markdown file as memory reported the docs' parallel pages as duplicates of each other.
    repo = make_repo(tmp_path / "r", {
        **DOCS,
        "docs/third.md": "- Example: run the tests before you push.\n",
        "memory/notes.md": "- Deploys run on Fridays.\n",
        "train.py": "fit()\n",
    })
    data = cli(repo, "lint", "--json").json()
    assert [m["path"] for m in data["memories"]] == ["memory/notes.md"]
    assert data["findings"] == []  # the docs' duplicates are not memory here
    assert data["layouts"] == ["memory-folder"]
    mostly_memory = discover_layouts(["memory/a.md", "memory/b.md", "docs/a.md", "docs/b.md"])
    assert mostly_memory.all_memory  # as many memories as documents: still all memory


# An OpenClaw workspace committed as it is: the bootstrap files the agent loads every session,
# its long-term index and daily notes, and what the agent worked on (drafts of posts, reports).
OPENCLAW_WORKSPACE = {
    "SOUL.md": "- Be direct; skip the praise.\n",
    "USER.md": "- The user works from Lisbon.\n",
    "TOOLS.md": "- The staging host is called `kettle`.\n",
    "AGENTS.md": "- Read `SOUL.md` before anything else.\n",
    "MEMORY.md": "# Long-term\n\n- The launch moved to March.\n- The user works from Lisbon.\n",
    "memory/2026-03-01.md": "- Drafted the launch post.\n",
    # the agent's work: two drafts that say the same thing, as drafts do
    "drafts/post-a.md": "- Our product never needs a credit card.\n",
    "drafts/post-b.md": "- Our product never needs a credit card.\n",
    "drafts/post-c.md": "- Pricing starts at five dollars.\n",
}


def test_an_openclaw_workspace_reads_its_memory_not_the_agents_work(tmp_path: Path) -> None:
    """A root MEMORY.md beside memory/ is gitmem's own shape, all memory; with OpenClaw's
    `SOUL.md` beside it the repository is that agent's workspace, whose documentation says which
    files are its memory. The drafts it wrote are not, however many there are."""
    repo = make_repo(tmp_path / "r", OPENCLAW_WORKSPACE)
    data = cli(repo, "lint", "--json").json()
    assert data["layouts"] == ["agents-md", "memory-folder", "openclaw"]
    assert sorted(m["path"] for m in data["memories"]) == [
        "AGENTS.md", "MEMORY.md", "SOUL.md", "TOOLS.md", "USER.md", "memory/2026-03-01.md"]
    # the memory's copy (the index repeating USER.md) is reported; the drafts' is not read
    assert [(f["code"], f["path"]) for f in data["findings"]] == [("GM201", "MEMORY.md")]


def test_bootstrap_names_without_a_soul_are_no_openclaw_workspace() -> None:
    """`TOOLS.md` and `USER.md` are names any project may give its documents: only the root
    `SOUL.md` says the repository is an OpenClaw workspace, and only root files are its own."""
    project = discover_layouts(["MEMORY.md", "memory/a.md", "TOOLS.md", "USER.md"])
    assert (project.layouts, project.all_memory) == ((), True)
    nested = discover_layouts(["CLAUDE.md", "docs/SOUL.md", "docs/a.md"])
    assert [layout.name for layout in nested.layouts] == ["claude"]
    workspace = discover_layouts(["SOUL.md", "pkg/TOOLS.md", "memory/a.md"])
    assert [layout.name for layout in workspace.layouts] == ["memory-folder", "openclaw"]
    assert MemoryMatcher(workspace.include, ()).matches("TOOLS.md")
    assert not MemoryMatcher(workspace.include, ()).matches("pkg/TOOLS.md")


def test_an_antigravity_project_reads_its_rules_and_keeps_its_workflows_apart(
        tmp_path: Path) -> None:
    """Antigravity's workspace rules (`.agents/rules/`, `.agent/rules/` before 1.19) make a project
    one whose memory sits beside code: its docs are not read. Its workflows are prompts, read for
    their citations and never compared: two workflows sharing a step are no duplicate."""
    repo = make_repo(tmp_path / "r", {
        **DOCS,
        ".agents/rules/style.md": "---\ntrigger: always_on\n---\n\n- Indent with two spaces.\n",
        ".agent/rules/legacy.md": "- Indent with two spaces.\n",
        ".agents/workflows/release.md": "1. Run the whole test suite before tagging.\n",
        ".agents/workflows/hotfix.md": "1. Run the whole test suite before tagging.\n",
    })
    data = cli(repo, "lint", "--json").json()
    assert data["layouts"] == ["antigravity"]
    assert sorted(m["path"] for m in data["memories"]) == [
        ".agent/rules/legacy.md", ".agents/rules/style.md",
        ".agents/workflows/hotfix.md", ".agents/workflows/release.md"]
    assert [(f["code"], f["path"]) for f in data["findings"]] == [
        ("GM201", ".agent/rules/legacy.md")]  # the rules' copy; not the docs', not the workflows'


def test_a_committed_virtualenv_is_never_memory(tmp_path: Path) -> None:
    """A repository that is all memory and commits its virtualenv: the installed packages'
    Markdown is no memory of the project's, neither read nor counted against the memory."""
    package_doc = "- Example: run the tests before you push.\n"
    repo = make_repo(tmp_path / "r", {
        "MEMORY.md": "# Index\n",
        "memory/one.md": "- Deploys run on Fridays.\n",
        "venv/lib/python3.11/site-packages/pkg/GUIDE.md": package_doc,
        "venv/lib/python3.11/site-packages/other/GUIDE.md": package_doc,
        "tools/node_modules/lib/docs/USAGE.md": package_doc,
    })
    data = cli(repo, "lint", "--json").json()
    assert [m["path"] for m in data["memories"]] == ["MEMORY.md", "memory/one.md"]
    assert data["findings"] == []


def test_installed_packages_do_not_outnumber_a_memory_folder() -> None:
    packages = [f"venv/lib/site-packages/p{i}/NOTES.md" for i in range(5)]
    found = discover_layouts(["memory/a.md", "memory/b.md", "src/app.py", *packages])
    assert found.all_memory  # two memories, no project documents: the folder is the memory



def test_a_project_with_only_claude_skills_reads_them_not_its_docs(tmp_path: Path) -> None:
    """Agents, commands and skills under `.claude/` make a Claude Code project: lint reads them
    and not the project's documents. They are prompts: two agents sharing a checklist on purpose
    are not compared, and a path a skill names is stale only if this repository held it (a
    file the skill's steps will write, never committed, is no finding)."""
    checklist = "- Run the full test suite before tagging a release.\n"
    repo = make_repo(tmp_path / "r", {
        **DOCS,
        "BUILDING.md": "- Install the compiler first.\n",
        ".claude/skills/release/SKILL.md": "---\nname: release\n---\n"
                                           "- Bump the version in `tools/version.txt`.\n"
                                           "- Write the notes to `dist/notes/latest.txt`.\n",
        ".claude/agents/reviewer.md": checklist,
        ".claude/agents/releaser.md": checklist,
        ".claude/plans/cozy-plan.md": "- Create `src/new_module.c` next.\n",
        "tools/version.txt": "1.0\n",
    })
    git(repo, "rm", "-q", "tools/version.txt")
    git(repo, "commit", "-q", "-m", "Keep the version in the build file")
    data = cli(repo, "lint", "--json", "--select", "GM").json()
    assert data["layouts"] == ["claude"]
    assert sorted(m["path"] for m in data["memories"]) == [
        ".claude/agents/releaser.md", ".claude/agents/reviewer.md",
        ".claude/skills/release/SKILL.md"]
    assert [(f["code"], f["path"], f["line"]) for f in data["findings"]] == [
        ("GM311", ".claude/skills/release/SKILL.md", 4)]
    assert "deleted in" in data["findings"][0]["message"]

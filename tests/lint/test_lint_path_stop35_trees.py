"""GM311 on shapes judges found falsely reported in several public repositories (issue 17, stop
35's round over every judged batch). Written in our own words after the real files' shapes.
Beside each, a path that is really missing (or was deleted) is still reported, so each test can
fail."""

from __future__ import annotations

from pathlib import Path

from gitutil import commit_all, git, make_repo, write
from lintutil import path_codes


def test_a_memory_that_describes_another_code_base_is_not_checked_against_this_one(
        tmp_path: Path) -> None:
    # a rule copied from an editor extension's own repository walks through that extension's
    # source: three files this project never had, and nothing of this project's tree (its
    # `package.json` names a file this project has none of either). Its paths are the other
    # project's: no GM311 (its "put ... in" line is still a GM313 note). A guide that names
    # one never-held file and nothing else is still GM311; so is a memory that names three
    # never-held files beside one this tree has, or beside one it deleted.
    repo = make_repo(tmp_path / "r", {"pyproject.toml": "x\n", "src/app.ts": "x\n",
                                      "src/legacy.ts": "x\n"})
    git(repo, "rm", "-q", "src/legacy.ts")
    commit_all(repo, "drop the legacy module")
    write(repo, {
        ".clinerules/extension-architecture.md": (
            "# How the extension is built\n\n"
            "1. The host panel (`src/host/panel/index.ts`) owns the view.\n"
            "2. The broker in `src/host/broker/index.ts` routes messages.\n"
            "3. Jobs run in src/host/jobs/runner.ts and report back.\n"
            "4. Scripts are declared in `package.json`.\n"
            "5. Put new handlers in `src/host/handlers/`.\n"
            "6. The broker in `src/host/broker/index.ts` also keeps state.\n"),
        "CLAUDE.md": "# Guide\n\n- Deploys run `scripts/ship.sh`.\n",
        "AGENTS.md": ("# Agents\n\n- View: `src/view/main.ts`\n- State: `src/state/index.ts`\n"
                      "- Jobs: `src/jobs/queue.ts`\n- App: `src/app.ts`\n"),
        ".github/copilot-instructions.md": (
            "# Copilot\n\n- View: `src/view/main.ts`\n- State: `src/state/index.ts`\n"
            "- Jobs: `src/jobs/queue.ts`\n- Old: `src/legacy.ts`\n")})
    commit_all(repo)
    assert path_codes(repo) == [
        (".clinerules/extension-architecture.md", 7, "GM313"),
        (".github/copilot-instructions.md", 3, "GM314"),
        (".github/copilot-instructions.md", 4, "GM314"),
        (".github/copilot-instructions.md", 5, "GM314"),
        (".github/copilot-instructions.md", 6, "GM311"),
        ("AGENTS.md", 3, "GM314"),
        ("AGENTS.md", 4, "GM314"),
        ("AGENTS.md", 5, "GM314"),
        ("CLAUDE.md", 3, "GM314")]


def test_records_and_state_a_program_writes_as_it_runs_are_not_missing(tmp_path: Path) -> None:
    # a guide names the state file of its memory folder where the agent keeps its check times,
    # the JSON-lines file a session hook adds a line to, and a service's JSON-lines event
    # stream. Git holds the programs, not what they write: nothing to fix. A seed file of the
    # tree that is not there is still GM311, and so is a records file the repository held and
    # deleted, which the memory index still links.
    repo = make_repo(tmp_path / "r", {"memory/notes.md": "x\n", "src/app.py": "x\n",
                                      "metrics/sessions.jsonl": "{}\n"})
    git(repo, "rm", "-q", "metrics/sessions.jsonl")
    commit_all(repo, "drop the old metrics")
    write(repo, {"AGENTS.md": (
        "# Agents\n\n"
        "- Last checks: `memory/heartbeat-state.json`.\n"
        "- Session numbers, a line each: `memory/metrics.jsonl`.\n"
        "- The worker's event stream is `src/events.ndjson`.\n"
        "- Seeds load from `src/seed.json`, read by `src/app.py`.\n"
        "- [Session metrics](metrics/sessions.jsonl)\n")})
    commit_all(repo)
    assert path_codes(repo) == [("AGENTS.md", 6, "GM314"), ("AGENTS.md", 7, "GM311")]


def test_every_item_of_a_series_the_line_says_is_not_there_is_absent(tmp_path: Path) -> None:
    # a guide written in Chinese notes that none of the other agents' rule files was found, as
    # a series joined by "、" and "或"; another says in English that there is no folder of
    # fixtures, no seed file or no snapshot folder, joined by commas. Each item is named to say it
    # is absent. A series that says nothing of absence still reports its missing file.
    repo = make_repo(tmp_path / "r", {"src/config.ts": "x\n", "README.md": "x\n"})
    write(repo, {"AGENTS.md": (
        "# Agents\n\n"
        "- 未发现 `.cursor/rules/`、`.cursorrules` 或 `.github/copilot-instructions.md`。\n"
        "- There is no `tests/fixtures/`, `tests/seed.sql` or `tests/snapshots/` yet.\n"
        "- 配置在 `src/config.ts`、`src/loader.ts`。\n")})
    commit_all(repo)
    assert path_codes(repo) == [("AGENTS.md", 5, "GM314")]

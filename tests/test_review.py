"""Review queue, resolve, dismiss, sweep and save on real repositories."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from gitutil import citable, git, gitmem, make_repo, snapshot, write

from gitmem import trailers as t

USER_RULE = """---
name: merge style
type: user
tags: [git]
---
- Always squash merges when landing a pull request.
"""
AGENT_NOTE = """---
name: history policy
type: feedback
tags: [git]
---
- Never squash merges when landing a pull request.
- Rebase feature branches onto main before review.
"""
AGENT_ONLY = """---
name: squash note
type: feedback
---
- Never squash merges when landing a pull request.
"""
PEER_A = """---
name: db
type: project
---
- The project runs PostgreSQL 16 in production.
"""
PEER_B = """---
name: db old
type: project
---
- The project runs PostgreSQL 14 in production.
"""


def trailers_of(repo: Path, rev: str = "HEAD") -> dict[str, tuple[str, ...]]:
    return t.trailer_map(t.parse_trailers(git(repo, "log", "-1", "--format=%B", rev)))


def review_items(repo: Path) -> list[dict]:
    result = gitmem(repo, "review", "--json")
    assert result.code == 0, result
    return json.loads(result.out)["items"]


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "mem", {
        "memory/user-rule.md": USER_RULE,
        "memory/agent-note.md": AGENT_NOTE,
        "memory/db.md": PEER_A,
        "memory/db-old.md": PEER_B,
    })


def test_candidates_json_lists_the_contradictions(repo: Path) -> None:
    result = gitmem(repo, "candidates", "--json")
    assert result.code == 0, result
    pairs = json.loads(result.out)["pairs"]
    contradictions = {tuple(sorted((p["a"]["path"], p["b"]["path"])))
                      for p in pairs if p["kind"] == "contradiction"}
    assert ("memory/agent-note.md", "memory/user-rule.md") in contradictions
    assert ("memory/db-old.md", "memory/db.md") in contradictions
    for pair in pairs:
        assert set(pair) >= {"kind", "class", "score", "a", "b", "signals"}
    squash = next(p for p in pairs if {p["a"]["path"], p["b"]["path"]} ==
                  {"memory/agent-note.md", "memory/user-rule.md"})
    assert {squash["a"]["text"], squash["b"]["text"]} == {
        "Never squash merges when landing a pull request.",
        "Always squash merges when landing a pull request."}


def test_review_lists_items_with_both_lines(repo: Path) -> None:
    items = review_items(repo)
    squash = [i for i in items if {i["a"]["path"], i["b"]["path"]} ==
              {"memory/agent-note.md", "memory/user-rule.md"}]
    assert len(squash) == 1
    item = squash[0]
    assert item["kind"] == "contradiction"
    lines = {item["a"]["path"]: item["a"]["line"], item["b"]["path"]: item["b"]["line"]}
    assert lines == {"memory/agent-note.md": 6, "memory/user-rule.md": 6}
    # a script deciding the item needs the two claims, not only where they stand
    texts = {item["a"]["path"]: item["a"]["text"], item["b"]["path"]: item["b"]["text"]}
    assert texts == {"memory/agent-note.md": "Never squash merges when landing a pull request.",
                     "memory/user-rule.md": "Always squash merges when landing a pull request."}
    assert item["detected_at"] == dt.date.today().isoformat()


def test_resolve_annotates_only_the_losing_claim(repo: Path) -> None:
    item = next(i for i in review_items(repo) if "memory/agent-note.md" in
                (i["a"]["path"], i["b"]["path"]))
    result = gitmem(repo, "resolve", item["id"][:6], "--keep", "memory/user-rule.md",
                    "--reason", "the user said so")
    assert result.code == 0, result
    text = (repo / "memory/agent-note.md").read_text()
    today = dt.date.today().isoformat()
    assert (f"- ~~Never squash merges when landing a pull request.~~ (superseded {today} by "
            "memory/user-rule.md: the user said so)") in text
    assert "- Rebase feature branches onto main before review.\n" in text
    assert "superseded_by" not in text  # the file holds other claims: only the line is marked
    found = trailers_of(repo)
    assert found["Gitmem-Op"] == ("resolve",) and found["Gitmem-Keep"] == ("memory/user-rule.md",)
    # the pair is gone from review, and the claim from recall
    assert all("memory/agent-note.md" not in (i["a"]["path"], i["b"]["path"])
               for i in review_items(repo))
    recalled = json.loads(gitmem(repo, "recall", "never squash", "--json").out)["memories"]
    assert "memory/agent-note.md" not in [m["path"] for m in recalled]
    recalled = json.loads(gitmem(repo, "recall", "never squash", "--include-superseded",
                                 "--json").out)["memories"]
    assert "memory/agent-note.md" in [m["path"] for m in recalled]
    # and undo brings it back
    assert gitmem(repo, "undo", "--last").code == 0
    assert (repo / "memory/agent-note.md").read_text() == AGENT_NOTE


def test_resolve_supersedes_a_file_that_is_the_claim(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "m", {"memory/user-rule.md": USER_RULE,
                                      "memory/squash.md": AGENT_ONLY})
    item = review_items(repo)[0]
    assert gitmem(repo, "resolve", item["id"], "--keep", "memory/user-rule.md").code == 0
    assert "superseded_by: memory/user-rule.md" in (repo / "memory/squash.md").read_text()


def test_resolve_refuses_a_path_that_is_not_in_the_item(repo: Path) -> None:
    item = review_items(repo)[0]
    before = snapshot(repo)
    result = gitmem(repo, "resolve", item["id"], "--keep", "memory/nope.md")
    assert result.code == 2 and "--keep must be" in result.err
    assert gitmem(repo, "resolve", "ffffffff", "--keep", "memory/db.md").code == 2
    assert snapshot(repo) == before


def test_dismiss_records_a_cooldown_in_both_memories(repo: Path) -> None:
    item = next(i for i in review_items(repo) if "memory/db.md" in
                (i["a"]["path"], i["b"]["path"]))
    result = gitmem(repo, "dismiss", item["id"], "--until", "2099-01-01", "--reason", "both true")
    assert result.code == 0, result
    for path, partner in (("memory/db.md", "memory/db-old.md"), ("memory/db-old.md", "memory/db.md")):
        text = (repo / path).read_text()
        assert f"do_not_reopen: [{{partner: {partner}, before: 2099-01-01}}]" in text
    assert trailers_of(repo)["Gitmem-Op"] == ("dismiss",)
    assert all(i["id"] != item["id"] for i in review_items(repo))
    # an earlier date never shortens the cooldown
    assert gitmem(repo, "dismiss", item["id"], "--until", "2098-01-01").code == 2


@pytest.mark.parametrize("command", [["dismiss", ""], ["resolve", " ", "--keep", "memory/db.md"]])
def test_an_empty_item_id_matches_nothing(repo: Path, command: list[str]) -> None:
    assert review_items(repo)  # there is an item an empty prefix would have matched
    before = snapshot(repo)
    result = gitmem(repo, *command)
    assert result.code == 2 and "empty id" in result.err, result
    assert snapshot(repo) == before


def test_dismiss_refuses_a_past_date(repo: Path) -> None:
    item = review_items(repo)[0]
    before = snapshot(repo)
    assert gitmem(repo, "dismiss", item["id"], "--until", "2001-01-01").code == 2
    assert snapshot(repo) == before


def test_sweep_dry_run_changes_nothing_and_apply_shares_a_run(repo: Path) -> None:
    before = snapshot(repo)
    dry = gitmem(repo, "sweep")
    assert dry.code == 0 and "would resolve (user correction)" in dry.out
    assert "needs review" in dry.out  # PostgreSQL 16 vs 14: nothing decides it
    assert snapshot(repo) == before
    applied = gitmem(repo, "sweep", "--apply")
    assert applied.code == 0, applied
    found = trailers_of(repo)
    assert found["Gitmem-Op"] == ("resolve",) and len(found["Gitmem-Run"]) == 1
    run = found["Gitmem-Run"][0]
    assert "Never squash merges" in (repo / "memory/agent-note.md").read_text()
    assert "(superseded" in (repo / "memory/agent-note.md").read_text()
    queued = review_items(repo)
    assert any("memory/db.md" in (i["a"]["path"], i["b"]["path"]) for i in queued)
    assert gitmem(repo, "undo", "--run", run).code == 0
    assert (repo / "memory/agent-note.md").read_text() == AGENT_NOTE
    # the run's undo commits carry its id too: asking again must not redo the run
    before = snapshot(repo)
    again = gitmem(repo, "undo", "--run", run)
    assert again.code == 2 and "left to undo" in again.err, again
    assert snapshot(repo) == before


def test_sweep_json_reports_each_item_and_the_run(repo: Path) -> None:
    before = snapshot(repo)
    dry = gitmem(repo, "sweep", "--json")
    assert dry.code == 0, dry
    report = json.loads(dry.out)
    assert report["dry_run"] is True and report["run"] is None
    by_status = {item["status"]: item for item in report["items"]}
    assert by_status["would_resolve"]["keep"] == "memory/user-rule.md"
    assert by_status["would_resolve"]["basis"] == "user correction"
    assert {by_status["review"]["a"]["path"], by_status["review"]["b"]["path"]} == {
        "memory/db.md", "memory/db-old.md"}
    assert snapshot(repo) == before
    applied = gitmem(repo, "sweep", "--apply", "--json")
    assert applied.code == 0, applied
    report = json.loads(applied.out)  # stdout holds the JSON alone
    assert report["dry_run"] is False and report["run"] == trailers_of(repo)["Gitmem-Run"][0]
    resolved = [item for item in report["items"] if item["status"] == "resolved"]
    assert [item["commit"] for item in resolved] == [git(repo, "rev-parse", "HEAD").strip()]
    assert [item["status"] for item in report["items"]].count("review") == 1


def _three_notes_against_a_user_rule(tmp_path: Path) -> Path:
    """Three agent notes that a user rule decides, with policy.max_mutations = 2."""
    files = {"memory/user-rule.md": USER_RULE}
    for n in range(3):
        files[f"memory/note{n}.md"] = AGENT_ONLY.replace("squash note", f"note {n}")
    files[".gitmem.toml"] = "[policy]\nmax_mutations = 2\n"
    return make_repo(tmp_path / "m", files)


def test_sweep_respects_max_mutations(tmp_path: Path) -> None:
    repo = _three_notes_against_a_user_rule(tmp_path)
    result = gitmem(repo, "sweep", "--apply")
    assert result.code == 0, result
    assert len(json.loads(gitmem(repo, "log", "--op", "resolve", "--json").out)["ops"]) == 2


def test_sweep_dry_run_says_what_max_mutations_would_leave(tmp_path: Path) -> None:
    repo = _three_notes_against_a_user_rule(tmp_path)
    statuses = [item["status"] for item in json.loads(gitmem(repo, "sweep", "--json").out)["items"]]
    assert sorted(statuses) == ["left", "would_resolve", "would_resolve"]
    text = gitmem(repo, "sweep").out
    assert text.count("would resolve") == 2 and text.count("left for the next run") == 1


def test_save_from_user_supersedes_what_it_contradicts(repo: Path) -> None:
    result = gitmem(repo, "save", "The project runs PostgreSQL 17 in production.",
                    "--category", "project", "--from-user")
    assert result.code == 0, result
    found = trailers_of(repo)
    assert found["Gitmem-Op"] == ("save",)
    new_path = found["Gitmem-Path"][0]
    assert new_path.startswith("memory/") and (repo / new_path).exists()
    assert "source: user" in (repo / new_path).read_text()
    for old in ("memory/db.md", "memory/db-old.md"):
        assert old in found["Gitmem-Path"]
        assert "superseded_by: " + new_path in (repo / old).read_text()
    assert git(repo, "show", "--name-only", "--format=", "HEAD").split().__len__() == 3


def test_save_that_loses_to_a_user_correction_is_stored_superseded(repo: Path) -> None:
    result = gitmem(repo, "save", "Never squash merges when landing a pull request.",
                    "--category", "feedback")
    assert result.code == 0, result
    new_path = trailers_of(repo)["Gitmem-Path"][0]
    assert "superseded_by: memory/user-rule.md" in (repo / new_path).read_text()
    assert "Always squash" in (repo / "memory/user-rule.md").read_text()
    assert "stored as superseded" in result.out


def test_save_refuses_a_fabricated_commit_unless_forced(repo: Path) -> None:
    before = snapshot(repo)
    result = gitmem(repo, "save", "The crash was fixed in commit 4f3c2b1a9e.",
                    "--category", "project")
    assert result.code == 1 and "GM301" in result.err and "--force" in result.err
    assert snapshot(repo) == before
    forced = gitmem(repo, "save", "The crash was fixed in commit 4f3c2b1a9e.",
                    "--category", "project", "--force")
    assert forced.code == 0


def test_save_refuses_text_that_brings_its_own_frontmatter(repo: Path) -> None:
    before = snapshot(repo)
    text = "---\nname: note\nsuperseded_by: memory/db.md\n---\n- The staging database is db2."
    result = gitmem(repo, "save", "--category", "project", "--", text)
    assert result.code == 2 and "frontmatter" in result.err, result
    assert snapshot(repo) == before  # no memory born superseded, or protected, by its text


def test_save_of_a_real_commit_is_accepted(repo: Path) -> None:
    sha = citable(repo)
    result = gitmem(repo, "save", f"Memories were first added in commit {sha[:10]}.",
                    "--category", "project")
    assert result.code == 0, result


def test_save_that_nothing_decides_is_queued_for_review(repo: Path) -> None:
    result = gitmem(repo, "save", "The project runs PostgreSQL 15 in production.",
                    "--category", "project")
    assert result.code == 0, result
    assert "queued for review" in result.out
    new_path = trailers_of(repo)["Gitmem-Path"][0]
    queued = [i for i in review_items(repo) if new_path in (i["a"]["path"], i["b"]["path"])]
    assert queued and all(i["kind"] == "contradiction" for i in queued)


@pytest.mark.parametrize("folder, made", [
    ("memory/db.md", "a file"),  # a memory where a folder should be
    ("vendor/kit/memory", "a submodule"),
])
def test_save_refuses_a_folder_that_is_a_file_or_a_submodule(repo: Path, folder: str,
                                                              made: str) -> None:
    # a gitlink, as `git submodule add` records one
    git(repo, "update-index", "--add", "--cacheinfo", f"160000,{'1' * 40},vendor/kit")
    git(repo, "commit", "-qm", "add a submodule")
    before = snapshot(repo)
    result = gitmem(repo, "save", "Deploy on Fridays.", "--category", "project",
                    "--folder", folder, "--force")
    assert result.code == 2 and made in result.err, result
    assert snapshot(repo) == before
    assert gitmem(repo, "log").code == 0  # nothing half-done is left for the next command


def test_save_outside_the_layout_names_a_folder_that_would_do(tmp_path: Path) -> None:
    # a project whose agent memory is Claude rule files: the default folder is no memory there
    repo = make_repo(tmp_path / "repo", {
        "CLAUDE.md": "# Project\n\n- Run the linter before a push.\n",
        ".claude/rules/testing.md": "# Testing\n\n- Tests run against a real database.\n",
        "src/app.py": "print('hi')\n",
    })
    before = snapshot(repo)
    result = gitmem(repo, "save", "Deploy on Fridays.", "--category", "project")
    assert result.code == 2, result
    assert "--folder .claude/rules would do" in result.err
    assert snapshot(repo) == before
    saved = gitmem(repo, "save", "Deploy on Fridays.", "--category", "project",
                   "--folder", ".claude/rules")
    assert saved.code == 0, saved
    assert git(repo, "ls-files", ".claude/rules").count("\n") == 2



def test_save_where_no_folder_would_do_names_the_include_entry_to_add(tmp_path: Path) -> None:
    # memory that is only root agent files: no folder of the existing memories takes a new
    # file, so the refusal names the memory.include entry and where it goes, and that works
    repo = make_repo(tmp_path / "repo", {"AGENTS.md": "# Agents\n\n- Run the linter first.\n",
                                         "src/app.py": "print('hi')\n"})
    before = snapshot(repo)
    result = gitmem(repo, "save", "Deploy on Fridays.", "--category", "project")
    assert result.code == 2, result
    # discovered layouts: a .gitmem.toml naming only the new entry would drop them
    assert 'run `gitmem init`' in result.err and '"memory/*.md"' in result.err, result.err
    assert snapshot(repo) == before
    assert gitmem(repo, "init").code == 0
    before = snapshot(repo)
    result = gitmem(repo, "save", "Deploy on Fridays.", "--category", "project")
    assert result.code == 2, result
    assert 'add "memory/*.md" to memory.include in .gitmem.toml' in result.err, result.err
    assert snapshot(repo) == before
    config = (repo / ".gitmem.toml").read_text()
    assert 'include = ["AGENTS.md"' in config
    (repo / ".gitmem.toml").write_text(config.replace('include = [', 'include = ["memory/*.md", '))
    git(repo, "commit", "-qam", "memory folder")
    saved = gitmem(repo, "save", "Deploy on Fridays.", "--category", "project")
    assert saved.code == 0, saved
    assert git(repo, "ls-files", "memory").count("\n") == 1


def test_a_suggested_folder_with_a_space_is_quoted_for_the_shell(tmp_path: Path) -> None:
    # the hint is a command to paste: a folder named with a space must come out as one argument
    repo = make_repo(tmp_path / "repo", {
        ".gitmem.toml": '[memory]\ninclude = ["team notes/*.md"]\n',
        "team notes/testing.md": "# Testing\n\n- Tests run against a real database.\n",
    })
    before = snapshot(repo)
    result = gitmem(repo, "save", "Deploy on Fridays.", "--category", "project")
    assert result.code == 2, result
    assert "--folder 'team notes' would do" in result.err, result.err
    assert snapshot(repo) == before
    saved = gitmem(repo, "save", "Deploy on Fridays.", "--category", "project",
                   "--folder", "team notes")
    assert saved.code == 0, saved
    assert git(repo, "ls-files", "team notes").count("\n") == 2

def test_annotate_refuses_a_review_file_outside_the_working_tree(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITMEM_LINT_REVIEW_FILE", "../REVIEW.md")
    before = snapshot(repo)
    result = gitmem(repo, "lint", "--annotate")
    # a configuration value that names no memory file: exit 3, before lint runs (lever 4)
    assert result.code == 3 and "not a path inside the working tree" in result.err, result
    assert snapshot(repo) == before


def test_a_pair_inside_one_file_is_resolved_by_line_and_cannot_be_dismissed(
    tmp_path: Path,
) -> None:
    repo = make_repo(tmp_path / "one", {"memory/notes.md": (
        "---\nname: notes\ntype: feedback\n---\n"
        "- Always squash merges when landing a pull request.\n"
        "- Rebase feature branches onto main before review.\n"
        "- Never squash merges when landing a pull request.\n"
    )})
    [item] = [i for i in review_items(repo) if i["kind"] == "contradiction"]
    lines = sorted((item["a"]["line"], item["b"]["line"]))
    assert lines == [5, 7]
    before = snapshot(repo)
    vague = gitmem(repo, "resolve", item["id"], "--keep", "memory/notes.md")
    assert vague.code == 2 and "--keep memory/notes.md:5 or --keep memory/notes.md:7" in vague.err
    dismissed = gitmem(repo, "dismiss", item["id"])
    # refused with both commands to paste: the item's id and each line, nothing to fill in
    assert dismissed.code == 4, dismissed
    assert (f"gitmem resolve {item['id']} --keep memory/notes.md:5" in dismissed.err
            and f"gitmem resolve {item['id']} --keep memory/notes.md:7" in dismissed.err)
    assert "ITEM" not in dismissed.err and "LINE" not in dismissed.err
    assert snapshot(repo) == before
    kept = gitmem(repo, "resolve", item["id"], "--keep", "memory/notes.md:7")
    assert kept.code == 0, kept
    text = (repo / "memory/notes.md").read_text()
    assert "- Never squash merges when landing a pull request.\n" in text  # line 7 stands
    assert "- ~~Always squash merges when landing a pull request.~~ (superseded" in text
    assert trailers_of(repo)["Gitmem-Path"] == ("memory/notes.md",)
    assert not [i for i in review_items(repo) if i["kind"] == "contradiction"]


def test_a_losing_sentence_that_shares_its_line_is_marked_where_it_ends(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "prose", {
        "memory/user-rule.md": USER_RULE,
        "memory/notes.md": ("---\nname: notes\ntype: project\n---\nNever squash merges when "
                            "landing a pull request. Keep pull requests small and focused.\n"),
    })
    assert gitmem(repo, "sweep", "--apply").code == 0
    text = (repo / "memory/notes.md").read_text()
    assert ("~~Never squash merges when landing a pull request~~ (superseded "
            in text and "sweep: user correction). Keep pull requests small" in text)
    recalled = json.loads(gitmem(repo, "recall", "small focused", "--json").out)["memories"]
    assert [m["path"] for m in recalled] == ["memory/notes.md"]  # the other sentence stands
    assert gitmem(repo, "sweep", "--apply").out.startswith("nothing resolved")  # none left
    assert "superseded_by" not in (repo / "memory/notes.md").read_text()


def evidenced_repo(root: Path, files: dict[str, str]) -> tuple[Path, str]:
    repo = make_repo(root, {"src/app.py": "print(1)\n"})
    sha = citable(repo)[:10]
    write(repo, {path: text.replace("SHA", sha) for path, text in files.items()})
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "memories")
    return repo, sha


@pytest.mark.parametrize("user_file", ["memory/a-user.md", "memory/z-user.md"])
def test_a_claim_that_loses_to_the_user_wins_nothing_whatever_the_file_names(
    tmp_path: Path, user_file: str
) -> None:
    repo, _ = evidenced_repo(tmp_path / "order", {
        "memory/m-agent.md": "---\ntype: project\n---\n- Always squash merges (see commit SHA).\n",
        "memory/n-agent.md": "---\ntype: project\n---\n- Never squash merges.\n- Run tests.\n",
        user_file: "---\ntype: user\n---\n- Never squash merges.\n- Keep PRs small.\n",
    })
    assert gitmem(repo, "sweep", "--apply").code == 0
    assert f"superseded_by: {user_file}" in (repo / "memory/m-agent.md").read_text()
    assert "superseded" not in (repo / "memory/n-agent.md").read_text()  # agrees with the user


def test_sweep_does_not_redo_a_resolution_a_person_undid(repo: Path) -> None:
    first = gitmem(repo, "sweep", "--apply")
    run = trailers_of(repo)["Gitmem-Run"][0]
    assert "resolved" in first.out
    assert gitmem(repo, "undo", "--run", run).code == 0
    head = git(repo, "rev-parse", "HEAD")
    again = gitmem(repo, "sweep", "--apply")
    assert again.code == 0 and "nothing resolved" in again.out
    assert git(repo, "rev-parse", "HEAD") == head
    assert "needs review (its resolution was undone)" in gitmem(repo, "sweep").out


def test_sweep_skips_a_memory_being_edited_and_resolves_the_rest(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "busy", {
        "memory/user-rule.md": USER_RULE, "memory/agent-note.md": AGENT_NOTE,
        "memory/tabs.md": "---\ntype: user\n---\n- Use tabs for indentation.\n",
        "memory/spaces.md": "---\ntype: project\n---\n- Use spaces for indentation.\n- Lint.\n",
    })
    write(repo, {"memory/agent-note.md": AGENT_NOTE + "- Deploy on Fridays.\n"})  # uncommitted
    result = gitmem(repo, "sweep", "--apply")
    assert result.code == 0, result
    assert "skipped" in result.err and "uncommitted changes" in result.err
    assert "1 resolution(s) committed" in result.out and "1 queued for review" in result.out
    assert "(superseded" in (repo / "memory/spaces.md").read_text()
    assert (repo / "memory/agent-note.md").read_text() == AGENT_NOTE + "- Deploy on Fridays.\n"


def test_a_confidence_lint_rejects_decides_nothing(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "conf", {
        "memory/a.md": "---\ntype: project\nconfidence: 7\n---\n- Always squash merges.\n",
        "memory/b.md": "---\ntype: project\nconfidence: 0.9\n---\n- Never squash merges.\n",
    })
    out = gitmem(repo, "sweep").out
    assert "needs review" in out and "would resolve" not in out


@pytest.mark.parametrize("a_text, b_text, decided", [
    # the citation belongs to the other sentence of the line: no evidence for the claim
    ("Always squash merges. The flaky build was fixed in commit SHA.", "Never squash merges.",
     False),
    # the claim's own citation on its second line counts
    ("- Always squash merges when landing to main\n  (see commit SHA)",
     "- Never squash merges when landing to main", True),
    # a heading below the claim is not part of it
    ("- Always squash merges.\n\n## Release notes from commit SHA", "- Never squash merges.",
     False),
])
def test_evidence_is_the_claims_own_citations(tmp_path: Path, a_text: str, b_text: str,
                                              decided: bool) -> None:
    repo, _ = evidenced_repo(tmp_path / "ev", {
        "memory/a.md": f"---\ntype: project\n---\n{a_text}\n",
        "memory/b.md": f"---\ntype: project\n---\n{b_text}\n",
    })
    out = gitmem(repo, "sweep").out
    assert "memory/a.md:4 ~ memory/b.md:4" in out, out  # the pair is found either way
    assert ("would resolve (evidence)" in out) is decided, out


def test_a_save_that_loses_to_the_user_supersedes_nothing_else(tmp_path: Path) -> None:
    repo, sha = evidenced_repo(tmp_path / "save-order", {
        "memory/b.md": "---\ntype: project\nconfidence: 0.5\n---\n- Never squash merges.\n"
                       "- Run tests.\n",
        "memory/z.md": "---\ntype: user\n---\n- Never squash merges.\n",
    })
    result = gitmem(repo, "save", f"Always squash merges (see commit {sha}).",
                    "--category", "project")
    assert result.code == 0, result
    assert "stored as superseded: memory/z.md outranks it" in result.out
    assert "superseded" not in (repo / "memory/b.md").read_text()  # it agrees with the user


def test_save_edits_at_most_max_mutations_memories_and_queues_the_rest(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "cap", {
        ".gitmem.toml": "[policy]\nmax_mutations = 1\n",
        "memory/b.md": "---\ntype: project\n---\n- Never squash merges.\n",
        "memory/c.md": "---\ntype: project\n---\n- Never squash merges.\n- Run tests.\n",
    })
    result = gitmem(repo, "save", "Always squash merges.", "--category", "feedback", "--from-user")
    assert result.code == 0, result
    assert result.out.count("  superseded ") == 1 and "queued for review" in result.out
    assert len(trailers_of(repo)["Gitmem-Path"]) == 2  # the new memory and one other


def test_a_saved_line_that_loses_leaves_the_name_and_description(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "names", {"memory/a.md": USER_RULE})
    result = gitmem(repo, "save", "--category", "project", "--",
                    "- Never squash merges when landing a pull request.\n- Use spaces.\n- Run tests.")
    assert result.code == 0, result
    assert "a line of it is stored as superseded: memory/a.md outranks it" in result.out
    new_path = trailers_of(repo)["Gitmem-Path"][0]
    text = (repo / new_path).read_text()
    assert "Never squash merges when landing a pull request.~~ (superseded" in text
    recalled = json.loads(gitmem(repo, "recall", "never squash", "--json").out)["memories"]
    assert new_path not in [m["path"] for m in recalled]


def test_a_claim_written_twice_in_one_file_pairs_its_two_copies(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "twice", {"memory/b.md": (
        "---\ntype: project\n---\n- Run tests before pushing.\n- Never squash merges.\n"
        "- Keep PRs small.\n- Never squash merges.\n")})
    [item] = review_items(repo)
    assert sorted((item["a"]["line"], item["b"]["line"])) == [5, 7]
    kept = gitmem(repo, "resolve", item["id"], "--keep", "memory/b.md:7")
    assert kept.code == 0, kept
    lines = (repo / "memory/b.md").read_text().splitlines()
    assert "(superseded" in lines[4] and lines[6] == "- Never squash merges."


def test_saving_what_a_memory_already_says_is_said_and_queued(repo: Path) -> None:
    result = gitmem(repo, "save", "The project runs PostgreSQL 16 in production.",
                    "--category", "project")
    assert result.code == 0, result
    assert "queued for review" in result.out and "it repeats memory/db.md:5" in result.out
    assert any(i["kind"] == "duplicate" and "memory/db.md" in (i["a"]["path"], i["b"]["path"])
               for i in review_items(repo))


def test_sweep_on_a_detached_head_refuses_the_run(repo: Path) -> None:
    git(repo, "checkout", "-q", "--detach", "HEAD")
    before = snapshot(repo)
    result = gitmem(repo, "sweep", "--apply")
    assert result.code == 4 and "detached" in result.err, result
    assert snapshot(repo) == before


def test_two_losing_sentences_of_one_line_are_both_marked(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "two", {
        "memory/user.md": "---\ntype: user\n---\n- Always squash merges when landing a pull "
                          "request.\n- Use spaces for indentation in Python files.\n",
        "memory/notes.md": ("---\ntype: project\n---\nNever squash merges when landing a pull "
                            "request. Use  tabs for indentation in Python files. Keep pull "
                            "requests small.\n"),
    })
    result = gitmem(repo, "sweep", "--apply")
    assert result.code == 0 and "2 resolution(s) committed" in result.out, result
    text = (repo / "memory/notes.md").read_text()
    assert text.count("(superseded") == 2 and text.rstrip().endswith("Keep pull requests small.")
    assert "~~Use  tabs for indentation in Python files~~ (superseded" in text  # double space kept
    assert gitmem(repo, "sweep", "--apply").code == 0  # nothing left, no error


def test_a_reason_with_sentences_keeps_the_claim_out_of_force(repo: Path) -> None:
    item = next(i for i in review_items(repo) if "memory/agent-note.md" in (
        i["a"]["path"], i["b"]["path"]))
    result = gitmem(repo, "resolve", item["id"], "--keep", "memory/user-rule.md",
                    "--reason", "Policy changed. See the RFC")
    assert result.code == 0, result
    assert "Policy changed; See the RFC)" in (repo / "memory/agent-note.md").read_text()
    assert all(item["id"] != i["id"] for i in review_items(repo))

"""GM301-GM304 against real repositories: found, unknown, ambiguous, unverifiable, unmerged."""

from __future__ import annotations

from pathlib import Path

import pygit2
from gitutil import citable, commit_all, git, make_repo, write
from lintutil import cli

TRAPS = """# Traps
- Released on 20260517; the value deadbeef marks freed memory; cafebabe, decade, facade.
- Upstream fix: https://github.com/o/r/commit/abc1234def and [abc1234](https://x.io/c/abc1234).
- request id a1b2c3d4e5, trace `4bf92f3577b34da6`, md5 `d41d8cd98f00b204e9800998ecf8427e`.
- The docker image `5d0da3dc9764` and uuid 123e4567-e89b-12d3-a456-426614174000.
"""


def lint_json(repo: Path, *args: str) -> list[dict[str, object]]:
    run = cli(repo, "lint", "--format", "json", *args)
    assert run.code in (0, 1), run
    return run.json()["findings"]  # type: ignore[no-any-return]


def test_real_commit_is_verified_and_invented_one_is_gm301(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"src/app.py": "print(1)\n"})
    real = citable(repo)
    write(repo, {"memory/a.md": f"# Notes\n\n- Fixed in commit {real[:10]}.\n"
                                f"- Also `{real}`.\n- Fixed in commit 4f3c2b1a9e.\n" + TRAPS})
    commit_all(repo)
    findings = lint_json(repo)
    assert [(f["code"], f["line"], f["severity"]) for f in findings] == [
        ("GM301", 5, "error")]
    assert "4f3c2b1a9e" in str(findings[0]["message"])
    run = cli(repo, "lint")
    assert run.code == 1 and "memory/a.md:5: GM301" in run.out


def test_superseded_memories_and_lines_are_history_not_checked(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"src/app.py": "print(1)\n"})
    write(repo, {
        "memory/new.md": "- Fixed for good.\n",
        "memory/old.md": "---\nsuperseded_by: memory/new.md\n---\n- Fixed in commit 4f3c2b1a9e.\n",
        "memory/expired.md": "---\nvalid_until: 2001-01-01\n---\n- Fixed in commit 5e4d3c2b1a.\n",
        "memory/mixed.md": ("- Fixed in commit 6a5b4c3d2e. (superseded 2026-11-24 by "
                            "memory/new.md: wrong hash)\n- Fixed in commit 7f6e5d4c3b.\n"),
    })
    commit_all(repo)
    found = [(f["path"], f["line"], f["code"]) for f in lint_json(repo)]
    assert found == [("memory/mixed.md", 2, "GM301")]  # the line still in force
    write(repo, {"memory/mixed.md": ("Always squash merges (superseded 2026-11-24 by "
                                     "memory/new.md: review). The fix landed in commit "
                                     "8c7b6a5d4e.\n")})
    commit_all(repo)
    found = [(f["path"], f["line"], f["code"]) for f in lint_json(repo)]
    assert found == [("memory/mixed.md", 1, "GM301")]  # the other sentence is still checked


def test_frontmatter_commit_field_is_checked(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"x.txt": "x\n"})
    real = citable(repo)
    write(repo, {"memory/a.md": f"---\ncommit: '{real[:8]}'\nsha: 'bad0bad0bad'\n---\nBody.\n"})
    commit_all(repo)
    assert [(f["code"], f["line"]) for f in lint_json(repo)] == [("GM301", 3)]


def test_gm302_short_hash_matching_two_objects(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"x.txt": "x\n"})
    seen: dict[str, bytes] = {}
    prefix = ""
    for number in range(2_000_000):
        data = f"blob {number}\n".encode()
        candidate = str(pygit2.hash(data))[:7]
        if candidate in seen and not candidate.isdigit() and not candidate.isalpha():
            prefix = candidate
            break
        seen[candidate] = data
    assert prefix, "no colliding 7-hex prefix found"
    store = pygit2.Repository(str(repo))
    first, second = store.create_blob(seen[prefix]), store.create_blob(f"blob {number}\n".encode())
    assert str(first)[:7] == str(second)[:7] == prefix
    write(repo, {"memory/a.md": f"- The fix is commit {prefix}.\n"})
    commit_all(repo)
    findings = lint_json(repo)
    assert [(f["code"], f["severity"]) for f in findings] == [("GM302", "warning")]
    assert cli(repo, "lint").code == 0  # a warning does not fail the default lint.fail_on


def test_gm303_when_no_code_repository_is_configured(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        ".gitmem.toml": "[verify]\ncode_repos = []\n",
        "memory/a.md": "- Fixed in commit 4f3c2b1a9e; see `src/gone.py`.\n",
    })
    findings = lint_json(repo)
    assert [(f["code"], f["severity"]) for f in findings] == [("GM303", "info")]
    assert "no code repository" in str(findings[0]["message"])
    assert cli(repo, "lint").code == 0


def test_gm303_when_a_configured_repository_is_missing(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": "- Fixed in commit 4f3c2b1a9e.\n"})
    git(repo, "config", "gitmem.verify.codeRepos", ".,../app")
    findings = lint_json(repo)
    assert [f["code"] for f in findings] == ["GM303"]
    assert "../app" in str(findings[0]["message"])


def test_second_code_repository_is_searched(tmp_path: Path) -> None:
    app = make_repo(tmp_path / "app", {"main.go": "package main\n"})
    sha = citable(app)
    repo = make_repo(tmp_path / "mem", {
        "memory/a.md": f"- Fixed in commit {sha[:9]} (see `main.go`).\n- commit 4f3c2b1a9e\n",
    })
    git(repo, "config", "gitmem.verify.codeRepos", ".,../app")
    findings = lint_json(repo)
    assert [(f["code"], f["line"]) for f in findings] == [("GM301", 2)]
    assert "this repository or ../app" in str(findings[0]["message"])


def test_shallow_clone_makes_missing_commits_unverifiable_not_unknown(tmp_path: Path) -> None:
    origin = make_repo(tmp_path / "origin", {"a.txt": "1\n"})
    old = citable(origin)
    write(origin, {"a.txt": "2\n"})
    commit_all(origin, "second")
    write(origin, {"memory/a.md": f"- Fixed in commit {old[:10]}.\n- Fixed in commit 4f3c2b1a9e.\n"})
    commit_all(origin, "memories")
    tip = citable(origin)
    shallow = tmp_path / "shallow"
    git(tmp_path, "clone", "-q", "--depth", "1", origin.as_uri(), str(shallow))
    assert (shallow / ".git" / "shallow").exists()
    write(shallow, {"memory/b.md": f"- The tip is commit {tip[:10]}.\n"})  # present: verified
    findings = lint_json(shallow)
    assert [(f["path"], f["line"], f["code"]) for f in findings] == [
        ("memory/a.md", 1, "GM303"), ("memory/a.md", 2, "GM303")]
    assert "shallow" in str(findings[0]["message"])
    assert cli(shallow, "lint").code == 0


def test_other_repository_hashes_are_unverifiable(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "memory/a.md": "- acme/widgets@a1b2c3d4 fixed the race.\n"
                       "- Fixed in commit 9f8e7d6 of the upstream repo.\n",
    })
    findings = lint_json(repo)
    assert [(f["code"], f["line"]) for f in findings] == [("GM303", 1), ("GM303", 2)]
    assert "acme/widgets" in str(findings[0]["message"])


def test_a_hash_placed_in_another_repository_once_is_never_unknown(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "memory/log.md": "## Step 4\n**Commit:** 9f8e7d6 (tools repo)\n",
        "memory/step-4.md": "**Commit SHA:** 9f8e7d6 (tools)\n",
        "memory/step-5.md": "**Commit SHA:** 8e7d6c5\n",
    })
    found = sorted((f["path"], f["code"]) for f in lint_json(repo))
    # the bare citation takes the other line's word for it; an unplaced invented hash does not
    assert found == [("memory/log.md", "GM303"), ("memory/step-4.md", "GM303"),
                     ("memory/step-5.md", "GM301")]


def test_cluster_ids_and_down_revisions_are_not_commit_claims(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {
        "memory/perf.md": "- Test against the staging cluster `7c0ffee9d2a41b6e`.\n"
                          "- Down revision: 4a5b6c7d8e9f\n"
                          "- Stage 2 landed as commit 4a5b6c7d8e9f.\n",
    })
    assert [(f["code"], f["line"]) for f in lint_json(repo)] == [("GM301", 3)]


# Eight-digit ids of agent runs, the way a weekly review lists them: none is a commit here.
RUN_IDS = ["3fa9c1d2", "b07e4a19", "5d2c8e3f", "e81b0c47", "9c4f2a6d", "27d9b5e0", "c6a1f08b",
           "4e7d3b92", "a85c6f13", "1b9e2d7c"]


def _review(ids: list[str]) -> str:
    return "# Week review\n\n" + "".join(
        f"- Stalled on the same flaky step (`{run}`).\n" for run in ids)


def test_many_code_span_ids_git_never_knew_are_one_note_not_errors(tmp_path: Path) -> None:
    """A review that lists a dozen runs by id prefix, in code spans and with no commit keyword,
    in a repository none of whose objects they name, cites ids of something else: lint says
    so once (info) and exits 0 instead of calling each an invented commit."""
    repo = make_repo(tmp_path / "r", {"src/app.py": "print(1)\n"})
    write(repo, {"memory/review.md": _review(RUN_IDS)})
    commit_all(repo)
    findings = lint_json(repo)
    assert [(f["code"], f["line"], f["severity"]) for f in findings] == [("GM303", 3, "info")]
    assert "10 hex ids in code spans (3fa9c1d2, b07e4a19, 5d2c8e3f, ...)" in str(
        findings[0]["message"])
    assert cli(repo, "lint").code == 0
    # one real commit among them changes nothing: it is verified, the others stay ids
    real = citable(repo)
    write(repo, {"memory/review.md": _review(RUN_IDS) + f"- Fixed by `{real[:8]}`.\n"})
    commit_all(repo)
    assert [f["code"] for f in lint_json(repo)] == ["GM303"]
    summary = cli(repo, "lint", "--format", "json").json()["memories"]
    assert [(m["verified"], m["broken"], m["unverifiable"]) for m in summary
            if m["path"] == "memory/review.md"] == [(1, 0, 10)]


def test_code_span_ids_stay_commit_claims_when_the_memory_says_commit(tmp_path: Path) -> None:
    """A token the memory anchors with a commit keyword anywhere is a claim on every line;
    a few invented hashes in code spans, or many of which git knows more than one in ten,
    are each reported as before."""
    repo = make_repo(tmp_path / "r", {"src/app.py": "print(1)\n"})
    write(repo, {"memory/review.md": _review(RUN_IDS[:6]) + f"- Fixed in commit {RUN_IDS[0]}.\n",
                 "memory/few.md": _review(RUN_IDS[:4])})
    commit_all(repo)
    found = sorted((f["path"], f["line"], f["code"]) for f in lint_json(repo, "--select", "GM3"))
    # the five other ids of review.md are set aside (one note); the one said to be a commit,
    # on its code-span line too, is not
    assert found == [("memory/few.md", line, "GM301") for line in (3, 4, 5, 6)] + [
        ("memory/review.md", 3, "GM301"), ("memory/review.md", 4, "GM303"),
        ("memory/review.md", 9, "GM301")]
    # five unknown of a file whose ids name real commits too: each unknown one is reported
    reals = []
    for number in range(2):
        write(repo, {"src/app.py": f"print({number + 2})\n"})
        commit_all(repo, f"change {number}")
        reals.append(citable(repo)[:8])
    write(repo, {"memory/review.md": _review(RUN_IDS[:5] + reals), "memory/few.md": "- Gone.\n"})
    commit_all(repo)
    assert [(f["code"], f["line"]) for f in lint_json(repo, "--select", "GM3")] == [
        ("GM301", line) for line in (3, 4, 5, 6, 7)]


def test_hashes_under_a_commits_heading_are_each_a_claim(tmp_path: Path) -> None:
    """A list of hashes under "## Recent commits" claims each is a commit: the heading is the
    keyword, so invented ones are each an error, not ids of something else."""
    repo = make_repo(tmp_path / "r", {"src/app.py": "print(1)\n"})
    listed = "".join(f"- `{run}` tidy the login redirect\n" for run in RUN_IDS[:6])
    write(repo, {"memory/log.md": "# Log\n\n## Recent commits\n\n" + listed})
    commit_all(repo)
    findings = lint_json(repo, "--select", "GM3")
    assert [(f["code"], f["line"]) for f in findings] == [("GM301", n) for n in range(5, 11)]
    # the same list under a heading that names no commit reads as ids: one note
    write(repo, {"memory/log.md": "# Log\n\n## Recent runs\n\n" + listed})
    commit_all(repo)
    assert [f["code"] for f in lint_json(repo, "--select", "GM3")] == ["GM303"]


def side_commit(repo: Path, branch: str, files: dict[str, str], message: str) -> str:
    """Commit `files` on a new branch `branch`, switch back to main, and return the commit's
    citable hash: work that is not on the default branch."""
    git(repo, "switch", "-q", "-c", branch)
    write(repo, files)
    commit_all(repo, message)
    side = citable(repo)
    git(repo, "switch", "-q", "main")
    return side


def test_gm304_commit_only_on_an_unmerged_branch(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"a.txt": "1\n"})
    side = side_commit(repo, "feature", {"a.txt": "2\n"}, "side work")
    write(repo, {"memory/a.md": f"- Fixed in commit {side[:10]}.\n"})
    commit_all(repo)
    findings = lint_json(repo)
    assert [(f["code"], f["severity"]) for f in findings] == [("GM304", "info")]
    git(repo, "merge", "-q", "--no-edit", "feature")
    assert lint_json(repo) == []


def test_gm304_not_for_a_branch_that_landed_squashed_or_rebased(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"a.txt": "1\n", "b.txt": "1\n"})
    git(repo, "switch", "-q", "-c", "feature")
    write(repo, {"a.txt": "2\n"})
    commit_all(repo, "first half")
    first = citable(repo)
    write(repo, {"a.txt": "3\n"})
    commit_all(repo, "second half")
    git(repo, "switch", "-q", "-c", "kept-open", "main")
    write(repo, {"c.txt": "1\n"})
    commit_all(repo, "never merged")
    open_work = citable(repo)
    git(repo, "switch", "-q", "main")
    write(repo, {"b.txt": "2\n"})  # the default branch moved on before the merge
    commit_all(repo, "meanwhile")
    write(repo, {"memory/a.md": f"- Generated at commit {first[:10]}.\n"
                                f"- Tried in commit {open_work[:10]}.\n"})
    commit_all(repo, "notes")
    # both commits sit on branches only: both are reported
    assert [(f["code"], f["line"]) for f in lint_json(repo)] == [("GM304", 1), ("GM304", 2)]
    git(repo, "merge", "-q", "--squash", "feature")
    commit_all(repo, "feature, squashed")
    # the feature branch is kept, its work is on main under another hash: only line 2 is left
    assert [(f["code"], f["line"]) for f in lint_json(repo)] == [("GM304", 2)]
    git(repo, "cherry-pick", open_work)  # a rebase merge of a one-commit branch
    assert lint_json(repo) == []


def test_gm304_a_local_commit_not_pushed_yet_is_on_the_default_branch(tmp_path: Path) -> None:
    """origin/HEAD names the default branch, but a commit made here and not pushed yet is on
    that branch as this clone has it (issue 17: a public project's fresh commit was called
    "not on its default branch")."""
    upstream = make_repo(tmp_path / "up", {"a.txt": "1\n"})
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(upstream), str(clone))
    write(clone, {"a.txt": "2\n"})
    commit_all(clone, "local work")
    local = citable(clone)
    write(clone, {"memory/a.md": f"- Fixed in commit {local[:10]}.\n"})
    commit_all(clone)
    assert git(clone, "rev-parse", "origin/HEAD").strip() != local
    assert lint_json(clone) == []
    side = side_commit(clone, "side", {"a.txt": "3\n"}, "side work")
    write(clone, {"memory/b.md": f"- Fixed in commit {side[:10]}.\n"})
    commit_all(clone)
    assert [f["code"] for f in lint_json(clone)] == ["GM304"]


def test_gm304_not_for_a_plan_that_names_the_side_branch_its_work_is_on(tmp_path: Path) -> None:
    """A release plan that says its work is committed on a side branch already says the commits
    are not on the default branch (issue 17: a plan log's dozen hashes each got a note); a
    memory naming only the default branch, or none, still gets one."""
    repo = make_repo(tmp_path / "r", {"a.txt": "1\n"})
    side = side_commit(repo, "release-2-dev", {"a.txt": "2\n"}, "release work")
    write(repo, {
        "memory/plan.md": ("# Release 2 plan\n\nEverything below is committed on branch "
                           f"`release-2-dev`, not merged yet.\n\n- Parser rewrite: commit "
                           f"{side[:10]}.\n"),
        "memory/other.md": (f"- The `main` branch has the parser fix: commit {side[:10]}.\n"),
        "memory/bare.md": f"- Parser fixed in commit {side[:10]}.\n",
    })
    commit_all(repo)
    found = sorted((f["path"], f["code"]) for f in lint_json(repo))
    assert found == [("memory/bare.md", "GM304"), ("memory/other.md", "GM304")]


def test_a_full_length_action_pin_is_no_commit_claim(tmp_path: Path) -> None:
    """CI guidance that shows how to pin an action by its full hash names a version of another
    project, not work to check (issue 17: each example pin got a GM303 note); a short hash of
    another repository is still noted."""
    pin = "3f1e9c0b7a2d4e6f8a0b1c2d3e4f5a6b7c8d9e0f"
    repo = make_repo(tmp_path / "r", {
        "memory/ci.md": (f"- Pin every action: `uses: actions/setup-node@{pin} # v4.1.0`.\n"
                         "- acme/widgets@a1b2c3d4 fixed the race.\n"),
    })
    assert [(f["code"], f["line"]) for f in lint_json(repo)] == [("GM303", 2)]


def test_a_stand_in_hash_of_an_example_is_not_unknown(tmp_path: Path) -> None:
    """A table of CI variables shows what a short commit SHA looks like with a typed stand-in;
    git does not know it and nobody claimed it (issue 17). An invented hash that is no such
    run is still an error."""
    repo = make_repo(tmp_path / "r", {
        "memory/ci.md": ("| Variable | Meaning | Example |\n| --- | --- | --- |\n"
                         "| `SHORT_SHA` | Short commit SHA | `a1b2c3d` |\n"
                         "| `BASE` | Base commit | `abc1234` |\n\n"
                         "- The cache bug was fixed in commit 4f3c2b1a9e.\n"),
    })
    assert [(f["code"], f["line"]) for f in lint_json(repo)] == [("GM301", 6)]


def test_a_hash_in_a_skill_is_its_example_not_a_claim(tmp_path: Path) -> None:
    """A skill shows what its step prints ("the build reports commit 9d8e7f6a"): a prompt claims
    no commit of this history. The same line in the project's memory is an error."""
    line = "- After the build, the log reports commit 9d8e7f6a1b as deployed.\n"
    repo = make_repo(tmp_path / "r", {".claude/skills/deploy/SKILL.md": line,
                                      "CLAUDE.md": "- Be brief.\n", "src/app.py": "print(1)\n"})
    assert lint_json(repo) == []
    write(repo, {"CLAUDE.md": line})
    commit_all(repo)
    assert [(f["code"], f["path"]) for f in lint_json(repo)] == [("GM301", "CLAUDE.md")]


def test_code_span_ids_beside_one_an_id_word_names_are_ids_too(tmp_path: Path) -> None:
    """A handoff lists the seeded records it left in the database: the first one "Order
    `3e9a1c7f`", the next ones by their code spans alone (issue 17: the later ids were called
    invented commits). A line with no id word keeps its code-span hashes as claims, and a
    commit keyword still anchors one."""
    repo = make_repo(tmp_path / "r", {
        "memory/handoff.md": ("- Seeded: buyer-Order `3e9a1c7f` (open) · seller `7b2d4e6a` "
                              "(filled) · bot `5c8f1a2d` (filled).\n"
                              "- Seeded order `4d6e8f0a`; the fix is commit 6a5b4c3d2e.\n"
                              "- The flaky test fix is `2f4e6a8c`.\n"),
    })
    assert [(f["code"], f["line"]) for f in lint_json(repo)] == [("GM301", 2), ("GM301", 3)]


def test_an_id_word_reaches_only_the_spans_after_it_in_its_sentence(tmp_path: Path) -> None:
    """A code-span hash before the id word, or after the sentence that names the id ends, is
    read on its own: "The leak fix is `3f2a1bc9e`; its trace id `4f5e6d7c` ..." still claims a
    commit that git does not know."""
    repo = make_repo(tmp_path / "r", {
        "memory/leak.md": ("- The leak fix is `3f2a1bc9e`; its trace id `4f5e6d7c` showed it.\n"
                           "- Order `4d6e8f0a` failed; the fix is `9c8b7a6d5`.\n"
                           "- Orders `4d6e8f0b`, `7e6d5c4b` and `1a2b3c4e` were seeded.\n"),
    })
    assert [(f["code"], f["line"]) for f in lint_json(repo)] == [("GM301", 1), ("GM301", 2)]


def test_gm304_still_notes_a_memory_that_names_a_branch_only_as_a_rule(tmp_path: Path) -> None:
    """"Never push to the `release` branch by hand" names a branch, but not the one the memory's
    commits are on: a commit that sits only on an unmerged branch still gets its note."""
    repo = make_repo(tmp_path / "r", {"a.txt": "1\n"})
    side = side_commit(repo, "fix-parser", {"a.txt": "2\n"}, "parser work")
    write(repo, {"memory/rules.md": ("- Never push to the `release` branch by hand.\n"
                                     f"- The parser was fixed in commit {side[:10]}.\n")})
    commit_all(repo)
    assert [(f["path"], f["code"]) for f in lint_json(repo)] == [("memory/rules.md", "GM304")]


def test_gm304_branch_named_as_where_work_is_or_in_a_rule(tmp_path: Path) -> None:
    """"All work is on the feature branch `feat/retry`" names where the commits are; "Never
    commit directly on the `release` branch" is a rule and leaves the note; ids after "vs." stay
    ids of the sentence's kind."""
    repo = make_repo(tmp_path / "r", {"a.txt": "1\n"})
    side = side_commit(repo, "feat/retry", {"a.txt": "2\n"}, "retry work")
    write(repo, {
        "memory/plan.md": (f"- All work is on the feature branch `feat/retry`: commit {side[:10]}.\n"),
        "memory/rules.md": ("- Never commit directly on the `release` branch.\n"
                            f"- Retries landed in commit {side[:10]}.\n"),
        "memory/orders.md": "- Order `4d6e8f0a` vs. `7e6d5c4b` and `1a2b3c4e`: same buyer.\n",
    })
    commit_all(repo)
    assert [(f["path"], f["code"]) for f in lint_json(repo)] == [("memory/rules.md", "GM304")]


def test_hash_the_first_commit_held_under_an_older_date_predates_the_history(
        tmp_path: Path) -> None:
    # A project moved into a fresh repository as one snapshot commit: its memory's dated log
    # names commits of the old history, which this one never had. Unverifiable, not invented.
    # An undated hash of that first commit, and one the memory gains later, are still checked.
    log = ("# Log\n\nCache keyed by commit 5c8d2e7a.\n\n## 2026-02-11\n"
           "- Shipped the exporter in commit 3e1f0a9c.\n")
    repo = make_repo(tmp_path / "r", {"src/app.py": "print(1)\n", "MEMORY.md": log})
    write(repo, {"MEMORY.md": log + "\n## 2026-06-20\n- Retry loop fixed in commit 7d2b9e4f.\n"})
    commit_all(repo)
    findings = lint_json(repo)
    assert sorted((f["code"], f["line"]) for f in findings) == [
        ("GM301", 3), ("GM301", 9), ("GM303", 6)]
    gm303 = next(f for f in findings if f["code"] == "GM303")
    assert "3e1f0a9c" in str(gm303["message"]) and "first commit" in str(gm303["message"])
    assert gm303["severity"] == "info"


def _root_commit(repo: Path, committer_line: str) -> None:
    """Point main at a root commit of the index's tree whose committer line is `committer_line`
    (written as git would store it, times git itself refuses to make included)."""
    git(repo, "add", "-A")
    tree = git(repo, "write-tree").strip()
    body = (f"tree {tree}\nauthor A <a@example.com> 1700000000 +0000\n{committer_line}\n\n"
            "snapshot of the project\n")
    oid = git(repo, "hash-object", "-t", "commit", "--literally", "-w", "--stdin",
              input=body).strip()
    git(repo, "update-ref", "refs/heads/main", oid)


def test_a_root_commit_with_a_time_out_of_range_is_no_internal_error(tmp_path: Path) -> None:
    # A cloned repository whose first commit carries a committer time no date can hold (year
    # three million, or the last second of year 9999 an hour east of UTC): the invented hash
    # is still GM301, and lint neither fails with exit 70 nor calls it older history.
    log = "# Log\n\n## 2026-03-01\n- Set up the build in commit 3e1f0a9c.\n"
    for committer in ("C <c@example.com> 99999999999999 +0000",
                      "C <c@example.com> 253402300799 +0100"):
        repo = make_repo(tmp_path / committer.split()[2], {"src/app.py": "print(1)\n",
                                                           "MEMORY.md": log})
        _root_commit(repo, f"committer {committer}")
        run = cli(repo, "lint", "--format", "json")
        assert run.code == 1, run
        assert [(f["code"], f["line"]) for f in run.json()["findings"]] == [("GM301", 4)]
        # what the pre-commit hook checks: a staged line citing another invented hash
        write(repo, {"MEMORY.md": log + "- Fixed the cache in commit 7d2b9e4f.\n"})
        git(repo, "add", "MEMORY.md")
        run = cli(repo, "lint", "--staged", "--format", "json")
        assert run.code == 1, run
        assert [(f["code"], f["line"]) for f in run.json()["findings"]] == [("GM301", 5)]


def test_a_line_dated_the_first_commits_own_day_is_not_older_history(tmp_path: Path) -> None:
    # The first commit was made on 1 March in the evening, California time (2 March in UTC):
    # a line the memory dated 1 March was written that day, in this history, so an invented
    # hash on it is still GM301. Only a line dated before the committer's own day is older.
    log = ("# Log\n\n## 2026-03-01\n- Set up the build in commit 3e1f0a9c.\n\n"
           "## 2026-02-28\n- Shipped the exporter in commit 5c8d2e7a.\n")
    repo = make_repo(tmp_path / "r", {"src/app.py": "print(1)\n", "MEMORY.md": log})
    _root_commit(repo, "committer C <c@example.com> 1772415000 -0800")  # 2026-03-01T17:30-08:00
    assert sorted((f["code"], f["line"]) for f in lint_json(repo)) == [
        ("GM301", 4), ("GM303", 7)]

"""GM311 on shapes an agent's workspace template carries into every workspace made from it
(issue 17): a file the agent is told to keep its state in, and a name given "like" an example.
Written in our own words after the real files' shapes. Beside each, a path presented as a file of
the project that is missing is still reported, so each test can fail."""

from __future__ import annotations

import resource
from pathlib import Path

from gitutil import commit_all, make_repo, write
from lintutil import path_codes


def test_a_file_the_agent_is_told_to_track_things_in_is_where_they_go(tmp_path: Path) -> None:
    # the agent keeps the times of its periodic checks in a state file it writes itself: the
    # file is where the record goes, not a pointer to one that went stale
    repo = make_repo(tmp_path / "r", {"SOUL.md": "- Be brief.\n", "memory/2026-03-01.md": "- x\n"})
    write(repo, {"AGENTS.md": (
        "# Checks\n\n"
        "- Track when you last ran each check in `memory/check-times.json`.\n"
        "- Append each deploy outcome to `memory/deploys.json`.\n"
        "- The deploy script is `scripts/deploy.sh`.\n")})
    commit_all(repo)
    assert path_codes(repo) == [
        ("AGENTS.md", 3, "GM313"), ("AGENTS.md", 4, "GM313"), ("AGENTS.md", 5, "GM314")]


def test_a_path_given_like_an_example_is_an_example(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"SOUL.md": "- Be brief.\n", "memory/2026-03-01.md": "- x\n"})
    write(repo, {"IDENTITY.md": (
        "# Who\n\n"
        "- For a helper, use a workspace path like `tools/hello.sh`.\n"
        "- The greeting helper is `tools/greet.sh`.\n")})
    commit_all(repo)
    assert path_codes(repo) == [("IDENTITY.md", 3, "GM313"), ("IDENTITY.md", 4, "GM314")]


def test_a_long_line_of_log_words_is_read_in_linear_time(tmp_path: Path) -> None:
    # one long pasted line with the word "log" thousands of times, then missing paths: whether
    # each path is where a record goes is read on the words right before it, not on the whole
    # line from every "log" on (which took seconds a path)
    line = "the deploy log shows the error here and " * 1800 + " ".join(
        f"`src/gone{n}.py`" for n in range(4))
    repo = make_repo(tmp_path / "r", {
        "CLAUDE.md": f"# Notes\n\n- The entry point is `src/main.py`.\n- {line}\n",
        "src/main.py": "\n"})
    started = resource.getrusage(resource.RUSAGE_SELF)
    codes = path_codes(repo)
    ended = resource.getrusage(resource.RUSAGE_SELF)
    assert codes == [("CLAUDE.md", 4, "GM314")] * 4
    assert (ended.ru_utime - started.ru_utime) + (ended.ru_stime - started.ru_stime) < 3.0


def test_a_path_given_such_as_an_example_is_not_reported(tmp_path: Path) -> None:
    # "such as" names an example: the line is set aside whole, whether or not "like" is read
    repo = make_repo(tmp_path / "r", {"CLAUDE.md": "- x\n", "src/main.py": "\n"})
    write(repo, {"CLAUDE.md": (
        "# Project\n\n"
        "- The entry point is `src/main.py`.\n"
        "- Name helpers after what they do, such as `src/helpers/slugify.py`.\n"
        "- The slug helper is `src/helpers/slug.py`.\n")})
    commit_all(repo)
    assert path_codes(repo) == [("CLAUDE.md", 5, "GM314")]


def test_a_record_verb_or_like_that_is_no_command_leaves_the_path_a_citation(
        tmp_path: Path) -> None:
    # "log", "track", "record" as nouns, or a statement whose subject one of them starts, and
    # "like" after a verb (a model file cited): each line points at a file meant to be there
    repo = make_repo(tmp_path / "r", {"CLAUDE.md": "- x\n", "src/main.py": "\n"})
    write(repo, {"CLAUDE.md": (
        "# Project\n\n"
        "- The entry point is `src/main.py`.\n"
        "- The play queue widget is in `src/widgets/PlayQueue.tsx`.\n"
        "- The event log schema is described in `src/events/schema.py`.\n"
        "- Record fields are listed in `src/models/fields.py`.\n"
        "- Copy timestamps like `src/util/clock.py` does.\n"
        "- Track lists are loaded in `src/player/loader.py`.\n")})
    commit_all(repo)
    assert path_codes(repo) == [("CLAUDE.md", n, "GM314") for n in range(4, 9)]


def test_a_record_verb_that_opens_its_clause_is_a_command(tmp_path: Path) -> None:
    # the same words as commands, after a comma or "then", and "like" after a noun for a name
    repo = make_repo(tmp_path / "r", {"CLAUDE.md": "- x\n", "src/main.py": "\n"})
    write(repo, {"CLAUDE.md": (
        "# Project\n\n"
        "- The entry point is `src/main.py`.\n"
        "- When a job finishes, log its exit code to `docs/job-codes.md`.\n"
        "- Run the tests, then record the failures in `docs/test-failures.md`.\n"
        "- Give each note a file name like `docs/standup.md`.\n"
        "- The job runner is `src/jobs/runner.py`.\n")})
    commit_all(repo)
    assert path_codes(repo) == [
        ("CLAUDE.md", 4, "GM313"), ("CLAUDE.md", 5, "GM313"), ("CLAUDE.md", 6, "GM313"),
        ("CLAUDE.md", 7, "GM314")]

"""Op commit subjects are cut at a word boundary, never inside a word, and the trailers still
carry every path in full (issue 19: "op commit subjects are not cut mid-word")."""

from __future__ import annotations

from pathlib import Path

from gitutil import git, gitmem, make_repo

from gitmem import trailers as t

LONG = ("Deployments-orchestration-documentation requires cryptographically-verified "
        "infrastructure-provisioning-certificates before production rollouts")


def subject_and_trailers(repo: Path) -> tuple[str, dict[str, tuple[str, ...]]]:
    message = git(repo, "log", "-1", "--format=%B")
    return message.splitlines()[0], t.trailer_map(t.parse_trailers(message))


def assert_cut_between_words(subject: str, full: str) -> None:
    """`subject` is `full` cut short: within the limit, marked with an ellipsis, and what stays
    ends where a word ends in `full`."""
    assert len(full) > t.MAX_SUMMARY_LENGTH  # the test is about a subject that must be cut
    assert len(subject) <= t.MAX_SUMMARY_LENGTH
    assert subject.endswith("\u2026"), subject
    kept = subject[:-1]
    assert full.startswith(kept), (subject, full)
    assert kept[-1].isalnum() and not full[len(kept)].isalnum(), (
        f"cut inside a word: {kept[-12:]!r} | {full[len(kept):len(kept) + 12]!r}")


def test_save_of_a_long_claim_cuts_its_subject_between_words(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "mem", {"memory/other.md": "- Use tabs for Makefiles.\n"})
    result = gitmem(repo, "save", LONG, "--category", "project", "--folder",
                    "memory/team-conventions/deployment")
    assert result.code == 0, result
    path = git(repo, "diff-tree", "--no-commit-id", "--name-only", "-r", "HEAD").strip()
    subject, found = subject_and_trailers(repo)
    assert_cut_between_words(subject, f"gitmem: save {path}")
    assert found[t.PATH] == (path,)  # the trailer keeps the whole path
    listed = gitmem(repo, "log", "--json")
    assert subject in listed.out  # what `gitmem log` shows is the same subject


def test_merge_of_many_memories_cuts_its_subject_between_words(tmp_path: Path) -> None:
    names = [f"memory/release-procedure-{word}-checklist.md"
             for word in ("staging", "production", "hotfix", "rollback")]
    repo = make_repo(tmp_path / "mem", {
        name: f"- Release step for {name.split('-')[2]}: run the {n} smoke suite.\n"
        for n, name in enumerate(names)})
    result = gitmem(repo, "merge", *names, "--confirm")
    assert result.code == 0, result
    subject, found = subject_and_trailers(repo)
    full = f"gitmem: merge {', '.join(names[1:])} into {names[0]}"
    assert_cut_between_words(subject, full)
    assert set(found[t.PATH]) == set(names)  # every memory named in full
    assert found[t.SUPERSEDED_BY] == (names[0],)


def test_a_subject_without_any_word_boundary_is_still_capped() -> None:
    one_word = "gitmem:" + "x" * 300
    assert len(t.sanitize_summary(one_word)) == t.MAX_SUMMARY_LENGTH
    assert t.sanitize_summary("gitmem: merge a b") == "gitmem: merge a b"

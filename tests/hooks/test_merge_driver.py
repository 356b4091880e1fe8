"""The memory merge driver: directly on three files, and through `git merge` / `git pull`."""

from __future__ import annotations

from pathlib import Path

import pytest
from gitutil import commit_all, git, gitmem, make_repo, write
from hookutil import memory, run_git

from gitmem.merge_driver import merge_memory

BASE = "---\nname: wrapper\ntags: [cal, cli]\nconfidence: 0.8  # measured\n---\n- One.\n- Two.\n"


def drive(tmp_path: Path, base: str, ours: str, theirs: str, path: str = "memory/a.md"):
    files = {"O": base, "A": ours, "B": theirs}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    result = gitmem(tmp_path, "merge-driver", *(str(tmp_path / n) for n in "OAB"), path)
    return result.code, (tmp_path / "A").read_text()


def test_both_sides_appending_claims_merge_cleanly(tmp_path: Path) -> None:
    code, merged = drive(tmp_path, BASE, BASE + "- Ours three.\n", BASE + "- Theirs three.\n")
    assert code == 0
    assert merged == BASE + "- Ours three.\n- Theirs three.\n"


def test_the_same_line_changed_both_ways_is_a_conflict_with_markers(tmp_path: Path) -> None:
    ours, theirs = BASE.replace("- One.", "- Uno."), BASE.replace("- One.", "- Eins.")
    code, merged = drive(tmp_path, BASE, ours, theirs)
    assert code == 1
    assert "<<<<<<< ours\n- Uno.\n=======\n- Eins.\n>>>>>>> theirs\n" in merged
    assert merged.startswith(BASE.split("- One.")[0])  # frontmatter untouched


def test_tags_merge_as_sets_and_our_formatting_is_kept(tmp_path: Path) -> None:
    ours = BASE.replace("tags: [cal, cli]", "tags: [cal, cli, api]")
    theirs = BASE.replace("tags: [cal, cli]", "tags: [cal]").replace("- Two.", "- Two!")
    code, merged = drive(tmp_path, BASE, ours, theirs)
    assert code == 0
    assert "tags: [cal, api]\n" in merged  # theirs removed cli, ours added api
    assert "confidence: 0.8  # measured\n" in merged  # untouched line kept byte for byte
    assert merged.endswith("- One.\n- Two!\n")


def test_a_scalar_comes_from_the_side_that_changed_it(tmp_path: Path) -> None:
    theirs = BASE.replace("name: wrapper\n", "name: wrapper\nsuperseded_by: memory/b.md\n")
    ours = BASE.replace("confidence: 0.8  # measured", "confidence: 0.6  # measured")
    code, merged = drive(tmp_path, BASE, ours, theirs)
    assert code == 0
    assert "superseded_by: memory/b.md\n" in merged
    assert "confidence: 0.6  # measured\n" in merged


def test_both_changing_confidence_keeps_the_lower(tmp_path: Path) -> None:
    ours = BASE.replace("confidence: 0.8", "confidence: 0.9")
    theirs = BASE.replace("confidence: 0.8", "confidence: 0.5")
    assert "confidence: 0.5" in drive(tmp_path, BASE, ours, theirs)[1]


def test_a_scalar_changed_both_ways_is_a_conflict_around_the_field(tmp_path: Path) -> None:
    ours = BASE.replace("name: wrapper", "name: the wrapper")
    theirs = BASE.replace("name: wrapper", "name: calendar wrapper")
    code, merged = drive(tmp_path, BASE, ours, theirs)
    assert code == 1
    assert ("---\n<<<<<<< ours\nname: the wrapper\n=======\nname: calendar wrapper\n"
            ">>>>>>> theirs\ntags: [cal, cli]\n") in merged


def test_do_not_reopen_is_the_union_keeping_the_later_date() -> None:
    def with_cooldowns(*pairs: tuple[str, str]) -> bytes:
        entries = ", ".join(f"{{partner: {p}, before: {d}}}" for p, d in pairs)
        return f"---\nname: a\ndo_not_reopen: [{entries}]\n---\n- One.\n".encode()

    base = with_cooldowns(("memory/b.md", "2026-01-01"))
    ours = with_cooldowns(("memory/b.md", "2026-03-01"), ("memory/c.md", "2026-02-01"))
    theirs = with_cooldowns(("memory/b.md", "2026-06-01"), ("memory/d.md", "2026-02-01"))
    result = merge_memory(base, ours, theirs)
    assert result.conflicts == 0
    assert result.data == with_cooldowns(("memory/b.md", "2026-06-01"),
                                         ("memory/c.md", "2026-02-01"),
                                         ("memory/d.md", "2026-02-01"))


def test_a_file_that_is_not_a_memory_gets_gits_own_merge(tmp_path: Path) -> None:
    code, merged = drive(tmp_path, "# Readme\n", "# Readme\nours\n", "# Readme\ntheirs\n",
                         path="README.md")
    assert code == 1 and "<<<<<<< ours" in merged


# ----- through git ---------------------------------------------------------------------------
def with_driver(repo: Path) -> None:
    result = gitmem(repo, "hooks", "install", "--merge-driver", "--no-hooks")
    assert result.code == 0, result


def test_install_registers_the_driver_once_and_uninstall_removes_it(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": BASE, ".gitattributes": "*.png binary\n"})
    with_driver(repo)
    assert "gitmem merge-driver --marker-size %L" in git(repo, "config", "merge.gitmem.driver")
    assert "-- %O %A %B %P" in git(repo, "config", "merge.gitmem.driver")
    attributes = (repo / ".gitattributes").read_text()
    assert attributes.startswith("*.png binary\n") and "**/*.md merge=gitmem\n" in attributes
    assert git(repo, "check-attr", "merge", "memory/a.md").strip().endswith("gitmem")
    again = gitmem(repo, "hooks", "install", "--merge-driver", "--no-hooks")
    assert "merge driver: already registered" in again.out
    assert (repo / ".gitattributes").read_text() == attributes
    gitmem(repo, "hooks", "uninstall")
    assert (repo / ".gitattributes").read_text() == "*.png binary\n"
    assert git(repo, "config", "--get", "merge.gitmem.driver", check=False) == ""


@pytest.mark.parametrize("driver", [True, False])
def test_git_merge_of_two_appended_claims(tmp_path: Path, driver: bool) -> None:
    repo = make_repo(tmp_path / "r", {"memory/a.md": BASE})
    if driver:
        with_driver(repo)
        commit_all(repo, "route memory files to the gitmem merge driver")
    git(repo, "switch", "-q", "-c", "side")
    write(repo, {"memory/a.md": BASE + "- Theirs three.\n"})
    commit_all(repo, "theirs")
    git(repo, "switch", "-q", "main")
    write(repo, {"memory/a.md": BASE + "- Ours three.\n"})
    commit_all(repo, "ours")
    proc = run_git(repo, "merge", "-q", "--no-edit", "side")
    text = (repo / "memory/a.md").read_text()
    if driver:
        assert proc.returncode == 0, proc.stderr
        assert text == BASE + "- Ours three.\n- Theirs three.\n"
    else:  # the control: git's own line merge conflicts on the same two appends
        assert proc.returncode != 0 and "<<<<<<<" in text


def test_two_agents_on_two_machines_pull_each_others_claims(tmp_path: Path) -> None:
    seed = make_repo(tmp_path / "seed", {"memory/deploy.md": memory("deploy", "Deploy on Fridays.")})
    with_driver(seed)
    commit_all(seed, "route memory files to the gitmem merge driver")
    git(tmp_path, "clone", "-q", "--bare", str(seed), "origin.git")
    clones = []
    for name in ("laptop", "server"):
        git(tmp_path, "clone", "-q", "origin.git", name)
        clone = tmp_path / name
        git(clone, "config", "pull.rebase", "false")
        with_driver(clone)  # the driver lives in .git/config: every clone registers it
        clones.append(clone)
    laptop, server = clones
    base = (laptop / "memory/deploy.md").read_text()
    write(laptop, {"memory/deploy.md": base + "- Tag releases from CI.\n"})
    assert run_git(laptop, "commit", "-qam", "laptop learns").returncode == 0
    assert run_git(laptop, "push", "-q").returncode == 0
    write(server, {"memory/deploy.md": base + "- Run migrations before the deploy.\n"})
    assert run_git(server, "commit", "-qam", "server learns").returncode == 0
    pulled = run_git(server, "pull", "-q", "--no-edit")
    assert pulled.returncode == 0, pulled.stderr
    text = (server / "memory/deploy.md").read_text()
    assert "<<<<<<<" not in text
    assert text.endswith(("- Tag releases from CI.\n- Run migrations before the deploy.\n",
                          "- Run migrations before the deploy.\n- Tag releases from CI.\n"))
    assert git(server, "status", "--porcelain") == ""


@pytest.mark.parametrize("missing", ["O", "A", "B"])
def test_a_missing_input_file_is_a_usage_error(tmp_path: Path, missing: str) -> None:
    for name in "OAB":
        if name != missing:
            (tmp_path / name).write_text(BASE)
    result = gitmem(tmp_path, "merge-driver", *(str(tmp_path / n) for n in "OAB"), "memory/a.md")
    assert result.code == 2 and "does not exist" in result.err, result
    if missing != "A":
        assert (tmp_path / "A").read_text() == BASE  # ours is left as it was


def test_a_memory_whose_name_starts_with_dashes_merges_as_a_file(tmp_path: Path) -> None:
    """git puts the path (%P) on the driver's command line: a name like `--notes.md`
    must reach the driver as a path, not be read as one of its options."""
    name = "--notes.md"
    repo = make_repo(tmp_path / "r", {name: BASE})
    with_driver(repo)
    commit_all(repo, "route memory files to the gitmem merge driver")
    git(repo, "switch", "-q", "-c", "side")
    write(repo, {name: BASE + "- Theirs three.\n"})
    commit_all(repo, "theirs")
    git(repo, "switch", "-q", "main")
    write(repo, {name: BASE + "- Ours three.\n"})
    commit_all(repo, "ours")
    proc = run_git(repo, "merge", "-q", "--no-edit", "side")
    assert proc.returncode == 0, proc.stderr
    assert (repo / name).read_text() == BASE + "- Ours three.\n- Theirs three.\n"

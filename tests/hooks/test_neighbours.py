"""The pre-commit hook's key index: which memories a new claim is compared with."""

from __future__ import annotations

from pathlib import Path

from gitmem.hooks_run import neighbours
from gitmem.hooks_run.neighbours import neighbour_paths, update_key_index

MEMORIES = {
    "memory/style.md": b"- Indent Python code with spaces.\n",
    "memory/deploy.md": b"- Deploy from the release branch.\n",
    "memory/db.md": b"- The database runs PostgreSQL 16.\n",
    "memory/python.md": b"- Python scripts live in tools/.\n",
}
BLOBS = {path: f"blob-{i}" for i, path in enumerate(MEMORIES)}
CONTENT = {BLOBS[path]: data for path, data in MEMORIES.items()}


class CountingReader:
    def __init__(self) -> None:
        self.read: list[str] = []

    def __call__(self, blob: str) -> bytes:
        self.read.append(blob)
        return CONTENT[blob]


def test_a_claim_finds_the_memories_that_share_its_keys(tmp_path: Path) -> None:
    found = neighbour_paths(tmp_path, BLOBS, ["Always indent Python code with tabs."],
                            CountingReader())
    assert found[0] == "memory/style.md"  # tabs/spaces share the indentation class key
    assert "memory/deploy.md" not in found


def test_an_exclusive_value_swap_is_found(tmp_path: Path) -> None:
    found = neighbour_paths(tmp_path, BLOBS, ["The database runs PostgreSQL 14."],
                            CountingReader())
    assert found[0] == "memory/db.md"


def test_only_blobs_not_seen_before_are_read(tmp_path: Path) -> None:
    first = CountingReader()
    update_key_index(tmp_path, CONTENT, first)[0].close()
    assert sorted(first.read) == sorted(CONTENT)
    again = CountingReader()
    neighbour_paths(tmp_path, BLOBS, ["Indent with tabs."], again)
    assert again.read == []


def test_a_changed_key_function_rebuilds_the_index(tmp_path: Path, monkeypatch) -> None:
    update_key_index(tmp_path, CONTENT, CountingReader())[0].close()
    monkeypatch.setattr(neighbours, "fingerprint", lambda: "another version")
    reader = CountingReader()
    update_key_index(tmp_path, CONTENT, reader)[0].close()
    assert sorted(reader.read) == sorted(CONTENT)


def test_in_a_tiny_corpus_a_key_every_memory_holds_still_counts(tmp_path: Path) -> None:
    """With one other memory, every shared key is held by 100% of memories; it must count."""
    one = {"memory/style.md": BLOBS["memory/style.md"]}
    found = neighbour_paths(tmp_path, one, ["Indent Python code with tabs."], CountingReader())
    assert found == ["memory/style.md"]


def test_a_damaged_index_file_is_rebuilt(tmp_path: Path) -> None:
    (tmp_path / neighbours.INDEX_FILE).write_bytes(b"garbage, not an SQLite database\n" * 50)
    reader = CountingReader()
    found = neighbour_paths(tmp_path, BLOBS, ["Always indent Python code with tabs."], reader)
    assert found[0] == "memory/style.md"
    assert sorted(reader.read) == sorted(set(BLOBS.values()))  # every blob read again

"""The judge's verdict cache: what a digest depends on, and a file that is only ever data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitmem.consistency.judge_cache import JudgeCache, command_identity, pair_digest


def test_a_digest_ignores_order_and_whitespace_but_not_words() -> None:
    one = pair_digest("Use tabs.", "Use  spaces.\n", "judge")
    assert one == pair_digest("Use spaces.", "Use tabs.", "judge")
    assert one != pair_digest("Use tabs.", "Use two spaces.", "judge")
    assert one != pair_digest("Use tabs.", "Use spaces.", "another judge")


def test_the_identity_follows_the_script_it_names(tmp_path: Path) -> None:
    script = tmp_path / "judge.py"
    script.write_text("print('a')\n")
    before = command_identity(["python3", str(script)])
    assert before == command_identity(["python3", str(script)])
    script.write_text("print('a prompt edited')\n")
    assert command_identity(["python3", str(script)]) != before
    assert command_identity(["python3", str(script), "-m", "other"]) != before


def test_only_known_verdicts_are_kept_and_read_back(tmp_path: Path) -> None:
    cache = JudgeCache.open(tmp_path)
    cache.put("d1", "duplicate", "same")
    cache.put("d2", "maybe", "?")
    assert cache.save()
    again = JudgeCache.open(tmp_path)
    assert again.get("d1") is not None and again.get("d1").verdict == "duplicate"
    assert again.get("d2") is None


@pytest.mark.parametrize("content", [b"", b"\x00\xff", b"[1, 2]", b'{"schema": 1}',
                                     b'{"schema": 1, "fingerprint": "judge-verdicts", '
                                     b'"verdicts": {"d1": "duplicate"}}'])
def test_a_damaged_file_reads_as_an_empty_cache(tmp_path: Path, content: bytes) -> None:
    file = tmp_path / "cache" / "judge-verdicts.json"
    file.parent.mkdir()
    file.write_bytes(content)
    assert JudgeCache.open(tmp_path).get("d1") is None


def test_gitmem_no_cache_reads_and_writes_nothing(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GITMEM_NO_CACHE", "1")
    cache = JudgeCache.open(tmp_path)
    cache.put("d1", "neither", "")
    assert cache.save() and not (tmp_path / "cache").exists()


def test_the_file_is_plain_json(tmp_path: Path) -> None:
    cache = JudgeCache.open(tmp_path)
    cache.put("d1", "contradiction", "tabs / spaces")
    cache.save()
    data = json.loads((tmp_path / "cache" / "judge-verdicts.json").read_text())
    assert data["verdicts"]["d1"]["verdict"] == "contradiction"

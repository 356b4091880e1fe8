"""The judge's accepted verdicts, kept between runs so that CI asks only about new pairs
(shared by `lint --judge` and the review commands: a pair answered once is not asked again).

A verdict is stored under a digest of everything it depends on:

- the two claims' texts (whitespace runs folded, order ignored: a verdict is symmetric), not
  their paths or lines, so moving a claim keeps its verdict and editing its words asks again;
- the judge's identity: the words of `judge.command`, and the content of each word that names
  a file (the judge script, the LLM tool's entry point), so editing the script or its prompt
  asks every pair again; a file over `_HASHED_MAX` bytes (an interpreter) counts by its size;
- `PROMPT_VERSION`, the shape of the request gitmem sends (`judge._payload`).

Only accepted verdicts are stored: an answer that was rejected (prose, an unknown verdict, a
timeout, invented quotes) is asked again next run. The file is plain JSON
(`.git/gitmem/cache/judge-verdicts.json`, never pickle), written whole and renamed into place;
a missing, unreadable or foreign file is an empty cache, an entry of the wrong shape is a miss.
`GITMEM_NO_CACHE=1` turns it off like every other cache.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from gitmem.consistency.judge import VERDICTS
from gitmem.memory.cache_files import cache_disabled, read_cache_file, write_cache_file

PROMPT_VERSION = 1  # bump when the request gitmem sends a judge changes
SCHEMA = 1
FILE = Path("cache") / "judge-verdicts.json"
MAX_ENTRIES = 50_000  # the oldest answers go first beyond this
_HASHED_MAX = 1 << 20
_FINGERPRINT = "judge-verdicts"  # verdicts outlive a gitmem upgrade: the digest decides


def _file_identity(word: str, first: bool) -> str:
    found = shutil.which(word) if first else None
    path = Path(found or word)
    try:
        if not path.is_file():
            return ""
        size = path.stat().st_size
        if size > _HASHED_MAX:
            return f"size {size}"
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return ""


def command_identity(command: Sequence[str]) -> str:
    """The judge as far as its verdicts go: its words and the files they name."""
    parts = [[word, _file_identity(word, at == 0)] for at, word in enumerate(command)]
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()


def pair_digest(text_a: str, text_b: str, identity: str) -> str:
    texts = sorted(" ".join(t.split()) for t in (text_a, text_b))
    return hashlib.sha256(json.dumps([PROMPT_VERSION, identity, texts]).encode()).hexdigest()


@dataclass(frozen=True)
class CachedVerdict:
    verdict: str  # contradiction | duplicate | neither
    reason: str


@dataclass
class JudgeCache:
    """Verdicts by pair digest; `save` writes the file only when something was added."""

    file: Path | None
    entries: dict[str, dict[str, str]] = field(default_factory=dict)
    changed: bool = False

    @classmethod
    def open(cls, state_dir: Path) -> JudgeCache:
        if cache_disabled():
            return cls(None)
        file = state_dir / FILE
        data = read_cache_file(file, SCHEMA, _FINGERPRINT) or {}
        entries = data.get("verdicts")
        return cls(file, dict(entries) if isinstance(entries, dict) else {})

    def get(self, digest: str) -> CachedVerdict | None:
        entry = self.entries.get(digest)
        if not isinstance(entry, dict):
            return None
        verdict, reason = entry.get("verdict"), entry.get("reason", "")
        if not isinstance(verdict, str) or verdict not in VERDICTS or not isinstance(reason, str):
            return None  # the file is data: an entry of another shape is a miss
        return CachedVerdict(verdict, reason)

    def put(self, digest: str, verdict: str, reason: str, today: dt.date | None = None) -> None:
        if verdict not in VERDICTS:
            return
        asked = (today or dt.date.today()).isoformat()
        self.entries[digest] = {"verdict": verdict, "reason": reason, "asked": asked}
        self.changed = True

    def save(self) -> bool:
        """Write the file when something was added; False when it could not be written."""
        if self.file is None or not self.changed:
            return True
        entries = self.entries
        if len(entries) > MAX_ENTRIES:
            def asked(item: tuple[str, object]) -> str:
                value = item[1]
                when = value.get("asked") if isinstance(value, dict) else None
                return when if isinstance(when, str) else ""
            entries = dict(sorted(entries.items(), key=asked)[-MAX_ENTRIES:])
        data = {"schema": SCHEMA, "fingerprint": _FINGERPRINT, "verdicts": entries}
        self.changed = False
        return write_cache_file(self.file, data)

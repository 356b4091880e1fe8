"""The lexicon is data: TOML files shipped in the package."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

from gitmem.consistency import vocabulary
from gitmem.consistency.lexicon import default_lexicon, phrase_key

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "gitmem" / "consistency" / "data"


def test_every_data_file_is_read_and_shipped_as_package_data() -> None:
    assert sorted(p.name for p in DATA.iterdir() if p.suffix == ".toml") == sorted(vocabulary.FILES)
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["gitmem.consistency"]
    for name in vocabulary.FILES:
        assert any(fnmatch.fnmatch(f"data/{name}", glob) for glob in globs), name
    lexicon = default_lexicon()
    key = phrase_key
    assert lexicon.relation(key("PostgreSQL"), key("MySQL")) == "exclusive"
    assert lexicon.relation(key("enable"), key("disable")) == "antonym"
    assert lexicon.canon(key("Postgres")) == key("PostgreSQL")

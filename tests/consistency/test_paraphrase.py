"""Duplicates by meaning (`paraphrase.py`): what a text names, and the data it reads."""

from __future__ import annotations

import tomllib
from importlib import resources

from gitmem.consistency import paraphrase
from gitmem.consistency.analyze import find_pairs
from gitmem.consistency.features import features
from gitmem.consistency.lexicon import default_lexicon, lexicon_for
from gitmem.consistency.vocabulary import parse_extension
from gitmem.model import Claim


def _concepts(text: str, lexicon=None) -> set[str]:
    lexicon = lexicon or default_lexicon()
    return set(paraphrase.concepts(features(text, lexicon), lexicon))


def _duplicate(a: str, b: str, lexicon=None) -> bool:
    claims = [Claim("memory/a.md", 1, a), Claim("memory/b.md", 1, b)]
    return any(f.kind == "duplicate" for f in find_pairs(claims, lexicon=lexicon))


def test_word_order_voice_synonyms_and_numbers_name_the_same_concepts() -> None:
    assert _concepts("Run the database migrations before every deploy.") == _concepts(
        "Every deployment must be preceded by running the DB migrations.")
    assert _concepts("Keep logs for thirty days.") == _concepts("Logs are kept 30 days.")
    assert _concepts("Uploads are capped at 20 MB.") == _concepts("The upload limit is 20 megabytes.")


def test_filler_of_a_verbose_phrasing_is_left_out() -> None:
    assert _concepts("Screenshots go in docs/images.") == _concepts(
        "Put screenshots in the docs/images folder.")


def test_a_paraphrase_is_a_possible_duplicate_never_a_match() -> None:
    claims = [Claim("memory/a.md", 1, "Tabs for indentation in Go."),
              Claim("memory/b.md", 1, "Go code is indented with tabs.")]
    (finding,) = find_pairs(claims)
    assert (finding.kind, finding.klass) == ("duplicate", "possible")
    assert finding.signals["concepts"] == 1.0


def test_every_entry_of_a_group_reads_as_its_main_form() -> None:
    table = tomllib.loads(
        (resources.files("gitmem.consistency") / "data" / "paraphrases.toml").read_text())
    data = paraphrase.shipped()
    for group in table["groups"]:
        main = paraphrase.phrase_key(group[0])
        for entry in group:
            assert data.canonical[paraphrase.phrase_key(entry)] == main, entry
    assert set(table) == {"groups", "filler", "narrowing", "away", "permission", "obligation",
                          "history", "stating", "scoping", "switches"}


def test_a_repository_synonym_in_gitmem_toml_reaches_the_duplicate_check() -> None:
    a, b = "Rotate the signing keys before each release.", "Signing keys get renewed ahead of every release."
    assert not _duplicate(a, b)
    lexicon = lexicon_for(parse_extension({"synonyms": [["rotate", "renew"]]}))
    assert _duplicate(a, b, lexicon)


def _paraphrased(a: str, b: str) -> float | None:
    lexicon = default_lexicon()
    return paraphrase.paraphrased(features(a, lexicon), features(b, lexicon), lexicon, "")


def test_what_no_rewording_explains_is_no_paraphrase() -> None:
    assert _paraphrased("The user works on the billing team.",
                        "The billing team is where the user used to work.") is None  # history
    assert _paraphrased("Use Poetry for Python dependencies.",
                        "Python dependencies are managed with Poetry or uv.") is None  # widened
    assert _paraphrased("Back up the cache daily.",
                        "The cache is backed up daily, 14 copies kept.") is None  # a new figure
    assert _paraphrased("Prefer tabs over spaces in Makefiles.",
                        "In Makefiles, spaces are preferred over tabs.") is None  # reversed
    assert _paraphrased("Health checks",
                        "**Never skip health checks.** Required for orchestration.") is None
    assert _paraphrased("Python dependencies are managed with Poetry.",
                        "Use Poetry for Python dependencies.") is not None
    # "start with" is no history: only the words of `history` are
    assert _paraphrased("Commit subjects start with the issue key.",
                        "Begin each commit subject with its issue key.") is not None

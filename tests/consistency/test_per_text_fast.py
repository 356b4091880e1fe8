"""What one text's analysis reads fast must read as the plain computation does.

Cold lint analyses every distinct text of a repository once (its features, its claim analysis,
its figures), so that work is done with shortcuts: `claims._known_values` looks a phrase up only
where one can start, `claims._name_like` reads a token as written once, `stated_figures` is
`figures` when no word names an item, the number-word readers of `quantities`/`spelled` keep
their answer per word, `vetoes` stems its time-scope words once, and what the vetoes read of
one text (its names written with a capital, its plain words, its figures) is read once per
text (`per_text`). Each shortcut is checked here against the plain computation on texts made
from the labelled pairs' words and the lexicon's own phrases: a difference would change a
finding.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

from gitmem.consistency import claims as claims_module
from gitmem.consistency import names_apart, opposites, quantities, spelled, vetoes
from gitmem.consistency.claims import _known_values, _name_like, _phrases, _written, name_like
from gitmem.consistency.features import features
from gitmem.consistency.lexicon import Lexicon, default_lexicon
from gitmem.consistency.paraphrase import phrase_key, text_concepts
from gitmem.consistency.quantities import ITEM_LABELS, figures
from gitmem.consistency.text import Token, negated_bases, prefix_negates

PAIRS = Path(__file__).resolve().parents[2] / "benchmarks" / "memory_pairs"


def _texts() -> list[str]:
    return [row[side] for path in sorted(PAIRS.glob("*.jsonl"))
            for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
            for row in [json.loads(line)] for side in "ab"]


def _generated(count: int, seed: int) -> list[str]:
    """Labelled texts, and texts of their words shuffled with the lexicon's own words, item
    labels and numbers written in digits and in words."""
    rng = random.Random(seed)
    texts = _texts()
    words = sorted({w for text in texts for w in text.split()})
    lexicon = default_lexicon()
    extra = sorted(lexicon.surfaces) + sorted(ITEM_LABELS) + [
        "3", "10", "v2", "forty", "eight", "two", "hundred", "Step", "Phase", "seconds", "MobX",
        "ky.js", "nose2", "React", "Hook", "Form", "not", "never", "the", "Use", "is", "`x`"]
    out = list(texts)
    for _ in range(count):
        size = rng.randrange(1, 14)
        out.append(" ".join(rng.choice(words if rng.random() < 0.6 else extra)
                            for _ in range(size)))
    return out


def _plain_known_values(tokens: tuple[Token, ...], lexicon: Lexicon) -> list[tuple[int, int]]:
    """`claims._known_values` as it was written before the shortcut: every phrase asked."""
    members, antonyms = _phrases(lexicon)
    stems = [t.stem for t in tokens]
    found: list[tuple[int, int]] = []
    at = 0
    while at < len(stems):
        for size in range(claims_module._MAX_NAME, 0, -1):
            phrase = " ".join(stems[at:at + size])
            if at + size > len(stems) or lexicon.is_function_phrase(phrase) \
                    or phrase in lexicon.light:
                continue
            if (phrase in members or lexicon.canon(phrase) in members or phrase in antonyms
                    or lexicon.canon(phrase) in antonyms) and all(
                        _written(t.lower, lexicon) for t in tokens[at:at + size]):
                found.append((at, at + size))
                at += size - 1
                break
        at += 1
    return found


def test_known_values_found_as_when_every_phrase_is_asked() -> None:
    lexicon = default_lexicon()
    longer = 0
    for text in _generated(6000, seed=11):
        tokens = features(text, lexicon).tokens
        fast = _known_values(tokens, lexicon)
        assert fast == _plain_known_values(tokens, lexicon), text
        longer += sum(end - start > 1 for start, end in fast)
    assert longer > 20  # values of several words were among them, so the shortcut was tried


def test_known_values_of_each_member_and_antonym_phrase_alone() -> None:
    lexicon = default_lexicon()
    members, antonyms = _phrases(lexicon)
    folded = [k for k, v in lexicon.canonical.items() if v in members | antonyms]
    for phrase in sorted(members | antonyms)[:3000] + sorted(folded)[:3000]:
        tokens = tuple(Token(word, word, word) for word in phrase.split(" "))
        tokens = (Token("use", "use", "use"), *tokens, Token("now", "now", "now"))
        assert _known_values(tokens, lexicon) == _plain_known_values(tokens, lexicon), phrase


def test_name_like_read_once_per_token_answers_as_name_like() -> None:
    lexicon = default_lexicon()
    seen = 0
    for text in _generated(3000, seed=12):
        for at, token in enumerate(features(text, lexicon).tokens):
            for first in (at == 0, not at == 0):
                assert _name_like(token, first, lexicon) == name_like(token, first, lexicon)
                seen += 1
    assert seen > 20000
    assert any(_name_like(t, False, lexicon) for t in features("Use MobX and ky.js").tokens)


def test_stated_figures_as_computed_word_by_word() -> None:
    lexicon = default_lexicon()
    labelled = 0
    for text in _generated(4000, seed=13):
        f = features(text, lexicon)
        words = [t.lower for t in f.tokens]
        plain = frozenset(figures(["#" if i and words[i - 1] in ITEM_LABELS else word
                                   for i, word in enumerate(words)]))
        assert f.stated_figures == plain, text
        labelled += any(w in ITEM_LABELS for w in words[:-1])
    assert labelled > 100
    f = features("Run step 3 within 3 seconds", lexicon)
    assert f.stated_figures != f.figures


def test_number_words_read_once_per_word_answer_as_read_afresh() -> None:
    cardinal, opener = spelled._cardinal.__wrapped__, quantities._may_open_a_figure.__wrapped__
    for text in _generated(2000, seed=14):
        for word in text.lower().split():
            assert spelled._cardinal(word) == cardinal(word), word
            assert quantities._may_open_a_figure(word) == opener(word), word


def test_time_scope_keys_are_the_stems_of_the_time_scope_words() -> None:
    assert vetoes._time_scope_keys() == {phrase_key(word) for word in vetoes._TIME_SCOPES}


def test_what_the_vetoes_read_of_one_text_read_once_answers_as_read_afresh() -> None:
    lexicon = default_lexicon()
    # another lexicon that reads "Fastly" as no name: its answers must not be mixed up
    other = dataclasses.replace(lexicon, non_content=lexicon.non_content | {"fastli", "fastly"})
    texts = _generated(1500, seed=15) + ["Serve assets through Fastly and Expo Router."] * 3
    named = 0
    for text in texts:
        for lex in (lexicon, other, lexicon):
            f = features(text, lex)
            assert names_apart._capitals(f, lex) == names_apart._capitals.__wrapped__(f, lex)
            assert opposites._plain_words(f) == opposites._plain_words.__wrapped__(f)
            named += bool(names_apart._capitals(f, lex))
            seq = text_concepts(f, lex)[0]
            assert vetoes._figures(seq) == vetoes._figures.__wrapped__(seq)
    assert named > 100
    f, g = features("Use Fastly here", lexicon), features("Use Fastly here", other)
    assert names_apart._capitals(f, lexicon) != names_apart._capitals(g, other)


def _plain_prefixed_twins(fa, fb) -> bool:
    """`opposites.prefixed_twins` as it was written before each text's twins were read once:
    every prefix tried on every pair of words one text has and the other lacks."""
    words_a, words_b = opposites._plain_words(fa), opposites._plain_words(fb)
    only_a, only_b = words_a - words_b, words_b - words_a
    return any(prefix_negates(x, y) for x in only_a for y in only_b) or any(
        prefix_negates(y, x) for y in only_b for x in only_a)


def test_prefixed_twins_read_once_per_text_answer_as_every_pair_of_words_tried() -> None:
    lexicon = default_lexicon()
    bases = ["documented", "encrypted", "safe", "valid", "blocking", "secure", "logical",
             "able", "index", "display", "port", "unique", "nonce", "active", "regular"]
    words = bases + [p + w for w in bases for p in ("un", "non-", "non", "in", "im", "il",
                                                     "ir", "dis")]
    rng = random.Random(17)
    texts = _generated(400, seed=17) + [
        " ".join(rng.choice(words + ["the", "flag", "is", "not", "cache"])
                 for _ in range(rng.randrange(1, 8))) for _ in range(400)]
    feats = [features(text, lexicon) for text in texts]
    pairs = [(rng.choice(feats), rng.choice(feats)) for _ in range(20000)]
    for text in texts[-400:]:  # each word text beside itself with one word prefixed
        said = text.split()
        at = rng.randrange(len(said))
        said[at] = rng.choice(("un", "non-", "in", "dis", "ir")) + said[at]
        pairs.append((features(text, lexicon), features(" ".join(said), lexicon)))
    found = 0
    for fa, fb in pairs:
        assert opposites.prefixed_twins(fa, fb) == _plain_prefixed_twins(fa, fb)
        assert opposites.prefixed_twins(fb, fa) == _plain_prefixed_twins(fb, fa)
        found += opposites.prefixed_twins(fa, fb)
    assert found > 100
    for word in words:
        assert all(prefix_negates(word, base) for base in negated_bases(word))
        assert {b for b in words if prefix_negates(word, b)} <= set(negated_bases(word))

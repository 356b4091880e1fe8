"""Duplicates by meaning: do two texts name the same things, whatever their order and voice?

"Run the database migrations before every deploy" / "Every deployment must be preceded by running
the DB migrations", "PRs need two approvals" / "A pull request needs approval from two
reviewers": the words move, the voice turns, one side is terse and the other verbose, but what
each names is one set of *concepts*. A text's concepts are its content words (the lexicon's
function, directive and negative words left out, its synonyms folded, `text.py`), each read as
its Snowball stem (deploy / deployment, approve / approval), numbers written in words as
digits (thirty / 30), and then through `data/paraphrases.toml`: looser synonyms that hold only
for this comparison (answer / respond, limit / cap / at most) and filler that pads a verbose
phrasing (the docs/images *folder*, Python *version* 3.12, secrets are *stored* in 1Password).

`overlap` compares two concept sets without regard to order. Whether that makes a duplicate is
decided in `duplicates.py`, where the vetoes (a number, a polarity, an exclusive value, crossed
roles, ...) still apply first.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources

import snowballstemmer

from gitmem.consistency.features import TextFeatures
from gitmem.consistency.lexicon import Lexicon
from gitmem.consistency.per_lexicon import per_lexicon
from gitmem.consistency.per_text import forget_after_run
from gitmem.consistency.reported import frame
from gitmem.consistency.spelled import SHARES, number_form, number_run
from gitmem.consistency.text import KEEPS_FINAL_E, Token, tokenize

DATA_FILE = "paraphrases.toml"
_LONGEST = 3  # words in the longest entry
_STEMMER = snowballstemmer.stemmer("english")


@dataclass(frozen=True)
class Paraphrases:
    canonical: Mapping[str, str]  # a phrase of Snowball stems -> its group's main form
    filler: frozenset[str]  # phrases of Snowball stems left out
    narrowing: frozenset[str] = frozenset()  # "only", "or", "both": a refinement's words
    permission: frozenset[str] = frozenset()  # "allow", "may"
    obligation: frozenset[str] = frozenset()  # "require", "must"
    away: frozenset[str] = frozenset()  # "out of", "away from"
    history: frozenset[str] = frozenset()  # "used to", "no longer"
    stating: frozenset[str] = frozenset()  # "is", "must", "use", "live": a statement's words
    scoping: tuple[str, ...] = ()  # "tests", "dev", "staging" as written: where a text holds
    switches: Mapping[str, frozenset[str]] = field(default_factory=dict)  # "enabl" -> "on"


@functools.lru_cache(maxsize=1 << 16)
def _stem(word: str) -> str:
    if word in KEEPS_FINAL_E:
        return KEEPS_FINAL_E[word]  # Snowball strips the e: "locale" would be "local"
    return _STEMMER.stemWord(word)


def phrase_key(entry: str) -> str:
    return " ".join(_stem(t.lower) for t in tokenize(entry.lower()))


@functools.cache
def shipped() -> Paraphrases:
    """The groups and filler of the package's `data/paraphrases.toml`."""
    table = tomllib.loads((resources.files(__package__) / "data" / DATA_FILE).read_text("utf-8"))
    canonical: dict[str, str] = {}
    for group in table["groups"]:
        keys = [phrase_key(entry) for entry in group]
        for key in keys:
            canonical.setdefault(key, keys[0])
    def keys_of(entries: list[str]) -> frozenset[str]:
        return frozenset(phrase_key(entry) for entry in entries)

    def keys(name: str) -> frozenset[str]:
        return keys_of(table[name])

    switches = {canonical.get(key, key): keys_of(words)
                for key, words in ((phrase_key(k), v) for k, v in table["switches"].items())}
    return Paraphrases(canonical, keys("filler"), keys("narrowing"), keys("permission"),
                       keys("obligation"), keys("away"), keys("history"), keys("stating"),
                       tuple(table["scoping"]), switches)


def _statement(f: TextFeatures) -> tuple[Token, ...]:
    """The tokens of what a text states, the frame that reports who said it left out
    (`reported.py`)."""
    lead, tail = frame(f.text)
    return f.tokens[lead:len(f.tokens) - tail]


@per_lexicon
def _folded(lexicon: Lexicon) -> frozenset[str]:
    """The stems the lexicon reads as a synonym or as a synonym's main form."""
    return frozenset(lexicon.canonical) | frozenset(lexicon.canonical.values())


def _words(f: TextFeatures, lexicon: Lexicon, whole: bool = False) -> list[tuple[str, bool]]:
    """(word, content) in text order: the Snowball stem of each token (or the lexicon's main
    form of a synonym, or a number's digits), and whether the lexicon reads it as content.
    The frame that reports who said the text is left out unless `whole`."""
    folded, groups, filler = _folded(lexicon), shipped().canonical, shipped().filler
    out: list[tuple[str, bool]] = []
    tokens = f.tokens if whole else _statement(f)
    lowers = [t.lower for t in tokens]
    skip = -1
    for i, t in enumerate(tokens):
        if i <= skip:
            continue
        run = number_run(lowers, i)
        if run is not None:  # "five hundred" is 500
            out.append((run[0], True))
            skip = run[1] - 1
            continue
        after = tokens[i + 1].lower if i + 1 < len(tokens) else ""
        if t.lower in SHARES and after in ("of", "the"):
            out.append((SHARES[t.lower], True))
            continue
        if t.stem in lexicon.synonym_pair_starts and i + 1 < len(tokens):
            pair = f"{t.stem} {tokens[i + 1].stem}"
            if pair in lexicon.synonym_pairs:  # "pull request" is "PR"
                out.append((lexicon.canon(pair), True))
                skip = i + 1
                continue
        content = not (t.stem in lexicon.non_content or t.lower in lexicon.negators
                       or t.stem in lexicon.marker_words
                       or (lexicon.canon(t.stem) in lexicon.non_content  # "retain" is "keep"
                           and t.stem not in lexicon.trimmed))
        number = number_form(t.lower)
        if number is not None:
            out.append((number, number != "1"))  # "one", "a single": an article, not a figure
        elif t.stem in folded and t.stem not in lexicon.trimmed:  # "turns out" is no "turn off"
            form, plain = lexicon.canon(t.stem), _stem(t.lower)
            # a group or filler that names the word itself, not the lexicon's main form ("fast"
            # is the lexicon's "quickly" and the groups' "quick")
            out.append((plain if form not in groups and (plain in groups or plain in filler)
                        else form, content))
        else:
            out.append((_stem(t.lower), content))
    return out


def concepts(f: TextFeatures, lexicon: Lexicon, paraphrases: Paraphrases | None = None, *,
             filler: bool = False, whole: bool = False) -> tuple[str, ...]:
    """What a text names, in order, each once (see the module docstring): phrases of up to
    three words are read through the paraphrase groups first, longest first; filler (unless
    `filler`) and non-content words the groups do not name are left out, and so is the frame
    that reports who said it (unless `whole`)."""
    data = paraphrases or shipped()
    words = _words(f, lexicon, whole)
    found: dict[str, None] = {}
    i = 0
    while i < len(words):
        for size in range(min(_LONGEST, len(words) - i), 0, -1):
            key = " ".join(word for word, _ in words[i:i + size])
            if size > 1 and key not in data.canonical and key not in data.filler:
                continue
            main = data.canonical.get(key, key)
            if ((filler or main not in data.filler)
                    and (size > 1 or words[i][1] or key in data.canonical)):
                found[main] = None
            i += size
            break
    return tuple(found)


def _marks(f: TextFeatures) -> frozenset[str]:
    """The Snowball stems of a text's words and word pairs (to look up the word lists)."""
    stems = [_stem(t.lower) for t in _statement(f)]
    return frozenset(stems) | frozenset(f"{x} {y}" for x, y in zip(stems, stems[1:]))


@dataclass(frozen=True)
class Overlap:
    shared: int
    only_a: frozenset[str]
    only_b: frozenset[str]

    @property
    def dice(self) -> float:
        total = 2 * self.shared + len(self.only_a) + len(self.only_b)
        return 2 * self.shared / total if total else 0.0


def overlap(ca: frozenset[str], cb: frozenset[str]) -> Overlap:
    return Overlap(len(ca & cb), ca - cb, cb - ca)


# The lowest share of concepts two texts must hold in common (Dice), chosen on the development
# split and the memory-shaped tuning sets: a terse text and its verbose twin name the same few
# things, and one of them may name one or two more ("Deploy only from main" / "Deployments are
# made from the main branch only").
MIN_OVERLAP = 0.66
# Changes that no rewording explains: a pair differing by one of them is never a paraphrase.
_VETOES = frozenset({"negation", "antonym", "polarity", "exclusive", "number", "bound", "case",
                     "quantifier", "word_order", "name", "action", "unread"})
# A word swapped for one the lexicon does not relate ("Run `make lint`" / "Run `make test`"):
# a paraphrase only when the paraphrase data relates it, so that both name the same concepts.
_SWAPS = frozenset({"swapped_word", "swapped_words"})


@per_lexicon
def _read_texts(lexicon: Lexicon) -> dict[str, tuple[tuple[str, ...], frozenset[str]]]:
    """`text_concepts`' answers so far under this lexicon, by text."""
    return {}


forget_after_run(lambda: [table.clear() for table in _read_texts.derived()])  # type: ignore[attr-defined]


def text_concepts(f: TextFeatures, lexicon: Lexicon) -> tuple[tuple[str, ...], frozenset[str]]:
    """`concepts` of the shipped data and the text's `_marks`, once per text and lexicon."""
    known = _read_texts(lexicon)
    found = known.get(f.text)
    if found is None:
        if len(known) > 1 << 16:
            known.clear()
        found = known[f.text] = (concepts(f, lexicon), _marks(f))
    return found


def _reported_by(f: TextFeatures, lexicon: Lexicon) -> frozenset[str]:
    """The concepts only the frame that reports who said a text names ("the lead said")."""
    if frame(f.text) == (0, 0):
        return frozenset()
    return frozenset(concepts(f, lexicon, whole=True)) - frozenset(text_concepts(f, lexicon)[0])


def concept_overlap(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> Overlap:
    """The concepts of the two statements, each with what its frame names that the other
    statement names too ("Witnesses said they believed ..." / "Witnesses believe ..."). Two
    frames that name one speaker make no statement alike."""
    ca, cb = frozenset(text_concepts(fa, lexicon)[0]), frozenset(text_concepts(fb, lexicon)[0])
    return overlap(ca | (_reported_by(fa, lexicon) & cb), cb | (_reported_by(fb, lexicon) & ca))


# A note written as "topic: value" ("Hooks: lefthook", "Replies: short"): its sentence names the
# verb and the context the note leaves out.
_NOTE = re.compile(r"^[\w .'/+-]{1,30}:\s+\S")
_NOTE_WORDS = 6


def _note(f: TextFeatures) -> bool:
    return len(f.tokens) <= _NOTE_WORDS and bool(_NOTE.match(f.text.strip()))


def _close_enough(both: Overlap, note: bool = False) -> bool:
    """What one text names beyond the other named by one text only (two texts each naming
    something the other does not are two statements), the share in common at `MIN_OVERLAP`,
    and a text of one or two concepts left nearly whole ("Use the proxy" is not "Do not
    forget to configure the proxy"), or, the shorter being a `note`, as many concepts more
    as it names ("Hooks: lefthook" / "The repository's git hooks are managed with lefthook")."""
    added = len(both.only_a) + len(both.only_b)
    return (both.shared > 0 and not (both.only_a and both.only_b)
            and both.dice >= MIN_OVERLAP
            and (both.shared > 2 or added < both.shared or (note and added <= both.shared)))


def _shorter_note(fa: TextFeatures, fb: TextFeatures, both: Overlap) -> bool:
    return _note(fb if both.only_a else fa)


def may_paraphrase(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> bool:
    """Whether the concepts alone allow a paraphrase (`paraphrased` without its vetoes): what
    triage asks before it skips a pair."""
    both = concept_overlap(fa, fb, lexicon)
    return _close_enough(both, _shorter_note(fa, fb, both))


def paraphrased(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon, differs_by: str
                ) -> float | None:
    """The share of concepts in common when the two texts say one thing in other words, else
    None: no veto among `differs_by` nor `vetoes.reworded_apart`, the concepts
    `_close_enough`, and a swapped word only when the two name exactly the same concepts."""
    changes = frozenset(differs_by.split(",")) if differs_by else frozenset()
    if changes & _VETOES:
        return None
    both = concept_overlap(fa, fb, lexicon)
    if not _close_enough(both, _shorter_note(fa, fb, both)):
        return None
    swapped = bool(changes & _SWAPS)
    if swapped and (both.only_a or both.only_b):
        return None
    from gitmem.consistency.vetoes import reworded_apart  # vetoes.py reads this module

    return None if reworded_apart(fa, fb, lexicon, both, swapped) else both.dice


def key_form(word: str, stemmed: str, lexicon: Lexicon) -> str:
    """A blocking key (`candidates._key_of`) read as the duplicate check reads a word: the
    lexicon's main form of a synonym, else the Snowball stem, then through the paraphrase
    groups. So "deployment" keys as "deploy" does, and "capped" as "limit". Filler stays a
    key: a claim of filler words alone must still meet its copies."""
    folds = stemmed in _folded(lexicon) and stemmed not in lexicon.trimmed
    word_form = lexicon.canon(stemmed) if folds else _stem(word)
    return shipped().canonical.get(word_form, word_form)

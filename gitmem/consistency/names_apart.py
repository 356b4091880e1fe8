"""Names two alike texts give apart: what makes them two statements though their words agree.

Read by `vetoes.reworded_apart` on both paths of the duplicate check:

- a name written as code in one text that the other does not write ("Run ruff" / "Run ruff
  with `--fix`", "`make test` was removed; run the tests with `just test`");
- each of two short texts naming with a capital a thing the other does not name at all
  ("served through Cloudflare's CDN" / "served through Fastly": two tools for one purpose,
  whatever the lexicon knows of them);
- a `scoping` word of `data/paraphrases.toml` named by one text only ("Passwords are hashed
  with Argon2" / "Tests hash passwords with cheap Argon2 parameters");
- a `switches` entry one text turns and the other does not name ("The CLI keeps colored
  output" / "The CLI turns off colors").
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from gitmem.consistency.features import CODE_SPAN, TextFeatures, features
from gitmem.consistency.lexicon import Lexicon
from gitmem.consistency.paraphrase import Overlap, concepts, key_form, shipped, text_concepts
from gitmem.consistency.per_lexicon import per_lexicon
from gitmem.consistency.per_text import per_text

# A text of at most this many words is one statement, and a phrase it ends with of its own
# narrows it even where the words alone keep the pair close; a longer sentence (a news report)
# adds such detail in passing.
SHORT = 16


def code_apart(fa: TextFeatures, fb: TextFeatures) -> bool:
    """A name written as code in one text ("`--fix`", "`APP_`", "`just test`") that the other
    does not write, as code or in words: the two texts name two things."""
    for f, other in ((fa, fb), (fb, fa)):
        text = other.text.lower()
        for span in CODE_SPAN.findall(f.text):
            name = span.strip().lower()
            if name and not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
                return True
    return False


# Capitalised words that name a time, not a thing ("Monday", "July").
_CALENDAR = frozenset("monday tuesday wednesday thursday friday saturday sunday january february"
                      " march april may june july august september october november december"
                      .split())


_WORD = re.compile(r"[A-Za-z][\w.+-]*[\w+]|[A-Za-z]")


@per_text
def _capitals(f: TextFeatures, lexicon: Lexicon) -> frozenset[str]:
    """The key forms of the words a text writes with a capital past its first word: the names
    it gives ("Fastly", "Expo Router", "Argo CD")."""
    written = _WORD.findall(f.text)
    capital = {word.lower() for word in written[1:] if word[:1].isupper()}
    return frozenset(key_form(t.lower, t.stem, lexicon) for t in f.tokens
                     if t.lower in capital and t.stem not in lexicon.non_content
                     and t.lower not in _CALENDAR)


def names_apart(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon, both: Overlap) -> bool:
    """Each of two short texts names something with a capital that the other does not name at
    all ("Static assets are served through Cloudflare's CDN" / "... through Fastly"): two
    tools for one purpose, whatever the lexicon knows of them (a news report, longer, names
    people and places in passing)."""
    def names(only: frozenset[str], f: TextFeatures) -> frozenset[str]:
        capitals = _capitals(f, lexicon)
        return frozenset(word for concept in only for word in concept.split() if word in capitals)

    if max(len(fa.tokens), len(fb.tokens)) > SHORT:
        return False
    names_a, names_b = names(both.only_a, fa), names(both.only_b, fb)
    return bool(names_a and names_b) and not any(  # "Sundwell" / "Sundwall": one name misspelt
        SequenceMatcher(None, x, y).ratio() >= _SPELLING for x in names_a for y in names_b)


_SPELLING = 0.8  # two names this alike (difflib ratio) are one name spelt two ways


@per_lexicon
def scoping(lexicon: Lexicon) -> frozenset[str]:
    """The `scoping` words of the paraphrase data as the concepts a text names."""
    return frozenset(c for word in shipped().scoping
                     for c in concepts(features(word, lexicon), lexicon, filler=True))


def switched(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> bool:
    """One text turns a switch ("turns off colors") that the other names in no word of it; the
    other turning the opposite switch counts too ("Turn on X" / "X is off"), unless one of the
    two is negated ("Never disable X" / "Enable X")."""
    (seq_a, marks_a), (seq_b, marks_b) = text_concepts(fa, lexicon), text_concepts(fb, lexicon)
    switches = shipped().switches
    negated = [any(t.lower in lexicon.negators for t in f.tokens) for f in (fa, fb)]
    for switch, bare in switches.items():
        if (switch in seq_a) == (switch in seq_b):
            continue
        other_seq, other_marks = (seq_b, marks_b) if switch in seq_a else (seq_a, marks_a)
        if other_marks & (bare | {switch}):
            continue
        if negated[0] != negated[1] and set(switches) & set(other_seq):
            continue
        return True
    return False

"""The slot rule for names the lexicon does not know.

"Use Jotai for client state" / "Use MobX for client state": two claims that say the same about
one purpose with two different named tools are a possible contradiction even when no class of
`data/exclusive.toml` holds both names. Two shapes count:

- in place: the texts differ in one span and nothing else, and each span is a name (written
  as a name: "MobX", "Tortoise", "ky.js", `pnpm`), not a word the lexicon relates;
- restated: "SQLAlchemy is our ORM" / "Use Tortoise as the ORM" / "The ORM is Peewee": one
  name each for the same purpose, in the three ways a choice is stated.

Not when either text denies (two denials of different names both hold), is conditional,
scoped in time, an example or a label, or holds a word of `compatible` in `data/words.toml`
("also", "or", "both", "as well": two tools side by side). A purpose must remain besides the
names and the directive words: "Use Docker." / "Use Podman." says nothing about one slot. The
finding is a possible contradiction (`SLOT_CONFIDENCE`, below the match band), signal
`unknown_slot`, for review.
"""

from __future__ import annotations

import re

from gitmem.consistency.align import Alignment
from gitmem.consistency.choices import SLOT_CONFIDENCE, other_choice  # noqa: F401 (re-exported)
from gitmem.consistency.claims import name_like
from gitmem.consistency.features import TextFeatures
from gitmem.consistency.lexicon import Lexicon
from gitmem.consistency.spans import HARMLESS
from gitmem.consistency.text import Token

_MAX_NAME = 3  # tokens of one name: "React Hook Form"


def _name_like(token: Token, first: bool, lexicon: Lexicon) -> bool:
    """A name as the older slot shapes read one: `claims.name_like` without names that end in
    a digit ("nose2"), which only the claim analysis takes."""
    return name_like(token, first, lexicon, digits=False)


def _name(tokens: tuple[Token, ...], start: int, end: int, lexicon: Lexicon,
          first_ok: bool = False) -> str | None:
    """The stems of the name `tokens[start:end]`; a capital at the start of the sentence counts
    only where the shape says a name stands there (`first_ok`: "Quarry is our scheduler")."""
    span = tokens[start:end]
    if not 1 <= len(span) <= _MAX_NAME:
        return None
    if not all(_name_like(t, start + i == 0 and not first_ok, lexicon) for i, t in enumerate(span)):
        return None
    return " ".join(t.stem for t in span)


def _plain(f: TextFeatures, lexicon: Lexicon) -> bool:
    """An affirmed, unconditional, present-tense rule or fact without a word of compatibility."""
    if f.conditional or f.time_scoped or f.label or f.example or f.corrections:
        return False
    if _CODE.search(f.text):
        return False  # a line of code: its names are identifiers
    if any(c.polarity < 0 for c in f.clauses):
        return False
    said = f" {' '.join(t.stem for t in f.tokens)} "
    return not any(f" {word} " in said for word in lexicon.compatible)


def _related(x: str, y: str, lexicon: Lexicon) -> bool:
    """The lexicon already says how the two relate (the same, synonyms, one class or two)."""
    if lexicon.relation(x, y) is not None:
        return True
    classes = lexicon.classes
    return bool(classes.get(lexicon.canon(x))) and bool(classes.get(lexicon.canon(y)))


def in_place(fa: TextFeatures, fb: TextFeatures, alignment: Alignment,
             lexicon: Lexicon) -> tuple[str, str] | None:
    """The two names when the texts differ in one span, a name on each side, and nothing else."""
    changed = [c for c in alignment.changes if c.kind not in HARMLESS]
    if len(changed) != 1 or changed[0].kind not in ("unknown", "insert"):
        return None
    change = changed[0]
    if not change.a or not change.b or change.words_a & change.words_b:
        return None
    if alignment.equal_tokens < 2:
        return None
    x, y = _span(fa, change.a, lexicon), _span(fb, change.b, lexicon)
    if x is None or y is None or _related(x, y, lexicon):
        return None
    if not (_for_a_purpose(fa, change.a, lexicon) and _for_a_purpose(fb, change.b, lexicon)):
        return None
    shared = (fa.content & fb.content) - change.words_a - change.words_b
    return (change.a, change.b) if shared else None


# "handled by X", "deployed to X", "stored in X", "runs on X": a purpose stated as the subject.
_BY = frozenset({"by", "with", "through", "via", "on", "in", "to", "from"})
_RUNS = frozenset({"run", "live", "go", "sit"})
_CODE = re.compile(r"[=(){};<>]|^\s*(?:def|const|let|var|function|class|import|from)\s")


def _where(f: TextFeatures, raw: str) -> int | None:
    words = raw.split()
    for start in range(len(f.tokens) - len(words) + 1):
        if [t.raw for t in f.tokens[start : start + len(words)]] == words:
            return start
    return None


def _for_a_purpose(f: TextFeatures, raw: str, lexicon: Lexicon) -> bool:
    """The name fills a slot the text names: "X for P" / "X as the P", "The P is X", or "P is
    handled by X"; not "The project uses X" (a project uses many things) or "You are an expert
    in X" (a persona)."""
    start = _where(f, raw)
    if start is None or _CODE.search(f.text):
        return False
    tokens, end = f.tokens, start + len(raw.split())
    after = [t for t in tokens[end:] if t.raw not in ".,;:!"]
    if after and after[0].lower in ("for", "as") and any(
            t.stem not in lexicon.non_content for t in after[1:]):
        return True
    before = [t.lower for t in tokens[:start]]
    subject = [t for t in tokens[:start] if t.stem not in lexicon.non_content]
    if not subject or any(w in ("you", "we", "i", "they") for w in before) or after:
        return False
    if before[-1:] and before[-1] in ("is", "are"):
        return True
    return len(before) >= 2 and before[-1] in _BY and (
        before[-2].endswith("ed") or tokens[start - 2].stem in _RUNS)


def _span(f: TextFeatures, raw: str, lexicon: Lexicon) -> str | None:
    """The name `raw` (a changed span as the alignment quotes it) stands for in `f`."""
    words = raw.split()
    for start in range(len(f.tokens) - len(words) + 1):
        if [t.raw for t in f.tokens[start : start + len(words)]] == words:
            return _name(f.tokens, start, start + len(words), lexicon)
    return None


_ARTICLE = r"(?:the|our|a|an|its|their)\s+"
_NAME = r"(?P<name>[^\s,;:]+(?:\s+[^\s,;:]+){0,2}?)"
_PURPOSE = r"(?P<purpose>[a-z][\w\s/-]{1,60}?)"
_CHOICES = tuple(re.compile(pattern, re.IGNORECASE) for pattern in (
    rf"^(?:please\s+)?(?:always\s+)?use\s+{_NAME}\s+as\s+{_ARTICLE}{_PURPOSE}$",
    rf"^{_NAME}\s+is\s+{_ARTICLE}{_PURPOSE}$",
    rf"^{_ARTICLE}{_PURPOSE}\s+is\s+{_NAME}$",
))


def _choice(f: TextFeatures, lexicon: Lexicon) -> tuple[str, str, str] | None:
    """(name as written, its stems, the purpose's content stems) of "Use X as the P", "X is
    our P" or "Our P is X"."""
    text = f.text.strip().rstrip(".!").strip()
    for pattern in _CHOICES:
        match = pattern.match(text)
        if match is None:
            continue
        raw = match.group("name").split()
        start = next((i for i in range(len(f.tokens))
                      if [t.raw for t in f.tokens[i : i + len(raw)]] == raw), None)
        if start is None:
            continue
        name = _name(f.tokens, start, start + len(raw), lexicon, first_ok=True)
        said = set(match.group("purpose").lower().split())
        purpose = " ".join(lexicon.canon(t.stem) for t in f.tokens
                           if t.lower in said and t.stem not in lexicon.non_content)
        if name and purpose:
            return match.group("name"), name, purpose
    return None


def unknown_slot(fa: TextFeatures, fb: TextFeatures, alignment: Alignment,
                 lexicon: Lexicon) -> str | None:
    """The signal ("Jotai / MobX") when the two name two different tools for one purpose."""
    if not (_plain(fa, lexicon) and _plain(fb, lexicon)):
        return None
    if fa.topic != fb.topic:
        return None
    pair = in_place(fa, fb, alignment, lexicon)
    if pair is not None:
        return f"{pair[0]} / {pair[1]}"
    ca, cb = _choice(fa, lexicon), _choice(fb, lexicon)
    if ca is None or cb is None or ca[2] != cb[2] or _related(ca[1], cb[1], lexicon):
        return None
    if set(ca[1].split()) & set(cb[1].split()):
        return None
    return f"{ca[0]} / {cb[0]}"


def open_values(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> bool:
    """Another value in one claim can hold beside the other's: a claim names values side by
    side, many values satisfy it, it tells the past, or the two differ besides by an antonym
    ("Verbose logs are on in staging" / "... off in production": two scopes)."""
    if open_beside(fa, fb) or fa.analysis.past or fb.analysis.past:
        return True
    rest_a, rest_b = {t.stem for t in fa.tokens}, {t.stem for t in fb.tokens}
    return any(lexicon.relation(p, q) == "antonym" for p in rest_a - rest_b for q in rest_b - rest_a)


def open_beside(fa: TextFeatures, fb: TextFeatures) -> bool:
    """Another value can hold beside one: a predicate many values satisfy ("The user likes
    Svelte") or a word one side adds to put the two side by side ("Use Memcached for caching
    too"); the same word on both sides sets neither apart ("... together" / "... together")."""
    a, b = fa.analysis, fb.analysis
    return a.inclusive or b.inclusive or a.side_by_side != b.side_by_side

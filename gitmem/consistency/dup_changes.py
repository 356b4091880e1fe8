"""What one aligned change, or one text's -ing words, say against a duplicate (`duplicates.py`),
and the change that only reads as one ("not documented" / "undocumented").

Read by `duplicates.duplicate_signals` as blockers; `triage` asks `_different_action` itself.
"""

from __future__ import annotations

from itertools import pairwise

from gitmem.consistency.align import Change
from gitmem.consistency.features import TextFeatures
from gitmem.consistency.lexicon import Lexicon
from gitmem.consistency.paraphrase import key_form
from gitmem.consistency.scenes import in_progress
from gitmem.consistency.span_words import identifier_parts, respelled
from gitmem.consistency.text import prefix_negates


def _article(change: Change) -> bool:
    """"a" / "an": the article that follows the swapped word, no rewording of its own."""
    return {change.a.lower().strip(), change.b.lower().strip()} <= {"a", "an", ""}


# -ing words that name no action ("during", "nothing", "a building").
_NOT_ACTIONS = frozenset({
    "according", "anything", "bring", "building", "ceiling", "clothing", "during", "evening",
    "everything", "following", "including", "king", "morning", "nothing", "regarding", "ring",
    "sing", "something", "spring", "string", "thing", "wing",
})


def _actions(fa: TextFeatures, lexicon: Lexicon) -> frozenset[str]:
    """The canonical stems of the -ing action words ("is slicing", "running tests")."""
    return frozenset(
        lexicon.canonical.get(t.stem, t.stem)
        for t in fa.tokens
        if len(t.lower) > 4 and t.lower.endswith("ing") and t.lower not in _NOT_ACTIONS
        and t.stem not in lexicon.non_content
    )


# Words after which an -ing word names an action rather than says what is done: "before
# merging", "without asking", "instead of retrying", "the booming dollar".
_NAMING = frozenset({
    "a", "an", "the", "its", "his", "her", "their", "our", "your", "my", "this", "that",
    "about", "after", "before", "by", "for", "from", "in", "into", "of", "on", "than", "to",
    "when", "while", "with", "without", "upon", "against",
})


def _does(f: TextFeatures, lexicon: Lexicon) -> bool:
    """Whether an -ing word of `f` stands as what is done ("Connection pool monitoring",
    "Logging: ..."), not after a word that makes it a name of the action."""
    tokens = f.tokens
    return any(len(t.lower) > 4 and t.lower.endswith("ing") and t.lower not in _NOT_ACTIONS
               and t.stem not in lexicon.non_content
               and not (i and tokens[i - 1].lower in _NAMING) for i, t in enumerate(tokens))


def _different_action(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> bool:
    """"A woman is peeling a potato" / "A woman is slicing a potato": both name what is being
    done, and no action of one is an action of the other. One text describes an action in
    progress, or each puts an -ing word as what is done ("Configure connection pool
    monitoring" / "Configure connection pooling"); a gerund after a preposition or an article
    only names an action ("Never merge without running the linters" / "Run the linters before
    merging": one rule)."""
    actions_a, actions_b = _actions(fa, lexicon), _actions(fb, lexicon)
    return bool(actions_a and actions_b and not actions_a & actions_b
                and (in_progress(fa, lexicon) or in_progress(fb, lexicon)
                     or (_does(fa, lexicon) and _does(fb, lexicon))
                     or not _gerund_shared(fa, fb, lexicon)))


def _keys(f: TextFeatures, lexicon: Lexicon, gerunds: bool) -> frozenset[str]:
    """The key forms (`paraphrase.key_form`) of the -ing words of `f`, or of all its words."""
    return frozenset(key_form(t.lower, t.stem, lexicon) for t in f.tokens
                     if not gerunds or (len(t.lower) > 4 and t.lower.endswith("ing")
                                        and t.lower not in _NOT_ACTIONS))


def _gerund_shared(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> bool:
    """An -ing word of one text is a word of the other, as the paraphrase check reads words
    ("without asking" / "Ask ... before adding", "rather than rerunning" / "instead of
    retrying"): the two name the same actions in other roles."""
    return bool(_keys(fa, lexicon, True) & _keys(fb, lexicon, False)
                or _keys(fb, lexicon, True) & _keys(fa, lexicon, False))


def _same_against_own(change: Change) -> bool:
    """"in a new tab" / "in the same tab": "the same" holds no content word, so the span reads
    as a word added; it says which one, as "all" / "some" say how many ("another" against "a"
    is as often a report reworded)."""
    sides = [side.lower().split() for side in (change.a, change.b)]
    return change.kind == "insert" and all(sides) and ("same" in sides[0]) != ("same" in sides[1])


def _names_another(change: Change) -> bool:
    """"config.toml" / "config.yaml", "src/api/" / "src/web/": one name of a file, host or
    module for another (never a spelling variant of it, see `span_words._spelling_variant`);
    or one identifier for another (`_identifiers_swapped`)."""
    sides = (change.a.strip(), change.b.strip())
    if change.kind == "unknown" and all(
            " " not in side and not side[:1].isdigit()  # "55Mbit/sec" is an amount, not a name
            and any(ch in "./" for ch in side.strip(".")) for side in sides):
        return True
    return change.kind in ("unknown", "synonym") and _identifiers_swapped(*sides)


def _identifiers_swapped(a: str, b: str) -> bool:
    """"llmFormRecord" / "llmFormLog", "authenticateWithUsername" / "authenticateWithEmail",
    "ApplyHelpers" / "CheckHelpers": two identifiers, each with a word of its own, name two
    things (two parallel entries: the same line said of each), however alike they are spelled.
    One identifier that only adds words to the other ("useEventStream" / "useAgentEventStream")
    may be the same thing renamed in one copy, and the same words in another case or joined
    otherwise ("userId" / "user_id") are one name."""
    parts_a, parts_b = identifier_parts(a), identifier_parts(b)
    if parts_a is None or parts_b is None:
        return False
    own_a, own_b = set(parts_a) - set(parts_b), set(parts_b) - set(parts_a)
    return bool(own_a and own_b) and not respelled(parts_a, parts_b)


# "not W", and "non W" ("non-operative", a negator of its own) against "inW" / "unW".
_NOT = frozenset({"not", "non"})


def _not_prefixed(change: Change) -> bool:
    """"not documented" / "undocumented", "not blocking" / "non-blocking": one span negates a
    word with "not", the other writes the word with a negating prefix. Same claim."""
    a, b = change.a.lower().split(), change.b.lower().split()
    for negated, prefixed in ((a, b), (b, a)):
        if len(negated) == 2 and negated[0] in _NOT and (
                (len(prefixed) == 1 and prefix_negates(prefixed[0], negated[1]))
                or prefixed == ["non", negated[1]]):
            return True
    return False


def negated_by_prefix(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> bool:
    """One text says "not W" (or "non W") with its only negative word, the other says W with a
    negating prefix ("The retry flag is not documented" / "The retry flag is undocumented") and no
    negative word: the two deny the same thing, whatever their clauses' polarity says."""
    for negated, prefixed in ((fa, fb), (fb, fa)):
        words = [t.lower for t in negated.tokens]
        negators = [i for i, word in enumerate(words) if word in lexicon.negators]
        others = [t.lower for t in prefixed.tokens]
        if (len(negators) == 1 and words[negators[0]] in _NOT and negators[0] + 1 < len(words)
                and not any(word in lexicon.negators for word in others)):
            base = words[negators[0] + 1]
            if any(prefix_negates(word, base) for word in others) or any(
                    x == "non" and y == base for x, y in pairwise(others)):
                return True
    return False

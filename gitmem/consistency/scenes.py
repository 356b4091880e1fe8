"""Scenes: two descriptions of something happening, told apart by what is done and by whom.

"A man is taking a picture of a drawing" / "A man is drawing a picture", "A dog with a ball is
being chased" / "A dog is chasing a ball", "A girl is holding up a pink sign" / "A girl is
holding up a blue shirt": the same words, another scene. A line of memory seldom describes an
action in progress, a caption nearly always does, so these checks apply only when one text
holds a progressive ("is chasing") and the other an action after "is" / "are" too. Then two
texts are one scene only when they share an action, in the same voice when their subjects are
the same, with the same object.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gitmem.consistency.features import TextFeatures
from gitmem.consistency.lexicon import Lexicon
from gitmem.consistency.names_apart import SHORT
from gitmem.consistency.paraphrase import key_form

if TYPE_CHECKING:
    from gitmem.consistency.align import Alignment

_BE = frozenset({"is", "are", "was", "were", "am", "be", "been"})
_ARTICLES = frozenset({"a", "an", "the", "some", "his", "her", "their", "its", "two", "one"})
_PARTICLES = frozenset({"up", "down", "out", "off", "on", "in", "over", "away", "back", "around"})
# Words after "is" that end as a progressive or a participle does and are neither.
_NOT_VERBS = frozenset({
    "being", "during", "nothing", "something", "anything", "everything", "thing", "king",
    "morning", "evening", "ceiling", "string", "spring", "ring", "wing", "building", "red",
    "bed", "shed", "need", "speed", "seed", "feed", "hundred", "sacred", "naked", "wicked",
    "interested", "excited", "tired", "used", "supposed", "based", "located", "required",
    "allowed", "needed", "expected", "called", "named", "going",
})
# Irregular participles a caption uses ("is being caught", "is taken"), read as the verb.
_PARTICIPLES = {
    "caught": "catch", "taken": "take", "given": "give", "done": "do", "held": "hold",
    "thrown": "throw", "ridden": "ride", "eaten": "eat", "driven": "drive", "written": "write",
    "seen": "see", "beaten": "beat", "bitten": "bite", "shot": "shoot", "drawn": "draw",
    "fed": "feed", "led": "lead", "brought": "bring", "bought": "buy", "made": "make",
    "kept": "keep", "sold": "sell", "told": "tell", "won": "win", "hung": "hang",
    "struck": "strike", "swung": "swing", "worn": "wear", "cut": "cut", "hit": "hit",
    "put": "put", "sung": "sing", "spun": "spin", "chosen": "choose", "broken": "break",
    "blown": "blow", "shaken": "shake", "torn": "tear", "sewn": "sew", "dug": "dig",
}


@dataclass(frozen=True)
class Action:
    verb: str  # the verb's key form (`paraphrase.key_form`)
    passive: bool  # "is being chased", "is caught"
    progressive: bool  # "is chasing"
    subject: str  # the key form of the first content word before "is" ("" when none)
    object: str  # the key form of the first content word after the verb ("" when none)


def _verb(lower: str) -> tuple[str, bool] | None:
    """(the verb, passive) for "chasing" (False), "chased" and "caught" -> "catch" (True);
    None for any other word."""
    if lower in _NOT_VERBS or not lower.isalpha():
        return None
    if lower in _PARTICIPLES:
        return _PARTICIPLES[lower], True
    if len(lower) > 4 and lower.endswith("ing"):
        return lower, False
    if len(lower) > 4 and lower.endswith("ed"):
        return lower, True
    return None


def _content(f: TextFeatures, i: int, lexicon: Lexicon) -> str:
    t = f.tokens[i]
    if t.lower in _ARTICLES or t.stem in lexicon.non_content or not t.lower.isalpha():
        return ""
    return key_form(t.lower, t.stem, lexicon)


def _action(f: TextFeatures, j: int, word: str, passive: bool, subject: str, lexicon: Lexicon
            ) -> Action:
    """The action of the verb at `j`, with the first content word after it as its object."""
    tokens = f.tokens
    k = j + 1
    while k < len(tokens) and (tokens[k].lower in _PARTICLES or tokens[k].lower in _ARTICLES):
        k += 1
    after = _content(f, k, lexicon) if k < len(tokens) else ""
    stem = tokens[j].stem if word == tokens[j].lower else word  # "caught" reads as "catch"
    return Action(key_form(word, stem, lexicon), passive, not passive, subject, after)


def actions(f: TextFeatures, lexicon: Lexicon) -> tuple[Action, ...]:
    """The actions a text describes after "is" / "are" (an adverb may stand between)."""
    tokens = f.tokens
    found: list[Action] = []
    for i, t in enumerate(tokens):
        if t.lower == "and" and found and i + 1 < len(tokens):  # "is walking and holding up"
            verb = _verb(tokens[i + 1].lower)
            if verb is not None and not verb[1]:
                found.append(_action(f, i + 1, verb[0], False, found[-1].subject, lexicon))
            continue
        if t.lower not in _BE:
            continue
        j = i + 1
        while j < len(tokens) and tokens[j].lower.endswith("ly") and tokens[j].lower != "only":
            j += 1
        passive = False
        if j < len(tokens) and tokens[j].lower == "being":
            j += 1
            passive = True
        if j >= len(tokens):
            continue
        verb = _verb(tokens[j].lower)
        if verb is None or (passive and not verb[1]):
            continue
        word, is_passive = verb
        subject = next((s for s in (_content(f, k, lexicon) for k in range(i)) if s), "")
        found.append(_action(f, j, word, is_passive, subject, lexicon))
    return tuple(found)


def _modifiers(f: TextFeatures, lexicon: Lexicon) -> dict[str, set[str]]:
    """Each content word mapped to the content words written right before it ("olive oil",
    "a darkened room")."""
    found: dict[str, set[str]] = {}
    for i in range(1, len(f.tokens)):
        head, before = _content(f, i, lexicon), _content(f, i - 1, lexicon)
        if head and before:
            found.setdefault(head, set()).add(before)
    return found


def _other_modifier(mods_a: dict[str, set[str]], mods_b: dict[str, set[str]],
                    text_a: set[str], text_b: set[str]) -> bool:
    """One thing both scenes name, told apart by a word before it that the other text never
    writes ("pouring cooking oil" / "pouring olive oil", "in a darkened room" / "in a red
    room"): two things of one kind, not one thing twice."""
    for head in mods_a.keys() & mods_b.keys():
        only_a, only_b = mods_a[head] - text_b, mods_b[head] - text_a
        if only_a and only_b and not mods_a[head] & mods_b[head]:
            return True
    return False


def _only_placed(f: TextFeatures, acts: tuple[Action, ...], acts_f: tuple[Action, ...]) -> bool:
    """The other text describes an action in progress and `f` none, only where someone is ("A
    man is outside close to a target" / "A man is throwing blades at a target"): no verb-like
    word near its "is", and no "being" (a passive written with an irregular verb: "Dough is
    being spread")."""
    if acts_f or not any(x.progressive for x in acts):
        return False
    words = [t.lower for t in f.tokens]
    if "being" in words or not any(w in _BE for w in words):
        return False
    return not any(w in _BE and any(_verb(v) for v in words[i + 1:i + 3])
                   for i, w in enumerate(words))


def in_progress(f: TextFeatures, lexicon: Lexicon) -> bool:
    """Whether the text describes an action in progress ("A boy is jumping"), as a caption does."""
    return any(x.progressive for x in actions(f, lexicon))


def other_scene(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> bool:
    """Two texts describing actions (one of them in progress) that are not one scene: no action
    in common; or the one action in common in another voice with the same subject ("A dog is
    being chased" / "A dog is chasing a ball"); or in the same voice with another object that
    the other text also names ("holding up a pink sign" / "holding up a blue shirt"); or, in
    two short texts, one thing both name told apart by a word before it (`_other_modifier`),
    or an action in progress against a text that only places someone (`_only_placed`)."""
    acts_a, acts_b = actions(fa, lexicon), actions(fb, lexicon)
    short = max(len(fa.tokens), len(fb.tokens)) <= SHORT  # a caption, not a news report
    if short and (_only_placed(fb, acts_a, acts_b) or _only_placed(fa, acts_b, acts_a)):
        return True
    if not acts_a or not acts_b or not any(x.progressive for x in acts_a + acts_b):
        return False
    shared = [(x, y) for x in acts_a for y in acts_b if x.verb == y.verb]
    if not shared:
        return True
    text_a = {_content(fa, i, lexicon) for i in range(len(fa.tokens))}
    text_b = {_content(fb, i, lexicon) for i in range(len(fb.tokens))}
    if short and _other_modifier(_modifiers(fa, lexicon), _modifiers(fb, lexicon), text_a,
                                 text_b):
        return True
    for x, y in shared:
        if x.passive != y.passive and x.subject and x.subject == y.subject:
            return True
        if (x.passive == y.passive and x.object and y.object and x.object != y.object
                and x.object in text_b and y.object in text_a):
            return True
    return False


# Nouns that name several as one: "A group of kids is playing" describes several.
_COLLECTIVE = frozenset({"group", "groups", "couple", "crowd", "team", "pair", "bunch", "herd",
                         "flock", "pack", "family", "band", "number", "lot", "lots"})


def _many(f: TextFeatures) -> bool | None:
    """Whether the first "is" / "are" of a scene says several ("are", or "is" after a group
    word), one ("is") or neither (None)."""
    words = [t.lower for t in f.tokens]
    for i, word in enumerate(words):
        if word == "are":
            return True
        if word == "is":
            return any(w in _COLLECTIVE for w in words[:i])
    return None


def own_things(fa: TextFeatures, fb: TextFeatures, alignment: Alignment, lexicon: Lexicon
               ) -> bool:
    """Two short texts describing an action in progress, each naming in words of its own
    something the other does not (a participant, a place, a tool): "A man and a woman are
    walking on the beach" / "A man is walking on the beach with his dog", "sleeping on a
    couch" / "sleeping on a bench"; or, both in the active voice, one describing several and
    the other one ("Dogs are running" / "A dog is running"; "Potatoes are being sliced by a
    man" / "A man is slicing a potato" is one scene). Two scenes, not one told twice. Words the lexicon relates
    ("near" / "close to") are aligned as synonyms and count for neither text; the action words
    are left to `other_scene`."""
    if max(len(fa.tokens), len(fb.tokens)) > SHORT:
        return False
    acts_a, acts_b = actions(fa, lexicon), actions(fb, lexicon)
    if not acts_a or not acts_b or not any(x.progressive for x in acts_a + acts_b):
        return False
    if not any(x.passive for x in acts_a + acts_b) and _many(fa) != _many(fb):
        return True  # "Dogs are running in the park" / "A dog is running in the park"
    verbs = {t.stem for f in (fa, fb) for t in f.tokens if _verb(t.lower) is not None}
    changed = [c for c in alignment.changes if c.kind in ("insert", "unknown")]
    own_a = {w for c in changed for w in c.words_a} - fb.content - verbs
    own_b = {w for c in changed for w in c.words_b} - fa.content - verbs
    return bool(own_a and own_b)

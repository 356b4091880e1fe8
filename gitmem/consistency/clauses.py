"""Evidence and gates (stage 3) from the clauses each claim was split into (stage 1).

- `opposed_clauses`: a negated clause whose whole subject is affirmed in the other claim
  ("Don't use Redis" / "Use Redis for caching"), and its conditional form
  (`absolute_against_condition`: "Always squash merges when landing a PR" / "Never squash");
- gates that say two claims agree or one excepts the other: `agree` (a prohibition said
  again, clause for clause), `said_within` (one is a clause of the other, word for word),
  `exception` (a permission, an order to a named subject, a prohibition with its exception),
  `branches` (two branches of one condition, the negation inside the condition),
  `overrides` ("Webhooks override
  the default retry limit").
"""

from __future__ import annotations

import functools
import re

from gitmem.consistency.features import TextFeatures, features
from gitmem.consistency.last_pair import last_pair
from gitmem.consistency.lexicon import Lexicon
from gitmem.consistency.minimal import negated_side
from gitmem.consistency.per_text import forget_after_run, per_text
from gitmem.consistency.polarity import WORD_NEGATOR, Clause, content_stems
from gitmem.consistency.text import clean, jaccard, tokenize

# the negated clause must be a good part of the affirmative one
_CLAUSE_OVERLAP = 0.3


def opposed_clauses(
    fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon
) -> tuple[Clause, Clause, float] | None:
    """The best (negated, affirmative) clause pair whose negated subject is inside the other."""
    best: tuple[Clause, Clause, float] | None = None
    for ca in fa.clauses:
        for cb in fb.clauses:
            if ca.polarity == cb.polarity:
                continue
            negated, affirmed = (ca, cb) if ca.polarity < 0 else (cb, ca)
            if affirmed.reach:
                continue  # an item of a denied series: "must not open sockets, call the client"
            # "Do not add trailing commas" / "Use trailing commas": "add" only says they are there
            said = negated.content - lexicon.presence
            if (WORD_NEGATOR in negated.content) != (WORD_NEGATOR in affirmed.content):
                continue  # "Do not use blocking IO" / "Use non-blocking IO": one denial, twice
            if not said:
                continue
            if said <= _asides(fb if negated is ca else fa, lexicon):
                continue  # "Get helpers are methods (they perform API I/O)": a reason, no rule
            if said <= _prevented(fb if negated is ca else fa, lexicon):
                continue  # "SQL injection prevention" denies what "No SQL injection" denies
            missing = [word for word in said if not lexicon.covered(word, affirmed.content)]
            if missing and not _alternatives_said(fa if negated is ca else fb, negated, missing,
                                                  affirmed.content, lexicon):
                continue
            if negated.flipped_by == ("over",) and not all(
                    lexicon.covered(word, negated.content) for word in affirmed.content):
                # "Use composition over inheritance" prefers, and forbids nothing: "Use proper
                # inheritance" (when you do) is no contradiction; "Use inheritance" is
                continue
            if _both_named(fa if negated is ca else fb, fb if negated is ca else fa, negated,
                           affirmed, lexicon):
                continue  # "Use `tool test` (not `test`)" / "Use `tool test -coverage`"
            if _says_it_too(fa if negated is ca else fb, negated, affirmed, lexicon):
                continue  # "Use X for public jobs. Do not use X for private jobs" / "Use X"
            if len(negated.content) == 1 and not affirmed.directive:
                continue  # "No Redux." vs a heading that mentions Redux: no stance to oppose
            overlap = jaccard(negated.content, affirmed.content)
            if overlap < _CLAUSE_OVERLAP:
                continue
            if best is None or overlap > best[2]:
                best = (negated, affirmed, overlap)
    return best


def _both_named(denying: TextFeatures, affirming: TextFeatures, negated: Clause,
                affirmed: Clause, lexicon: Lexicon) -> bool:
    """The other claim names, in one affirmed clause, what the denying claim chooses as well as
    what it sets aside, and does not choose the latter: the denied words are part of the chosen
    name ("Use `go tool shim test` (not `go test`)" / "Use `go tool shim test -cover`"), or the
    other claim ranks the choice above them ("Always use async/await (never callbacks)" / "Use
    async/await over callbacks"). "Use callbacks", "Use `go test`", or "Use callbacks and
    async/await" (both, side by side) still choose what the denial sets aside."""
    return any(
        own is not negated and own.polarity > 0 and own.content - negated.content
        and all(lexicon.covered(word, affirmed.content) for word in own.content)
        and (all(lexicon.covered(word, own.content) for word in negated.content)
             or _ranks_above(affirming, own.content, negated.content, lexicon))
        for own in denying.clauses)


def _says_it_too(denying: TextFeatures, negated: Clause, affirmed: Clause,
                 lexicon: Lexicon) -> bool:
    """The denying text affirms the very words it denies, in a clause of its own, and those
    cover the other's affirmed clause: it holds the other's rule, and its denial is of another
    case it tells apart elsewhere in the line ("Use `query` to register public handlers. Do
    NOT use `query` to register private handlers" / "Use `query` for public handlers"). The
    other says nothing the denying line does not say as well. A line that affirms more than it
    denies chooses one thing over another ("Use `uv run pytest` (not `pytest`)"), and "Use
    `pytest`" still conflicts with it; so does "Use X for private handlers" with the first."""
    return any(
        own is not negated and own.polarity > 0 and own.content
        and all(lexicon.covered(word, negated.content) for word in own.content)
        and all(lexicon.covered(word, own.content) for word in affirmed.content)
        for own in denying.clauses)


def _ranks_above(f: TextFeatures, chosen: frozenset[str], denied: frozenset[str],
                 lexicon: Lexicon) -> bool:
    """Whether `f` puts `chosen` before "over" / "instead of" / "rather than" and the rest of
    `denied` only after it: "Use promises over callbacks" ranks promises above callbacks."""
    tokens, denied = f.tokens, frozenset(w for w in denied if not lexicon.covered(w, chosen))
    for at, token in enumerate(tokens):
        following = tokens[at + 1].lower if at + 1 < len(tokens) else ""
        if not (token.lower == "over" or (token.lower, following) in _RANKING):
            continue
        before, after = content_stems(tokens[:at], lexicon), content_stems(tokens[at + 1 :], lexicon)
        if (all(lexicon.covered(word, before) for word in chosen)
                and all(lexicon.covered(word, after) for word in denied)
                and not any(lexicon.covered(word, before) for word in denied)):
            return True
    return False


_RANKING = frozenset({("instead", "of"), ("rather", "than")})


# a parenthesis: "(they perform API I/O via the client)", "(the framework logs the errors)"
_ASIDE = re.compile(r"\(([^()]{3,400})\)")


@per_text
def _asides(f: TextFeatures, lexicon: Lexicon) -> frozenset[str]:
    """The content words said in parentheses that take no stance: a reason or an
    explanation set beside the line's own statement ("Get helpers must be methods on the
    reconciler (they perform API I/O through its client)"). An affirmation made there of what
    another line denies is no rule at odds with it; a parenthesis that directs ("(use Postgres)",
    "(never callbacks)") still is one."""
    inside: set[str] = set()
    text = clean(f.text)
    for match in _ASIDE.finditer(text):
        tokens = tokenize(match.group(1), cleaned=True)
        if not any(t.stem in lexicon.directive_terms or lexicon.negates(t) for t in tokens):
            inside |= content_stems(tokens, lexicon)
    if not inside:
        return frozenset()
    # a word the line also affirms outside its parentheses is the line's own statement
    outside = {stem for clause in features(_ASIDE.sub(" ", text), lexicon).clauses
               if clause.polarity > 0 for stem in clause.content}
    return frozenset(inside - outside)


# Nouns that deny what they name before them: "SQL injection prevention", "XSS protection".
_DENYING_NOUNS = frozenset({"prevention", "avoidance", "protection"})
_NAMED_BEFORE = 3  # "automatic SQL injection prevention": the words it denies, at most three


@per_text
def _prevented(f: TextFeatures, lexicon: Lexicon) -> frozenset[str]:
    """The content words a denying noun takes back: the run of content words right before it
    ("Automatic SQL injection prevention" says there is no SQL injection, as "**No SQL
    injection**: the ORM binds parameters" does). Only the words next to the noun: "Use a lock
    for race prevention" denies races, not the lock."""
    found: set[str] = set()
    tokens = f.tokens
    for at, token in enumerate(tokens):
        if token.lower not in _DENYING_NOUNS:
            continue
        start = at
        while start > 0 and at - start < _NAMED_BEFORE and tokens[start - 1].stem not in \
                lexicon.non_content:
            start -= 1
        found |= content_stems(tokens[start:at], lexicon)
    return frozenset(found)


def _alternatives_said(f: TextFeatures, negated: Clause, missing: list[str],
                       affirmed: frozenset[str], lexicon: Lexicon) -> bool:
    """Whether each word the affirmed clause lacks is an alternative, in the denying clause
    itself, to a word it says: "Do not use Redis or Memcached" denies each, so "Use Memcached"
    is at odds with it although it names no Redis ("Memcached or Redis" in another sentence
    of the text is no alternative of this denial)."""
    partners = _or_partners(f, lexicon)
    return all(any(other in negated.content and lexicon.covered(other, affirmed)
                   for other in partners.get(word, ()))
               for word in missing)


@per_text
def _or_partners(f: TextFeatures, lexicon: Lexicon) -> dict[str, frozenset[str]]:
    """Each content word with the words "or" / "nor" set beside it ("Redis or Memcached")."""
    found: dict[str, set[str]] = {}
    tokens = f.tokens
    for at in range(1, len(tokens) - 1):
        if tokens[at].lower in ("or", "nor"):
            for x in content_stems(tokens[at - 1 : at], lexicon):
                for y in content_stems(tokens[at + 1 : at + 2], lexicon):
                    found.setdefault(x, set()).add(y)
                    found.setdefault(y, set()).add(x)
    return {word: frozenset(others) for word, others in found.items()}


def _says(f: TextFeatures, word: str) -> bool:
    return any(t.lower == word for t in f.tokens)


def absolute_against_condition(fa: TextFeatures, fb: TextFeatures, negated: Clause) -> bool:
    """"Always squash merges when landing a PR" / "Never squash merges": the unconditional rule
    covers the condition too, and the two insist in opposite directions ("always" on the
    affirming side, "never" on the negating one). Without them the conditional is an exception
    to the rule ("Never cache" / "Cache when immutable")."""
    if fa.conditional == fb.conditional:
        return False
    denying, affirming = (fa, fb) if negated in fa.clauses else (fb, fa)
    return _says(denying, "never") and _says(affirming, "always")


@last_pair
def agree(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> bool:
    """The shorter text is a prohibition that the other says again, clause for clause:
    "No SELECT *" / "SELECT explicit columns, never SELECT *" agree, whatever else differs.
    (Affirmative clauses can agree in their words and still differ: "turn on" / "turn off".)"""
    # by clauses, then by text: the verdict must not depend on which text came first
    shorter, longer = sorted((fa, fb), key=lambda f: (len(f.clauses), f.text))
    negated = any(clause.polarity < 0 for clause in shorter.clauses)
    return negated and all(
        any(
            mine.polarity == theirs.polarity
            and all(lexicon.covered(word, theirs.content) for word in mine.content)
            for theirs in longer.clauses
        )
        for mine in shorter.clauses
    )


_CLAUSE_EDGE = frozenset(":;,.!?-–—(")


@last_pair
def said_within(fa: TextFeatures, fb: TextFeatures) -> bool:
    """The shorter text is a whole sentence or clause of the longer one, word for word:
    "**Avoid globals**: Limit the use of global variables." / "Limit the use of global
    variables." ("Do not use Redis" holds "use Redis", but not as a clause of its own.)"""
    short, long = sorted((_plain(fa.text), _plain(fb.text)), key=len)
    if not short or short == long:
        return False
    start = long.find(short)
    while start != -1:
        before = long[:start].rstrip()
        after = long[start + len(short) :].lstrip()
        if (not before or before[-1] in _CLAUSE_EDGE) and (not after or after[0] in _CLAUSE_EDGE):
            return True
        start = long.find(short, start + 1)
    return False


@functools.lru_cache(maxsize=1 << 17)
def _plain(text: str) -> str:
    """`text` cleaned, lowercased, its spaces folded: once per text, not once per pair."""
    return " ".join(clean(text).lower().split()).strip(" .;!")


forget_after_run(_plain.cache_clear)


# Words that grant a permission; "can" also states a capability ("the API can paginate").
_PERMISSION = frozenset({"may", "allowed", "permitted", "ok", "okay", "fine", "acceptable"})


# A condition a rule holds under: "if/when/unless ..." to the end of the text, or at its start up
# to the comma that closes it ("If the build fails, ...").
_CONDITION = re.compile(
    r"^\W*(?:if|when|whenever|unless)\b[^,;:]*[,;:]|\b(?:if|when|whenever|unless)\b.*$",
    re.IGNORECASE | re.DOTALL)
_NEGATOR = re.compile(r"\b(?:not|never|no|without|none|nothing)\b|n't\b", re.IGNORECASE)


def branches(fa: TextFeatures, fb: TextFeatures) -> bool:
    """Two branches of one condition, not a rule and its denial: one text's negations all lie
    in its condition and the other negates nothing ("Take the short path if the version ends
    in .0" / "Take the long path if the version does not end in .0"). The denial of a rule
    puts its negation outside the condition: "Never deploy when a check fails"."""
    side = negated_side(fa, fb)
    if side is None:
        return False
    text = (fa if side == "a" else fb).text
    negations = [m.start() for m in _NEGATOR.finditer(text)]
    condition = _CONDITION.search(text)
    return bool(negations and condition) and all(
        condition.start() <= at < condition.end() for at in negations)


@last_pair
def exception(fa: TextFeatures, fb: TextFeatures, lexicon: Lexicon) -> bool:
    """The affirming text makes an exception to the other's prohibition:

    - it grants a permission to something the rule does not name: "Don't deploy on Fridays" /
      "Hotfixes may be deployed on Fridays" (without new words, "You may deploy on Fridays",
      the permission overrules the rule);
    - the rule is an order to everyone ("Don't use default exports") and the other names whom
      it binds before saying the same: "Next.js page components must use default exports";
    - the other is the same prohibition with its exception: "Never create .env files" /
      "Never create .env files without an explicit request" (read as "create them on
      request", the two negations cancel) agree, the second scopes the first; unless the rule
      names the exception too ("may run migrations without asking" / "may not ...").
    """
    side = negated_side(fa, fb)
    if side is None:
        return False
    denying, granting = (fa, fb) if side == "a" else (fb, fa)
    if _excepted(granting) and not any("without" in c.flipped_by for c in denying.clauses):
        return True
    granted = {lexicon.canon(t.stem) for t in granting.tokens if t.lower in _PERMISSION}
    if granted and any(not lexicon.covered(word, denying.content)
                       for word in granting.content - granted):
        return True
    return _orders_everyone(denying, lexicon) and _names_its_subject(granting, denying, lexicon)


def _excepted(f: TextFeatures) -> bool:
    """A prohibition and its exception in one clause: "never X without Y", "do not X without Y"
    (its two negations make it read affirmative)."""
    return any(c.polarity > 0 and "without" in c.flipped_by[1:] for c in f.clauses)


def _orders_everyone(f: TextFeatures, lexicon: Lexicon) -> bool:
    """An imperative prohibition: "Don't use X", "Never push", "Avoid globals" ("No ..." can
    state a fact: "No one is riding a bike")."""
    words = [t.lower for t in f.tokens[:2]]
    first = f.tokens[0] if f.tokens else None
    return first is not None and (  # "Nobody is riding" states a fact, and orders no one
        words == ["do", "not"] or first.lower == "never"
        or first.stem in lexicon.negative_terms and lexicon.negates(first)  # not "Skipped tests"
    )


_EVERYONE = frozenset({"all", "every", "each", "any", "everyone", "everybody", "anyone",
                       "anybody"})
# Words that join a subject to what it must or may do: "Next.js page components must use ...".
_SUBJECT_VERBS = frozenset({"must", "should", "shall", "may", "can", "will", "need", "needs",
                            "is", "are", "have", "has"})


def _names_its_subject(granting: TextFeatures, denying: TextFeatures, lexicon: Lexicon) -> bool:
    """`granting` opens with a subject the rule does not name, then a modal or auxiliary, then
    what the rule is about: "Next.js page components must use default exports"."""
    subject: list[str] = []
    for at, token in enumerate(granting.tokens):
        if token.lower in _EVERYONE:
            return False  # "Everyone must push to main", "All modules must ...": no exception
        if token.lower in _SUBJECT_VERBS:
            rest = content_stems(granting.tokens[at + 1 :], lexicon)
            return bool(subject) and any(lexicon.covered(w, denying.content) for w in rest)
        if token.stem in lexicon.non_content:
            continue
        if lexicon.covered(lexicon.canon(token.stem), denying.content):
            return False  # the rule's own words come first: no other subject
        subject.append(token.stem)
    return False


def overrides(fa: TextFeatures, fb: TextFeatures) -> bool:
    """One text says it overrides a value: "Webhooks override the default retry limit with 5"
    ("Do not override the retry limit of 3" forbids the override: it stays a rule)."""
    return any(
        any(t.stem.startswith("overrid") for t in f.tokens)
        and not any(c.polarity < 0 for c in f.clauses)
        for f in (fa, fb)
    )


DENIED_CONFIDENCE = 0.8
_DENIED_WORDS = 3  # "not Alpine", "never from main", "avoid AWS Secrets Manager"


def denied_value(fa: TextFeatures, fb: TextFeatures) -> str | None:
    """The signal ("Alpine") when one claim names a value as its plain choice and the other,
    about the same thing, chooses another and denies that one in a short clause: "Base Docker
    images on Alpine" / "Base Docker images on Debian slim, not Alpine", "Stories are written
    in MDX" / "Write stories in CSF, not MDX". The words the denial adds to the claim's own
    (`denied`, three words at most, after the choice) must hold the value, and at least half the words of the choosing claim's
    purpose must be said by the denying claim's affirmed clauses, and not both claims may name
    a subject of their own ("Deploy the docs with Netlify" / "Deploy the API with Fly.io, not
    Netlify": two subjects)."""
    for f, g in ((fa, fb), (fb, fa)):
        choice = f.analysis
        if not choice.plain or not any(c.polarity < 0 for c in g.clauses):
            continue
        if g.clauses[0].polarity < 0:
            continue  # the denial follows the choice: "Use Y, not X", "Use Y; avoid X"
        affirmed = frozenset().union(*(c.content for c in g.clauses if c.polarity > 0))
        denied = frozenset().union(*(c.content for c in g.clauses if c.polarity < 0)) - affirmed
        if not denied or len(denied) > _DENIED_WORDS:
            continue  # a short denial of a value, not a rule of its own
        for value in choice.values:
            words = set(value.key.split())
            if not value.placed or not words & denied or not words - denied <= affirmed:
                continue
            purpose = choice.purpose(value)
            shared = purpose & affirmed
            if not shared or 2 * len(shared) < len(purpose):
                continue
            own = {w for at, w in g.analysis.words  # what the denying claim names, its
                   if not any(v.placed and v.start <= at < v.end for v in g.analysis.values)}
            if purpose - own and own - purpose - denied - {w for _, w in choice.words}:
                continue  # each names a subject of its own: "the docs" / "the API"
            return value.raw
    return None

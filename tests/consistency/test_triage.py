"""Triage skips only pairs the judge would not flag; several processes judge as one does.

`find_pairs` with triage and without it, and with one worker and with two, must give the very
same findings (kinds, bands, scores, signals, order): over the memory-shaped labelled pairs one
by one and all together as one memory, over the eval splits when `../shared` is present, and
over a memory of templated claims that share their frequent words, where triage must also
spare the judge most of its pairs.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gitmem.consistency import analyze
from gitmem.consistency.analyze import PairFinding, find_pairs
from gitmem.consistency.batch import Judging, judge_all
from gitmem.consistency.triage import open_sides
from gitmem.consistency.triage_facts import text_facts
from gitmem.model import Claim

PAIRS = Path(__file__).resolve().parents[2] / "benchmarks" / "memory_pairs"


def labelled_rows() -> list[dict]:
    """Every labelled pair but those of the held-out sets not yet measured (`BLIND`)."""
    blind = {line.strip() for line in (PAIRS / "BLIND").read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")}
    return [json.loads(line) for path in sorted(PAIRS.glob("*.jsonl")) if path.name not in blind
            for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def shape(findings: list[PairFinding]) -> list[tuple]:
    return [(f.kind, f.klass, f.score, f.confidence, f.a, f.b, sorted(f.signals.items()),
             f.identical) for f in findings]


def templated(count: int, seed: int = 7) -> list[Claim]:
    """Claims that all share their frequent words and differ in names, numbers and values, with
    contradictions and duplicates among them."""
    rng = random.Random(seed)
    topics = ["ledger", "queue", "worker", "deploy", "schema", "index", "backup", "router"]
    frames = ["The {t} step {n} uses setting value{n} for zone z{m}.",
              "Never run the {t} step {n} in zone z{m}.",
              "Always run the {t} step {n} in zone z{m}.",
              "The {t} step {n} uses setting value{n} for zone z{m} only on Fridays.",
              "Use tabs in the {t} step {n} of zone z{m}.",
              "Use spaces in the {t} step {n} of zone z{m}."]
    texts = [rng.choice(frames).format(t=rng.choice(topics), n=rng.randrange(30),
                                       m=rng.randrange(5)) for _ in range(count)]
    return [Claim(f"memory/{i % 9}.md", 1 + i // 9, text) for i, text in enumerate(texts)]


def test_each_labelled_pair_alone_is_judged_alike_with_and_without_triage() -> None:
    for row in labelled_rows():
        claims = [Claim("memory/a.md", 1, row["a"]), Claim("memory/b.md", 1, row["b"])]
        assert shape(find_pairs(claims, triage=True)) == shape(find_pairs(claims, triage=False)), row


def test_labelled_pairs_as_one_memory_give_the_same_findings_with_triage_and_in_two_processes(
) -> None:
    rows = labelled_rows()
    claims = [Claim(f"memory/p{n}/{side}.md", 1, row[side])
              for n, row in enumerate(rows) for side in "ab"]
    claims += claims[:40:3]  # copies of some texts in other places
    claims[-14:] = [Claim(f"memory/copies/{n}.md", 2, c.text) for n, c in enumerate(claims[-14:])]
    full = shape(find_pairs(claims, triage=False, workers=1))
    assert shape(find_pairs(claims, triage=True, workers=1)) == full
    assert shape(find_pairs(claims, triage=True, workers=2)) == full
    assert any(f[0] == "contradiction" for f in full) and any(f[0] == "duplicate" for f in full)


def test_triage_spares_the_judge_pairs_that_share_only_frequent_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    claims = templated(150)
    full = shape(find_pairs(claims, triage=False, workers=1))
    judged: list[int] = []
    real = analyze._judge

    def counting(*args):  # type: ignore[no-untyped-def]
        judged.append(1)
        return real(*args)

    monkeypatch.setattr(analyze, "_judge", counting)
    assert shape(find_pairs(claims, triage=True, workers=1)) == full
    with_triage = len(judged)
    judged.clear()
    find_pairs(claims, triage=False, workers=1)
    assert with_triage < len(judged) / 2, (with_triage, len(judged))
    assert any(f[0] == "contradiction" for f in full)


@pytest.mark.parametrize("a, b", [
    # an exception to a prohibition: "must be committed" names what the rule does not
    ("Never commit build output.", "Lockfiles must be committed."),
    # one said within the other, clause for clause
    ("Indent with 4 spaces.", "Indent with 4 spaces, never tabs."),
    # clauses of two polarities ("over" negates npm) and no negated subject affirmed
    ("The user prefers yarn over npm.", "The user is on Linux."),
    # a word on each side nothing relates, and one negative word: it cannot cancel around them
    ("Never log the request body of the billing webhook.",
     "Log the response status of the billing webhook."),
])
def test_triage_closes_pairs_the_detector_turns_away_before_any_evidence(a: str, b: str) -> None:
    lexicon = analyze.default_lexicon()
    fa, fb = analyze.features(a, lexicon), analyze.features(b, lexicon)
    claims = [Claim("memory/a.md", 1, a), Claim("memory/b.md", 1, b)]
    assert find_pairs(claims, triage=False) == []
    assert open_sides(fa, fb, text_facts(fa, lexicon), text_facts(fb, lexicon), (True, True),
                      ((), ()), analyze.Thresholds().possible, lexicon,
                      analyze._unrelated(fa, fb)) == (False, False)


def test_two_workers_return_each_pair_verdict_in_the_order_of_one() -> None:
    claims = templated(90, seed=3)
    jobs = [(i, j) for i in range(len(claims)) for j in range(i + 1, len(claims))][::3]
    judging = Judging(claims, {}, analyze.Thresholds(), analyze.default_lexicon(), True, analyze)
    one = judge_all(judging, jobs, workers=1)
    two = judge_all(judging, jobs, workers=2)
    assert [None if f is None else shape([f])[0] for f in two] == \
        [None if f is None else shape([f])[0] for f in one]
    assert sum(f is not None for f in one) > 0


@pytest.mark.parametrize("split", ["test", "dev"])
def test_eval_splits_are_judged_alike_with_triage_when_shared_data_is_present(
    shared_dir: Path, split: str,
) -> None:
    rows = [json.loads(line) for line in
            (shared_dir / "eval" / f"pairs-{split}.jsonl").read_text().splitlines()
            if line.strip()]
    claims = [Claim(f"memory/{row['id']}/{side}.md", 1, row[side]) for row in rows
              for side in "ab"]
    assert shape(find_pairs(claims, triage=True)) == shape(find_pairs(claims, triage=False))


def test_two_negative_words_that_cancel_around_an_unrelated_word_keep_the_pair_open() -> None:
    """"Do not forget to flarp," aligns with nothing as a `synonym` span (the two negatives
    cancel), so "flarp" hides and the two timeouts are a minimal pair: triage must not close
    the contradiction side on the words nothing relates, as it does with one negative word."""
    a = "Do not forget to flarp, set the ledger timeout to 30 seconds."
    b = "Set the ledger timeout to 60 seconds glimmix."
    claims = [Claim("memory/a.md", 1, a), Claim("memory/b.md", 1, b)]
    found = shape(find_pairs(claims, triage=True))
    assert found == shape(find_pairs(claims, triage=False))
    assert [f[0] for f in found] == ["contradiction"] and ("slot", "30 / 60") in found[0][6]


def negative_pairs() -> list[tuple[str, str]]:
    """Pairs with words nothing relates on each side and negative words, one or two, that may
    cancel around such a word ("do not forget to" / "")."""
    frames = ["{neg}run the {x} job on the ledger.", "Run the {x} job {neg2}on the ledger.",
              "{neg}keep {x} logs for the ledger job.", "The ledger job {neg2}writes {x} rows."]
    negs = ["", "Never ", "Do not ", "Do not forget to ", "Never avoid "]
    words = ["flarp", "glimmix", "zorbit", "quellan"]
    texts = [frame.format(neg=neg, neg2=neg.lower(), x=word).capitalize()
             for frame in frames for neg in negs for word in words]
    return [(a, b) for n, a in enumerate(texts) for b in texts[n + 1::7]]


def test_each_side_triage_closes_is_one_the_judge_finds_nothing_on() -> None:
    """`open_sides` lets the judge skip a closed side: a closed duplicate side must score under
    the possible band, a closed contradiction side must give no contradiction evidence at all
    (not even a weak one, which would hide a duplicate). Checked side by side over the
    labelled pairs and the templated memory, where many pairs have one side open only."""
    from gitmem.consistency.align import align
    from gitmem.consistency.contradiction import detect_contradiction_features
    from gitmem.consistency.duplicates import score_duplicate_features

    lexicon = analyze.default_lexicon()
    possible = analyze.Thresholds().possible
    texts = [(row["a"], row["b"]) for row in labelled_rows()]
    claims = templated(120, seed=11)
    texts += [(claims[i].text, claims[j].text) for i in range(0, 120, 3) for j in range(1, 120, 7)]
    texts += negative_pairs()
    closed = {"duplicate": 0, "contradiction": 0}
    for a, b in texts:
        fa, fb = analyze.features(a, lexicon), analyze.features(b, lexicon)
        if fa.text == fb.text:
            continue
        unrelated = analyze._unrelated(fa, fb)
        dup_open, contra_open = open_sides(fa, fb, text_facts(fa, lexicon),
                                           text_facts(fb, lexicon), (True, True), ((), ()),
                                           possible, lexicon, unrelated)
        alignment = align(fa, fb, lexicon)
        if not dup_open:
            closed["duplicate"] += 1
            score = score_duplicate_features(fa, fb, (), (), lexicon, alignment).score
            assert score < possible, (a, b, score)
        if not contra_open and not unrelated:
            closed["contradiction"] += 1
            assert detect_contradiction_features(fa, fb, lexicon, alignment) is None, (a, b)
    assert closed["duplicate"] > 100 and closed["contradiction"] > 100, closed


def test_worker_chunks_are_runs_of_pairs_that_share_their_texts() -> None:
    """Each worker computes the features of the texts its chunks hold: in `local_order` the
    chunks hold fewer texts twice than in the (i, j) order, and every pair is judged once."""
    from gitmem.consistency.batch import local_order
    from gitmem.consistency.candidates import candidate_pairs

    names = [a + b + "ex" for a in "bcdfgh" for b in "klmnpr"]  # one subject per topic
    frames = ["Run the {n} {m} job on {d} nights.", "Never run the {n} {m} job on {d} nights.",
              "The {n} {m} job writes to the {d} bucket.", "Keep the {n} {m} job logs {d}."]
    claims = [Claim(f"memory/{x % 7}.md", 1 + x // 7, frames[x % 4].format(
        n=names[x % 36], m=names[(x // 36) % 36][::-1], d=("monday", "friday", "cold")[x % 3]))
        for x in range(432)]  # the topics interleave, as memories written over time do
    jobs = candidate_pairs(claims)
    order = local_order(claims, jobs)
    assert sorted(order) == list(range(len(jobs)))

    def held(sequence: list[int], pieces: int = 8) -> int:
        bounds = [len(sequence) * n // pieces for n in range(pieces + 1)]
        return sum(len({claims[x].text for n in sequence[start:end] for x in jobs[n]})
                   for start, end in zip(bounds, bounds[1:]))

    assert held(order) < 0.8 * held(list(range(len(jobs)))), (held(order), len(jobs))


def _order_by_lists(claims: list[Claim], jobs: list[tuple[int, int]]) -> list[int]:
    """The breadth-first order `local_order` describes, read with a list per text and a sort
    key per pair (how it was first written), to check the array version against."""
    number: dict[str, int] = {}
    ends = [(number.setdefault(claims[i].text, len(number)),
             number.setdefault(claims[j].text, len(number))) for i, j in jobs]
    partners: list[list[int]] = [[] for _ in number]
    for x, y in ends:
        partners[x].append(y)
        partners[y].append(x)
    place = [-1] * len(number)
    placed = 0
    for start in sorted(range(len(number)), key=lambda t: len(partners[t])):
        if place[start] < 0:
            place[start], placed = placed, placed + 1
            queue = [start]
            for at in queue:
                for other in partners[at]:
                    if place[other] < 0:
                        place[other], placed = placed, placed + 1
                        queue.append(other)
    return sorted(range(len(jobs)), key=lambda n: max(place[ends[n][0]], place[ends[n][1]]))


def test_the_local_order_of_pairs_held_as_codes_is_the_order_of_the_pairs_as_tuples() -> None:
    """The order is built from arrays (a few bytes a pair): it is the same order, for pairs
    given as codes or as tuples, with texts repeated (a pair of one text's two copies) and
    several unconnected groups."""
    from gitmem.consistency.batch import local_order
    from gitmem.consistency.candidates import candidate_codes

    claims = templated(160, seed=3)
    claims += [Claim("memory/copies.md", n + 1, c.text) for n, c in enumerate(claims[:40:3])]
    claims += [Claim("memory/apart.md", 1, "Water the office ferns every Tuesday."),
               Claim("memory/apart.md", 2, "Water the office ferns every Friday.")]
    codes = candidate_codes(claims)
    jobs = list(codes)
    assert any(claims[i].text == claims[j].text for i, j in jobs)
    expected = _order_by_lists(claims, jobs)
    assert list(local_order(claims, codes)) == expected == list(local_order(claims, jobs))
    assert list(local_order(claims, [])) == []


def test_the_bound_from_sizes_alone_is_never_under_the_bound_triage_reads() -> None:
    """`_raw_upper(sizes_only=True)` lets triage close a duplicate side without comparing
    shingles: it must be at least the bound it stands for, on every labelled pair and tags."""
    from gitmem.consistency.triage import _raw_upper

    lexicon = analyze.default_lexicon()
    for row in labelled_rows():
        fa, fb = analyze.features(row["a"], lexicon), analyze.features(row["b"], lexicon)
        for tags in [((), ()), (("api",), ("api", "web")), (("api",), ("db",))]:
            assert _raw_upper(fa, fb, tags, sizes_only=True) >= _raw_upper(fa, fb, tags), row


def test_value_sets_may_swap_exactly_when_the_lexicon_relates_two_of_their_values() -> None:
    """`_may_swap` answers no at once for two value sets that share no class and do not both
    hold half of an antonym pair; it must still say yes wherever `relation` would: two
    members of a class ("tabs" / "spaces"), antonyms ("on" / "off", "mutable" / "immutable")."""
    from gitmem.consistency.triage_facts import _may_swap

    lexicon = analyze.default_lexicon()
    texts = [row[side] for row in labelled_rows() for side in "ab"][:300] + [
        "Use tabs for indentation.", "Use spaces for indentation.", "Debug logging is on.",
        "Debug logging is off.", "Keep state mutable.", "State is immutable."]
    sets = {s for text in texts for facts in [text_facts(analyze.features(text, lexicon), lexicon)]
            for s in (facts.values, facts.all_values) if s}
    sets = sorted(sets, key=sorted)
    swapped = 0
    for x in sets:
        for y in sets:
            expected = any(lexicon.relation(p, q) in ("exclusive", "antonym") for p in x for q in y)
            assert _may_swap(x, y, lexicon) == expected, (x, y)
            swapped += expected
    assert 0 < swapped < len(sets) ** 2


def test_contradictions_no_rule_reports_are_the_only_pairs_a_run_leaves_unsought() -> None:
    """A run that reports contradictions between two directives only (a strict reading of
    memory beside code), or none (GM211 not run), leaves unjudged a pair whose duplicate side
    triage closed and whose contradiction it would not report: every other finding is the
    same, and every finding left out is such a contradiction."""
    from gitmem.consistency.analyze import Thresholds
    from gitmem.consistency.features import directs

    rows = labelled_rows()[::6]
    texts = [row[side] for row in rows for side in ("a", "b")]
    claims = [Claim(f"memory/{i % 11}.md", 1 + i // 11, text) for i, text in enumerate(texts)]
    claims += templated(200)

    def keyed(findings: list[PairFinding]) -> dict[str, PairFinding]:
        return {repr(row): f for row, f in zip(shape(findings), findings)}

    every = keyed(find_pairs(claims, thresholds=Thresholds(possible=0.86)))
    assert sum(f.kind == "contradiction" and not (directs(f.a.text) and directs(f.b.text))
               for f in every.values()) > 20  # the case is there to be left out
    for reads in ("directives", "none"):
        some = keyed(find_pairs(claims, thresholds=Thresholds(possible=0.86,
                                                              contradictions=reads)))
        assert set(some) <= set(every), reads
        left_out = [every[k] for k in set(every) - set(some)]
        assert left_out and all(f.kind == "contradiction" for f in left_out), reads
        if reads == "directives":
            assert not any(directs(f.a.text) and directs(f.b.text) for f in left_out)
            assert any(f.kind == "contradiction" for f in some.values())

"""What a lint run reuses from the blob-id cache (.git/gitmem/cache) when content is unchanged.

- Citations are a pure function of one memory's bytes and `lint.review_file`: kept with the
  memory's blob.
- The consistency pairs are a pure function of the whole corpus (every path and blob), the
  pair settings and today's date (cooldowns expire): kept under a digest of all of them, so a
  lint where no memory changed reads its pairs back instead of judging every candidate again.
- When the corpus did change, each candidate pair's verdict is recalled from the previous
  run's (`gitmem.consistency.verdicts`, keyed on the pair's texts, sections and tags) and only
  pairs that involve a changed claim are judged: an edit costs its own pairs, not all of them.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from gitmem.consistency import vocabulary
from gitmem.consistency.verdicts import (
    PairVerdicts,
    StoredVerdict,
    StoredVerdicts,
    finding_shaped,
)
from gitmem.lint import commit_claims, evidence, extract, path_citations, scan
from gitmem.lint.cached_findings import FindingsCodec
from gitmem.lint.extract import Citations, extract_citations
from gitmem.lint.rule import LintContext
from gitmem.lint.rules import consistency_rules
from gitmem.memory.cache import RecordCodec, content_key, module_version
from gitmem.memory.cache_files import PACKAGE, source_fingerprint
from gitmem.model import Claim, Memory
from gitmem.workspace import Workspace

if TYPE_CHECKING:
    from gitmem.consistency.analyze import PairFinding, Thresholds

_CITATIONS = RecordCodec(Citations, commit_claims.CommitCitation, path_citations.PathCitation,
                         evidence.PathQuery)


def cached_citations(ws: Workspace, memories: Sequence[Memory],
                     review_file: str) -> dict[str, Citations]:
    """Each memory's citations, read back: when no memory changed, from one record of the
    memories that cite something (96% of a large corpus cites nothing), else memory by
    memory."""
    version = module_version(extract, commit_claims, path_citations, scan, evidence) + review_file
    compute = partial(extract_citations, review_file=review_file)
    key = None
    if ws.cache.enabled and all(m.blob_id for m in memories):
        key = content_key("\n".join(sorted(f"{m.path}\0{m.blob_id}" for m in memories)))
        found, record = ws.cache.lookup("corpus-citations", key, _CITATIONS, version)
        paths = {m.path for m in memories}
        if found and type(record) is tuple and all(
                type(item) is tuple and len(item) == 2 and item[0] in paths
                and isinstance(item[1], Citations) for item in record):
            for memory in memories:  # still in use: an edit reads the others back
                ws.cache.touch("citations", f"{memory.blob_id} {memory.path}", version)
            return {**dict.fromkeys((m.path for m in memories), _NONE), **dict(record)}
    out = {}
    for memory in memories:
        found = ws.cache.derived("citations", memory, compute, _CITATIONS, version)
        # the cache file is data: a record of the wrong shape is recomputed, never trusted
        out[memory.path] = found if isinstance(found, Citations) else compute(memory)
    if key is not None:
        ws.cache.store("corpus-citations", key,
                       tuple((path, found) for path, found in out.items() if found != _NONE),
                       _CITATIONS, version)
    return out


_NONE = Citations()


class StoredPair(NamedTuple):
    """A PairFinding as the cache can hold it (signals as sorted key/value pairs)."""

    kind: str
    klass: str
    score: float
    confidence: float
    a: Claim
    b: Claim
    signals: tuple[tuple[str, object], ...]
    identical: bool


_PAIRS = RecordCodec(StoredPair, Claim)
_FINDINGS = FindingsCodec()
_KEEP_KEY = consistency_rules.MEMO_KEY + ":keep"  # where this run's pair findings are kept
_VERDICTS = RecordCodec(StoredVerdicts, StoredVerdict)
# Every module a pair verdict or the corpus pass depends on, by file (importing the detectors
# only to name them would cost a warm lint a fifth of its start-up): a change to any of them (a
# new gitmem, a developer's edit) computes the pairs afresh. All of gitmem.consistency, so a
# module added there is in the key without being listed.
PAIR_SOURCES = (*sorted((PACKAGE / "consistency").glob("*.py")),
                *(PACKAGE / "memory" / f"{name}.py"
                  for name in ("inforce", "claims", "statements", "fragments", "subjects",
                               "claim_roles", "copies", "titles", "summaries", "layouts",
                               "sentences", "elided_subjects")),
                PACKAGE / "lint" / "rules" / "consistency_rules.py")
# ... and the modules that turn pairs into findings
FINDING_SOURCES = tuple(PACKAGE / path for path in (
    "lint/rules/consistency_rules.py", "lint/rules/claim_groups.py", "lint/rule.py", "model.py",
    "memory/fragments.py", "lint/cached_findings.py", "memory/layouts.py"))


def _store(pairs: Sequence[PairFinding]) -> tuple[StoredPair, ...]:
    return tuple(StoredPair(p.kind, p.klass, p.score, p.confidence, p.a, p.b,
                            tuple(sorted(p.signals.items())), p.identical) for p in pairs)


def _claim_ok(claim: object) -> bool:
    return (isinstance(claim, Claim) and isinstance(claim.path, str) and isinstance(claim.line, int)
            and isinstance(claim.text, str) and isinstance(claim.kind, str)
            and isinstance(claim.section, str))


def _well_formed(stored: object) -> bool:
    return (isinstance(stored, StoredPair) and _claim_ok(stored.a) and _claim_ok(stored.b)
            and finding_shaped(stored.kind, stored.klass, stored.score, stored.confidence,
                               stored.signals, stored.identical))


def prime_corpus_pairs(ws: Workspace, context: LintContext,
                       thresholds: Thresholds | None = None, *, lazy: bool = False,
                       whole: bool = False) -> None:
    """Fill the run's memo with the consistency pairs, read back when the corpus is unchanged
    (with `thresholds`, the pairs at those bands instead of the configured ones). `lazy` (a
    lint's own run of the pair rules): the pair rules' findings are read back too, when the
    cache holds them, and the pairs only if a rule asks for them; `keep_pair_findings` keeps
    what the rules computed; `whole` (the run reports every memory): their fingerprints and
    texts too (`cached_output.py`)."""
    if any(m.blob_id is None for m in context.corpus):
        if thresholds is not None:  # nothing to key on: computed afresh
            context.memo[consistency_rules.MEMO_KEY] = consistency_rules.lint_pairs(
                context.corpus, context.config, thresholds=thresholds)
        return  # otherwise the rules compute the pairs themselves
    config = context.config
    bands = () if thresholds is None else (repr(thresholds),)
    key = content_key(
        "\n".join(sorted(f"{m.path}\0{m.blob_id}" for m in context.corpus)),
        repr((config.match_threshold, config.possible_threshold, config.scope_folders,
              config.review_file, dt.date.today().isoformat(), config.lexicon, *bands)),
    )
    # and the lexicon's data
    version = source_fingerprint(0, list(PAIR_SOURCES)) + vocabulary.digest()

    def compute() -> tuple[StoredPair, ...]:
        # The corpus changed: recall the verdicts of the pairs that did not (pair-verdicts is
        # keyed on the settings a verdict depends on), judge the rest, keep them all.
        settings = content_key(repr((config.match_threshold, config.possible_threshold,
                                     config.lexicon, *bands)))
        _, previous = ws.cache.lookup("pair-verdicts", settings, _VERDICTS, version)
        known = PairVerdicts.from_stored(previous)
        pairs = consistency_rules.lint_pairs(context.corpus, config, verdicts=known,
                                             thresholds=thresholds)
        ws.cache.store("pair-verdicts", settings, known.stored(), _VERDICTS, version)
        return _store(pairs)

    def load() -> list[PairFinding]:
        from gitmem.consistency.analyze import PairFinding

        stored = ws.cache.remember("corpus-pairs", key, compute, _PAIRS, version)
        if not (isinstance(stored, tuple) and all(_well_formed(s) for s in stored)):
            stored = compute()  # a damaged entry: recompute, never trust its shape
        return [PairFinding(s.kind, s.klass, s.score, s.confidence, s.a, s.b, dict(s.signals),
                            s.identical) for s in stored]

    if not lazy:
        context.memo[consistency_rules.MEMO_KEY] = load()
        return
    # The findings depend on the pairs and on the whole configuration (scopes, cooldowns)
    findings_key = content_key(key, repr(config))
    findings_version = version + source_fingerprint(0, list(FINDING_SOURCES))
    found, known = ws.cache.lookup("pair-findings", findings_key, _FINDINGS, findings_version)
    if found:
        context.memo[consistency_rules.FINDINGS_KEY] = known
        ws.cache.touch("corpus-pairs", key, version)  # kept for when the pairs are needed
    context.memo[consistency_rules.LOAD_KEY] = load
    context.memo[consistency_rules.RECORD_KEY] = {}
    context.memo[_KEEP_KEY] = (findings_key, findings_version)
    if whole:
        from gitmem.lint.cached_output import recall_output

        recall_output(ws, context, findings_key, findings_version)


def keep_pair_findings(ws: Workspace, context: LintContext) -> None:
    """After the rules ran: keep the pair rules' findings that were computed this run (beside
    those read back) for the next run on the same corpus and configuration."""
    where = context.memo.get(_KEEP_KEY)
    computed = context.memo.get(consistency_rules.RECORD_KEY)
    if where is None or not computed:
        return
    known = {code: [dataclasses.replace(f, fingerprint="") if f.fingerprint else f
                     for f in found]  # read back with their fingerprints (cached_output.py)
             for code, found in (context.memo.get(consistency_rules.FINDINGS_KEY) or {}).items()}
    ws.cache.store("pair-findings", where[0], {**known, **computed}, _FINDINGS, where[1])

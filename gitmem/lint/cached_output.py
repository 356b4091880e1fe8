"""The fingerprints and JSON texts of the GM2xx findings of a whole-corpus lint, read back.

When no memory changed, a warm lint reads the pair rules' findings back
(`cached_findings.py`), and then spent as long again on them: a fingerprint each (the text of
every line a finding names, a SHA-256) and its object in the JSON report. Both are functions
of the findings, of the corpus (the lines they name) and of this code, and a fingerprint also
of the other findings of its rule (copies of one key are numbered): so they are kept beside
the findings, under the same key (every path and blob, the whole configuration), for lints
whose targets are the whole corpus only (a subset numbers its findings among fewer). A
finding read back with its fingerprint keeps it (`with_fingerprints`), and `render_parts`
writes its kept text when the finding is that very object.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from gitmem.lint import fingerprint
from gitmem.lint.rule import LintContext
from gitmem.lint.rules import consistency_rules
from gitmem.memory.cache import CorruptEntry, Uncacheable
from gitmem.memory.cache_files import PACKAGE, source_fingerprint
from gitmem.model import Finding
from gitmem.workspace import Workspace

KIND = "pair-output"
SOURCES = tuple(PACKAGE / path for path in (
    "lint/fingerprint.py", "lint/formats/json_format.py", "jsontext.py", "lint/cached_output.py"))
_WHERE = consistency_rules.MEMO_KEY + ":output"  # (key, version) of this run's record
TEXTS = consistency_rules.MEMO_KEY + ":texts"  # id(finding) -> (finding, its JSON text)
Texts = Mapping[int, tuple[Finding, str]]
Record = Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]  # code -> fingerprints, texts


class OutputCodec:
    """A `Record` as JSON: per rule code, its findings' fingerprints and texts in the order
    of the findings record (the interface of `RecordCodec`)."""

    def encode(self, value: Record) -> dict[str, Any]:
        if type(value) is not dict:
            raise Uncacheable("not a record of output")
        return {code: [list(prints), list(texts)] for code, (prints, texts) in value.items()}

    def decode(self, data: Any) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
        if type(data) is not dict:
            raise CorruptEntry("not a record of output")
        out = {}
        for code, entry in data.items():
            if type(entry) is not list or len(entry) != 2 or set(map(type, entry)) != {list}:
                raise CorruptEntry("not a rule's output")
            prints, texts = entry
            if len(prints) != len(texts) or not {str}.issuperset(map(type, prints + texts)):
                raise CorruptEntry("not a rule's output")
            out[code] = (tuple(prints), tuple(texts))
        return out


_CODEC = OutputCodec()


def recall_output(ws: Workspace, context: LintContext, key: str, version: str) -> None:
    """With the findings read back (`FINDINGS_KEY`): give them their kept fingerprints and
    texts when the record holds every one of them; note where to keep them otherwise."""
    version += source_fingerprint(0, list(SOURCES))
    context.memo[_WHERE] = (key, version)
    known = context.memo.get(consistency_rules.FINDINGS_KEY)
    if not known:
        return
    found, record = ws.cache.lookup(KIND, key, _CODEC, version)
    if not found or set(record) != set(known) or any(
            len(record[code][0]) != len(findings) for code, findings in known.items()):
        return
    texts: dict[int, tuple[Finding, str]] = {}
    marked = {}
    for code, findings in known.items():
        prints, rendered = record[code]
        marked[code] = out = list(map(fingerprint.with_fingerprint, findings, prints))
        texts.update(zip(map(id, out), zip(out, rendered)))
    context.memo[consistency_rules.FINDINGS_KEY] = marked
    context.memo[TEXTS] = texts


def keep_output(ws: Workspace, context: LintContext, findings: Sequence[Finding]) -> Texts:
    """After fingerprinting a whole-corpus run: the texts kept or read back, by finding; the
    record kept for the next run when this one had none."""
    texts: Texts | None = context.memo.get(TEXTS)
    where = context.memo.get(_WHERE)
    if texts is not None or where is None:
        return texts or {}
    record = {**(context.memo.get(consistency_rules.FINDINGS_KEY) or {}),
              **(context.memo.get(consistency_rules.RECORD_KEY) or {})}
    if not record:
        return {}
    from gitmem.lint.formats.json_format import finding_text

    # the engine keeps one finding per (place, related); each of the record's is that one
    final = {(f.sort_key, f.related): f for f in findings if f.code in record}
    kept: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    out: dict[int, tuple[Finding, str]] = {}
    for code, rows in record.items():
        marked = [final.get((f.sort_key, f.related)) for f in rows]
        if any(m is None or dataclasses.replace(m, fingerprint=f.fingerprint) != f
               for m, f in zip(marked, rows)):
            return {}  # a finding the report does not hold as the record does: keep nothing
        rendered = [finding_text(m) for m in marked]  # type: ignore[arg-type]
        kept[code] = (tuple(m.fingerprint for m in marked), tuple(rendered))  # type: ignore[union-attr]
        out.update((id(m), (m, text)) for m, text in zip(marked, rendered))
    ws.cache.store(KIND, where[0], kept, _CODEC, where[1])
    return out

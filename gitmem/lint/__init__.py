"""gitmem lint: pure rules over memories, grounded in git by one module (grounding.py).

The public entry points; `docs/lint.md` describes the command and every decision behind it.
"""

from __future__ import annotations

from gitmem.lint.engine import LintReport, lint_corpus
from gitmem.lint.extract import Citations, extract_citations
from gitmem.lint.grounding import gather_evidence
from gitmem.lint.summary import MemoryGrounding, grounding_summary

__all__ = [
    "Citations",
    "LintReport",
    "MemoryGrounding",
    "extract_citations",
    "gather_evidence",
    "grounding_summary",
    "lint_corpus",
]

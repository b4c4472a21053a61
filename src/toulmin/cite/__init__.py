"""Citations: the markers in an answer and the sources they name (``markers``), and whether
the cited source backs its claim (``judge``).
"""

from __future__ import annotations

from .judge import CitationJudge, CitationOutcome, attach
from .markers import UNSPECIFIC, Marker, Parsed, parse_citations, resolve_ref

__all__ = [
    "UNSPECIFIC", "CitationJudge", "CitationOutcome", "Marker", "Parsed", "attach", "parse_citations",
    "resolve_ref"
]

"""The four stages of ``toulmin.verify``, one module each, behind protocols.

``extract`` (ClaimExtractor) -> ``link`` (Linker) -> ``classify`` (Classifier,
with the deterministic ``checks``) -> ``decide``; then ``citations`` (markers
and the sources they name), ``cite_check`` (does the cited source back the
claim) and ``align`` (alignment, seed 004's overall score). ``report`` holds
the typed output, ``sources`` the input, ``embed`` the dense encoder.
"""

from __future__ import annotations

from .citations import Marker, parse_citations
from .classify import CheckerClassifier, Classification, Classifier
from .extract import Claim, ClaimExtractor, SpacyExtractor
from .link import Candidate, HybridLinker, Linker
from .report import (
    Citation,
    CitationTarget,
    CitationVerdict,
    ClaimCitation,
    ClaimResult,
    Evidence,
    Report,
    Verdict,
    Verification,
    report_schema,
)
from .sources import Source

__all__ = [
    "Candidate",
    "CheckerClassifier",
    "Citation",
    "CitationTarget",
    "CitationVerdict",
    "Claim",
    "ClaimCitation",
    "ClaimExtractor",
    "ClaimResult",
    "Classification",
    "Classifier",
    "Evidence",
    "HybridLinker",
    "Linker",
    "Marker",
    "Report",
    "Source",
    "SpacyExtractor",
    "Verdict",
    "Verification",
    "parse_citations",
    "report_schema",
]

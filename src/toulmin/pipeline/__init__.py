"""The four stages of ``toulmin.verify``, one module each, behind protocols.

``extract`` (ClaimExtractor) -> ``link`` (Linker) -> ``classify`` (Classifier,
with the deterministic ``checks``) -> ``decide``; ``report`` holds the typed
output, ``sources`` the input, ``embed`` the dense encoder.
"""

from __future__ import annotations

from .classify import CheckerClassifier, Classification, Classifier
from .extract import Claim, ClaimExtractor, SpacyExtractor
from .link import Candidate, HybridLinker, Linker
from .report import ClaimResult, Evidence, Report, Verdict, report_schema
from .sources import Source

__all__ = [
    "Candidate",
    "CheckerClassifier",
    "Claim",
    "ClaimExtractor",
    "ClaimResult",
    "Classification",
    "Classifier",
    "Evidence",
    "HybridLinker",
    "Linker",
    "Report",
    "Source",
    "SpacyExtractor",
    "Verdict",
    "report_schema",
]

"""toulmin: check an answer written by a language model against its sources.

Public API (everything else is private and may change):

- ``verify(answer, sources, question=None, **options)`` / ``averify``: the
  claim-by-claim report (``Report``), on the offline default pipeline.
- ``score(docs, claims)``: MiniCheck-style scoring of claims against documents.
- ``load_checker()``: the shipped offline checker, or any other backend.
- ``score_pairs``, ``PairScore``, ``WindowConfig``: the scoring primitives.
- ``Config`` / ``load_config``: layered configuration.
- ``crag`` / ``acrag``: verify, and below the threshold retrieve for the
  unsupported claims (offline, or regenerating with an LLM); ``open_corpus``:
  a ChromaDB corpus as a retriever; ``cove`` / ``acove``: chain-of-verification.
- the exception tree in ``toulmin.errors``.
"""

from __future__ import annotations

from ._version import __version__
from .checker import Checker, load_checker
from .classify.pairs import PairScore, WindowConfig, score_pairs
from .classify.pairs import score as _score
from .config import Config, load_config
from .corpus import open_corpus
from .cove import acove, cove
from .crag import CRAGResult, acrag, crag
from .errors import (
    ConfigError,
    DependencyError,
    InputError,
    LLMError,
    ModelError,
    StoreError,
    ToulminError,
)
from .report import (
    Citation,
    CitationVerdict,
    ClaimResult,
    Report,
    Verdict,
    Verification,
    report_schema,
)
from .sources import Source
from .verify import Verifier, averify, verify

# Bound after the imports: importing ``.verify`` loads the ``toulmin.score`` subpackage
# (alignment, overall score), which sets this attribute to the module.
score = _score

__all__ = [
    "CRAGResult",
    "Checker",
    "Citation",
    "CitationVerdict",
    "ClaimResult",
    "Config",
    "ConfigError",
    "DependencyError",
    "InputError",
    "LLMError",
    "ModelError",
    "PairScore",
    "Report",
    "Source",
    "StoreError",
    "ToulminError",
    "Verdict",
    "Verification",
    "Verifier",
    "WindowConfig",
    "__version__",
    "acove",
    "acrag",
    "averify",
    "cove",
    "crag",
    "load_checker",
    "load_config",
    "open_corpus",
    "report_schema",
    "score",
    "score_pairs",
    "verify",
]


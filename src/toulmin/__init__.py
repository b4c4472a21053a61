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

from collections.abc import Sequence

from ._version import __version__
from .checker import Checker, load_checker
from .classify.pairs import PairScore, WindowConfig, score_pairs
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


def score(docs: Sequence[str], claims: Sequence[str], checker: Checker | None = None,
          window: WindowConfig | None = None) -> tuple[list[int], list[float], list[PairScore]]:
    """Score each claim against its document with the shipped checker.

    Returns ``(labels, probs, details)`` like MiniCheck's ``score``: label 1 when
    the claim is supported at the checker's threshold, its support probability,
    and the full result (evidence window with offsets, per-sentence scores).
    Raises ``InputError`` if any row cannot be scored (use ``score_pairs`` to
    get per-row errors instead). The number, bounded-date and negation checks
    overrule the model, as ``toulmin score-pairs`` does by default; pass
    ``window=WindowConfig()`` for the model alone.
    """
    checker = checker or load_checker()
    res = score_pairs(checker, docs, claims, None, window or WindowConfig(checks=True))
    for i, r in enumerate(res):
        if r.error:
            raise InputError(r.error["code"], f"row {i}: {r.error['message']}", fix=r.error.get("fix"))
    return ([int(bool(r.supported)) for r in res], [float(r.prob_supported or 0.0) for r in res], res)

"""Stage 3, classify: entailment, contradiction or neutral for each claim and candidate.

``offline`` is the checker with the deterministic checks (``Classifier`` protocol),
``judge`` the LLM judge and the cascade, ``pairs`` whole-document scoring (``score-pairs``).
"""

from __future__ import annotations

from .judge import JUDGE_PROMPT, LLMJudge, find_quote
from .offline import CheckerClassifier, Classification, Classifier, LazyCandidates, ScoredCandidate
from .pairs import (
    Evidence,
    PairScore,
    SentenceScore,
    WindowConfig,
    claim_units,
    score_pairs,
)

__all__ = [
    "JUDGE_PROMPT", "CheckerClassifier", "Classification", "Classifier", "Evidence", "LLMJudge",
    "LazyCandidates", "PairScore", "ScoredCandidate", "SentenceScore", "WindowConfig", "claim_units",
    "find_quote",
    "score_pairs"
]

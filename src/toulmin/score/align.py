"""Answer-source alignment and seed 004's overall score, offline.

Alignment asks two things: is the answer drawn from the sources (the claim
verdicts' confidence) and does it address the question (relevance). Offline,
relevance is the MiniLM cosine between question and answer, rescaled with
bounds measured on HaluEval (docs/benchmarks.md); without MiniLM it
falls back to the share of the question's content words the answer uses,
the keyword-overlap fallback of seed 004. With no question, alignment is
the grounding alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from ..report import Alignment, ClaimResult, Verdict, Verification
from ..text import content_words

__all__ = ["COS_RANGE", "alignment", "relevance", "verification"]

# Cosine at which relevance is 0 and 1: about the median question-answer
# cosine of mismatched and of matched HaluEval pairs (benchmarks/citations.py).
COS_RANGE = (0.10, 0.35)


# words that ask rather than name what is asked about
_ASKING = frozenset(
    "what when where who whom whose which why how did does do is are was were can could".split()
)


class _Embeds(Protocol):
    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


def relevance(question: str, answer: str, embedder: _Embeds | None) -> tuple[float, str]:
    if embedder is not None:
        q, a = embedder.embed([question, answer])
        cos = float(q @ a)
        lo, hi = COS_RANGE
        return round(min(1.0, max(0.0, (cos - lo) / (hi - lo))), 4), (
            f"MiniLM cosine {cos:.3f} rescaled from [{lo}, {hi}]"
        )
    qw = content_words(question) - _ASKING
    if not qw:
        return 1.0, "keyword overlap (the question has no content words)"
    share = len(qw & content_words(answer)) / len(qw)
    return round(share, 4), "keyword overlap: share of the question's content words in the answer"


def alignment(
    confidence: float | None, question: str | None, answer: str, embedder: _Embeds | None
) -> Alignment:
    rel, method = (None, "no question given: grounding only")
    if question and question.strip():
        rel, method = relevance(question, answer, embedder)
    parts = [x for x in (confidence, rel) if x is not None]
    score = round(sum(parts) / len(parts), 4) if parts else None
    return Alignment(score=score, grounding=confidence, relevance=rel, method=method)


_ISSUES = (
    ("alignment", "Answer may not be well-supported by retrieved sources"),
    ("citation", "Many sources are not cited in the answer"),
    ("facts", "Some claims in the answer could not be verified"),
)
# what a low citation score means depends on the metric it was computed with; the
# coverage wording is seed 004's, which only reads right with more than one source
_CITATION_ISSUES = {
    "precision": "Many citations point to sources that do not back their claim",
    "recall": "Many claims do not cite a source that backs them",
    "f1": "Citations are missing or point to sources that do not back their claim",
}


def _issue(key: str, message: str, metric: str, sources: int) -> str:
    if key != "citation":
        return message
    if metric == "coverage":
        return "The source is not cited in the answer" if sources == 1 else message
    return _CITATION_ISSUES.get(metric, message)


def verification(
    *,
    align: Alignment,
    results: Sequence[ClaimResult],
    faithfulness: float | None,
    coverage: float,
    citation_value: float | None,
    citation_metric: str,
    weights: dict[str, float],
    warn: dict[str, float],
    sources: int = 2,
) -> Verification:
    """``sources``: how many sources the answer was checked against (the citation issue's
    wording depends on it)."""
    values = {"alignment": align.score, "citation": citation_value, "facts": faithfulness}
    total = sum(weights.values())
    overall = None
    if all(values[k] is not None for k in weights if weights[k]):
        overall = round(sum(weights[k] * (values[k] or 0.0) for k in weights) / total, 4)
    issues = [_issue(key, msg, citation_metric, sources)
              for key, msg in _ISSUES if values[key] is not None and values[key] < warn[key]]  # type: ignore[operator]
    verified = sorted({s for r in results if r.verdict == Verdict.SUPPORTED for s in r.supported_by})
    unverified = [
        r.claim for r in results if r.verdict not in (Verdict.SUPPORTED, Verdict.TRIVIAL, Verdict.NOT_CHECKED)
    ]
    return Verification(
        overall_score=overall,
        answer_source_alignment=align.score,
        citation_coverage=coverage,
        fact_verification_score=faithfulness,
        issues=issues,
        verified_sources=verified,
        unverified_claims=unverified,
        weights={k: round(v / total, 4) for k, v in weights.items()},
        citation_metric=citation_metric,
        citation_score=citation_value,
        alignment=align,
    )

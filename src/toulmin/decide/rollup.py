"""The answer-level roll-up: claim verdicts into counts, a confidence and its level."""

from __future__ import annotations

from collections.abc import Sequence

from ..report import UNCHECKABLE, VERDICT_SCORE, ClaimResult, Verdict

__all__ = ["confidence_units", "level", "rollup"]


def level(confidence: float | None) -> str:
    if confidence is None:
        return "n/a"
    if confidence >= 0.9:
        return "High"
    if confidence >= 0.7:
        return "Medium"
    if confidence >= 0.5:
        return "Low"
    return "Very Low"


def confidence_units(results: Sequence[ClaimResult]) -> list[list[float]]:
    """The terms of ``confidence``, in answer order: each checkable claim's score (1 / 0.5
    / 0), the items of one list (one ``item_of``) together in one term, which counts at
    its weakest. The report's text forms write the arithmetic out from these."""
    units: dict[str, list[float]] = {}
    for i, r in enumerate(r for r in results if r.verdict not in UNCHECKABLE):
        key = r.item_of or f"#{i}"  # a claim that is no list's item is its own unit
        units.setdefault(key, []).append(VERDICT_SCORE.get(r.verdict, 0.0))
    return list(units.values())


def rollup(results: Sequence[ClaimResult]) -> dict[str, float | int | None]:
    """Counts and scores of an answer's claim verdicts. The items of one list ("simple,
    easy to use and cheap": the claims sharing an ``item_of``) count once in
    ``confidence``, with their weakest item's score (a list is backed only when each item
    is); the counts, ``faithfulness`` and ``confidence_penalised`` count every claim."""
    checkable = [r for r in results if r.verdict not in UNCHECKABLE]
    n = len(checkable)
    units = [min(u) for u in confidence_units(results)]
    sup = sum(r.verdict == Verdict.SUPPORTED for r in checkable)
    part = sum(r.verdict == Verdict.PARTIALLY_SUPPORTED for r in checkable)
    unsup = n - sup - part
    if n == 0:
        conf = pen = faith = None
    else:
        conf = round(sum(units) / len(units), 4)
        pen = sup / n - 0.1 * unsup + (0.1 if unsup == 0 else 0.0)
        pen = round(min(1.0, max(0.0, pen)), 4)
        faith = round(sup / n, 4)
    return {
        "claims_checked": n,
        "claims_supported": sup,
        "claims_partially_supported": part,
        "claims_unsupported": unsup,
        "claims_contradicted": sum(r.verdict == Verdict.CONTRADICTED for r in checkable),
        "claims_trivial": sum(r.verdict == Verdict.TRIVIAL for r in results),
        "claims_not_checked": sum(r.verdict == Verdict.NOT_CHECKED for r in results),
        "claims_error": sum(r.verdict == Verdict.ERROR for r in results),
        "claims_conflicting": sum(r.conflict for r in checkable),
        "confidence": conf,
        "confidence_penalised": pen,
        "faithfulness": faith,
    }

"""Evaluation metrics: balanced accuracy, 3-way accuracy, calibration error."""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["accuracy", "balanced_accuracy", "best_threshold", "expected_calibration_error"]


def balanced_accuracy(gold: Sequence[bool], pred: Sequence[bool]) -> float:
    """Mean of the recall on positives and the recall on negatives (NaN-free: a
    class absent from ``gold`` is left out; no rows at all raises)."""
    if not gold:
        raise ValueError("balanced accuracy of zero rows")
    pos = [p for g, p in zip(gold, pred) if g]
    neg = [not p for g, p in zip(gold, pred) if not g]
    parts = [sum(x) / len(x) for x in (pos, neg) if x]
    return sum(parts) / len(parts)


def accuracy(gold: Sequence[str], pred: Sequence[str]) -> float:
    if not gold:
        raise ValueError("accuracy of zero rows")
    return sum(g == p for g, p in zip(gold, pred)) / len(gold)


def expected_calibration_error(gold: Sequence[bool], prob: Sequence[float], bins: int = 10) -> float:
    """ECE of P(supported) against the binary label, equal-width bins."""
    if not gold:
        raise ValueError("calibration error of zero rows")
    total = 0.0
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        idx = [i for i, p in enumerate(prob) if (lo <= p < hi) or (b == bins - 1 and p == 1.0)]
        if idx:
            conf = sum(prob[i] for i in idx) / len(idx)
            acc = sum(gold[i] for i in idx) / len(idx)
            total += len(idx) / len(gold) * abs(conf - acc)
    return total


def best_threshold(gold: Sequence[bool], prob: Sequence[float]) -> float:
    """The threshold maximising balanced accuracy (ties: the one nearest 0.5)."""
    cands = sorted({round(p, 4) for p in prob} | {0.5})
    best = (-1.0, math.inf, 0.5)
    for t in cands:
        ba = balanced_accuracy(gold, [p >= t for p in prob])
        key = (ba, -abs(t - 0.5))
        if key > (best[0], -best[1]):
            best = (ba, abs(t - 0.5), t)
    return best[2]

"""Fix the shipped temperature and threshold from development data only.

Temperature: minimises the negative log-likelihood of P(entailment) against
"supported" on the VitaminC dev rows (single-window pairs, so logits map one to
one to labels). The binary probability is the number users read
(``prob_supported``) and the one calibration error is measured on; fitting the
3-way likelihood instead (until 1.0.0) gave a temperature of 1.45-1.7 and twice
the binary calibration error on the same rows.
Threshold: maximises the mean balanced accuracy over the document-level
development slices, scored through the same windowed pipeline users run.
Test slices are never read here.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..checker.base import LABELS, softmax
from ..checker.onnx import OnnxChecker
from ..classify.pairs import WindowConfig
from ..datasets import load_slice
from ..evaluate import evaluate_pairs
from ..metrics import balanced_accuracy

__all__ = ["DEV_SLICES", "fit_temperature", "fit_threshold"]

DEV_SLICES = ("halueval-qa-dev", "halueval-dialogue-dev", "halueval-summarization-dev", "vitaminc-dev")


def fit_temperature(checker: OnnxChecker, limit: int | None = None) -> float:
    pairs = load_slice("vitaminc-dev")[:limit]
    logits = checker.logits([p.claim for p in pairs], [p.doc for p in pairs])
    gold = np.array([p.label == "entailment" for p in pairs])
    col = LABELS.index("entailment")
    best = (np.inf, 1.0)
    for t in np.arange(0.5, 3.01, 0.05):
        p = np.clip(softmax(logits, float(t))[:, col], 1e-12, 1 - 1e-12)
        nll = -np.where(gold, np.log(p), np.log(1 - p)).mean()
        best = min(best, (float(nll), round(float(t), 2)))
    return best[1]


def fit_threshold(checker: OnnxChecker, cfg: WindowConfig = WindowConfig(),
                  limit: int | None = None) -> tuple[float, dict[str, Any]]:
    per: dict[str, tuple[list[bool], list[float]]] = {}
    for name in DEV_SLICES:
        res = evaluate_pairs(checker, load_slice(name)[:limit], cfg)
        per[name] = (res["_gold"], res["_probs"])
    grid = [round(float(x), 2) for x in np.arange(0.05, 0.96, 0.01)]

    def mean_ba(t: float) -> float:
        return float(np.mean([balanced_accuracy(g, [p >= t for p in pr]) for g, pr in per.values()]))

    scores = {t: mean_ba(t) for t in grid}
    best = float(max(grid, key=lambda t: (round(scores[t], 4), -abs(t - 0.5))))
    detail = {name: round(100 * float(balanced_accuracy(g, [p >= best for p in pr])), 2)
              for name, (g, pr) in per.items()}
    return best, {"mean_balanced_accuracy": round(100 * scores[best], 2), "per_slice": detail}

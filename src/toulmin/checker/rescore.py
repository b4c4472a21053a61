"""Every pair scored first by the int8 graph, again exactly where it could matter (issue 56).

``OnnxChecker.draft_predict`` (feed-forward output projections in int8, about 1.4x
faster a pair) is within about 0.01 of the exact probabilities on average, but not
always: alone it changed 1.4-1.6% of the development claims' verdicts. Decide reads a
pair's probabilities only against lines (entailment at the threshold and at the
partial line, contradiction at its line and as the pair's largest class, entailment
ahead of contradiction by the support margin), so a pair whose draft lies at least
``band`` from every line keeps the side of each line the exact score would give it
unless the draft is off by more than ``band``; the others are scored again exactly.
The band is set on development data (docs/benchmarks.md, "Speed"). A pair's result
depends on that pair alone, so reports stay deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["Lines", "RescoringChecker", "near_a_line", "near_the_top"]


@dataclass(frozen=True)
class Lines:
    """The lines decide reads a pair's probabilities against."""

    entailment: tuple[float, ...]
    contradiction: tuple[float, ...]
    margin: float = 0.0  # entailment - contradiction; 0: not read (decide.support_margin unset)


def near_a_line(probs: np.ndarray, lines: Lines, band: float) -> np.ndarray:
    """Which rows of ``probs`` (n x 3, LABELS order) lie within ``band`` of a line:
    those the exact checker scores again."""
    p = np.asarray(probs, dtype=np.float64).reshape(-1, 3)
    e, n, c = p[:, 0], p[:, 1], p[:, 2]
    near = np.zeros(len(p), dtype=bool)
    if any(t < 0.5 for t in lines.contradiction):
        # decide refutes on contradiction at its line and as the pair's largest class; at a
        # line of 0.5 or more the first implies the second
        near |= np.abs(c - np.maximum(e, n)) < band
    for t in lines.entailment:
        near |= np.abs(e - t) < band
    for t in lines.contradiction:
        near |= np.abs(c - t) < band
    if lines.margin > 0:
        near |= np.abs(e - c - lines.margin) < band
    return near


def near_the_top(claims: Sequence[str], probs: np.ndarray, band: float) -> np.ndarray:
    """The pairs of a claim whose entailment is within ``band`` of the best other pair's
    of that claim: decide quotes (and checks) the passage it ranks first, so a near tie
    must be ranked by the exact scores."""
    e = np.asarray(probs, dtype=np.float64).reshape(-1, 3)[:, 0]
    near = np.zeros(len(e), dtype=bool)
    rows: dict[str, list[int]] = {}
    for i, c in enumerate(claims):
        rows.setdefault(c, []).append(i)
    for idx in rows.values():
        if len(idx) < 2:
            continue
        top = sorted(idx, key=lambda i: -e[i])
        first, second = e[top[0]], e[top[1]]
        if first - second < band:
            near[[i for i in idx if first - e[i] < band]] = True
    return near


class RescoringChecker:
    """A checker that scores with ``checker.draft_predict`` and again with
    ``checker.predict`` the pairs ``near_a_line``. Everything else (name, version,
    thresholds) is the wrapped checker's: the report names that checker, and its
    config block holds ``checker.rescore``."""

    def __init__(self, checker: Any, lines: Lines, band: float):
        self.checker, self.lines, self.band = checker, lines, band
        self.name, self.version, self.threshold = checker.name, checker.version, checker.threshold
        self.rescored = 0  # pairs scored again, for benchmarks
        self.drafted = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.checker, name)

    def predict(self, claims: Sequence[str], spans: Sequence[str]) -> np.ndarray:
        out: np.ndarray = self.checker.draft_predict(claims, spans)
        near = near_a_line(out, self.lines, self.band) | near_the_top(claims, out, self.band)
        again = np.flatnonzero(near)
        self.drafted += len(out)
        if len(again):
            self.rescored += len(again)
            out[again] = self.checker.predict([claims[i] for i in again], [spans[i] for i in again])
        return out

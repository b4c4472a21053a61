"""The rescoring rule (checker/rescore.py): which pairs the exact checker scores again."""

from collections.abc import Sequence

import numpy as np
import pytest

from toulmin.checker.rescore import Lines, RescoringChecker, near_a_line

LINES = Lines(entailment=(0.4, 0.25), contradiction=(0.6,))


@pytest.mark.parametrize(("row", "near"), [
    ((0.97, 0.02, 0.01), False),   # far from every line
    ((0.02, 0.03, 0.95), False),
    ((0.45, 0.50, 0.05), True),    # entailment near the threshold
    ((0.20, 0.78, 0.02), True),    # near the partial line
    ((0.05, 0.30, 0.65), True),    # contradiction near its line
    ((0.05, 0.49, 0.46), False),   # contradiction nearly the largest class, far from its line of 0.6
    ((0.05, 0.90, 0.05), False),
])
def test_a_row_near_a_line_is_scored_again(row: tuple[float, float, float], near: bool) -> None:
    assert bool(near_a_line(np.array([row]), LINES, 0.1)[0]) is near


def test_the_largest_class_counts_only_below_a_contradiction_line_of_half() -> None:
    row = np.array([[0.05, 0.49, 0.46]])
    assert not near_a_line(row, LINES, 0.1)[0]
    assert near_a_line(row, Lines((0.4,), (0.45,)), 0.02)[0]  # 0.46 passes 0.45, a hair below neutral
    assert not near_a_line(row, Lines((0.4,), (0.45,)), 0.01)[0]


def test_the_margin_line_counts_only_when_set() -> None:
    row = np.array([[0.72, 0.0, 0.28]])  # entailment ahead of contradiction by 0.44
    assert not near_a_line(row, LINES, 0.1)[0]
    assert near_a_line(row, Lines((0.4,), (0.6,), margin=0.4), 0.1)[0]


class _Fake:
    """draft: a fixed row per claim; exact: the same with entailment + 0.01, counted."""
    name, version, threshold = "fake", "1", 0.4
    support_margin = 0.25

    def __init__(self, rows: dict[str, tuple[float, float, float]]):
        self.rows, self.exact_calls = rows, []

    def draft_predict(self, claims: Sequence[str], spans: Sequence[str]) -> np.ndarray:
        return np.array([self.rows[c] for c in claims], dtype=np.float64)

    def predict(self, claims: Sequence[str], spans: Sequence[str]) -> np.ndarray:
        self.exact_calls.append(list(claims))
        return np.array([self.rows[c] for c in claims], dtype=np.float64) + [0.01, -0.01, 0.0]


def test_only_the_pairs_near_a_line_are_scored_exactly() -> None:
    fake = _Fake({"far": (0.97, 0.02, 0.01), "near": (0.45, 0.5, 0.05), "far2": (0.02, 0.03, 0.95)})
    r = RescoringChecker(fake, LINES, 0.1)
    got = r.predict(["far", "near", "far2"], ["s", "s", "s"])
    assert fake.exact_calls == [["near"]]
    assert got[0].tolist() == [0.97, 0.02, 0.01] and got[1].tolist() == pytest.approx([0.46, 0.49, 0.05])
    assert (r.drafted, r.rescored) == (3, 1)
    assert (r.name, r.version, r.threshold, r.support_margin) == ("fake", "1", 0.4, 0.25)


def test_band_one_is_the_exact_checker_and_band_zero_the_draft() -> None:
    fake = _Fake({"a": (0.97, 0.02, 0.01), "b": (0.45, 0.5, 0.05)})
    assert RescoringChecker(fake, LINES, 1.0).predict(["a", "b"], ["s", "s"])[:, 0].tolist() == \
        pytest.approx([0.98, 0.46])
    fake.exact_calls.clear()
    assert RescoringChecker(fake, LINES, 0.0).predict(["a", "b"], ["s", "s"])[:, 0].tolist() == [0.97, 0.45]
    assert fake.exact_calls == []

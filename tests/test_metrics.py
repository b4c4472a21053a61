import pytest

from toulmin.metrics import accuracy, balanced_accuracy, best_threshold, expected_calibration_error


def test_balanced_accuracy_weights_classes_equally() -> None:
    gold = [True] * 8 + [False] * 2
    pred = [True] * 10
    assert balanced_accuracy(gold, pred) == pytest.approx(0.5)
    assert balanced_accuracy([True, False], [True, False]) == 1.0


def test_zero_rows_raise_instead_of_nan() -> None:
    with pytest.raises(ValueError):
        balanced_accuracy([], [])
    with pytest.raises(ValueError):
        accuracy([], [])


def test_ece_of_perfectly_and_badly_calibrated_scores() -> None:
    gold = [True, False] * 50
    assert expected_calibration_error(gold, [0.5] * 100) == pytest.approx(0.0)
    assert expected_calibration_error([True] * 10, [0.0] * 10) == pytest.approx(1.0)


def test_best_threshold_separates_the_classes() -> None:
    gold = [False, False, True, True]
    t = best_threshold(gold, [0.1, 0.3, 0.7, 0.9])
    assert 0.3 < t <= 0.7

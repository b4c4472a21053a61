"""``verify --fail-under`` and the grounded line of the text report (issue 31)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from toulmin.cli.render import _grounded
from toulmin.cli.verify_cmd import _check_fail_under, _gate_failure
from toulmin.errors import InputError
from toulmin.report import Report

from .test_verify_cli import files, run  # noqa: F401  (files is a fixture)


@pytest.mark.parametrize("bar", [math.nan, -1.0, 2.0, math.inf, 1.0001])
def test_a_bar_outside_0_to_1_is_refused(bar: float) -> None:
    with pytest.raises(InputError) as e:
        _check_fail_under(bar)
    assert e.value.code == "E_BAD_OPTION" and "between 0 and 1" in e.value.message


@pytest.mark.parametrize("bar", [None, 0.0, 0.7, 1.0])
def test_a_bar_in_range_is_taken(bar: float | None) -> None:
    _check_fail_under(bar)


def test_the_gate_says_which_part_failed() -> None:
    assert _gate_failure(0.8, 0, 0.7) is None
    assert _gate_failure(0.6, 0, 0.7) == "confidence 0.6 < 0.7"
    assert _gate_failure(0.9, 2, 0.7) == "2 claims contradicted"
    assert _gate_failure(0.5, 1, 0.7) == "confidence 0.5 < 0.7 and 1 claim contradicted"
    nothing = _gate_failure(None, 0, 0.0)
    assert nothing is not None and nothing.startswith("nothing could be checked")


def _report(confidence: float | None, contradicted: int, grounded: bool, error: int = 0) -> Report:
    return Report.model_construct(confidence=confidence, claims_contradicted=contradicted, claims_error=error,
                                  is_grounded=grounded, grounded_threshold=0.7)


def test_the_grounded_line_states_the_rule_and_what_failed() -> None:
    rule = "grounded needs confidence >= 0.7 and no claim contradicted or in error"
    assert _grounded(_report(1.0, 0, True)) == f"Grounded: yes ({rule}: confidence 1.00, none contradicted)"
    assert _grounded(_report(None, 0, True)) == (
        f"Grounded: yes ({rule}: no checkable claim, so nothing ungrounded, none contradicted)")
    assert _grounded(_report(0.5, 0, False)) == f"Grounded: no ({rule}; confidence 0.50 is below 0.7)"
    assert _grounded(_report(0.9, 1, False)) == f"Grounded: no ({rule}; 1 claim is contradicted)"
    assert _grounded(_report(0.3, 2, False)) == (
        f"Grounded: no ({rule}; confidence 0.30 is below 0.7 and 2 claims are contradicted)")
    assert _grounded(_report(0.9, 0, False, error=1)) == f"Grounded: no ({rule}; 1 claim could not be judged)"


@pytest.mark.slow
def test_the_cli_refuses_a_bad_bar_and_fails_an_answer_with_nothing_to_check(files: Path) -> None:  # noqa: F811
    base = ["verify", "--sources-dir", str(files / "sources")]
    for bar in ("nan", "-1", "2"):
        r = run(*base, "--answer", str(files / "answer.txt"), "--fail-under", bar)
        assert r.returncode == 2 and "error[E_BAD_OPTION]" in r.stderr and "between 0 and 1" in r.stderr
    (files / "thanks.txt").write_text("Thanks for asking! Hope this helps.\n")
    r = run(*base, "--answer", str(files / "thanks.txt"), "--fail-under", "0.9")
    assert r.returncode == 1 and "verification failed: nothing could be checked" in r.stderr
    assert "no checkable claim" in r.stdout
    assert run(*base, "--answer", str(files / "thanks.txt")).returncode == 0  # no gate, no failure

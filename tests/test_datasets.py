"""The fixed slices: same rows on every machine, never overlapping training."""

import pytest

from tests.conftest import needs_data
from toulmin.datasets import SLICES, load_slice
from toulmin.errors import InputError

pytestmark = needs_data


def test_halueval_test_dev_train_are_disjoint_and_sized() -> None:
    test = load_slice("halueval-dialogue-test")
    dev = load_slice("halueval-dialogue-dev")
    train = load_slice("halueval-dialogue-train")
    assert len(test) == 2000 and len(dev) == 600
    ids = [{p.id.rsplit("-", 1)[0] for p in s} for s in (test, dev, train)]
    assert not (ids[0] & ids[1]) and not (ids[0] & ids[2]) and not (ids[1] & ids[2])
    assert sum(p.supported for p in test) == 1000


def test_vitaminc_twins_never_straddle_slices() -> None:
    test_cases = {p.id.rsplit("_", 1)[0] for p in load_slice("vitaminc-test")}
    train_cases = {p.id.rsplit("_", 1)[0] for p in load_slice("vitaminc-train")}
    assert not (test_cases & train_cases)
    assert 2000 <= len(load_slice("vitaminc-test")) < 2010


def test_slices_are_stable() -> None:
    a = [p.id for p in load_slice("halueval-qa-test")[:6]]
    assert a == [p.id for p in load_slice("halueval-qa-test")[:6]]
    wice = load_slice("wice-dev")
    assert len(wice) == 349 and sum(p.supported for p in wice) == 115


def test_unknown_slice_lists_the_valid_names() -> None:
    with pytest.raises(InputError) as e:
        load_slice("nope")
    assert "wice-dev" in (e.value.fix or "") and set(SLICES) >= {"wice-dev", "vitaminc-test"}

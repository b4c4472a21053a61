"""The data recipes: built from training parts only, never from a held-out slice."""

import pytest

from tests.conftest import DATA
from toulmin.datasets import SLICES, load_slice
from toulmin.training.recipe import RECIPES

GENERATED = {"synthetic-edits", "sentence-level-summaries"}


@pytest.mark.parametrize("name", sorted(RECIPES))
def test_recipe_never_reads_a_held_out_slice(name: str) -> None:
    parts = set(RECIPES[name]) - GENERATED
    assert not parts & set(SLICES)
    assert all(p.endswith("-train") or p == "fever" or p.startswith("factcg-") for p in parts)


@pytest.mark.skipif(not DATA.is_dir(), reason="public data ../shared/data not present")
@pytest.mark.parametrize("name", sorted(RECIPES))
def test_recipe_asks_for_no_more_than_a_part_holds(name: str) -> None:
    for part, n in RECIPES[name].items():
        if part not in GENERATED:
            assert n <= len(load_slice(part)), part

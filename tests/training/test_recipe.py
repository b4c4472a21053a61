"""The data recipes: built from training parts only, never from a held-out slice."""

from pathlib import Path

import pytest

from tests.conftest import needs_data
from toulmin.datasets import SLICES, load_slice
from toulmin.training.recipe import MADE_HERE as GENERATED
from toulmin.training.recipe import RECIPES, long_window_negative


@pytest.mark.parametrize("name", sorted(RECIPES))
def test_recipe_never_reads_a_held_out_slice(name: str) -> None:
    parts = set(RECIPES[name]) - GENERATED
    assert not parts & set(SLICES)
    assert all(p.endswith("-train") or p == "fever" or p.startswith("factcg-") for p in parts)


@needs_data
@pytest.mark.parametrize("name", sorted(RECIPES))
def test_recipe_asks_for_no_more_than_a_part_holds(name: str) -> None:
    for part, n in RECIPES[name].items():
        if part not in GENERATED:
            assert n <= len(load_slice(part)), part


def test_model_card_lists_every_training_stage(tmp_path: Path) -> None:
    import json

    from toulmin.training.package import training_stage, write_model_card

    summary = {"config": {"seed": 13, "lr": 6e-5, "batch_size": 16, "max_length": 256, "epochs": 1.0,
                          "warmup_frac": 0.06}, "steps": 10, "pairs_seen": 160, "minutes": 1.04}
    first = training_stage(summary, recipe="recipe", pairs={"fever": 160}, sha="ab",
                           command="toulmin train --data recipe")
    second = training_stage(summary, recipe="recipe-v2", pairs={"vitaminc_real": 160}, sha="cd",
                            command="toulmin train --data recipe-v2 --init-from runs/v1/best",
                            init_from="toulmin-checker-minilm-l6 1.1.0 (ef)")
    meta = {"name": "toulmin-checker-minilm-l6", "version": "9.9.9", "quantization": "fp32",
            "max_length": 256, "temperature": 1.0, "threshold": 0.5, "dev_slices": ["vitaminc-dev"],
            "dev": {"per_slice": {"vitaminc-dev": 70.0}}, "stages": [first, second]}
    (tmp_path / "checker.json").write_text(json.dumps(meta))
    card = write_model_card(tmp_path).read_text()
    assert "## Training (2 stages" in card and "2 minutes in all" in card
    assert "### Stage 2: `recipe-v2`, from the weights of toulmin-checker-minilm-l6 1.1.0 (ef)" in card
    assert "| vitaminc_real | 160 |" in card and "- minutes: 1.0" in card
    rebuild = card.split("## Rebuild", 1)[1]
    assert rebuild.index("--data recipe\n") < rebuild.index("--data recipe-v2 --init-from")
    assert "--continued-from PREVIOUS_CHECKER" in rebuild


def test_a_long_window_negative_is_on_topic_without_the_sentences_that_back_the_claim() -> None:
    claim = "The bridge over the Tyne was opened in 1928 by King George."
    backing = "The bridge over the Tyne was opened by King George in 1928."
    filler = [f"Traffic on the bridge grew in year {k}, and the council counted the cars." for k in range(30)]
    window = long_window_negative(" ".join([*filler[:15], backing, *filler[15:]]), claim)
    assert window is not None and "King George" not in window and "bridge" in window
    # a document that says it more often than one window holds leaves the claim covered
    again = [f"In {1928} King George opened the bridge over the Tyne, story {k} says." for k in range(20)]
    assert long_window_negative(" ".join([*again, *filler]), claim) is None
    assert long_window_negative(backing, claim) is None  # too short to leave a window

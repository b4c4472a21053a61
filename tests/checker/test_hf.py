"""A Hugging Face checker loaded from a tiny model built and saved in the test."""

from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="needs the hf extra (torch)")
transformers = pytest.importorskip("transformers", reason="needs the hf extra (transformers)")

from tests.conftest import build_tiny_bert  # noqa: E402
from toulmin.checker import load_checker  # noqa: E402
from toulmin.checker.hf import HFChecker, guess_label_map  # noqa: E402
from toulmin.errors import ConfigError, ModelError  # noqa: E402


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_bert(tmp_path_factory.mktemp("tiny-nli"))


def _reference(path: Path, premises: list[str], claims: list[str]) -> np.ndarray:
    tok = transformers.AutoTokenizer.from_pretrained(path)
    model = transformers.AutoModelForSequenceClassification.from_pretrained(path).eval()
    with torch.inference_mode():
        enc = tok(premises, claims, padding=True, return_tensors="pt")
        return torch.softmax(model(**enc).logits, -1).numpy()


def test_loads_a_local_model_and_maps_its_labels(tiny_model: Path, no_network: None) -> None:
    checker = load_checker("hf", str(tiny_model))
    claims, spans = ["the cat sat", "the sky is red"], ["the cat sat on the mat", "the sky is blue"]
    got = checker.predict(claims, spans)
    ref = _reference(tiny_model, spans, claims)
    # toulmin's columns are (entailment, neutral, contradiction); the model's are reversed.
    np.testing.assert_allclose(got, ref[:, [2, 1, 0]], atol=1e-5)
    np.testing.assert_allclose(got.sum(1), 1.0, atol=1e-5)


def test_explicit_label_map_and_claim_first_order(tiny_model: Path) -> None:
    lm = {"entailment": "NEUTRAL", "contradiction": "CONTRADICTION"}
    checker = HFChecker(str(tiny_model), label_map=lm, premise_first=False)
    got = checker.predict(["the cat"], ["the dog"])
    ref = _reference(tiny_model, ["the cat"], ["the dog"])
    assert got[0, 0] == pytest.approx(ref[0, 1], abs=1e-5)
    # ENTAILMENT is unmapped: its mass is counted as neutral.
    assert got[0, 1] == pytest.approx(ref[0, 2], abs=1e-5)


def test_a_model_that_says_claim_first_is_read_claim_first(tiny_model: Path, tmp_path: Path) -> None:
    model = transformers.AutoModelForSequenceClassification.from_pretrained(tiny_model)
    model.config.pair_order = "claim_first"  # what toulmin train saves with its runs
    model.save_pretrained(tmp_path / "run")
    transformers.AutoTokenizer.from_pretrained(tiny_model).save_pretrained(tmp_path / "run")
    # (the tiny model's two orders differ by less than a tolerance could tell, so the order
    # itself is asserted; test_explicit_label_map_and_claim_first_order covers how it is used)
    assert HFChecker(str(tmp_path / "run")).premise_first is False
    assert HFChecker(str(tmp_path / "run"), premise_first=True).premise_first is True  # explicit wins
    assert HFChecker(str(tiny_model)).premise_first is True  # hub NLI models: premise first


def test_bad_label_maps_are_config_errors(tiny_model: Path) -> None:
    with pytest.raises(ConfigError, match="has no label"):
        HFChecker(str(tiny_model), label_map={"entailment": "YES"})
    with pytest.raises(ConfigError, match="unknown toulmin labels"):
        HFChecker(str(tiny_model), label_map={"supported": "ENTAILMENT"})
    with pytest.raises(ConfigError):
        guess_label_map({0: "LABEL_0", 1: "LABEL_1"})


def test_missing_model_is_a_model_error(tmp_path: Path, no_network: None) -> None:
    # a path that is not there says so (it read "Repo id must be in the form ...")
    with pytest.raises(ModelError) as e:
        HFChecker(str(tmp_path / "nowhere"))
    assert e.value.code == "E_MODEL_MISSING"
    assert f"no model folder at {tmp_path / 'nowhere'}" in e.value.message
    # a hub name that cannot be fetched here is a load error, naming the model
    with pytest.raises(ModelError) as e:
        HFChecker("someone/no-such-model")
    assert e.value.code == "E_MODEL_LOAD" and "someone/no-such-model" in e.value.message

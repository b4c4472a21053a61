"""The feed-forward outputs in int8 (checker/int8ffn.py) on the shipped default: close to
the exact graph, deterministic, and refused where the graph or parameters do not fit."""

import numpy as np
import onnx
import pytest

from toulmin.checker.int8ffn import PARAMS_FILE, ffn_out_matmuls, int8_ffn
from toulmin.checker.onnx import OnnxChecker, shipped_model_dir
from toulmin.errors import ModelError

CLAIMS = ["The council approved the budget on Tuesday.", "Spending rises by nine percent.",
          "The water system is new.", "Property taxes stay flat for a second year.",
          "Liquid damage is covered by the warranty.", "Revenue fell 12% in 2023."]
SPANS = ["The council approved the new budget on Tuesday after a long debate about road repairs. "
         "Officials said the plan would raise spending by four percent while keeping property "
         "taxes flat for a second year."] * 4 + [
    "The warranty covers defects for two years. Damage caused by liquids is not covered.",
    "Revenue reached $4.1 billion in 2023, up 12% from 2022."]


def _params() -> dict[str, np.ndarray]:
    with np.load(shipped_model_dir() / PARAMS_FILE) as p:
        return {k: p[k] for k in p.files}


def test_the_default_ships_its_parameters_and_the_fast_checker_none() -> None:
    assert OnnxChecker().int8_ffn and OnnxChecker().meta["int8_ffn"]["file"] == PARAMS_FILE
    fast = OnnxChecker("fast")
    assert not fast.int8_ffn
    with pytest.raises(ModelError, match="ffn_int8.npz"):
        fast.draft_logits(CLAIMS[:1], SPANS[:1])


def test_every_projection_runs_in_int8_and_the_probabilities_stay_close() -> None:
    model = onnx.load(str(shipped_model_dir() / "model.onnx"))
    out = int8_ffn(model, _params())
    assert len(ffn_out_matmuls(model.graph)) == 6
    # left in fp32: only the two outlier channels' product of each layer
    assert all(n.name.endswith("_int8_outliers") for n in ffn_out_matmuls(out.graph))
    assert sum(n.op_type == "DynamicQuantizeMatMul" and n.name.endswith("_int8") for n in out.graph.node) == 6
    assert len(ffn_out_matmuls(model.graph)) == 6  # the input is left as it was
    checker = OnnxChecker()
    exact, draft = checker.predict(CLAIMS, SPANS), checker.draft_predict(CLAIMS, SPANS)
    assert np.abs(exact - draft).max() < 0.1
    assert not np.array_equal(exact, draft)  # a different graph, not the exact one under another name
    assert (exact.argmax(1) == draft.argmax(1)).all()


def test_the_pass_is_deterministic() -> None:
    model = onnx.load(str(shipped_model_dir() / "model.onnx"))
    params = _params()
    assert int8_ffn(model, params).SerializeToString() == int8_ffn(model, params).SerializeToString()


def test_parameters_for_another_graph_are_refused() -> None:
    model = onnx.load(str(shipped_model_dir() / "model.onnx"))
    params = _params()
    with pytest.raises(ValueError, match="6 feed-forward output projections, the parameters 4"):
        int8_ffn(model, {"scale": params["scale"][:4], "outliers": params["outliers"][:4]})
    with pytest.raises(ValueError, match="against 1000 scales"):
        int8_ffn(model, {"scale": params["scale"][:, :1000], "outliers": params["outliers"]})

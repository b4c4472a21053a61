"""The load-time attention-mask pass: exact on the shipped checkers, and a
no-op on graphs where the mask does more than mask attention scores."""

import numpy as np
import onnx
import onnxruntime as ort
import pytest
from onnx import TensorProto, helper, numpy_helper

from toulmin.checker.graph import drop_attention_mask
from toulmin.checker.onnx import BUNDLED, OnnxChecker

CLAIMS = ["The council approved the budget on Tuesday.", "Spending rises by nine percent.",
          "The water system is new.", "Property taxes stay flat for a second year."]
SPANS = ["The council approved the new budget on Tuesday after a long debate about road repairs. "
         "Officials said the plan would raise spending by four percent while keeping property "
         "taxes flat for a second year."] * 4


@pytest.mark.parametrize("name", list(BUNDLED))
def test_the_shipped_checkers_carry_no_mask_path(name: str) -> None:
    checker = OnnxChecker(name)
    assert "attention_mask" not in checker._inputs and not checker.mask_dropped  # stripped at export
    assert checker.meta["graph"].startswith("attention-mask path removed")
    probs = checker.predict(CLAIMS, SPANS)
    assert probs.shape == (4, 3) and np.isfinite(probs).all()
    assert probs[0].argmax() == 0  # the first claim is stated by the span


def _tiny(mask_pools: bool) -> onnx.ModelProto:
    """input_ids -> embedding -> self-attention scores + additive mask -> softmax
    -> mixed values -> sum over tokens (or mask-weighted sum when ``mask_pools``)."""
    rng = np.random.default_rng(0)
    emb = numpy_helper.from_array(rng.normal(size=(20, 4)).astype(np.float32), "emb")
    consts = [emb, numpy_helper.from_array(np.array(1.0, np.float32), "one"),
              numpy_helper.from_array(np.array(-1e4, np.float32), "neg"),
              numpy_helper.from_array(np.array([1], np.int64), "ax1")]
    nodes = [
        helper.make_node("Gather", ["emb", "input_ids"], ["x"]),
        helper.make_node("Transpose", ["x"], ["xt"], perm=[0, 2, 1]),
        helper.make_node("MatMul", ["x", "xt"], ["scores"]),
        helper.make_node("Cast", ["attention_mask"], ["m"], to=TensorProto.FLOAT),
        helper.make_node("Sub", ["one", "m"], ["inv"]),
        helper.make_node("Mul", ["inv", "neg"], ["add_mask"]),
        helper.make_node("Unsqueeze", ["add_mask", "ax1"], ["add_mask3"]),
        helper.make_node("Add", ["scores", "add_mask3"], ["masked"]),
        helper.make_node("Softmax", ["masked"], ["p"], axis=-1),
        helper.make_node("MatMul", ["p", "x"], ["h"]),
    ]
    if mask_pools:
        nodes += [helper.make_node("Unsqueeze", ["m", "ax1"], ["m3"]),
                  helper.make_node("Transpose", ["m3"], ["mt"], perm=[0, 2, 1]),
                  helper.make_node("Mul", ["h", "mt"], ["hm"]),
                  helper.make_node("ReduceSum", ["hm", "ax1"], ["out"], keepdims=0)]
    else:
        nodes.append(helper.make_node("ReduceSum", ["h", "ax1"], ["out"], keepdims=0))
    graph = helper.make_graph(
        nodes, "tiny",
        [helper.make_tensor_value_info("input_ids", TensorProto.INT64, [1, "t"]),
         helper.make_tensor_value_info("attention_mask", TensorProto.INT64, [1, "t"])],
        [helper.make_tensor_value_info("out", TensorProto.FLOAT, [1, 4])], initializer=consts)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


def _run(model: onnx.ModelProto, ids: np.ndarray) -> np.ndarray:
    sess = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    feed = {"input_ids": ids, "attention_mask": np.ones_like(ids)}
    out: np.ndarray = sess.run(None, {i.name: feed[i.name] for i in sess.get_inputs()})[0]
    return out


def test_a_mask_used_only_on_the_scores_is_removed_exactly() -> None:
    ids = np.array([[3, 7, 1, 19, 4]], dtype=np.int64)
    model = _tiny(mask_pools=False)
    before = _run(model, ids)
    assert drop_attention_mask(model)
    assert [i.name for i in model.graph.input] == ["input_ids"]
    assert {n.op_type for n in model.graph.node}.isdisjoint({"Cast", "Sub", "Add"})
    onnx.checker.check_model(model)
    assert np.array_equal(before, _run(model, ids))


def test_a_mask_that_also_weights_the_pooling_stays() -> None:
    model = _tiny(mask_pools=True)
    before = model.SerializeToString()
    assert not drop_attention_mask(model)
    assert model.SerializeToString() == before  # untouched, not half-edited


def test_a_graph_without_a_mask_input_is_left_alone() -> None:
    model = _tiny(mask_pools=False)
    assert drop_attention_mask(model)
    again = model.SerializeToString()
    assert not drop_attention_mask(model) and model.SerializeToString() == again

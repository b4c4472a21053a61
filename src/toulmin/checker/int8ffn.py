"""Load-time pass: a checker's feed-forward output projections in int8 (issue 56).

The shipped default keeps each layer's feed-forward output projection (1536 -> 384)
in fp32: quantising it as it is moved VitaminC accuracy (docs/experiments.md). On one
core that fp32 product is 6 of the 15 ms a 220-token pair takes, while the int8
products beside it run about 3x faster a multiply. This pass writes a copy of the
graph whose projections run in int8, with what keeps them close to fp32:

- the input channels are scaled SmoothQuant-style (``scale``: activation range moved
  into the weights; GELU is not linear, so the division stays as a Mul);
- the few channels whose activations dwarf the rest (``outliers``) are left out of
  the int8 product and added back in fp32 (a [tokens x k] product), so the
  activations' one int8 scale per pair is set by the ordinary channels;
- weights int8 per output column.

The per-layer ``scale`` and ``outliers`` come with the model (``PARAMS_FILE``,
written by ``toulmin.training.smooth.ffn_int8_params`` from training pairs); the
weights are quantised here, deterministically, so the pass adds no second model file.
The copy's probabilities differ from the exact graph's by about 0.01 on average,
which moves some verdicts: verify uses it through ``checker.rescore``, which scores
again exactly every pair near a line decide reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

__all__ = ["PARAMS_FILE", "ffn_out_matmuls", "int8_ffn"]

PARAMS_FILE = "ffn_int8.npz"
_MS = "com.microsoft"


def ffn_out_matmuls(graph: Any) -> list[Any]:
    """The feed-forward output projections of a BERT-style export, in graph order."""
    return [n for n in graph.node
            if n.op_type == "MatMul" and "/output/dense/" in n.name and "/attention/" not in n.name]


def int8_ffn(model: Any, params: Mapping[str, np.ndarray]) -> Any:
    """A copy of ``model`` (an ``onnx.ModelProto`` whose feed-forward output projections
    are fp32 MatMuls with initializer weights) with those projections in int8.

    ``params``: ``scale`` (layers x input channels, the smoothing factors) and
    ``outliers`` (layers x k channel indices, k may be 0). Raises ValueError when the
    graph does not have that shape."""
    import onnx
    from onnx import helper, numpy_helper

    out = onnx.ModelProto()
    out.CopyFrom(model)
    graph = out.graph
    targets = ffn_out_matmuls(graph)
    scales = np.asarray(params["scale"], dtype=np.float32)
    outliers = np.asarray(params["outliers"], dtype=np.int64).reshape(len(scales), -1)
    if not targets or len(targets) != len(scales):
        raise ValueError(f"the graph has {len(targets)} feed-forward output projections, "
                         f"the parameters {len(scales)}")
    inits = {i.name: i for i in graph.initializer}
    new: dict[str, list[Any]] = {}
    added: list[Any] = []
    for node, s, idx in zip(targets, scales, outliers):
        if node.input[1] not in inits:
            raise ValueError(f"{node.name}: its weight is not an initializer")
        w = numpy_helper.to_array(inits[node.input[1]]).astype(np.float32)
        if w.ndim != 2 or w.shape[0] != len(s):
            raise ValueError(f"{node.name}: weight {w.shape} against {len(s)} scales")
        idx = np.sort(idx)
        inv = (1.0 / s).astype(np.float32)
        inv[idx] = 0.0  # the outlier channels reach the product through the fp32 path only
        ws = w * s[:, None]
        ws[idx] = 0.0
        col = np.abs(ws).max(axis=0) / 127.0
        col = np.where(col > 0, col, 1.0).astype(np.float32)
        wq = np.clip(np.round(ws / col), -127, 127).astype(np.int8)
        b = node.name
        added += [numpy_helper.from_array(inv, f"{b}_int8_inv"), numpy_helper.from_array(wq, f"{b}_int8_w"),
                  numpy_helper.from_array(col, f"{b}_int8_scale")]
        act = node.input[0]
        nodes = [helper.make_node("Mul", [act, f"{b}_int8_inv"], [f"{b}_int8_a"], name=f"{b}_int8_smooth")]
        q_out = f"{b}_int8_y" if len(idx) else node.output[0]
        nodes.append(helper.make_node("DynamicQuantizeMatMul", [f"{b}_int8_a", f"{b}_int8_w", f"{b}_int8_scale",
                                                                "", ""],
                                      [q_out], name=f"{b}_int8", domain=_MS))
        if len(idx):
            # each outlier channel is a contiguous slice of the last axis (a Gather over it
            # cost more than the int8 product saved)
            added.append(numpy_helper.from_array(np.array([-1], np.int64), f"{b}_int8_axis"))
            parts = []
            for c in idx:
                lo, hi = f"{b}_int8_lo{c}", f"{b}_int8_hi{c}"
                added += [numpy_helper.from_array(np.array([c], np.int64), lo),
                          numpy_helper.from_array(np.array([c + 1], np.int64), hi)]
                nodes.append(helper.make_node("Slice", [act, lo, hi, f"{b}_int8_axis"], [f"{b}_int8_c{c}"],
                                              name=f"{b}_int8_slice{c}"))
                parts.append(f"{b}_int8_c{c}")
            cat = parts[0]
            if len(parts) > 1:
                cat = f"{b}_int8_cat"
                nodes.append(helper.make_node("Concat", parts, [cat], axis=-1, name=f"{b}_int8_concat"))
            added.append(numpy_helper.from_array(w[idx], f"{b}_int8_w_out"))
            nodes += [helper.make_node("MatMul", [cat, f"{b}_int8_w_out"], [f"{b}_int8_y_out"],
                                       name=f"{b}_int8_outliers"),
                      helper.make_node("Add", [f"{b}_int8_y", f"{b}_int8_y_out"], list(node.output),
                                       name=f"{b}_int8_add")]
        new[node.name] = nodes
    order = [m for n in graph.node for m in new.get(n.name, [n])]
    del graph.node[:]
    graph.node.extend(order)
    graph.initializer.extend(added)
    used = {i for n in graph.node for i in n.input}
    keep = [i for i in graph.initializer if i.name in used]
    del graph.initializer[:]
    graph.initializer.extend(keep)
    if not any(o.domain == _MS for o in out.opset_import):
        out.opset_import.append(helper.make_opsetid(_MS, 1))
    return out

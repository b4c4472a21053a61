"""SmoothQuant-style scaling so the feed-forward output projections can run in int8.

The input of each layer's feed-forward output projection (after GELU) has a few
channels with outliers far above the rest; dynamic int8 scales activations per
tensor, so those outliers cost the other channels their resolution (on
development data, quantising these layers as they are lost 1.3 points of
VitaminC 3-way accuracy). Dividing channel j of the activation by s_j and
multiplying row j of the weight by s_j leaves the product unchanged in exact
arithmetic and moves the range from activations into weights, which int8
handles better (Xiao et al., 2023, SmoothQuant). GELU is not linear, so the
division stays in the graph as one element-wise Mul per layer.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["SMOOTH_ALPHA", "calibration_pairs", "ffn_out_matmuls", "smooth_ffn_out"]

# Share of the range moved into the weights; 0.85 kept the int8 logits closest to
# fp32 among 0.5 / 0.75 / 0.85 / 1.0 on 300 VitaminC dev pairs (docs/experiments.md).
SMOOTH_ALPHA = 0.85


def ffn_out_matmuls(graph: Any) -> list[Any]:
    """The feed-forward output projections of a BERT-style export, in graph order."""
    return [n for n in graph.node
            if n.op_type == "MatMul" and "/output/dense/" in n.name and "/attention/" not in n.name]


def calibration_pairs(n: int = 192) -> list[tuple[str, str]]:
    """(claim, doc) pairs from training slices only, so no development or test row
    decides the scales. Deterministic: the first rows of each slice."""
    from ..datasets import load_slice
    from .chunks import select_chunk

    out: list[tuple[str, str]] = []
    names = ["vitaminc-train", "halueval-dialogue-train", "halueval-summarization-train",
             "halueval-qa-train"]
    for name in names:
        for p in load_slice(name)[: n // len(names)]:
            out.append((p.claim, select_chunk(p.doc, p.claim)))
    return out


def _activation_max(model: Any, acts: list[str], tokenizer_json: Path,
                    pairs: Sequence[tuple[str, str]], max_length: int) -> dict[str, np.ndarray]:
    import onnx
    import onnxruntime as ort
    from tokenizers import Tokenizer

    probe = onnx.ModelProto()
    probe.CopyFrom(model)
    for a in acts:
        probe.graph.output.append(onnx.helper.make_tensor_value_info(a, onnx.TensorProto.FLOAT, None))
    so = ort.SessionOptions()
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
    sess = ort.InferenceSession(probe.SerializeToString(), so, providers=["CPUExecutionProvider"])
    names = [o.name for o in sess.get_outputs()]
    inputs = {i.name for i in sess.get_inputs()}
    tok = Tokenizer.from_file(str(tokenizer_json))
    tok.enable_truncation(max_length, strategy="longest_first")
    amax: dict[str, np.ndarray] = {}
    for claim, doc in pairs:
        enc = tok.encode(claim, doc)
        feed = {"input_ids": np.array([enc.ids], dtype=np.int64),
                "attention_mask": np.array([enc.attention_mask], dtype=np.int64),
                "token_type_ids": np.array([enc.type_ids], dtype=np.int64)}
        res = dict(zip(names, sess.run(None, {k: v for k, v in feed.items() if k in inputs})))
        for a in acts:
            m = np.abs(res[a]).reshape(-1, res[a].shape[-1]).max(axis=0)
            amax[a] = np.maximum(amax[a], m) if a in amax else m
    return amax


def smooth_ffn_out(fp32: Path, out: Path, tokenizer_json: Path,
                   pairs: Sequence[tuple[str, str]], *, alpha: float = 0.5,
                   max_length: int = 256) -> Path:
    """Write a copy of ``fp32`` whose feed-forward output projections are smoothed.

    Still fp32 and equal to the input up to rounding; quantise it afterwards.
    """
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(fp32))
    graph = model.graph
    inits = {i.name: i for i in graph.initializer}
    targets = ffn_out_matmuls(graph)
    if not targets:
        raise ValueError(f"{fp32}: no feed-forward output MatMul found to smooth")
    acts = [n.input[0] for n in targets]
    amax = _activation_max(model, acts, tokenizer_json, pairs, max_length)
    muls = {}
    for node, act in zip(targets, acts):
        w_init = inits.get(node.input[1])
        if w_init is None:
            raise ValueError(f"{fp32}: weight of {node.name} is not an initializer")
        w = numpy_helper.to_array(w_init)
        wmax = np.abs(w).max(axis=1)
        s = np.power(np.maximum(amax[act], 1e-5), alpha) / np.power(np.maximum(wmax, 1e-5), 1 - alpha)
        s = np.clip(s, 1e-3, 1e3).astype(np.float32)
        w_name = f"{node.name}_smoothed_weight"
        graph.initializer.append(numpy_helper.from_array((w * s[:, None]).astype(np.float32), w_name))
        inv_name = f"{node.name}_smooth_inv_scale"
        graph.initializer.append(numpy_helper.from_array((1.0 / s).astype(np.float32), inv_name))
        smoothed = f"{act}_smoothed_for_{node.name}"
        muls[node.name] = onnx.helper.make_node("Mul", [act, inv_name], [smoothed],
                                                name=f"{node.name}_smooth")
        node.input[0] = smoothed
        node.input[1] = w_name
    ordered = []
    for node in graph.node:
        if node.name in muls:
            ordered.append(muls[node.name])
        ordered.append(node)
    del graph.node[:]
    graph.node.extend(ordered)
    used = {i for n in graph.node for i in n.input}
    keep = [i for i in graph.initializer if i.name in used]
    del graph.initializer[:]
    graph.initializer.extend(keep)
    onnx.checker.check_model(model)
    onnx.save(model, str(out))
    return out

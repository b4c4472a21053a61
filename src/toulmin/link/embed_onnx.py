"""The MiniLM encoder layers as an in-memory onnxruntime graph.

Built at load time from the same NumPy weights the NumPy encoder uses (no
file is written, nothing is downloaded); onnxruntime runs the matrix products
and attention faster than NumPy on small CPUs. Embedding lookup and pooling
stay in NumPy.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._parallel import cpu_session

__all__ = ["OnnxEncoder"]


class OnnxEncoder:
    """``int8``: linear layers as onnxruntime's DynamicQuantizeMatMul on int8
    weights (symmetric, per output column). Activation scales are taken per
    run, so a text's vector depends only on that text when texts run one by one.
    ``threads``: onnxruntime intra-op threads for one run (the embedder runs
    texts one per run and spreads the runs over the cores itself). A run is one
    unpadded text, so there is no attention mask: every token attends to every other."""

    def __init__(self, w: dict[str, np.ndarray], layers: int, hidden: int, heads: int, *,
                 int8: bool = False, threads: int = 1):
        import onnx
        from onnx import TensorProto, helper, numpy_helper

        inits: list[Any] = []
        nodes: list[Any] = []

        def const(name: str, value: np.ndarray) -> str:
            inits.append(numpy_helper.from_array(value, name))
            return name

        def node(op: str, ins: list[str], out: str, **attrs: Any) -> str:
            nodes.append(helper.make_node(op, ins, [out], **attrs))
            return out

        d = hidden // heads
        split_shape = const("split_shape", np.array([0, 0, heads, d], dtype=np.int64))
        merge_shape = const("merge_shape", np.array([0, 0, hidden], dtype=np.int64))
        scale = const("scale", np.array(1.0 / np.sqrt(d), dtype=np.float32))
        half = const("half", np.array(0.5, dtype=np.float32))
        one = const("one", np.array(1.0, dtype=np.float32))
        inv_sqrt2 = const("inv_sqrt2", np.array(1.0 / np.sqrt(2.0), dtype=np.float32))
        x = "x"
        for i in range(layers):
            p = f"encoder.layer.{i}."
            n = f"l{i}_"

            def lin(src: str, name: str, tag: str, p: str = p, n: str = n) -> str:
                weight, bias = w[p + name + ".weight"], w[p + name + ".bias"]
                if int8:
                    scale = np.maximum(np.abs(weight).max(0), 1e-12).astype(np.float32) / 127.0
                    q = np.clip(np.round(weight / scale), -127, 127).astype(np.int8)
                    ins = [src, const(n + tag + "_q", q), const(n + tag + "_s", scale),
                           const(n + tag + "_z", np.zeros_like(q[0])), const(n + tag + "_b", bias)]
                    nodes.append(helper.make_node("DynamicQuantizeMatMul", ins, [n + tag],
                                                  domain="com.microsoft"))
                    return n + tag
                mm = node("MatMul", [src, const(n + tag + "_w", weight)], n + tag + "_mm")
                return node("Add", [mm, const(n + tag + "_b", bias)], n + tag)

            def ln(src: str, name: str, tag: str, p: str = p, n: str = n) -> str:
                return node(
                    "LayerNormalization",
                    [
                        src,
                        const(n + tag + "_g", w[p + name + ".weight"]),
                        const(n + tag + "_beta", w[p + name + ".bias"]),
                    ],
                    n + tag,
                    axis=-1,
                    epsilon=1e-12,
                )

            def heads_of(src: str, tag: str, perm: list[int], n: str = n) -> str:
                r = node("Reshape", [src, split_shape], n + tag + "_r")
                return node("Transpose", [r], n + tag + "_t", perm=perm)

            q = heads_of(lin(x, "attention.self.query", "q"), "q", [0, 2, 1, 3])
            k = heads_of(lin(x, "attention.self.key", "k"), "k", [0, 2, 3, 1])
            v = heads_of(lin(x, "attention.self.value", "v"), "v", [0, 2, 1, 3])
            s = node("Mul", [node("MatMul", [q, k], n + "qk"), scale], n + "qk_s")
            s = node("Softmax", [s], n + "probs", axis=-1)
            a = node("Transpose", [node("MatMul", [s, v], n + "ctx")], n + "ctx_t", perm=[0, 2, 1, 3])
            a = node("Reshape", [a, merge_shape], n + "ctx_r")
            x = ln(
                node("Add", [x, lin(a, "attention.output.dense", "ao")], n + "res1"),
                "attention.output.LayerNorm",
                "ln1",
            )
            f = lin(x, "intermediate.dense", "ff1")
            erf = node("Erf", [node("Mul", [f, inv_sqrt2], n + "ff_s")], n + "ff_erf")
            g = node(
                "Mul", [node("Mul", [f, half], n + "ff_h"), node("Add", [erf, one], n + "ff_e1")], n + "gelu"
            )
            x = ln(node("Add", [x, lin(g, "output.dense", "ff2")], n + "res2"), "output.LayerNorm", "ln2")
        graph = helper.make_graph(
            nodes,
            "minilm_encoder",
            [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["n", "t", hidden])],
            [helper.make_tensor_value_info(x, TensorProto.FLOAT, ["n", "t", hidden])],
            initializer=inits,
        )
        opsets = [helper.make_opsetid("", 17)]
        if int8:
            opsets.append(helper.make_opsetid("com.microsoft", 1))
        model = helper.make_model(graph, opset_imports=opsets)
        model.ir_version = 8
        if not int8:  # the checker knows only the standard operator set
            onnx.checker.check_model(model)
        self.session = cpu_session(model.SerializeToString(), threads)
        self.out = x

    def __call__(self, x: np.ndarray) -> np.ndarray:
        out: np.ndarray = self.session.run([self.out], {"x": x.astype(np.float32)})[0]
        return out

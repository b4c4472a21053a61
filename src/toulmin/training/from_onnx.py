"""Rebuild a Hugging Face classifier (BERT or MPNet) from a checker exported by ``export_onnx``.

A shipped checker is its ONNX file; the torch checkpoint it came from lives in a
training run folder that may be gone. Re-exporting (a different attention
graph, a different quantisation) or fine-tuning further only needs the
weights, and every one of them is an initializer of the ONNX graph: the
embeddings, LayerNorms, biases, pooler and classifier by their torch names, and
each linear layer's weight, transposed, as the constant input of the MatMul node
named after the module (``/m/bert/encoder/layer.0/attention/self/query/MatMul``).
The accurate checker (MPNet, 12 layers) ships with 4-bit weights (``MatMulNBits``): its
torch teacher is rebuilt from them, equal to the graph up to onnxruntime's rounding, so
the teacher's labels and a GPU continuation do not depend on a training folder that a
replaced machine took with it (issue 50).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

__all__ = ["hf_from_onnx"]

_MATMUL = re.compile(r"^/m/(bert/encoder/layer\.\d+/.+)/MatMul$")
# onnxruntime's dynamic quantisation renames the MatMul and stores its weight as
# int8 with a scale and zero point beside it.
_MATMUL_INT8 = re.compile(r"^/m/(bert/encoder/layer\.\d+/.+)/MatMul_quant$")
# onnxruntime's MatMulNBitsQuantizer (the accurate checker's int4-emb8 export).
_MATMUL_NBITS = re.compile(r"^/m/((?:bert|mpnet)/encoder/layer\.\d+/.+)/MatMul_Q4$")
_SPECIAL = {"unk_token": "[UNK]", "sep_token": "[SEP]", "pad_token": "[PAD]",
            "cls_token": "[CLS]", "mask_token": "[MASK]"}
_SPECIAL_MPNET = {"bos_token": "<s>", "eos_token": "</s>", "sep_token": "</s>", "cls_token": "<s>",
                  "unk_token": "[UNK]", "pad_token": "<pad>", "mask_token": "<mask>"}


def _state_dict(graph: Any) -> dict[str, Any]:
    import torch
    from onnx import numpy_helper

    values = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    # The exporter stores equal tensors once (a fresh model's zero biases, unit
    # LayerNorm scales) and gives the other names through Identity nodes.
    for node in graph.node:
        if node.op_type == "Identity" and node.input[0] in values:
            values[node.output[0]] = values[node.input[0]]
    sd: dict[str, Any] = {k[2:]: torch.from_numpy(v.copy()) for k, v in values.items()
                          if k.startswith("m.") and "_Transposed" not in k}
    # Gemm weights the exporter kept fp32 but stored transposed (the MPNet head).
    for k in values:
        if k.startswith("m.") and k.endswith("_Transposed"):
            sd[k[2:].removesuffix("_Transposed")] = torch.from_numpy(values[k].T.copy())
    # Quantised Gemm weights (pooler, classifier) are stored transposed, as int8.
    for k in values:
        if k.startswith("m.") and k.endswith("_Transposed_quantized"):
            w = _dequantize(values, k, k.removesuffix("_quantized") + "_zero_point")
            sd[k[2:].removesuffix("_Transposed_quantized")] = torch.from_numpy(w.T.copy())
    for node in graph.node:
        m = _MATMUL.match(node.name)
        weights = [x for x in node.input if x in values]
        if node.op_type == "MatMul" and m and weights:
            key = m.group(1).replace("/", ".") + ".weight"
            sd[key] = torch.from_numpy(values[weights[0]].T.copy())
        m8 = _MATMUL_INT8.match(node.name)
        if node.op_type == "MatMulInteger" and m8 and node.input[1] in values:
            key = m8.group(1).replace("/", ".") + ".weight"
            w = _dequantize(values, node.input[1], node.input[3])
            # A smoothed projection (toulmin.training.smooth) holds row j of its weight times
            # s_j and divides its input by s_j: the inverse scale gives the weight back.
            inv = values.get(node.name.removesuffix("_quant") + "_smooth_inv_scale")
            if inv is not None:
                w = w * inv.astype(w.dtype)[:, None]
            sd[key] = torch.from_numpy(w.T.copy())
        mn = _MATMUL_NBITS.match(node.name)
        if node.op_type == "MatMulNBits" and mn and node.input[1] in values:
            key = mn.group(1).replace("/", ".") + ".weight"
            sd[key] = torch.from_numpy(_dequantize_nbits(node, values))
    # 8-bit tables (int8-smooth-emb8, int4-emb8): a Gather on the uint8 table, then a dequantise
    # (embeddings; MPNet's relative attention bias too).
    for k in values:
        if k.startswith("m.") and k.endswith(".weight_quantized"):
            sd[k[2:].removesuffix("_quantized")] = torch.from_numpy(
                _dequantize(values, k, k.removesuffix("_quantized") + "_zero_point"))
    return {k: v for k, v in sd.items() if not k.endswith(("_quantized", "_scale", "_zero_point"))}


def _dequantize(values: dict[str, Any], name: str, zero_point: str) -> Any:
    """An int8 weight as float32: (q - zero point) x scale, per tensor or per column."""
    import numpy as np

    scale = values.get(name.removesuffix("_quantized") + "_scale")
    if scale is None:
        raise ValueError(f"no scale stored for the quantised weight {name}")
    zp = values.get(zero_point, np.zeros((), np.int8)).astype(np.float32)
    return ((values[name].astype(np.float32) - zp) * scale.astype(np.float32)).astype(np.float32)


def _dequantize_nbits(node: Any, values: dict[str, Any]) -> Any:
    """A ``MatMulNBits`` weight as the float32 [N, K] matrix torch's Linear holds: blocks
    of ``block_size`` along K, two 4-bit values a byte (the low nibble first), each block
    (q - zero point) x its scale; without a zero-point input the zero point is 8."""
    import numpy as np
    from onnx import helper

    attrs = {a.name: helper.get_attribute_value(a) for a in node.attribute}
    n, k, bits, block = int(attrs["N"]), int(attrs["K"]), int(attrs["bits"]), int(attrs["block_size"])
    if bits != 4:
        raise ValueError(f"{node.name}: {bits}-bit weights; only 4-bit ones are rebuilt")
    if len(node.input) > 3 and node.input[3]:
        raise ValueError(f"{node.name}: a zero-point input (asymmetric blocks) is not rebuilt")
    packed = values[node.input[1]].reshape(n, -1)
    q = np.empty((n, packed.shape[1] * 2), dtype=np.float32)
    q[:, 0::2] = packed & 0x0F
    q[:, 1::2] = packed >> 4
    blocks = q.shape[1] // block
    scales = values[node.input[2]].astype(np.float32).reshape(n, blocks)
    w = ((q.reshape(n, blocks, block) - 8.0) * scales[:, :, None]).reshape(n, -1)
    return np.ascontiguousarray(w[:, :k])


def _layer_norm_eps(graph: Any) -> float:
    """The graph's LayerNormalization epsilon (MPNet 1e-5; ONNX's default when unset); a graph
    without the op (an older opset spells it out) is BERT's, 1e-12."""
    for node in graph.node:
        if node.op_type == "LayerNormalization":
            return float(next((a.f for a in node.attribute if a.name == "epsilon"), 1e-5))
    return 1e-12


def hf_from_onnx(checker_dir: str | Path, out_dir: str | Path, *, num_heads: int) -> Path:
    """Write ``out_dir`` as a HF folder (config, weights, tokenizer) equal to the checker
    (a BERT export, or the accurate checker's MPNet one).

    ``num_heads`` is not recoverable from weight shapes, so the caller names it
    (12 for MiniLM-L6 and MPNet). Raises ``ValueError`` if any weight is missing or extra.
    """
    import onnx
    import transformers

    src, out = Path(checker_dir), Path(out_dir)
    meta = json.loads((src / "checker.json").read_text())
    graph = onnx.load(str(src / "model.onnx")).graph  # read once: the weights and the epsilon
    sd = _state_dict(graph)
    arch = "mpnet" if "mpnet.embeddings.word_embeddings.weight" in sd else "bert"
    need = [f"{arch}.embeddings.word_embeddings.weight", f"{arch}.encoder.layer.0.intermediate.dense.weight"]
    if any(k not in sd for k in need):
        raise ValueError(f"{src / 'model.onnx'} is not a toulmin BERT or MPNet export (as export_onnx "
                         f"writes it, fp32, int8-dynamic or int4): no {[k for k in need if k not in sd]}")
    layers = 1 + max(int(k.split(".")[3]) for k in sd if k.startswith(f"{arch}.encoder.layer."))
    vocab, hidden = sd[f"{arch}.embeddings.word_embeddings.weight"].shape
    labels = [str(x) for x in meta["labels"]]
    ffn = int(sd[f"{arch}.encoder.layer.0.intermediate.dense.weight"].shape[0])
    shape: dict[str, Any] = {
        "vocab_size": int(vocab), "hidden_size": int(hidden), "num_hidden_layers": layers,
        "num_attention_heads": num_heads, "intermediate_size": ffn,
        "max_position_embeddings": int(sd[f"{arch}.embeddings.position_embeddings.weight"].shape[0]),
        "layer_norm_eps": _layer_norm_eps(graph),
        "id2label": dict(enumerate(labels)), "label2id": {v: k for k, v in enumerate(labels)}}
    model: Any
    if arch == "mpnet":
        cfg: Any = transformers.MPNetConfig(
            **shape, pad_token_id=int(meta.get("pad_id", 1)),
            relative_attention_num_buckets=int(sd["mpnet.encoder.relative_attention_bias.weight"].shape[0]))
        model = transformers.MPNetForSequenceClassification(cfg).eval()
    else:
        cfg = transformers.BertConfig(
            **shape, type_vocab_size=int(sd["bert.embeddings.token_type_embeddings.weight"].shape[0]))
        model = transformers.BertForSequenceClassification(cfg).eval()
    missing, unexpected = model.load_state_dict(sd, strict=False)
    # position_ids is a buffer the graph folds away; everything else must match.
    missing = [k for k in missing if not k.endswith("position_ids")]
    if missing or unexpected:
        raise ValueError(f"{src / 'model.onnx'} is not a toulmin {arch.upper()} export: missing "
                         f"{missing[:5]}, unexpected {unexpected[:5]}")
    model.config.pair_order = "claim_first"  # as toulmin train writes it
    model.save_pretrained(out)
    # MPNet reads no token types: the pair is <s> claim </s></s> source </s> (tokenizer.json's
    # RobertaProcessing), input ids alone.
    inputs = ["input_ids", "attention_mask"] if arch == "mpnet" else ["input_ids", "token_type_ids",
                                                                      "attention_mask"]
    tok = transformers.PreTrainedTokenizerFast(tokenizer_file=str(src / "tokenizer.json"),
                                               model_input_names=inputs,
                                               **(_SPECIAL_MPNET if arch == "mpnet" else _SPECIAL))
    tok.save_pretrained(out)
    return out

"""Export a trained checker to ONNX, quantise it, calibrate it, write its card.

Output folder layout (what ``toulmin.checker.OnnxChecker`` loads):
``model.onnx``, ``tokenizer.json``, ``checker.json`` (labels, pair order,
max length, temperature, threshold, version), ``MODEL_CARD.md``.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import warnings
from pathlib import Path
from typing import Any

__all__ = ["QUANTIZATIONS", "check_quantization", "export_onnx", "file_sha16", "file_sha256",
           "install_into_package", "int8_weights_changed",
           "quantize", "quantize_as", "quantize_embeddings", "strip_attention_mask", "write_checker_json"]


def export_onnx(hf_dir: str | Path, out_dir: str | Path, opset: int = 17) -> Path:
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    # Eager attention exports as a plain additive mask, which onnxruntime fuses
    # into its Attention kernel; the SDPA export masks with Where/IsNaN nodes
    # that took 18% of CPU time (docs/experiments.md).
    model = AutoModelForSequenceClassification.from_pretrained(
        hf_dir, attn_implementation="eager").eval()
    tok = AutoTokenizer.from_pretrained(hf_dir)
    enc = tok(["a claim"], ["a source sentence that is longer"], return_tensors="pt")
    # BERT-style encoders take segment ids; others (MPNet, RoBERTa-style) have none,
    # and their graph then has two inputs (the runtime feeds what a graph asks for).
    names = [n for n in ("input_ids", "attention_mask", "token_type_ids") if n in enc]

    class Wrapper(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.m = model

        def forward(self, *inputs: Any) -> Any:
            return self.m(**dict(zip(names, inputs, strict=True))).logits

    path = out / "model.fp32.onnx"
    dyn = {n: {0: "batch", 1: "seq"} for n in names}
    dyn["logits"] = {0: "batch"}
    # The TorchScript exporter is deprecated (and uses deprecated helpers inside)
    # but gives a graph that dynamic int8 quantisation handles; its deprecation
    # and tracer warnings are expected for this one call only.
    with torch.inference_mode(), warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=DeprecationWarning)
        # Attention-mask indexing uses no negative indices; the padded-batch
        # agreement test in tests/training/test_pipeline.py guards this.
        warnings.filterwarnings("ignore", message="Exporting aten::index operator")
        warnings.filterwarnings("ignore", category=torch.jit.TracerWarning)  # type: ignore[attr-defined]
        torch.onnx.export(
            Wrapper(), tuple(enc[n] for n in names), str(path), input_names=names,
            output_names=["logits"], dynamic_axes=dyn, opset_version=opset, dynamo=False,
        )
    tok.backend_tokenizer.save(str(out / "tokenizer.json"))
    return path


# Key -> the label checker.json and the model card carry.
QUANTIZATIONS = {
    "fp32": "fp32",
    "int8": "int8-dynamic, per pair",
    "int8-ffn-fp32": "int8-dynamic, per pair, feed-forward output fp32",
    # the same with a scale per weight column: a checker continued from a shipped one starts
    # on that one's per-matrix int8 grid, and training that moves a weight by less than half
    # a step of it is rounded away; a grid it did not start on keeps what it learned
    "int8-ffn-fp32-pc": "int8-dynamic per channel, per pair, feed-forward output fp32",
    "int8-smooth": "int8-dynamic per channel, per pair, feed-forward output smoothed",
    "int8-smooth-emb8": "int8-dynamic per channel, per pair, feed-forward output smoothed, "
                        "embeddings uint8",
    # a 12-layer checker under the 100 MB a committed model may take: the teacher is 110.9 MB
    # as int8-smooth-emb8, 80.1 MB so, at development mean 90.13 against 90.22 (gpu-kit.md)
    "int4-emb8": "4-bit weights (MatMulNBits, blocks of 32, symmetric), embeddings uint8",
}


def check_quantization(key: str) -> None:
    if key not in QUANTIZATIONS:
        *rest, last = QUANTIZATIONS
        raise ValueError(f"quantization {key!r}: choose {', '.join(rest)} or {last}")


def file_sha256(path: Path) -> str:
    """A file's SHA-256, read in blocks (a model's weights need not fit in memory twice)."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def file_sha16(path: Path) -> str:
    """The first 16 hex digits of a file's SHA-256 (model and training-file stamps)."""
    return file_sha256(path)[:16]


def int8_weights_changed(before: Path, after: Path) -> float | None:
    """The share (percent) of the 8-bit weights of ``before`` that ``after`` stores
    differently, over the 8-bit initializers both graphs hold by the same name and shape;
    None when they share none (another architecture).

    A checker continued from a shipped one starts on its 8-bit grid (its weights are
    rebuilt from that graph): updates smaller than half a step round back to where they
    started, so a continued run can export as nearly the checker it began from (issue 32's
    CPU run moved 0.3% of its encoder weights by half a step, and 2% of the 8-bit values).
    """
    import numpy as np
    import onnx
    from onnx import numpy_helper

    def eight_bit(path: Path) -> dict[str, np.ndarray]:
        kinds = (onnx.TensorProto.INT8, onnx.TensorProto.UINT8)
        return {i.name: numpy_helper.to_array(i) for i in onnx.load(str(path)).graph.initializer
                if i.data_type in kinds}

    a, b = eight_bit(before), eight_bit(after)
    common = [k for k in a if k in b and a[k].shape == b[k].shape]
    total = sum(a[k].size for k in common)
    if not total:
        return None
    same = sum(int((a[k] == b[k]).sum()) for k in common)
    return round(100 * (1 - same / total), 2)


def _quantize_dynamic(src: Path, out: Path, **options: Any) -> None:
    """onnxruntime's dynamic int8 quantisation, weights as QInt8."""
    import logging

    from onnxruntime.quantization import QuantType, quantize_dynamic

    # quantize_dynamic logs a "consider pre-processing" hint through the root logger.
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.ERROR)
    try:
        quantize_dynamic(str(src), str(out), weight_type=QuantType.QInt8, **options)
    finally:
        root.setLevel(level)


def quantize(fp32: Path, out: Path, *, ffn_out_fp32: bool = False, per_channel: bool = False) -> Path:
    """Dynamic int8 weights; activations are scaled per run.

    ``ffn_out_fp32`` keeps each layer's feed-forward output projection in fp32:
    its input (after GELU) has the widest range, and quantising it cost the most
    accuracy on development data. ``per_channel`` gives each weight column its
    own scale instead of one per matrix.
    """
    import onnx

    from .smooth import ffn_out_matmuls

    keep = [n.name for n in ffn_out_matmuls(onnx.load(str(fp32)).graph)] if ffn_out_fp32 else []
    _quantize_dynamic(fp32, out, per_channel=per_channel, op_types_to_quantize=["MatMul"],
                      nodes_to_exclude=keep)
    return out


def quantize_int4(fp32: Path, out: Path, block_size: int = 32) -> Path:
    """Every MatMul weight in 4 bits, a scale per block of ``block_size`` (onnxruntime's
    MatMulNBits; ``accuracy_level`` 4 lets its CPU kernel run the products in int8)."""
    import onnx
    from onnxruntime.quantization.matmul_nbits_quantizer import MatMulNBitsQuantizer

    q = MatMulNBitsQuantizer(onnx.load(str(fp32)), block_size=block_size, is_symmetric=True,
                             accuracy_level=4)
    q.process()
    onnx.save_model(q.model.model, str(out))
    return out


def quantize_embeddings(model: Path) -> Path:
    """Store the embedding tables (Gather weights) as uint8 with one scale each, in place.

    The word embeddings are most of a small encoder's bytes (47 of 55 MB for the
    4-layer checker) and cost nothing to run; as uint8 the file is 3x smaller.
    """
    tmp = model.with_name(model.stem + ".emb8.onnx")
    _quantize_dynamic(model, tmp, op_types_to_quantize=["Gather"])
    tmp.replace(model)
    return model


def strip_attention_mask(model: Path) -> bool:
    """Remove the attention-mask path from a checker graph, in place
    (``toulmin.checker.graph``: the checker runs every pair unpadded, and the
    logits stay bit-identical). False, file untouched, when the graph has
    another shape."""
    import onnx

    from ..checker.graph import drop_attention_mask

    proto = onnx.load(str(model))
    if not drop_attention_mask(proto):
        return False
    onnx.save(proto, str(model))
    return True


def quantize_as(fp32: Path, out: Path, key: str, tokenizer_json: Path, max_length: int = 256) -> Path:
    """Write the ``key`` variant of ``fp32`` (a key of ``QUANTIZATIONS``), without
    the attention-mask path (``strip_attention_mask``)."""
    _write_variant(fp32, out, key, tokenizer_json, max_length)
    strip_attention_mask(out)
    return out


def _write_variant(fp32: Path, out: Path, key: str, tokenizer_json: Path, max_length: int = 256) -> Path:
    check_quantization(key)
    if key == "fp32":
        shutil.copy2(fp32, out)
        return out
    if key == "int4-emb8":
        return quantize_embeddings(quantize_int4(fp32, out))
    if key.startswith("int8-smooth"):
        from .smooth import SMOOTH_ALPHA, calibration_pairs, smooth_ffn_out

        smoothed = out.with_name(out.stem + ".smoothed.onnx")
        try:
            smooth_ffn_out(fp32, smoothed, tokenizer_json, calibration_pairs(), alpha=SMOOTH_ALPHA,
                           max_length=max_length)
            quantize(smoothed, out, per_channel=True)
        finally:
            smoothed.unlink(missing_ok=True)
        return quantize_embeddings(out) if key.endswith("-emb8") else out
    return quantize(fp32, out, ffn_out_fp32=key.startswith("int8-ffn-fp32"), per_channel=key.endswith("-pc"))


def write_checker_json(out_dir: Path, meta: dict[str, Any]) -> None:
    (out_dir / "checker.json").write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n")


def install_into_package(src_dir: Path, pkg_dir: Path, files: list[str]) -> None:
    pkg_dir.mkdir(parents=True, exist_ok=True)
    for f in files:
        shutil.copy2(src_dir / f, pkg_dir / f)

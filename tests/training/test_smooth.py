"""SmoothQuant scaling of the feed-forward output projections (toulmin.training.smooth)."""

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch", reason="needs the train extra")

from tests.conftest import build_tiny_bert
from toulmin.checker.onnx import OnnxChecker
from toulmin.training.export import export_onnx, quantize_as, write_checker_json
from toulmin.training.smooth import ffn_out_matmuls, smooth_ffn_out
from toulmin.training.train import LABELS

# Imports follow importorskip on purpose: without the train extra the module is skipped.

PAIRS = [("the cat sat", "the cat sat on the mat"), ("the sky is not blue", "the sky is blue"),
         ("a dog was born in paris", "the dog was born in london in 1990")]
META = {"name": "tiny", "version": "t1", "labels": list(LABELS), "pair_order": "claim_first",
        "max_length": 32, "threshold": 0.5}


def _checker(folder: Path, model: Path) -> OnnxChecker:
    folder.mkdir(exist_ok=True)
    (folder / "model.onnx").write_bytes(model.read_bytes())
    (folder / "tokenizer.json").write_bytes((model.parent / "tokenizer.json").read_bytes())
    write_checker_json(folder, META)
    return OnnxChecker(folder)


def test_smoothing_keeps_the_function_and_moves_the_range(tmp_path: Path) -> None:
    import onnx
    from onnx import numpy_helper

    fp32 = export_onnx(build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS))), tmp_path / "x")
    smoothed = smooth_ffn_out(fp32, tmp_path / "x" / "smooth.onnx", tmp_path / "x" / "tokenizer.json",
                              PAIRS, alpha=0.85)
    claims, spans = [c for c, _ in PAIRS], [s for _, s in PAIRS]
    ref = _checker(tmp_path / "ref", fp32).logits(claims, spans)
    got = _checker(tmp_path / "sm", smoothed).logits(claims, spans)
    np.testing.assert_allclose(got, ref, atol=1e-5)
    before, after = onnx.load(str(fp32)).graph, onnx.load(str(smoothed)).graph
    (mm,) = ffn_out_matmuls(after)
    muls = [n for n in after.node if n.op_type == "Mul" and n.output[0] == mm.input[0]]
    assert len(muls) == 1, "the activation is divided by the scales right before the projection"
    w_old = numpy_helper.to_array(next(i for i in before.initializer
                                       if i.name == ffn_out_matmuls(before)[0].input[1]))
    w_new = numpy_helper.to_array(next(i for i in after.initializer if i.name == mm.input[1]))
    assert w_new.shape == w_old.shape and not np.allclose(w_new, w_old)


def test_int8_smooth_quantises_every_projection(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import onnx

    from toulmin.training import smooth

    fp32 = export_onnx(build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS))), tmp_path / "x")
    monkeypatch.setattr(smooth, "calibration_pairs", lambda n=192: PAIRS)  # no public data needed
    out = quantize_as(fp32, tmp_path / "x" / "model.onnx", "int8-smooth", tmp_path / "x" / "tokenizer.json")
    def linear(graph: onnx.GraphProto) -> list[str]:
        weights = {i.name for i in graph.initializer}
        return [n.name for n in graph.node if n.op_type == "MatMul" and n.input[1] in weights]

    assert len(linear(onnx.load(str(fp32)).graph)) >= 6  # q, k, v, attention out, ffn in, ffn out
    graph = onnx.load(str(out)).graph
    assert linear(graph) == [], "no linear layer is left in fp32"
    assert sum(n.op_type == "MatMulInteger" for n in graph.node) >= 6
    assert not list(tmp_path.glob("x/*.smoothed.onnx")), "the intermediate file is removed"
    probs = _checker(tmp_path / "q", out).predict([c for c, _ in PAIRS], [s for _, s in PAIRS])
    np.testing.assert_allclose(probs.sum(1), 1.0, atol=1e-6)
    with pytest.raises(ValueError, match="choose fp32, int8"):
        quantize_as(fp32, tmp_path / "y.onnx", "int4", tmp_path / "x" / "tokenizer.json")


def test_int8_smooth_emb8_stores_the_embeddings_in_eight_bits(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import onnx

    from toulmin.training import smooth

    fp32 = export_onnx(build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS))), tmp_path / "x")
    monkeypatch.setattr(smooth, "calibration_pairs", lambda n=192: PAIRS)
    tok = tmp_path / "x" / "tokenizer.json"
    plain = quantize_as(fp32, tmp_path / "x" / "plain.onnx", "int8-smooth", tok)
    small = quantize_as(fp32, tmp_path / "x" / "small.onnx", "int8-smooth-emb8", tok)
    word = {i.name: i for i in onnx.load(str(small)).graph.initializer if "word_embeddings" in i.name}
    table = next(i for name, i in word.items() if name.endswith("_quantized"))
    assert table.data_type in (onnx.TensorProto.UINT8, onnx.TensorProto.INT8)
    assert not list(tmp_path.glob("x/*.emb8.onnx")), "the intermediate file is removed"
    claims, sources = [c for c, _ in PAIRS], [s for _, s in PAIRS]
    a = _checker(tmp_path / "p", plain).predict(claims, sources)
    b = _checker(tmp_path / "s", small).predict(claims, sources)
    assert not np.array_equal(a, b)  # the tables really changed
    np.testing.assert_allclose(a, b, atol=0.05)


def test_int8_ffn_fp32_pc_gives_each_weight_column_its_own_scale(tmp_path: Path) -> None:
    """The per-channel twin of the default's export: same layers in int8 (the feed-forward
    outputs fp32), a scale per column instead of one per matrix."""
    import onnx
    from onnx import numpy_helper

    fp32 = export_onnx(build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS))), tmp_path / "x")
    tok = tmp_path / "x" / "tokenizer.json"
    per_matrix = quantize_as(fp32, tmp_path / "x" / "m.onnx", "int8-ffn-fp32", tok)
    per_column = quantize_as(fp32, tmp_path / "x" / "c.onnx", "int8-ffn-fp32-pc", tok)

    def scales(model: Path) -> list[int]:
        g = onnx.load(str(model)).graph
        weights = {n.input[1] for n in g.node if n.op_type == "MatMulInteger"}
        return [numpy_helper.to_array(i).size for i in g.initializer
                if i.name.endswith("_scale") and i.name.removesuffix("_scale") + "_quantized" in weights]

    def integer(model: Path) -> int:
        return sum(n.op_type == "MatMulInteger" for n in onnx.load(str(model)).graph.node)

    assert integer(per_matrix) == integer(per_column) >= 5  # the ffn output stays fp32 in both
    assert max(scales(per_matrix)) == 1 and max(scales(per_column)) > 1
    claims, sources = [c for c, _ in PAIRS], [s for _, s in PAIRS]
    a = _checker(tmp_path / "m", per_matrix).predict(claims, sources)
    b = _checker(tmp_path / "c", per_column).predict(claims, sources)
    np.testing.assert_allclose(a, b, atol=0.05)

"""Train -> export ONNX -> quantise -> load with onnxruntime, on a tiny model."""

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

pytest.importorskip("torch", reason="needs the train extra")

from tests.conftest import build_tiny_bert
from toulmin.checker.onnx import OnnxChecker
from toulmin.cli import main
from toulmin.training.export import export_onnx, quantize, quantize_as, quantize_int4, write_checker_json
from toulmin.training.train import LABELS, TrainConfig, train

# Imports follow importorskip on purpose: without the train extra the module is skipped.

ROWS = [
    {"doc": "the cat sat on the mat", "claim": "the cat sat", "label": "entailment"},
    {"doc": "the sky is blue", "claim": "the sky is not blue", "label": "contradiction"},
    {"doc": "the dog was born in paris", "claim": "the dog was born in london", "label": "REFUTES"},
    {"doc": "the sky is red", "claim": "the cat sat", "label": "not_entailment"},
] * 4


@pytest.fixture(autouse=True)
def no_public_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """Train as a user without ../shared would: the dev set comes from their own pairs."""
    from toulmin.errors import InputError
    from toulmin.training import train as train_mod

    def missing(rows: int = 150) -> None:
        raise InputError("E_DATA_MISSING", "public data folder not found", fix="set TOULMIN_DATA_DIR")

    monkeypatch.setattr(train_mod, "dev_pairs", missing)


@pytest.fixture
def data_file(tmp_path: Path) -> Path:
    f = tmp_path / "pairs.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in ROWS))
    return f


def test_train_export_quantise_and_load(tmp_path: Path, data_file: Path) -> None:
    base = build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS)))
    from toulmin.evaluate import read_labelled_pairs
    from toulmin.training.recipe import write_jsonl

    write_jsonl(read_labelled_pairs(data_file), tmp_path / "train.jsonl")
    cfg = TrainConfig(base=str(base), out_dir=str(tmp_path / "run"), train_file=str(tmp_path / "train.jsonl"),
                      batch_size=4, max_length=32, ckpt_every=2, dev_rows=5, max_minutes=2, bf16=False)
    summary = train(cfg, log=lambda s: None)
    assert summary["steps"] == 4 and summary["best"]["score"] >= 0
    out = tmp_path / "onnx"
    fp32 = export_onnx(tmp_path / "run" / "best", out)
    quantize(fp32, out / "model.onnx")
    write_checker_json(out, {"name": "tiny", "version": "t1", "labels": list(LABELS),
                             "pair_order": "claim_first", "max_length": 32, "threshold": 0.5})
    checker = OnnxChecker(out)
    probs = checker.predict(["the cat sat", "the sky"], ["the cat sat on the mat", "the sky is blue"])
    assert probs.shape == (2, 3)
    np.testing.assert_allclose(probs.sum(1), 1.0, atol=1e-6)
    # The fp32 export and the torch model agree.
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    tok = AutoTokenizer.from_pretrained(tmp_path / "run" / "best")
    model = AutoModelForSequenceClassification.from_pretrained(tmp_path / "run" / "best").eval()
    write_checker_json(out, {"name": "tiny", "version": "t1", "labels": list(LABELS),
                             "pair_order": "claim_first", "max_length": 32, "threshold": 0.5})
    (out / "model.onnx").write_bytes(fp32.read_bytes())
    claims, spans = ["the cat sat", "a dog"], ["the cat sat on the mat in paris", "the sky"]
    got = OnnxChecker(out).logits(claims, spans)  # a padded batch of two lengths
    with torch.inference_mode():
        ref = model(**tok(claims, spans, padding=True, return_tensors="pt")).logits.numpy()
    np.testing.assert_allclose(got, ref, atol=1e-4)
    # The run folder itself loads as an hf checker that reads the claim first, as trained.
    from toulmin.checker.hf import HFChecker

    hf = HFChecker(str(tmp_path / "run" / "best"), max_length=32)
    assert hf.premise_first is False
    with torch.inference_mode():
        unpadded = [model(**tok([c], [s], return_tensors="pt")).logits.softmax(-1).numpy()[0]
                    for c, s in zip(claims, spans)]
    np.testing.assert_allclose(hf.predict(claims, spans), np.array(unpadded), atol=1e-4)


def test_continued_training_keeps_its_start_unless_beaten(tmp_path: Path, data_file: Path) -> None:
    from toulmin.evaluate import read_labelled_pairs
    from toulmin.training.recipe import write_jsonl

    base = build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS)))
    write_jsonl(read_labelled_pairs(data_file), tmp_path / "train.jsonl")
    # lr 0: training cannot change the weights, so no checkpoint beats the start.
    cfg = TrainConfig(base=str(base), out_dir=str(tmp_path / "run"), train_file=str(tmp_path / "train.jsonl"),
                      batch_size=4, max_length=32, ckpt_every=2, max_minutes=2, bf16=False, lr=0.0,
                      init_from=str(base))
    summary = train(cfg, log=lambda s: None)
    assert summary["history"][0]["step"] == 0 and len(summary["history"]) > 1
    assert summary["best"]["step"] == 0
    assert (tmp_path / "run" / "best" / "config.json").is_file()
    # the latest weights are kept beside the best, to measure a run its dev score rejected
    assert (tmp_path / "run" / "last" / "config.json").is_file()


def test_weights_come_back_from_an_onnx_export(tmp_path: Path) -> None:
    """A released checker can be re-exported or fine-tuned without its torch run folder."""
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    from toulmin.training.from_onnx import hf_from_onnx

    base = build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS)))
    out = tmp_path / "onnx"
    fp32 = export_onnx(base, out)
    (out / "model.onnx").write_bytes(fp32.read_bytes())
    write_checker_json(out, {"name": "tiny", "version": "t1", "labels": list(LABELS),
                             "pair_order": "claim_first", "max_length": 32, "threshold": 0.5})
    back = hf_from_onnx(out, tmp_path / "back", num_heads=2)
    claims, spans = ["the cat sat", "a dog was born in paris"], ["the cat sat on the mat", "the sky"]
    tok = AutoTokenizer.from_pretrained(back)
    enc = tok(claims, spans, padding=True, return_tensors="pt")
    with torch.inference_mode():
        ref = AutoModelForSequenceClassification.from_pretrained(base).eval()(**enc).logits
        got = AutoModelForSequenceClassification.from_pretrained(back).eval()(**enc).logits
    np.testing.assert_allclose(got.numpy(), ref.numpy(), atol=1e-6)
    ref_tok = AutoTokenizer.from_pretrained(base)
    assert tok(claims, spans)["input_ids"] == ref_tok(claims, spans)["input_ids"]
    assert tok(claims, spans)["token_type_ids"] == ref_tok(claims, spans)["token_type_ids"]
    # A shipped (int8) export comes back dequantised: the same weights up to int8 rounding.
    (out / "model.onnx").write_bytes(quantize(fp32, tmp_path / "q.onnx").read_bytes())
    back8 = hf_from_onnx(out, tmp_path / "back8", num_heads=2)
    m8 = AutoModelForSequenceClassification.from_pretrained(back8).eval()
    ref_sd = AutoModelForSequenceClassification.from_pretrained(base).state_dict()
    for name in ("bert.encoder.layer.0.intermediate.dense.weight", "classifier.weight"):
        w, r = m8.state_dict()[name], ref_sd[name]
        assert not torch.equal(w, r)  # really the int8 values, not a copy of fp32
        assert float((w - r).abs().max()) <= float(r.abs().max()) / 127 + 1e-6
    with torch.inference_mode():
        np.testing.assert_allclose(m8(**enc).logits.numpy(), ref.numpy(), atol=0.05)
    # 4-bit weights (the accurate checker's MatMulNBits): each block's (q - 8) x scale.
    (out / "model.onnx").write_bytes(quantize_int4(fp32, tmp_path / "q4.onnx").read_bytes())
    back4 = hf_from_onnx(out, tmp_path / "back4", num_heads=2)
    m4 = AutoModelForSequenceClassification.from_pretrained(back4).eval()
    w, r = m4.state_dict()["bert.encoder.layer.0.intermediate.dense.weight"], ref_sd[
        "bert.encoder.layer.0.intermediate.dense.weight"]
    assert not torch.equal(w, r) and w.shape == r.shape
    # symmetric blocks of 32 along the input, a block's largest |w| at -8 steps: the other
    # end (+8 steps) is clipped to +7, so at most one step (max |w| / 8) off
    assert float((w - r).abs().max()) <= float(r.abs().max()) / 8 + 1e-6
    assert len(set(w[0, :32].tolist())) <= 16  # really 16 levels a block, not a copy of fp32
    with torch.inference_mode():
        np.testing.assert_allclose(m4(**enc).logits.numpy(), ref.numpy(), atol=0.1)
    # Anything that is not such an export is refused, not half loaded.
    (out / "model.onnx").write_bytes(build_not_bert(tmp_path / "other.onnx").read_bytes())
    with pytest.raises(ValueError, match="not a toulmin BERT or MPNet export"):
        hf_from_onnx(out, tmp_path / "bad", num_heads=2)


def build_not_bert(path: Path) -> Path:
    import onnx
    from onnx import TensorProto, helper

    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [1])
    graph = helper.make_graph([helper.make_node("Identity", ["x"], ["y"])], "g", [x], [y])
    onnx.save(helper.make_model(graph), str(path))
    return path


def test_train_command_adapts_on_user_pairs(tmp_path: Path, data_file: Path) -> None:
    base = build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS)))
    res = CliRunner().invoke(main, ["train", "--data", str(data_file), "--base", str(base),
                                    "--out", str(tmp_path / "run"), "--max-minutes", "1", "--no-export"])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "run" / "best" / "config.json").is_file()
    summary = json.loads((tmp_path / "run" / "train_summary.json").read_text())
    # Every 10th pair (2 of 16) is the development set, the rest is trained on.
    assert summary["pairs_seen"] == len(ROWS) - 2
    assert "holding out every 10th training pair (2)" in res.output


def test_too_few_pairs_without_public_data_is_a_clear_error(tmp_path: Path) -> None:
    base = build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS)))
    few = tmp_path / "few.jsonl"
    few.write_text("".join(json.dumps(r) + "\n" for r in ROWS[:4]))
    res = CliRunner().invoke(main, ["train", "--data", str(few), "--base", str(base),
                                    "--out", str(tmp_path / "run"), "--max-minutes", "1", "--no-export"])
    assert res.exit_code == 2 and "E_DATA_MISSING" in res.output and "at least 10 pairs" in res.output


def test_train_command_rejects_missing_data(tmp_path: Path) -> None:
    res = CliRunner().invoke(main, ["train", "--data", str(tmp_path / "none.jsonl")])
    assert res.exit_code == 2 and "E_NOT_FOUND" in res.output


def test_the_mask_pass_leaves_a_real_export_bit_identical(tmp_path: Path) -> None:
    """A BERT export quantised as shipped: the copy loaded with its mask path
    (an export from before the pass) and the stripped file give the same bits."""
    from toulmin._parallel import cpu_session

    base = build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS)))
    out = tmp_path / "onnx"
    fp32 = export_onnx(base, out)
    meta = {"name": "tiny", "version": "t1", "labels": list(LABELS), "pair_order": "claim_first",
            "max_length": 32, "threshold": 0.5}
    quantize(fp32, out / "model.onnx")  # no pass: as older releases were exported
    write_checker_json(out, meta)
    old = OnnxChecker(out)
    assert old.mask_dropped and "attention_mask" not in old._inputs  # dropped at load
    claims = ["the cat sat", "a dog", "the sky"]
    spans = ["the cat sat on the mat in paris", "the sky", "blue"]
    stripped = old.logits(claims, spans)
    old._source, old._wide = str(out / "model.onnx"), None  # the pair left over runs it too
    old.session = cpu_session(old._source)
    old._inputs = {i.name for i in old.session.get_inputs()}
    assert "attention_mask" in old._inputs
    assert np.array_equal(stripped, old.logits(claims, spans))
    quantize_as(fp32, out / "model.onnx", "int8", out / "tokenizer.json")
    fresh = OnnxChecker(out)
    assert not fresh.mask_dropped and "attention_mask" not in fresh._inputs  # stripped at export
    assert np.array_equal(stripped, fresh.logits(claims, spans))


def test_four_bit_weights_load_and_stay_close_to_fp32(tmp_path: Path) -> None:
    # int4-emb8: how the 12-layer teacher fits under 100 MB (docs/gpu-kit.md)
    base = build_tiny_bert(tmp_path / "base", dict(enumerate(LABELS)))
    out = tmp_path / "onnx"
    fp32 = export_onnx(base, out)
    meta = {"name": "tiny", "version": "t1", "labels": list(LABELS), "pair_order": "claim_first",
            "max_length": 32, "threshold": 0.5}
    write_checker_json(out, meta)
    claims, spans = ["the cat sat", "a dog"], ["the cat sat on the mat in paris", "the sky"]
    (out / "model.onnx").write_bytes(fp32.read_bytes())
    ref = OnnxChecker(out).predict(claims, spans)
    quantize_as(fp32, out / "model.onnx", "int4-emb8", out / "tokenizer.json")
    import onnx

    ops = {n.op_type for n in onnx.load(str(out / "model.onnx")).graph.node}
    assert {"MatMulNBits", "DequantizeLinear"} <= ops, ops  # 4-bit products, uint8 tables
    got = OnnxChecker(out).predict(claims, spans)
    assert got.shape == (2, 3)
    np.testing.assert_allclose(got.sum(1), 1.0, atol=1e-5)
    assert np.abs(got - ref).max() < 0.1
    assert (out / "model.onnx").stat().st_size < fp32.stat().st_size

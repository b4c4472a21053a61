"""The opt-in accurate checker (packages/checker-accurate), run for real when installed.

It is a package of its own (PyPI's 100 MB per file; toulmin.training.kit.accurate), so a
newcomer's clone does not have it and these tests skip, naming how to get it. `.ci/run`
installs it from the repository and sets REQUIRE_ACCURATE=1: there a skip is a failure.
"""

import importlib.util
import json
import os
from pathlib import Path

import pytest

from toulmin import verify
from toulmin.checker.onnx import OnnxChecker, shipped_model_dir

PACKAGE = Path(__file__).resolve().parents[2] / "packages" / "checker-accurate"

if importlib.util.find_spec("toulmin_checker_accurate") is None:
    if os.environ.get("REQUIRE_ACCURATE") == "1":
        raise RuntimeError("REQUIRE_ACCURATE=1 but toulmin-checker-accurate is not installed "
                           "(pip install ./packages/checker-accurate)")
    pytest.skip("the accurate checker is not installed: pip install ./packages/checker-accurate",
                allow_module_level=True)

MANUAL = "Damage caused by liquids is not covered. The warranty lasts two years."
FILTER = "Do not wash the HEPA filter with water. Replace it every six months."


def test_the_installed_checker_is_the_one_in_the_repository() -> None:
    d = shipped_model_dir("accurate")
    meta = json.loads((d / "checker.json").read_text())
    repo = json.loads((PACKAGE / "src" / "toulmin_checker_accurate" / "model" / "checker.json").read_text())
    assert meta["version"] == repo["version"] and meta["onnx_sha256_16"] == repo["onnx_sha256_16"]
    assert meta["bundle"] == "accurate" and meta["layers"] == 12
    for f in ("model.onnx", "tokenizer.json", "checker.json", "MODEL_CARD.md"):
        size = (d / f).stat().st_size / 1e6
        assert size < 95, (f, size)  # every file under 95 MB (a git host's and PyPI's limits)
    card = (d / "MODEL_CARD.md").read_text()
    assert f"{meta['name']} {meta['version']}" in card and "## Rebuild" in card
    assert card.count("### Stage ") == len(meta["stages"])  # the whole lineage, not its last run


def test_it_reads_the_pairs_the_default_checker_passes() -> None:
    """Issue 50's first case: a sentence that refutes the claim, read as its support by
    the default checker, and as what it is by the accurate one."""
    c = OnnxChecker("accurate")
    p = c.predict(["Liquid damage is covered by the warranty.", "The warranty lasts two years."],
                  [MANUAL, MANUAL])
    labels = ["entailment", "neutral", "contradiction"]
    assert labels[int(p[0].argmax())] == "contradiction"
    assert labels[int(p[1].argmax())] == "entailment" and p[1][0] >= c.threshold


@pytest.mark.parametrize("claim, source, not_verdict", [
    ("Liquid damage is covered by the warranty.", MANUAL, "SUPPORTED"),
    ("The HEPA filter can be rinsed under the tap.", FILTER, "SUPPORTED"),
])
def test_preset_accurate_does_not_pass_a_refuted_claim(claim: str, source: str, not_verdict: str) -> None:
    rep = verify(claim, [source], preset="accurate")
    assert rep.config["checker"]["model"] == "accurate"
    (res,) = rep.details
    assert res.verdict != not_verdict, res  # the default checker passes both (issue 50)


def test_preset_accurate_keeps_a_supported_claim_and_names_its_checker() -> None:
    rep = verify("The warranty lasts two years.", [MANUAL], preset="accurate")
    assert rep.details[0].verdict == "SUPPORTED"
    version = json.loads((shipped_model_dir("accurate") / "checker.json").read_text())["version"]
    assert rep.models["checker"] == f"toulmin-checker-mpnet-l12@{version}"  # the report says which


def test_verify_reads_the_accurate_checkers_own_lines() -> None:
    """Its checker.json verify block (benchmarks/contradiction_line.py, fitted on HaluEval dev
    answers) sets the lines verify reads, and the report shows them; the pair threshold stays."""
    block = json.loads((shipped_model_dir("accurate") / "checker.json").read_text())["verify"]
    rep = verify("The warranty lasts two years.", [MANUAL], preset="accurate")
    assert rep.config["decide"]["threshold"] == block["threshold"] != OnnxChecker("accurate").threshold
    assert rep.config["decide"]["contradiction_threshold"] == block["contradiction_threshold"]


def test_its_torch_teacher_comes_back_from_the_shipped_graph(tmp_path: Path) -> None:
    """The teacher's torch weights went with a replaced machine once (issue 50); the labeller
    and a GPU continuation need them. Rebuilt from the 4-bit graph, the MPNet classifier
    reads the same tokens and gives the graph's logits up to onnxruntime's int8 products."""
    import numpy as np

    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    pytest.importorskip("onnx")
    from toulmin.training.from_onnx import hf_from_onnx

    back = hf_from_onnx(shipped_model_dir("accurate"), tmp_path / "teacher", num_heads=12)
    tok = transformers.AutoTokenizer.from_pretrained(back)
    model = transformers.AutoModelForSequenceClassification.from_pretrained(back).eval()
    assert model.config.model_type == "mpnet" and model.config.num_hidden_layers == 12
    claims = ["Liquid damage is covered by the warranty.", "The HEPA filter can be rinsed under the tap.",
              "The warranty lasts two years."]
    spans = [MANUAL, FILTER, MANUAL]
    c = OnnxChecker("accurate")
    assert [tok(a, b)["input_ids"] for a, b in zip(claims, spans)] == [
        e.ids for e in c.tokenizer.encode_batch(list(zip(claims, spans)))]
    with torch.inference_mode():
        got = np.stack([model(**tok(a, b, return_tensors="pt")).logits[0].numpy()
                        for a, b in zip(claims, spans)])
    ref = c.logits(claims, spans)
    np.testing.assert_allclose(got, ref, atol=0.1)
    # contradiction, not entailed (the filter: neutral), entailment: as the graph reads them
    assert got.argmax(1).tolist() == ref.argmax(1).tolist() == [2, 1, 0]
